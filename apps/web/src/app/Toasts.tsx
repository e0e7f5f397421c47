import { useNotifications } from '@mantine/notifications';
import { type ComponentType, lazy, Suspense, useEffect, useState } from 'react';

// A failed load is not worth a reload (the chunk-reload rule is for screens) nor an error screen:
// the page goes on without toasts.
const ToastContainer = lazy((): Promise<{ default: ComponentType }> => import('./ToastContainer.tsx').catch(() => ({ default: () => null })));

/**
 * The toasts' container (Mantine's Notifications, its transitions and swipe handling: about 11 KB
 * gzipped) loads with the first toast instead of with every page: most loads show none. A toast
 * shown before it is there waits in Mantine's store and appears once it has loaded.
 */
export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    if (!wanted && notifications.length + queue.length > 0) setWanted(true);
  }, [wanted, notifications.length, queue.length]);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
