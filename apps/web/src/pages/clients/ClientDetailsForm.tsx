import type { Client } from '@hh/contract/clients';
import { userRoutes } from '@hh/contract/users';
import { Button, Group, MultiSelect, PasswordInput, SegmentedControl, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Section } from '../../components/Page.tsx';
import { ApiError } from '../../lib/api.ts';
import { fullName } from '../../lib/format.ts';
import { useApiQuery } from '../../lib/query.ts';
import { type ClientForm, fromForm, type TextField, toForm } from './client-form.ts';
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
  const [form, setForm] = useState<ClientForm>(() => toForm(client));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateClient();
  const managers = useApiQuery(userRoutes.list, { query: { userTypeGlobal: 'recruiter', pageSize: 500 } });
  const managerOptions = [
    ...(managers.data?.results ?? []).map((u) => ({ value: u._id, label: fullName(u) })),
    ...form.accountManagers.filter((id) => !managers.data?.results.some((u) => u._id === id)).map((id) => ({ value: id, label: id })),
  ];

  const setText = (k: TextField, v: string) => setForm((f) => ({ ...f, text: { ...f.text, [k]: v } }));

  function submit(e: FormEvent) {
    e.preventDefault();
    setErrors({});
    const body = fromForm(client._id, form);
    update.mutate(body, {
      onError: (err) => {
        if (err instanceof ApiError) setErrors(Object.fromEntries(Object.entries(err.errorMsg).map(([k, v]) => [k === 'clients' ? 'nameSlug' : k, v[0]])));
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        {groups.map((g) => (
          <Section key={g.title} title={g.title}>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {g.fields.map((k) => (
                <TextInput key={k} label={labels[k]} value={form.text[k]} onChange={(e) => setText(k, e.currentTarget.value)} error={errors[k]} />
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
                value={form.address[k]}
                onChange={(e) => {
                  const v = e.currentTarget.value;
                  setForm((f) => ({ ...f, address: { ...f.address, [k]: v } }));
                }}
                error={errors[`address.${k}`]}
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
              <SegmentedControl
                aria-label="Status"
                data={['Active', 'Suspended']}
                value={form.status}
                onChange={(v) => setForm((f) => ({ ...f, status: v as ClientForm['status'] }))}
              />
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
                <Switch
                  key={k}
                  label={label}
                  checked={form.bools[k]}
                  onChange={(e) => {
                    const v = e.currentTarget.checked;
                    setForm((f) => ({ ...f, bools: { ...f.bools, [k]: v } }));
                  }}
                />
              ))}
            </SimpleGrid>
            <MultiSelect
              label="Account managers"
              description="Recruiters who manage this client"
              data={managerOptions}
              value={form.accountManagers}
              onChange={(v) => setForm((f) => ({ ...f, accountManagers: v }))}
              searchable
              error={errors.accountManagers}
            />
            <Text size="sm" c="dimmed" data-testid="unread-conversations">
              Unread conversations: {client.unreadConversationsCount} (counted from the conversations, not edited here)
            </Text>
          </Stack>
        </Section>
        <Section title="Candidate API">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label={labels.candidateAPIPublicKey}
              value={form.text.candidateAPIPublicKey}
              onChange={(e) => setText('candidateAPIPublicKey', e.currentTarget.value)}
            />
            <PasswordInput
              label="Candidate API key"
              description={client.hasCandidateAPIKey ? 'A key is set. Enter a new one to replace it.' : 'No key set.'}
              value={form.candidateAPIKey}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setForm((f) => ({ ...f, candidateAPIKey: v }));
              }}
              autoComplete="off"
            />
            <TextInput
              type="date"
              label="Key renewal date"
              value={form.candidateAPIKeyRenewalDate}
              onChange={(e) => {
                const v = e.currentTarget.value;
                setForm((f) => ({ ...f, candidateAPIKeyRenewalDate: v }));
              }}
            />
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
