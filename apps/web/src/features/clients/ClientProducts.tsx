import type { Client, Subscriptions } from '@hh/contract/clients';
import { Anchor, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { Link } from 'react-router';
import { Section } from '../../components/Page.tsx';
import { useUpdateClient } from './useUpdateClient.ts';

const productLabels: Record<keyof Subscriptions, string> = {
  harvest: 'Harvest',
  harvestPlus: 'Harvest Plus',
  cultivate: 'Cultivate',
  wave: 'Wave',
  motivator: 'Motivator',
  media: 'Media',
};

/** Subscriptions; each switch saves at once. Integrations have their own tab. */
export function ClientProducts({ client }: { client: Client }) {
  const update = useUpdateClient();
  return (
    <Stack>
      <Section title="Subscriptions">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
          {(Object.keys(productLabels) as Array<keyof Subscriptions>).map((k) => (
            <Switch
              key={k}
              label={productLabels[k]}
              checked={!!client.subscriptions[k]}
              disabled={update.isPending}
              onChange={(e) => update.mutate({ _id: client._id, subscriptions: { ...client.subscriptions, [k]: e.currentTarget.checked } })}
            />
          ))}
        </SimpleGrid>
      </Section>
      <Text size="sm" c="dimmed">
        SMS conversations, the chatbot and SAP are set up on the{' '}
        <Anchor component={Link} to={`/clients/${client._id}/integrations`}>
          Integrations
        </Anchor>{' '}
        tab.
      </Text>
    </Stack>
  );
}
