import { sso } from '@hh/contract/messages/sso';
import { sessionCalls } from '@hh/contract/session-calls';
import type { ssoRoutes } from '@hh/contract/sso';
import { Alert, Button, Divider, Group, Loader, Stack, Text, TextInput } from '@mantine/core';
import { IconKey } from '@tabler/icons-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError, callAt } from '../../lib/api.ts';
import { tokenStore } from '../../lib/token-store.ts';

/**
 * "Sign in with SSO" on the login page (core spec §6, third strategy): asks for the work address,
 * sends the browser to the client's identity provider, and, back on /login#sso=<ticket>, exchanges
 * the one-time ticket for the openid session (id_token and refresh_token read, spec §3) and enters
 * the portal. A refused sign-in comes back as ?ssoError= and is shown here.
 */
export function SsoSignIn() {
  const [params] = useSearchParams();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(params.get('ssoError'));
  const [busy, setBusy] = useState(false);
  const ticket = typeof location !== 'undefined' && location.hash.startsWith('#sso=') ? location.hash.slice(5) : null;

  useEffect(() => {
    if (!ticket) return;
    history.replaceState(null, '', location.pathname + location.search); // the ticket is single-use: drop it from the address bar
    callAt<typeof ssoRoutes.exchange>(sessionCalls.ssoExchange, { body: { ticket } }, { ignoreSession: true, noReload: true })
      .then((r) => {
        tokenStore.set({ ...r.tokens, refreshToken: r.refresh_token || r.tokens.refreshToken });
        window.location.assign(r.redirectTo);
      })
      .catch((err: unknown) => setError(err instanceof ApiError ? (Object.values(err.errorMsg).flat()[0] ?? err.message) : sso.ssoFailed));
  }, [ticket]);

  async function go(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (!email.includes('@')) return setError('Enter your work email address');
    setBusy(true);
    try {
      // Discovery answers the same for every address; /sso/start decides and sends an unknown domain back here.
      const r = await callAt<typeof ssoRoutes.discover>(sessionCalls.ssoDiscover, { query: { email } }, { ignoreSession: true, noReload: true });
      if (r.sso && r.startUrl) return window.location.assign(r.startUrl);
      setError(sso.ssoUnknownDomain);
    } catch (err) {
      // A malformed address (400) or too many attempts (429): the server's message says which.
      if (err instanceof ApiError && (err.status === 400 || err.status === 429)) setError(err.message);
      else {
        console.warn('SSO discovery failed', err);
        setError(sso.ssoFailed);
      }
    }
    setBusy(false);
  }

  if (ticket && !error) {
    return (
      <Group justify="center" mt="md" aria-busy="true">
        <Loader size="sm" aria-label="Signing you in" />
        <Text size="sm">Signing you in…</Text>
      </Group>
    );
  }
  return (
    <Stack mt="md" gap="sm">
      <Divider label="or" labelPosition="center" />
      {error ? (
        <Alert color="red" role="alert" data-testid="sso-error">
          {error}
        </Alert>
      ) : null}
      {open ? (
        <form onSubmit={go} noValidate>
          <Stack gap="xs">
            <TextInput label="Work email" type="email" autoComplete="username" value={email} onChange={(e) => setEmail(e.currentTarget.value)} data-autofocus />
            <Button type="submit" variant="outline" color="brand.8" loading={busy} fullWidth>
              Continue with SSO
            </Button>
          </Stack>
        </form>
      ) : (
        <Button variant="outline" color="brand.8" leftSection={<IconKey size={16} />} onClick={() => setOpen(true)} fullWidth>
          Sign in with SSO
        </Button>
      )}
    </Stack>
  );
}
