// Mantine's base sheets; each component's own sheet comes with the component (vite.config.ts).
// Its CSS variables are written by MantineProvider (all of them: deduplicateCssVariables below), not
// read from default-css-variables.css, a 4 KB gzipped copy of the same values on every first load.
// zod's jitless setting: vite.config.ts (zodJitless), before any schema is built.
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles.css';
import { MantineProvider } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toasts } from './app/Toasts.tsx';
import { AuthProvider } from './lib/auth.tsx';
import { STEP_INTERVAL_MS } from './lib/loading-bar.ts';
import { router } from './router.tsx';
import { cssVariables, theme } from './theme.ts';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables} deduplicateCssVariables={false}>
      {/* A cue for the eye only, hidden from assistive technology: it sits outside every landmark (axe
          region), and while idle it would read as a progress bar at 0 %. A screen that loads says so
          itself (aria-busy on its region). */}
      <NavigationProgress stepInterval={STEP_INTERVAL_MS} color="brand.5" aria-hidden />
      <Toasts />
      {/* The confirmation dialogs (lib/second-chance.tsx) are a signed-in thing: their provider, and
          Mantine's Modal with it, live in the signed-in shell (layout/AppLayout.tsx). */}
      {/* TanStack Query's provider is a route of its own (layout/QueryLayer.tsx): /login reads no data. */}
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </MantineProvider>
  </StrictMode>,
);
