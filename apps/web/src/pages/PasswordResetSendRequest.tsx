import { authRoutes } from '@hh/contract/auth';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { GuestCard } from '../layout/GuestCard.tsx';
import { ApiError, api } from '../lib/api.ts';

/** Asks for a password reset link: POST api/password-reset { email }. */
export default function PasswordResetSendRequest() {
  const [email, setEmail] = useState('');
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    setBusy(true);
    try {
      const reply = await api(authRoutes.passwordReset, { body: { email } }, { ignoreSession: true });
      setDone(reply.message);
    } catch (err) {
      setError(err instanceof ApiError ? (err.first('email') ?? err.message) : 'An error occurred');
    } finally {
      setBusy(false);
    }
  }

  return (
    <GuestCard title="Reset your password" subtitle="Enter your email and we will send you a link to set a new password.">
      {done ? (
        <Stack>
          <Alert color="teal" role="status">
            {done}
          </Alert>
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} required />
            <Button type="submit" loading={busy} fullWidth>
              Send reset link
            </Button>
            <Anchor component={Link} to="/login" size="sm" ta="center">
              Back to sign in
            </Anchor>
          </Stack>
        </form>
      )}
    </GuestCard>
  );
}
