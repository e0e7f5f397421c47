import { messages } from '@hh/contract/messages';
import type { ProductUserType } from '@hh/contract/roles';
import { invitationRoutes } from '@hh/contract/team';
import { Alert, Button, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { notify } from '../../lib/notify.ts';
import { noRoles, parseAddresses, productFields, type Roles, roleOptions } from './roles.ts';

/** Bulk invite: paste a list of addresses, choose the role per product, send (POST api/user-invitation/create). */
export function InviteModal({ clientId, opened, onClose, onSent }: { clientId: string; opened: boolean; onClose(): void; onSent(): void }) {
  const [text, setText] = useState('');
  const [roles, setRoles] = useState<Roles>({ ...noRoles, userTypeHarvest: 'member' });
  const [error, setError] = useState<string | null>(null);
  const parsed = parseAddresses(text);
  const send = useMutation({
    mutationFn: () => api(invitationRoutes.create, { body: { clientId, emails: parsed.valid, ...roles } }),
    onSuccess: (r) => {
      notify.success(messages.recruiting.invitationsSent);
      if (r.existingUsers.length) notify.success(`Already had an account, now added to this client: ${r.existingUsers.join(', ')}`);
      setText('');
      setError(null);
      onSent();
      onClose();
    },
    onError: (err) => {
      // A 403 logs the user out (recruiting spec §6); the api client does that. Anything else: the spec's message.
      if (err instanceof ApiError && err.status === 403) return;
      setError(messages.recruiting.invitationSendError);
      notify.error(messages.recruiting.invitationSendError);
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Invite people" size="lg">
      <Stack>
        {error ? (
          <Alert color="red" role="alert">
            {error}
          </Alert>
        ) : null}
        <Textarea
          label="Email addresses"
          description="Paste one or many: one per line, or separated by commas."
          placeholder={'ann@example.com\nbob@example.com'}
          autosize
          minRows={4}
          maxRows={10}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          data-autofocus
        />
        <Text size="sm" c={parsed.invalid.length ? 'red.9' : 'gray.7'} aria-live="polite">
          {parsed.valid.length} address{parsed.valid.length === 1 ? '' : 'es'} to invite
          {parsed.invalid.length ? `; not valid: ${parsed.invalid.join(', ')}` : ''}
        </Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          {productFields.map((p) => (
            <Select
              key={p.key}
              label={`${p.label} role`}
              data={roleOptions}
              value={roles[p.key]}
              allowDeselect={false}
              onChange={(v) => v && setRoles((r) => ({ ...r, [p.key]: v as ProductUserType }))}
            />
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="brand.7" onClick={() => send.mutate()} loading={send.isPending} disabled={parsed.valid.length === 0 || parsed.invalid.length > 0}>
            Send invitations
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
