import { crmRoutes } from '@hh/contract/crm';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorText, queryKey } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';

/** "New list" in the candidates' bulk bar: a saved list of the selected candidates (`POST api/candidates-lists/create`), the start of a campaign. */
export function NewListButton({ clientId, candidateIds }: { clientId: string | null; candidateIds: string[] }) {
  const [open, setOpen] = useState(false);
  const [name, setName] = useState('');
  const qc = useQueryClient();
  const create = useMutation({
    mutationFn: () => api(crmRoutes.createCandidateList, { body: { clientId: clientId as string, name: name.trim(), candidateIds } }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(crmRoutes.listCandidateLists) });
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
