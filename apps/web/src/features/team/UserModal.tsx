import type { Client } from '@hh/contract/clients';
import { globalUserTypes, productUserTypes } from '@hh/contract/roles';
import { type CreateUserRequest, type UpdateUserRequest, type User, userRoutes } from '@hh/contract/users';
import { Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useContractForm } from '../../lib/form.ts';

const productFields = [
  ['userTypeHarvest', 'Harvest'],
  ['userTypeHarvestPlus', 'Harvest Plus'],
  ['userTypeCultivate', 'Cultivate'],
  ['userTypeWave', 'Wave'],
  ['userTypeMotivator', 'Motivator'],
] as const;
type ProductField = (typeof productFields)[number][0];
type ProductType = (typeof productUserTypes)[number];

interface Props {
  opened: boolean;
  onClose(): void;
  user?: User | null;
  clients: Client[];
  defaultClientId?: string | null;
  saving: boolean;
  onSubmit(body: CreateUserRequest | UpdateUserRequest): Promise<unknown>;
}

type Values = {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  department: string;
  userTypeGlobal: (typeof globalUserTypes)[number];
  clientId: string | null;
} & Record<ProductField, ProductType>;

/** A body path's error shows on the form's field that holds it (the server's `users` key is the email taken). */
const fieldOf = (path: string) =>
  path === 'users' ? 'email' : path === 'company.companyInfo' ? 'clientId' : path.startsWith('basicInfo.') ? path.slice('basicInfo.'.length) : path;

/** Create or edit a user: names, email, password (create), global and per-product user types, client. */
export function UserModal({ opened, onClose, user, clients, defaultClientId, saving, onSubmit }: Props) {
  // Mantine's PasswordInput does not mark its input invalid itself: aria-invalid is passed on.
  // The rules (email shape, password length, name lengths) are the contract's create or update schema.
  const form = useContractForm<typeof userRoutes.create | typeof userRoutes.update, Values>(user ? userRoutes.update : userRoutes.create, {
    initialValues: {
      firstName: user?.basicInfo.firstName ?? '',
      lastName: user?.basicInfo.lastName ?? '',
      email: user?.email ?? '',
      password: '',
      department: user?.department ?? '',
      userTypeGlobal: user?.userTypeGlobal ?? 'user',
      clientId: user?.company.companyInfo ?? defaultClientId ?? null,
      ...(Object.fromEntries(productFields.map(([k]) => [k, user?.[k] ?? 'none'])) as Record<ProductField, ProductType>),
    },
    toBody: (v) => {
      const common = {
        basicInfo: { firstName: v.firstName.trim(), lastName: v.lastName.trim() },
        email: v.email.trim(),
        department: v.department.trim() || null,
        userTypeGlobal: v.userTypeGlobal,
        // Client staff belong to one client (company.companyInfo); admins and recruiters to none.
        company: { ...(user?.company ?? {}), companyInfo: v.userTypeGlobal === 'user' ? v.clientId : null },
        ...Object.fromEntries(productFields.map(([k]) => [k, v[k]])),
      };
      return user ? { _id: user._id, ...common } : { ...common, password: v.password };
    },
    fieldOf,
  });

  const submit = form.onSubmit(async () => {
    try {
      await onSubmit(form.body() as CreateUserRequest | UpdateUserRequest);
    } catch (err) {
      form.showServerErrors(err);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Edit user' : 'New user'} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" {...form.getInputProps('firstName')} />
            <TextInput label="Last name" {...form.getInputProps('lastName')} />
            <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            {user ? (
              <TextInput label="Department" {...form.getInputProps('department')} />
            ) : (
              <PasswordInput
                label="Password"
                description="8 to 128 characters"
                required
                autoComplete="new-password"
                {...form.getInputProps('password')}
                aria-invalid={Boolean(form.errors.password)}
              />
            )}
            <Select
              label="Global user type"
              data={globalUserTypes.map((t) => ({ value: t, label: t }))}
              {...form.getInputProps('userTypeGlobal')}
              allowDeselect={false}
            />
            {form.values.userTypeGlobal === 'user' ? (
              <Select label="Client" data={clients.map((c) => ({ value: c._id, label: c.name }))} {...form.getInputProps('clientId')} searchable />
            ) : null}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {productFields.map(([k, label]) => (
              <Select key={k} label={label} data={productUserTypes.map((t) => ({ value: t, label: t }))} {...form.getInputProps(k)} allowDeselect={false} />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={saving}>
              {user ? 'Save user' : 'Create user'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
