import { crmRoutes } from '@hh/contract/crm';
import { Button, Group, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { api, useCandidateInvalidation } from './hooks.ts';

const empty = { firstName: '', lastName: '', email: '', phone: '', zipCode: '', city: '', state: '' };

/** "New candidate": `POST api/crm/candidates/create` with the spec's message. */
export function NewCandidateButton({ onCreated }: { onCreated: (id: string) => void }) {
  const { clientId } = useSelectedClient();
  const [opened, { open, close }] = useDisclosure(false);
  const [f, setF] = useState(empty);
  const [tags, setTags] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const invalidate = useCandidateInvalidation();
  const set = (k: keyof typeof empty) => (e: React.ChangeEvent<HTMLInputElement>) => setF({ ...f, [k]: e.currentTarget.value });
  const create = useMutation({
    mutationFn: () =>
      api(crmRoutes.createCandidate, {
        body: {
          clientId: clientId as string,
          firstName: f.firstName,
          lastName: f.lastName,
          email: f.email,
          phone: f.phone || undefined,
          address: { zipCode: f.zipCode || undefined, city: f.city || undefined, state: f.state || undefined },
          tags,
        },
      }),
    onSuccess: (c) => {
      notify.success(c.message);
      invalidate();
      close();
      setF(empty);
      setTags([]);
      setErrors({});
      onCreated(c._id);
    },
    onError: (err) => {
      if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errorMsg).map(([k, v]) => [k.split('.').pop() as string, v[0]])));
      notify.error(err instanceof ApiError ? err.message : 'The candidate could not be created');
    },
  });
  return (
    <>
      <Button color="blue.8" onClick={open}>
        New candidate
      </Button>
      <Modal opened={opened} onClose={close} title="New candidate" closeButtonProps={{ 'aria-label': 'Close' }}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            create.mutate();
          }}
        >
          <Stack gap="sm">
            <Group grow>
              <TextInput label="First name" required value={f.firstName} onChange={set('firstName')} error={errors.firstName} />
              <TextInput label="Last name" required value={f.lastName} onChange={set('lastName')} error={errors.lastName} />
            </Group>
            <TextInput label="Email" type="email" required value={f.email} onChange={set('email')} error={errors.email} />
            <TextInput label="Phone" value={f.phone} onChange={set('phone')} error={errors.phone} />
            <Group grow>
              <TextInput label="Zip code" value={f.zipCode} onChange={set('zipCode')} error={errors.zipCode} />
              <TextInput label="City" value={f.city} onChange={set('city')} />
              <TextInput label="State" value={f.state} onChange={set('state')} maxLength={60} />
            </Group>
            <TagsInput label="Tags" value={tags} onChange={setTags} placeholder="Type and press Enter" />
            <Group justify="flex-end">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button color="blue.8" type="submit" loading={create.isPending}>
                Create candidate
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
