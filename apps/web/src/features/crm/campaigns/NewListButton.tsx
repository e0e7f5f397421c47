import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorText } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { LISTS } from '../hooks.ts';

/** "New list" in the candidates' bulk bar: a saved list of the selected candidates (`POST api/candidates-lists/create`), the start of a campaign. */
export function NewListButton({ clientId, candidateIds }: { clientId: string | null; candidateIds: string[] }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: () => api<{ message: string }>('/api/candidates-lists/create', { method: 'POST', body: { clientId, name: name.trim(), candidateIds } }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: [LISTS] });
      setOpen(false);
      setName('');
    },
    onError: (err) => notify.error(errorText(err, 'The list could not be created. Try again.', 'lists')),
  });
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        New list
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`New list of ${candidateIds.length} candidate${candidateIds.length === 1 ? '' : 's'}`}>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (name.trim()) create.mutate();
          }}
        >
          <Stack>
            <TextInput label="List name" required value={name} onChange={(e) => setName(e.currentTarget.value)} maxLength={200} data-autofocus />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={!name.trim()} loading={create.isPending}>
                Create list
              </Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
