import { Alert, Anchor, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { SsoSignIn } from '../team/index.ts';
import { GuestCard } from '../../layout/GuestCard.tsx';
import { ApiError } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';

export default function Login() {
  const { login } = useAuth();
  const navigate = useNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    const fe: Record<string, string> = {};
    if (!email.trim()) fe.email = 'Email is required';
    if (!password) fe.password = 'Password is required';
    setFieldErrors(fe);
    if (Object.keys(fe).length) return;
    setBusy(true);
    try {
      await login(email, password);
      navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError) {
        setFieldErrors({ email: err.first('email') ?? '', password: err.first('password') ?? '' });
        setError(err.first('auth') ?? err.first('email') ?? err.first('password') ?? err.message);
      } else setError('An error occurred');
    } finally {
      setBusy(false);
    }
  }

  return (
    <GuestCard title="Sign in" subtitle="Welcome back. Sign in to manage your hiring.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {error ? (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert" data-testid="login-error">
              {error}
            </Alert>
          ) : null}
          <TextInput
            label="Email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={fieldErrors.email || undefined}
            required
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={fieldErrors.password || undefined}
            required
          />
          <Button type="submit" loading={busy} fullWidth>
            Sign in
          </Button>
          <Anchor component={Link} to="/password-reset/send-request" size="sm" ta="center">
            Forgot password?
          </Anchor>
        </Stack>
      </form>
      <SsoSignIn />
    </GuestCard>
  );
}
