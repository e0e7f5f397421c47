import { Center, Loader } from '@mantine/core';
import { lazy, Suspense, useEffect } from 'react';
import { Navigate, Outlet, useLocation, useNavigation } from 'react-router';
import { useAuth } from '../lib/auth.tsx';
import { startLoading, stopLoading } from '../lib/loading-bar.ts';

/** Root of every route: the navigation loading bar (core spec §2, §9). */
export function RootLayout() {
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle';
  useEffect(() => {
    if (!busy) return;
    startLoading();
    return stopLoading;
  }, [busy]);
  return <Outlet />;
}

function Booting() {
  return (
    <Center h="100vh" aria-busy="true">
      <Loader aria-label="Loading" />
    </Center>
  );
}

const Welcome = lazy(() => import('../features/auth/Welcome.tsx'));

/**
 * Every non-guest route needs a signed-in user; anyone else goes to /login (core spec §2).
 * `index` (/) is on the spec's guest list: an anonymous visitor there sees the welcome page.
 */
export function RequireAuth() {
  const { status, loggedOut } = useAuth();
  const location = useLocation();
  if (status === 'loading') return <Booting />;
  if (status !== 'authed' && location.pathname === '/' && !loggedOut) {
    return (
      <Suspense fallback={<Booting />}>
        <Welcome />
      </Suspense>
    );
  }
  if (status !== 'authed') return <Navigate to="/login" replace state={{ from: location.pathname }} />;
  return <Outlet />;
}

/** A signed-in user on a guest page (login, password reset) goes home (core spec §2). */
export function GuestOnly() {
  const { status } = useAuth();
  if (status === 'loading') return <Booting />;
  if (status === 'authed') return <Navigate to="/" replace />;
  return <Outlet />;
}
