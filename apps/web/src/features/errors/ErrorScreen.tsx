import { errorScreen } from '@hh/contract/messages/error-screen';
import { Anchor, Center, Stack, Text, Title } from '@mantine/core';
import { Component, type ReactNode } from 'react';
import { isRouteErrorResponse, Link, useRouteError, useSearchParams } from 'react-router';

/** Shown if rendering the error screen itself fails (core spec §2). Plain elements, no router. */
function ErrorFallback() {
  return (
    <main style={{ padding: 32, fontFamily: 'system-ui, sans-serif', textAlign: 'center' }}>
      <p>{errorScreen.fallback}</p>
      <a href="/">{errorScreen.homeLink}</a>
    </main>
  );
}

class FallbackBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error('The error screen failed to render', error);
  }
  render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}

function statusOf(error: unknown, query: URLSearchParams): number | null {
  if (isRouteErrorResponse(error)) return error.status;
  const s = Number(query.get('status') ?? (error as { status?: number } | undefined)?.status);
  return Number.isFinite(s) && s > 0 ? s : null;
}

function ErrorContent() {
  const error = useRouteError();
  const [query] = useSearchParams();
  if (error) console.error('Route error', error);
  const status = statusOf(error, query);
  // The page's main landmark: the screen stands alone, outside the portal's shell (axe landmark-one-main, region).
  return (
    <Center component="main" mih="100vh" p="md">
      <Stack align="center" gap="sm">
        <Title order={1} size="h2" data-testid="error-title">
          {status === 404 ? errorScreen.notFound : errorScreen.generic}
        </Title>
        <Text c="dimmed">{status ? `Status ${status}` : null}</Text>
        <Anchor component={Link} to="/">
          {errorScreen.homeLink}
        </Anchor>
      </Stack>
    </Center>
  );
}

/** The error screen (core spec §2): "404 Not Found" for 404, otherwise "An error occurred", link "Home page". */
export function ErrorScreen() {
  return (
    <FallbackBoundary>
      <ErrorContent />
    </FallbackBoundary>
  );
}
