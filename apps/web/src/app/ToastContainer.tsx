import { Notifications } from '@mantine/notifications';

/**
 * The toasts' container. Top right, below the top bar and a drawer's header: a toast never covers a
 * drawer's close button, nor the buttons at the foot of a form (where a hovered toast would stay).
 */
export default function ToastContainer() {
  return <Notifications position="top-right" className="hh-toasts" />;
}
