import { messages } from '@hh/contract/messages';
import { authRoutes } from '@hh/contract/auth';
import type { RouteInput } from '@hh/contract/route';
import { type User, userRoutes } from '@hh/contract/users';
import { Avatar, Button, Group, PasswordInput, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ImageDrop } from '../components/ImageDrop.tsx';
import { PageHeader, Section } from '../components/Page.tsx';
import { ApiError, api } from '../lib/api.ts';
import { useAuth, useUser } from '../lib/auth.tsx';
import { fullName } from '../lib/format.ts';
import { notify } from '../lib/notify.ts';
import { uploadImage } from '../lib/upload.ts';
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

function ProfileForm({ user }: { user: User }) {
  const save = useProfileSave();
  const [f, setF] = useState({
    firstName: user.basicInfo.firstName,
    lastName: user.basicInfo.lastName,
    department: user.department ?? '',
    phoneNumber: user.company.phoneNumber ?? '',
    country: user.address.country ?? '',
    address1: user.address.address1 ?? '',
    address2: user.address.address2 ?? '',
  });
  const set = (k: keyof typeof f) => (e: React.ChangeEvent<HTMLInputElement>) => {
    const v = e.currentTarget.value;
    setF((p) => ({ ...p, [k]: v }));
  };
  const n = (s: string) => s.trim() || null;
  function submit(e: FormEvent) {
    e.preventDefault();
    save.mutate({
      _id: user._id,
      basicInfo: { firstName: f.firstName.trim(), lastName: f.lastName.trim() },
      department: n(f.department),
      company: { ...user.company, phoneNumber: n(f.phoneNumber) },
      address: { country: n(f.country), address1: n(f.address1), address2: n(f.address2) },
    });
  }
  return (
    <Section title="Profile">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" value={f.firstName} onChange={set('firstName')} />
            <TextInput label="Last name" value={f.lastName} onChange={set('lastName')} />
            <TextInput label="Email" value={user.email} disabled />
            <TextInput label="Department" value={f.department} onChange={set('department')} />
            <TextInput label="Phone number" value={f.phoneNumber} onChange={set('phoneNumber')} />
            <TextInput label="Country" value={f.country} onChange={set('country')} />
            <TextInput label="Address line 1" value={f.address1} onChange={set('address1')} />
            <TextInput label="Address line 2" value={f.address2} onChange={set('address2')} />
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
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<string | null>(null);
  const change = useMutation({
    mutationFn: () => api(authRoutes.updatePassword, { body: { currentPassword: current, newPassword: next } }),
    // The server revokes every session on a password change; the user signs in again.
    onSuccess: () => logout({ success: messages.accounts.passwordUpdateSuccess }),
    onError: (err) => {
      notify.error(messages.accounts.passwordUpdateError);
      setError(err instanceof ApiError ? (err.first('currentPassword') ?? err.first('newPassword') ?? err.first('auth') ?? err.message) : null);
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    setError(null);
    if (next.length < 8 || next.length > 128) return setError(messages.server.passwordLength);
    if (next !== confirm) return setError('The passwords do not match');
    change.mutate();
  }
  return (
    <Section title="Password">
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <PasswordInput label="Current password" autoComplete="current-password" value={current} onChange={(e) => setCurrent(e.currentTarget.value)} />
            <PasswordInput label="New password" autoComplete="new-password" value={next} onChange={(e) => setNext(e.currentTarget.value)} />
            <PasswordInput label="Confirm new password" autoComplete="new-password" value={confirm} onChange={(e) => setConfirm(e.currentTarget.value)} />
          </SimpleGrid>
          {error ? (
            <Text c="red" size="sm" role="alert">
              {error}
            </Text>
          ) : null}
          <Group justify="flex-end">
            <Button type="submit" loading={change.isPending} disabled={!current || !next}>
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
