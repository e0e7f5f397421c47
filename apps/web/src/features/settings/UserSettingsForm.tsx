import { messages } from '@hh/contract/messages';
import { settingsRoutes } from '@hh/contract/settings';
import { Button, Checkbox, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Section } from '../../components/Page.tsx';
import { api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/** The requisition list's columns (core spec §3 user settings: crm.requisitions.columns). */
const REQUISITION_COLUMNS = [
  { value: 'title', label: 'Title' },
  { value: 'location', label: 'Location' },
  { value: 'department', label: 'Department' },
  { value: 'status', label: 'Status' },
  { value: 'candidates', label: 'Candidates' },
  { value: 'recruiter', label: 'Recruiter' },
  { value: 'datePosted', label: 'Date posted' },
];
const DEFAULT_COLUMNS = ['title', 'location', 'status', 'candidates'];

/**
 * Per-client settings of the signed-in user. The first save creates them (POST .../create,
 * "User settings created"); later saves update them (PATCH .../update, "User setings updated").
 */
export function UserSettingsForm() {
  const { clientId, client } = useSelectedClient();
  const qc = useQueryClient();
  const input = { query: { clientId: clientId ?? '' } };
  const settings = useApiQuery(settingsRoutes.get, input, { enabled: !!clientId });
  const exists = Boolean(settings.data);
  // The columns' rules are the contract's schema (the update entry's, the create entry's being the same).
  const form = useContractForm(exists ? settingsRoutes.update : settingsRoutes.create, {
    initialValues: { columns: DEFAULT_COLUMNS },
    toBody: (v) => ({ clientId: clientId ?? '', crm: { requisitions: { columns: v.columns } } }),
    fieldOf: (path) => (path.startsWith('crm.requisitions.columns') ? 'columns' : path),
  });
  const { setValues } = form;
  useEffect(() => {
    if (settings.data) setValues({ columns: settings.data.crm.requisitions.columns });
    else if (settings.data === null) setValues({ columns: DEFAULT_COLUMNS });
  }, [settings.data, setValues]);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => (exists ? api(settingsRoutes.update, { body }) : api(settingsRoutes.create, { body })),
    onSuccess: (s) => {
      qc.setQueryData(queryKey(settingsRoutes.get, input), s);
      notify.success(exists ? messages.userSettings.updateSuccess : messages.userSettings.createSuccess);
    },
    onError: () => notify.error(exists ? messages.userSettings.updateError : messages.userSettings.createError),
  });
  if (!clientId) return null;
  return (
    <Section title={`Requisition columns${client ? ` for ${client.name}` : ''}`}>
      {settings.isError ? (
        <Text c="red" size="sm" role="alert" data-testid="user-settings-error">
          {messages.userSettings.fetchError}
        </Text>
      ) : (
        <Stack>
          <Checkbox.Group {...form.getInputProps('columns')} label="Columns shown in the requisitions list">
            <SimpleGrid cols={{ base: 2, sm: 4 }} mt="xs">
              {REQUISITION_COLUMNS.map((c) => (
                <Checkbox key={c.value} value={c.value} label={c.label} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
          <Group justify="flex-end">
            <Button
              onClick={() => form.onSubmit(() => save.mutate(form.body(), { onError: form.showServerErrors }))()}
              loading={save.isPending}
              disabled={settings.isLoading}
              data-testid="user-settings-save"
            >
              Save columns
            </Button>
          </Group>
        </Stack>
      )}
    </Section>
  );
}
