import type { Client, Subscriptions } from '@hh/contract/clients';
import { SimpleGrid, Stack, Switch, Text } from '@mantine/core';
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

/** Subscriptions and integrations; each switch saves at once. */
export function ClientProducts({ client }: { client: Client }) {
  const update = useUpdateClient();
  const sms = (client.integrations as { twilioSms?: { enabled?: boolean } }).twilioSms;
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
      <Section title="Integrations">
        <Switch
          label="Twilio SMS conversations"
          description="Shows the conversations pages for this client."
          checked={sms?.enabled === true}
          disabled={update.isPending}
          onChange={(e) =>
            update.mutate({ _id: client._id, integrations: { ...client.integrations, twilioSms: { ...(sms ?? {}), enabled: e.currentTarget.checked } } })
          }
        />
        <Text size="xs" c="dimmed" mt="xs">
          Conversations features appear only when the SMS integration is enabled.
        </Text>
      </Section>
    </Stack>
  );
}
