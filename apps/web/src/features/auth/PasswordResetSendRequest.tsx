import { authRoutes } from '@hh/contract/auth';
import { Alert, Anchor, Button, Stack, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { GuestCard } from '../../layout/GuestCard.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';

/** Asks for a password reset link: POST api/password-reset { email }. */
export default function PasswordResetSendRequest() {
  // The email's shape is the contract's rule, shown before anything is sent.
  const form = useContractForm(authRoutes.passwordReset, {
    initialValues: { email: '' },
    toBody: (v) => ({ email: v.email }),
  });
  const send = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(authRoutes.passwordReset, { body }, { ignoreSession: true }),
  });
  const submit = form.onSubmit(() =>
    send.mutate(form.body(), {
      onError: (err) => {
        form.showServerErrors(err);
        // A refusal that names no field (too many requests, no server) still shows under the email.
        if (!(err instanceof ApiError)) form.setFieldError('email', 'An error occurred');
        else if (!err.first('email')) form.setFieldError('email', err.message);
      },
    }),
  );

  return (
    <GuestCard title="Reset your password" subtitle="Enter your email and we will send you a link to set a new password.">
      {send.data ? (
        <Stack>
          <Alert color="teal" role="status">
            {send.data.message}
          </Alert>
          <Anchor component={Link} to="/login" size="sm">
            Back to sign in
          </Anchor>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            <Button type="submit" loading={send.isPending} fullWidth>
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
