import { crmRoutes } from '@hh/contract/crm';
import { Button, Group, Modal, Stack, TagsInput, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { ApiError } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { api, useCandidateInvalidation } from './hooks.ts';

const empty = { firstName: '', lastName: '', email: '', phone: '', zipCode: '', city: '', state: '', tags: [] as string[] };

/** "New candidate": `POST api/crm/candidates/create` with the spec's message. */
export function NewCandidateButton({ onCreated }: { onCreated: (id: string) => void }) {
  const { clientId } = useSelectedClient();
  const [opened, { open, close }] = useDisclosure(false);
  // The rules (names required, the email's shape, lengths) are the contract's create
  // schema, checked before anything is sent; the address's fields show on their own inputs.
  const form = useContractForm(crmRoutes.createCandidate, {
    initialValues: empty,
    toBody: (v) => ({
      clientId: clientId as string,
      firstName: v.firstName,
      lastName: v.lastName,
      email: v.email,
      phone: v.phone || undefined,
      address: { zipCode: v.zipCode || undefined, city: v.city || undefined, state: v.state || undefined },
      tags: v.tags,
    }),
    fieldOf: (path) => (path.startsWith('address.') ? path.slice('address.'.length) : path.startsWith('tags.') ? 'tags' : path),
  });
  const invalidate = useCandidateInvalidation();
  const create = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(crmRoutes.createCandidate, { body }),
    onSuccess: (c) => {
      notify.success(c.message);
      invalidate();
      close();
      form.reset();
      onCreated(c._id);
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(err instanceof ApiError ? err.message : 'The candidate could not be created');
    },
  });
  const submit = form.onSubmit(() => create.mutate(form.body()));
  return (
    <>
      {/* A candidate belongs to the selected client: until it is known there is nothing to create it in. */}
      <Button color="blue.8" onClick={open} disabled={!clientId}>
        New candidate
      </Button>
      <Modal opened={opened} onClose={close} title="New candidate" closeButtonProps={{ 'aria-label': 'Close' }}>
        <form onSubmit={submit} noValidate>
          <Stack gap="sm">
            <Group grow align="flex-start">
              <TextInput label="First name" required {...form.getInputProps('firstName')} />
              <TextInput label="Last name" required {...form.getInputProps('lastName')} />
            </Group>
            <TextInput label="Email" type="email" required {...form.getInputProps('email')} />
            <TextInput label="Phone" {...form.getInputProps('phone')} />
            <Group grow align="flex-start">
              <TextInput label="Zip code" {...form.getInputProps('zipCode')} />
              <TextInput label="City" {...form.getInputProps('city')} />
              <TextInput label="State" maxLength={60} {...form.getInputProps('state')} />
            </Group>
            <TagsInput label="Tags" placeholder="Type and press Enter" {...form.getInputProps('tags')} />
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
