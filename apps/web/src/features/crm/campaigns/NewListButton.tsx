import { crmRoutes } from '@hh/contract/crm';
import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, errorText, queryKey } from '../../../lib/api.ts';
import { useContractForm } from '../../../lib/form.ts';
import { notify } from '../../../lib/notify.ts';

/** "New list" in the candidates' bulk bar: a saved list of the selected candidates (`POST api/candidates-lists/create`), the start of a campaign. */
export function NewListButton({ clientId, candidateIds }: { clientId: string | null; candidateIds: string[] }) {
  const [open, setOpen] = useState(false);
  const qc = useQueryClient();
  // The name's rules (required, at most 200 characters) are the contract's create schema.
  const form = useContractForm(crmRoutes.createCandidateList, {
    initialValues: { name: '' },
    toBody: (v) => ({ clientId: clientId ?? '', name: v.name.trim(), candidateIds }),
  });
  const create = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(crmRoutes.createCandidateList, { body }),
    onSuccess: (r) => {
      notify.success(r.message);
      qc.invalidateQueries({ queryKey: queryKey(crmRoutes.listCandidateLists) });
      setOpen(false);
      form.reset();
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(errorText(err, 'The list could not be created. Try again.', 'lists'));
    },
  });
  const name = form.getValues().name;
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen(true)}>
        New list
      </Button>
      <Modal opened={open} onClose={() => setOpen(false)} title={`New list of ${candidateIds.length} candidate${candidateIds.length === 1 ? '' : 's'}`}>
        <form onSubmit={form.onSubmit(() => create.mutate(form.body()))}>
          <Stack>
            <TextInput label="List name" required maxLength={200} data-autofocus {...form.getInputProps('name')} />
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
