import { rolePresets } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import { invitationRoutes } from '@hh/contract/invitations';
import { Alert, Button, Group, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { presetOf, RolePicker } from './RolePicker.tsx';
import { noRoles, parseAddresses, type Roles } from './roles.ts';

/** Bulk invite: paste a list of addresses, choose the role per product, send (POST api/user-invitation/create). */
export function InviteModal({ clientId, opened, onClose, onSent }: { clientId: string; opened: boolean; onClose(): void; onSent(): void }) {
  const [error, setError] = useState<string | null>(null);
  // The addresses' shape and count are the contract's create schema; an address the contract refuses
  // (or too many of them) shows under the text they were pasted in, before anything is sent.
  const form = useContractForm(invitationRoutes.create, {
    initialValues: { text: '', ...noRoles, ...rolePresets.find((p) => p.id === 'interviewer')?.roles } as { text: string } & Roles,
    toBody: ({ text, ...roles }) => ({ clientId, emails: parseAddresses(text).valid, ...roles }),
    fieldOf: (path) => (path === 'emails' || path.startsWith('emails.') ? 'text' : path),
  });
  const parsed = parseAddresses(form.values.text);
  const [preset, setPreset] = useState(() => presetOf(form.values));
  const choosePreset = (id: string) => {
    setPreset(id);
    const p = rolePresets.find((x) => x.id === id);
    if (p) form.setValues(p.roles);
  };
  const send = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(invitationRoutes.create, { body }),
    onSuccess: (r) => {
      notify.success(messages.recruiting.invitationsSent);
      if (r.existingUsers.length) notify.success(`Already had an account, now added to this client: ${r.existingUsers.join(', ')}`);
      form.setFieldValue('text', '');
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
  const submit = form.onSubmit(() => {
    setError(null);
    send.mutate(form.body(), { onError: form.showServerErrors });
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Invite people" size="lg" closeButtonProps={{ 'aria-label': 'Close the invite dialog' }}>
      <form onSubmit={submit} noValidate>
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
            {...form.getInputProps('text')}
            data-autofocus
          />
          <div aria-live="polite" data-testid="invite-count">
            <Text size="sm" c="gray.7">
              {parsed.valid.length} address{parsed.valid.length === 1 ? '' : 'es'} to invite
              {parsed.invalid.length ? `; ${parsed.invalid.length} cannot be invited` : ''}
            </Text>
            {parsed.invalid.length ? (
              <Alert color="red" mt="xs" title="These cannot be invited: correct or remove them to send" data-testid="invalid-addresses">
                <List size="sm" spacing={2}>
                  {parsed.invalid.map((i) => (
                    <List.Item key={i.address}>
                      {i.address}: {i.reason}
                    </List.Item>
                  ))}
                </List>
              </Alert>
            ) : null}
          </div>
          <RolePicker roles={form.values} preset={preset} onPreset={choosePreset} onRole={(key, v) => form.setFieldValue(key, v)} />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" color="brand.7" loading={send.isPending} disabled={parsed.valid.length === 0 || parsed.invalid.length > 0}>
              Send invitations
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
