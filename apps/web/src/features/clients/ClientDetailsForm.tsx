import { type Client, clientRoutes } from '@hh/contract/clients';
import { userRoutes } from '@hh/contract/users';
import { Button, Group, MultiSelect, PasswordInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { Section } from '../../components/Page.tsx';
import { useContractForm } from '../../lib/form.ts';
import { fullName } from '../../lib/format.ts';
import { useApiQuery } from '../../lib/query.ts';
import { fromForm, type TextField, textFields, toForm } from './client-form.ts';
import { useUpdateClient } from './useUpdateClient.ts';

const labels: Record<TextField, string> = {
  name: 'Name',
  nameSlug: 'URL slug',
  domainURL: 'Custom domain',
  jobBoardDomain: 'Job board domain',
  virtualAppName: 'Virtual app name',
  phoneNumber: 'Phone number',
  timeZone: 'Time zone',
  industry: 'Industry',
  contractNumber: 'Contract number',
  jobsFeedUrl: 'Jobs feed URL',
  candidateAPIPublicKey: 'Candidate API public key',
  ga4MeasurementId: 'Google Analytics 4 measurement ID',
  utmSource: 'Campaign source (utm_source)',
  utmMedium: 'Campaign medium (utm_medium)',
};

const groups: Array<{ title: string; fields: TextField[] }> = [
  { title: 'General', fields: ['name', 'nameSlug', 'industry', 'contractNumber', 'phoneNumber', 'timeZone'] },
  { title: 'Sites and domains', fields: ['domainURL', 'jobBoardDomain', 'virtualAppName', 'jobsFeedUrl'] },
  { title: 'Tracking', fields: ['ga4MeasurementId', 'utmSource', 'utmMedium'] },
];

export function ClientDetailsForm({ client }: { client: Client }) {
  // The field rules (URLs, the GA4 id's shape, lengths) are the contract's update schema,
  // checked before anything is sent; a body field's error shows on the input that holds it.
  const form = useContractForm(clientRoutes.update, {
    initialValues: toForm(client),
    toBody: (v) => fromForm(client._id, v),
    fieldOf: (path) => (path === 'clients' ? 'text.nameSlug' : (textFields as readonly string[]).includes(path) ? `text.${path}` : path),
  });
  const values = form.getValues();
  const update = useUpdateClient();
  const managers = useApiQuery(userRoutes.list, { query: { userTypeGlobal: 'recruiter', pageSize: 500 } });
  const managerOptions = [
    ...(managers.data?.results ?? []).map((u) => ({ value: u._id, label: fullName(u) })),
    ...values.accountManagers.filter((id) => !managers.data?.results.some((u) => u._id === id)).map((id) => ({ value: id, label: id })),
  ];

  const submit = form.onSubmit(() => update.mutate(form.body(), { onError: form.showServerErrors }));

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {groups.map((g) => (
          <Section key={g.title} title={g.title}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {g.fields.map((k) => (
                <TextInput key={k} label={labels[k]} {...form.getInputProps(`text.${k}`)} />
              ))}
            </SimpleGrid>
          </Section>
        ))}
        <Section title="Address">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {(['address1', 'address2', 'city', 'state', 'zipCode'] as const).map((k) => (
              <TextInput
                key={k}
                label={{ address1: 'Address line 1', address2: 'Address line 2', city: 'City', state: 'State', zipCode: 'ZIP code' }[k]}
                {...form.getInputProps(`address.${k}`)}
              />
            ))}
          </SimpleGrid>
        </Section>
        <Section title="Options">
          <Stack>
            <Group>
              <Text size="sm" fw={500}>
                Status
              </Text>
              <SegmentedControl aria-label="Status" data={['Active', 'Suspended']} {...form.getInputProps('status')} />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {(
                [
                  ['applicantResume', 'Applicants attach a resume'],
                  ['quickApplyOption', 'Quick apply'],
                  ['aiSearch', 'AI search'],
                  ['sso', 'Single sign-on'],
                ] as const
              ).map(([k, label]) => (
                <Switch key={k} label={label} {...form.getInputProps(`bools.${k}`, { type: 'checkbox' })} />
              ))}
            </SimpleGrid>
            <MultiSelect
              label="Account managers"
              description="Recruiters who manage this client"
              data={managerOptions}
              {...form.getInputProps('accountManagers')}
              searchable
            />
            <Text size="sm" c="dimmed" data-testid="unread-conversations">
              Unread conversations: {client.unreadConversationsCount} (counted from the conversations, not edited here)
            </Text>
          </Stack>
        </Section>
        <Section title="Candidate API">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={labels.candidateAPIPublicKey} {...form.getInputProps('text.candidateAPIPublicKey')} />
            <PasswordInput
              label="Candidate API key"
              description={client.hasCandidateAPIKey ? 'A key is set. Enter a new one to replace it.' : 'No key set.'}
              {...form.getInputProps('candidateAPIKey')}
              autoComplete="off"
            />
            <TextInput type="date" label="Key renewal date" {...form.getInputProps('candidateAPIKeyRenewalDate')} />
          </SimpleGrid>
        </Section>
        <Group justify="flex-end" pos="sticky" bottom={0} py="sm" style={{ background: 'var(--portal-grey-1)' }}>
          <Button type="submit" loading={update.isPending}>
            Save changes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
