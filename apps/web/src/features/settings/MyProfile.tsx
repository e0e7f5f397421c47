import { messages } from '@hh/contract/messages';
import { authRoutes } from '@hh/contract/auth';
import type { RouteInput } from '@hh/contract/route';
import { type User, userRoutes } from '@hh/contract/users';
import { Avatar, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { ImageDrop } from '../../components/ImageDrop.tsx';
import { PageHeader, Section } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { useAuth, useUser } from '../../lib/auth.tsx';
import { fullName } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { uploadImage } from '../../lib/upload.ts';
import { UserSettingsForm } from './UserSettingsForm.tsx';

function useProfileSave() {
  const { setUser } = useAuth();
  return useMutation({
    mutationFn: (body: RouteInput<typeof userRoutes.update>['body']) => api(userRoutes.update, { body }),
    onSuccess: (u) => {
      setUser(u);
      notify.success(messages.accounts.profileSuccess);
    },
    onError: (err) => {
      console.warn('Profile update failed', err);
      notify.error(messages.accounts.profileError);
    },
  });
}

/** The profile body's paths are flat fields of the form (basicInfo.firstName → firstName, company.phoneNumber → phoneNumber). */
const profileFieldOf = (path: string) => path.replace(/^(basicInfo|company|address)\./, '');

function ProfileForm({ user }: { user: User }) {
  const save = useProfileSave();
  const n = (s: string) => s.trim() || null;
  // The field lengths are the contract's update schema, checked before anything is sent.
  const form = useContractForm(userRoutes.update, {
    initialValues: {
      firstName: user.basicInfo.firstName,
      lastName: user.basicInfo.lastName,
      department: user.department ?? '',
      phoneNumber: user.company.phoneNumber ?? '',
      country: user.address.country ?? '',
      address1: user.address.address1 ?? '',
      address2: user.address.address2 ?? '',
    },
    toBody: (f) => ({
      _id: user._id,
      basicInfo: { firstName: f.firstName.trim(), lastName: f.lastName.trim() },
      department: n(f.department),
      company: { ...user.company, phoneNumber: n(f.phoneNumber) },
      address: { country: n(f.country), address1: n(f.address1), address2: n(f.address2) },
    }),
    fieldOf: profileFieldOf,
  });
  const submit = form.onSubmit(() => save.mutate(form.body(), { onError: form.showServerErrors }));
  return (
    <Section title="Profile">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" {...form.getInputProps('lastName')} />
            <TextInput label="Email" value={user.email} disabled />
            <TextInput label="Department" {...form.getInputProps('department')} />
            <TextInput label="Phone number" {...form.getInputProps('phoneNumber')} />
            <TextInput label="Country" {...form.getInputProps('country')} />
            <TextInput label="Address line 1" {...form.getInputProps('address1')} />
            <TextInput label="Address line 2" {...form.getInputProps('address2')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

function AvatarForm({ user }: { user: User }) {
  const save = useProfileSave();
  const upload = useMutation({
    mutationFn: (file: File) => uploadImage({ file, imageType: 'avatar', folder: 'avatars' }),
    onSuccess: (url) => save.mutate({ _id: user._id, logo: url }),
    onError: (err) => {
      console.warn('Avatar upload failed', err);
      notify.error(messages.accounts.profileError);
    },
  });
  return (
    <Section title="Avatar">
      <Group align="center" wrap="nowrap">
        <Avatar src={user.logo ?? undefined} size={72} radius="xl" color="brand" alt={fullName(user)}>
          {fullName(user).slice(0, 1).toUpperCase()}
        </Avatar>
        <div style={{ flex: 1, minWidth: 0 }}>
          <ImageDrop label="Upload an avatar" onFile={(f) => upload.mutate(f)} loading={upload.isPending || save.isPending} />
        </div>
      </Group>
    </Section>
  );
}

function PasswordForm() {
  const { logout } = useAuth();
  // The new password's length rule is the contract's schema; "the passwords match" is the form's own check.
  const form = useContractForm(authRoutes.updatePassword, {
    initialValues: { currentPassword: '', newPassword: '', confirm: '' },
    toBody: (v) => ({ currentPassword: v.currentPassword, newPassword: v.newPassword }),
    // The server names a wrong current password `password`; `auth` (too many tries) names no field and shows below.
    fieldOf: (path) => (path === 'password' ? 'currentPassword' : path),
  });
  const change = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(authRoutes.updatePassword, { body }),
    // The server revokes every session on a password change; the user signs in again.
    onSuccess: () => logout({ success: messages.accounts.passwordUpdateSuccess }),
    onError: () => notify.error(messages.accounts.passwordUpdateError),
  });
  const submit = form.onSubmit((v) => {
    if (v.newPassword !== v.confirm) return form.setFieldError('confirm', 'The passwords do not match');
    change.mutate(form.body(), {
      onError: (err) => {
        form.showServerErrors(err);
        if (!(err instanceof ApiError)) form.setFieldError('auth', messages.accounts.passwordUpdateError);
      },
    });
  });
  const values = form.getValues();
  const general = form.errors.auth;
  return (
    <Section title="Password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <PasswordInput
              label="Current password"
              autoComplete="current-password"
              {...form.getInputProps('currentPassword')}
              aria-invalid={Boolean(form.errors.currentPassword)}
            />
            <PasswordInput
              label="New password"
              autoComplete="new-password"
              {...form.getInputProps('newPassword')}
              aria-invalid={Boolean(form.errors.newPassword)}
            />
            <PasswordInput
              label="Confirm new password"
              autoComplete="new-password"
              {...form.getInputProps('confirm')}
              aria-invalid={Boolean(form.errors.confirm)}
            />
          </SimpleGrid>
          {general ? (
            <Text c="red" size="sm" role="alert">
              {general}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} disabled={!values.currentPassword || !values.newPassword}>
              Change password
            </Button>
          </Group>
        </Stack>
      </form>
    </Section>
  );
}

/** `/settings/my-profile`: profile, avatar, password, and the user's settings for the selected client. */
export default function MyProfile() {
  const user = useUser();
  return (
    <>
      <PageHeader title="My profile" description={user.email} />
      <Stack>
        <ProfileForm key={user.updatedAt} user={user} />
        <AvatarForm user={user} />
        <PasswordForm />
        <UserSettingsForm />
      </Stack>
    </>
  );
}
