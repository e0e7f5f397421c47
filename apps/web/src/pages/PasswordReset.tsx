import { authRoutes } from '@hh/contract/auth';
import { messages } from '@hh/contract/messages';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GuestCard } from '../layout/GuestCard.tsx';
import { api } from '../lib/api.ts';
import { notify } from '../lib/notify.ts';

/** Sets a new password from the emailed link: POST api/password-reset { token, password }. */
export default function PasswordReset() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (password.length < 8 || password.length > 128) return setError(messages.server.passwordLength);
    if (password !== confirm) return setError('The passwords do not match');
    setBusy(true);
    try {
      await api(authRoutes.passwordReset, { body: { token, password } }, { ignoreSession: true });
      notify.success(messages.accounts.passwordResetSuccess);
      navigate('/login', { replace: true });
    } catch (err) {
      console.warn('Password reset failed', err);
      notify.error(messages.accounts.passwordResetError);
      setError(messages.accounts.passwordResetError);
    } finally {
      setBusy(false);
    }
  }

  if (!token) {
    return (
      <GuestCard title="Set a new password">
        <Stack>
          <Alert color="red">{messages.server.resetLinkInvalid}</Alert>
          <Anchor component={Link} to="/password-reset/send-request">
            Request a new link
          </Anchor>
        </Stack>
      </GuestCard>
    );
  }
  return (
    <GuestCard title="Set a new password" subtitle="Choose a password of 8 to 128 characters.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error ? (
            <Alert color="red" role="alert">
              {error}
            </Alert>
          ) : null}
          <PasswordInput label="New password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.currentTarget.value)} required />
          <PasswordInput label="Confirm password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} required />
          <Button type="submit" loading={busy} fullWidth>
            Change password
          </Button>
        </Stack>
      </form>
    </GuestCard>
  );
}
