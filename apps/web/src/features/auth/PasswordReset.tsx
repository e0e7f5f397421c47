import { authRoutes } from '@hh/contract/auth';
import { messages } from '@hh/contract/messages';
import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { GuestCard } from '../../layout/GuestCard.tsx';
import { api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';

/** Sets a new password from the emailed link: POST api/password-reset { token, password }. */
export default function PasswordReset() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  // The password's length rule is the contract's reset schema; "the passwords match" is the form's own check.
  const form = useContractForm(authRoutes.passwordReset, {
    initialValues: { password: '', confirm: '' },
    toBody: (v) => ({ token, password: v.password }),
  });
  const reset = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(authRoutes.passwordReset, { body }, { ignoreSession: true }),
    onSuccess: () => {
      notify.success(messages.accounts.passwordResetSuccess);
      navigate('/login', { replace: true });
    },
    onError: (err) => {
      console.warn('Password reset failed', err);
      // Shown once, beside the form (not a toast as well).
      setError(messages.accounts.passwordResetError);
    },
  });

  const submit = form.onSubmit((v) => {
    setError(null);
    if (v.password !== v.confirm) return form.setFieldError('confirm', 'The passwords do not match');
    reset.mutate(form.body(), { onError: form.showServerErrors });
  });

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
  // A token the contract refuses (too short or long) is a broken link, not a field to correct.
  const shown = error ?? (form.errors.token ? messages.server.resetLinkInvalid : null);
  return (
    <GuestCard title="Set a new password" subtitle="Choose a password of 8 to 128 characters.">
      <form onSubmit={submit} noValidate>
        <Stack>
          {shown ? (
            <Alert color="red" role="alert">
              {shown}
            </Alert>
          ) : null}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            {...form.getInputProps('password')}
            aria-invalid={Boolean(form.errors.password)}
          />
          <PasswordInput
            label="Confirm password"
            autoComplete="new-password"
            required
            {...form.getInputProps('confirm')}
            aria-invalid={Boolean(form.errors.confirm)}
          />
          <Button type="submit" loading={reset.isPending} fullWidth>
            Change password
          </Button>
        </Stack>
      </form>
    </GuestCard>
  );
}
