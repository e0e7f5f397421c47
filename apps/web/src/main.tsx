// Mantine's base sheets; each component's own sheet comes with the component (vite.config.ts).
import '@mantine/core/styles/baseline.layer.css';
import '@mantine/core/styles/default-css-variables.layer.css';
import '@mantine/core/styles/global.layer.css';
import './styles.css';
import './lib/zod-config.ts';
import { MantineProvider } from '@mantine/core';
import { NavigationProgress } from '@mantine/nprogress';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Toasts } from './app/Toasts.tsx';
import { AuthProvider } from './lib/auth.tsx';
import { STEP_INTERVAL_MS } from './lib/loading-bar.ts';
import { router } from './router.tsx';
import { cssVariables, theme } from './theme.ts';

const queryClient = new QueryClient({
  // The api client already reloads on 5xx; a 4xx will not change on retry.
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 10_000 } },
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} cssVariablesResolver={cssVariables}>
      <NavigationProgress stepInterval={STEP_INTERVAL_MS} color="brand.5" aria-label="Page loading" />
      <Toasts />
      {/* The confirmation dialogs (lib/second-chance.tsx) are a signed-in thing: their provider, and
          Mantine's Modal with it, live in the signed-in shell (layout/AppLayout.tsx). */}
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);
