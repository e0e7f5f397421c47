import { invitationRoutes } from '@hh/contract/invitations';
import { Alert, Anchor, Button, Divider, Loader, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { GuestCard } from '../../layout/GuestCard.tsx';
import type { RouteReply } from '@hh/contract/route';
import { ApiError, api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { formatDate } from '../../lib/format.ts';
import { tokenStore } from '../../lib/token-store.ts';

/**
 * `/user-invitation?token=…` (core spec §2, a guest route): the invitee sees who invited them to
 * which client, sets their name and password (or signs in with SSO where the client has it) and
 * lands signed in: on /create-wave-profile for a Wave invitation, else home.
 */
export default function UserInvitation() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const info = useQuery({
    queryKey: ['invitation', token],
    enabled: token.length > 0,
    retry: false,
    queryFn: () => api(invitationRoutes.getByToken, { query: { token } }, { ignoreSession: true, noReload: true }),
  });
  if (!token || info.error) {
    const msg = info.error instanceof ApiError ? (info.error.first('invitations') ?? info.error.message) : 'This invitation link is incomplete.';
    return (
      <GuestCard title="Invitation">
        <Stack>
          <Alert color="red" role="alert" data-testid="invitation-error">
            {token ? msg : 'This invitation link is incomplete. Open the link from your invitation email again.'}
          </Alert>
          <Anchor component={Link} to="/login">
            Go to sign in
          </Anchor>
        </Stack>
      </GuestCard>
    );
  }
  if (!info.data) {
    return (
      <GuestCard title="Invitation">
        <Stack align="center" py="lg" aria-busy="true">
          <Loader aria-label="Loading the invitation" />
        </Stack>
      </GuestCard>
    );
  }
  const inv = info.data;
  return (
    <GuestCard title={`Join ${inv.clientName}`}>
      <Stack>
        <Text size="sm" c="gray.7" mt={-12}>
          {`${inv.invitedByName || 'Your team'} invited ${inv.email} to ${inv.purpose === 'wave' ? 'record a Wave video profile for' : 'join'} ${inv.clientName}.`}
        </Text>
        {inv.sso ? (
          <>
            <Button
              component="a"
              href={`/sso/start?invitation=${encodeURIComponent(token)}`}
              variant="filled"
              color="brand.7"
              fullWidth
              data-testid="invitation-sso"
            >
              Sign in with SSO
            </Button>
            <Divider label="or choose a password" labelPosition="center" />
          </>
        ) : null}
        <InvitationForm token={token} invitation={inv} />
      </Stack>
    </GuestCard>
  );
}

/**
 * The invitee's name and password, checked by the accept call's own schema as they type (the same
 * messages the server would give); the confirmation is the one check the schema cannot make.
 */
function InvitationForm({ token, invitation: inv }: { token: string; invitation: RouteReply<typeof invitationRoutes.getByToken> }) {
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const form = useContractForm(invitationRoutes.accept, {
    initialValues: { firstName: inv.firstName ?? '', lastName: inv.lastName ?? '', password: '', confirm: '' },
    toBody: (v) => ({ token, firstName: v.firstName, lastName: v.lastName, password: v.password }),
  });

  const submit = form.onSubmit(async (values) => {
    setError(null);
    if (values.password !== values.confirm) return form.setFieldError('confirm', 'The passwords do not match');
    setBusy(true);
    try {
      const reply = await api(invitationRoutes.accept, { body: form.body() }, { ignoreSession: true, noReload: true });
      tokenStore.set(reply.tokens);
      // A full load boots the portal signed in (the stored tokens), on the invitation's landing page.
      window.location.assign(reply.redirectTo);
    } catch (err) {
      form.showServerErrors(err);
      setError(err instanceof ApiError ? (err.first('invitations') ?? err.first('password') ?? err.message) : 'An error occurred');
      setBusy(false);
    }
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <TextInput label="Email" value={inv.email} readOnly />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label="First name" placeholder="First Name" autoComplete="given-name" required {...form.getInputProps('firstName')} />
          <TextInput label="Last name" placeholder="Last Name" autoComplete="family-name" required {...form.getInputProps('lastName')} />
        </SimpleGrid>
        <PasswordInput label="Password (8 to 128 characters)" autoComplete="new-password" required {...form.getInputProps('password')} />
        <PasswordInput label="Confirm password" autoComplete="new-password" required {...form.getInputProps('confirm')} />
        <Button type="submit" color="brand.7" loading={busy} fullWidth>
          Accept and sign in
        </Button>
        <Text size="xs" c="gray.7" ta="center">
          This link works once and expires on {formatDate(inv.expiresAt)}.
        </Text>
      </Stack>
    </form>
  );
}
