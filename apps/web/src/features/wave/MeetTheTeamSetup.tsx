import { waveRoutes } from '@hh/contract/wave';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PageHeader, Section } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

/** `/wave/meet-the-team-setup`: what the public page shows, its address, and a live view of it. */
export default function MeetTheTeamSetup() {
  const { client, clientId } = useSelectedClient();
  const approved = useApiQuery(waveRoutes.byClient, { query: { clientId: clientId ?? '', status: 'Approved' } }, { enabled: !!clientId });
  const url = client ? `${location.origin}/meet-the-team/${client.nameSlug}` : '';
  return (
    <>
      <PageHeader title="Meet the team" description="The public page that shows your approved Wave profiles, grouped by department." />
      <Stack>
        <Section title="Public page">
          <Text size="sm">
            Address:{' '}
            <Anchor href={url} target="_blank" rel="noopener">
              {url}
            </Anchor>
            {client?.domainURL ? ` (also https://${client.domainURL}/meet-the-team)` : ''}
          </Text>
          <Text size="sm" mt="xs">
            {approved.data ? `${approved.data.totalCount} approved profile(s) are shown.` : ''}
          </Text>
          <Group mt="sm">
            <Button component={Link} to="/wave/publish-profiles" variant="light">
              Review profiles
            </Button>
            {clientId ? (
              <Button component={Link} to={`/clients/${clientId}`} variant="default">
                Edit the questionnaire
              </Button>
            ) : null}
          </Group>
        </Section>
        {url ? (
          <Section title="Preview">
            <iframe
              title="Meet the team preview"
              src={url}
              style={{ width: '100%', height: 600, border: '1px solid var(--mantine-color-gray-3)', borderRadius: 8 }}
            />
          </Section>
        ) : null}
      </Stack>
    </>
  );
}
