import type { Client } from '@hh/contract/clients';
import { globalUserTypes, productUserTypes } from '@hh/contract/roles';
import type { CreateUserRequest, UpdateUserRequest, User } from '@hh/contract/users';
import { Button, Group, Modal, PasswordInput, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { ApiError } from '../../lib/api.ts';

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

/** Create or edit a user: names, email, password (create), global and per-product user types, client. */
export function UserModal({ opened, onClose, user, clients, defaultClientId, saving, onSubmit }: Props) {
  const [firstName, setFirstName] = useState(user?.basicInfo.firstName ?? '');
  const [lastName, setLastName] = useState(user?.basicInfo.lastName ?? '');
  const [email, setEmail] = useState(user?.email ?? '');
  const [password, setPassword] = useState('');
  const [department, setDepartment] = useState(user?.department ?? '');
  const [globalType, setGlobalType] = useState<(typeof globalUserTypes)[number]>(user?.userTypeGlobal ?? 'user');
  const [clientId, setClientId] = useState<string | null>(user?.company.companyInfo ?? defaultClientId ?? null);
  const [types, setTypes] = useState<Record<ProductField, ProductType>>(
    () => Object.fromEntries(productFields.map(([k]) => [k, user?.[k] ?? 'none'])) as Record<ProductField, ProductType>,
  );
  const [errors, setErrors] = useState<Record<string, string>>({});

  async function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    const common = {
      basicInfo: { firstName: firstName.trim(), lastName: lastName.trim() },
      email: email.trim(),
      department: department.trim() || null,
      userTypeGlobal: globalType,
      // Client staff belong to one client (company.companyInfo); admins and recruiters to none.
      company: { ...(user?.company ?? {}), companyInfo: globalType === 'user' ? clientId : null },
      ...types,
    };
    const body = user ? { _id: user._id, ...common } : { ...common, password };
    try {
      await onSubmit(body as CreateUserRequest | UpdateUserRequest);
    } catch (err) {
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errorMsg).map(([k, v]) => [k.replace(/^basicInfo\./, ''), v[0]])));
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title={user ? 'Edit user' : 'New user'} centered size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} error={errors.firstName} />
            <TextInput label="Last name" value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} error={errors.lastName} />
            <TextInput
              label="Email"
              type="email"
              value={email}
              onChange={(e) => setEmail(e.currentTarget.value)}
              required
              error={errors.email ?? errors.users}
            />
            {user ? (
              <TextInput label="Department" value={department} onChange={(e) => setDepartment(e.currentTarget.value)} />
            ) : (
              <PasswordInput
                label="Password"
                description="8 to 128 characters"
                value={password}
                onChange={(e) => setPassword(e.currentTarget.value)}
                required
                error={errors.password}
                autoComplete="new-password"
              />
            )}
            <Select
              label="Global user type"
              data={globalUserTypes.map((t) => ({ value: t, label: t }))}
              value={globalType}
              onChange={(v) => v && setGlobalType(v as typeof globalType)}
              allowDeselect={false}
            />
            {globalType === 'user' ? (
              <Select
                label="Client"
                data={clients.map((c) => ({ value: c._id, label: c.name }))}
                value={clientId}
                onChange={setClientId}
                searchable
                error={errors['company.companyInfo']}
              />
            ) : null}
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 3 }}>
            {productFields.map(([k, label]) => (
              <Select
                key={k}
                label={label}
                data={productUserTypes.map((t) => ({ value: t, label: t }))}
                value={types[k]}
                onChange={(v) => v && setTypes((t) => ({ ...t, [k]: v as ProductType }))}
                allowDeselect={false}
              />
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
