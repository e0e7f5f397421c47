import type { Client } from '@hh/contract/clients';
import { Anchor, Badge, Button, Group, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { Section } from '../../components/Page.tsx';
import { SapImportSettings } from '../sap-import/index.ts';
import { TwilioSmsSettings } from './TwilioSmsSettings.tsx';
import { useUpdateClient } from './useUpdateClient.ts';

/**
 * Client integrations (core spec §2 routes `/clients/{id}/integrations/chatbot|sap|twilio-sms`), each
 * its own form with labelled fields, never a JSON box. Each form saves only its own key
 * of `client.integrations` and keeps the others. No secret is kept here: `integrations` is part of the
 * client reply, which the client's staff may read. The Twilio account (auth token, API key secret) is
 * saved by its own calls and sealed on the server (TwilioSmsSettings.tsx).
 */
type Field = { key: string; label: string; description?: string; placeholder?: string; check?: (v: string) => string | null };
interface IntegrationDef {
  slug: 'twilio-sms' | 'chatbot' | 'sap';
  key: 'twilioSms' | 'chatbot' | 'sap';
  title: string;
  summary: string;
  enableLabel: string;
  fields: Field[];
  switches?: Array<{ key: string; label: string; description?: string }>;
}

const maxLen = (n: number) => (v: string) => (v.length > n ? `Use at most ${n} characters` : null);

export const integrations: IntegrationDef[] = [
  {
    slug: 'twilio-sms',
    key: 'twilioSms',
    title: 'Twilio SMS',
    summary: 'Text conversations with candidates. When it is on, the Conversations pages appear for this client.',
    enableLabel: 'SMS conversations on',
    // The Twilio account (secrets included) is its own form below the switch, kept by the server (TwilioSmsSettings).
    fields: [],
  },
  {
    slug: 'chatbot',
    key: 'chatbot',
    title: 'Chatbot',
    summary: 'A chat window on the career site that answers candidates’ questions and points them to jobs.',
    enableLabel: 'Chatbot on',
    fields: [
      { key: 'botName', label: 'Name shown to candidates', placeholder: 'Ava', check: maxLen(60) },
      { key: 'greeting', label: 'First message', placeholder: 'Hi! Looking for a job near you?', check: maxLen(300) },
    ],
    switches: [{ key: 'showOnJobPages', label: 'Also on job pages', description: 'Otherwise only on the search page' }],
  },
  {
    slug: 'sap',
    key: 'sap',
    title: 'SAP SuccessFactors',
    summary: 'Open job requisitions imported from SAP SuccessFactors Recruiting, on a schedule or when you click Import now.',
    enableLabel: 'SAP connection on',
    // The connection (its password sealed on the server), the schedule and the imports are the sap-import feature's own form (SapSection).
    fields: [],
  },
];

type Settings = Record<string, unknown>;
const settingsOf = (client: Client, key: string): Settings => {
  const v = (client.integrations as Record<string, unknown>)[key];
  return v && typeof v === 'object' ? (v as Settings) : {};
};

function IntegrationForm({ client, def }: { client: Client; def: IntegrationDef }) {
  const saved = settingsOf(client, def.key);
  const [enabled, setEnabled] = useState(saved.enabled === true);
  const [text, setText] = useState<Record<string, string>>(() =>
    Object.fromEntries(def.fields.map((f) => [f.key, typeof saved[f.key] === 'string' ? (saved[f.key] as string) : ''])),
  );
  const [flags, setFlags] = useState<Record<string, boolean>>(() => Object.fromEntries((def.switches ?? []).map((s) => [s.key, saved[s.key] === true])));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const update = useUpdateClient({ success: `${def.title} settings saved` });

  function submit(e: FormEvent) {
    e.preventDefault();
    const found: Record<string, string> = {};
    for (const f of def.fields) {
      const problem = f.check?.(text[f.key].trim());
      if (problem) found[f.key] = problem;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    const next: Settings = { ...saved, enabled, ...flags };
    for (const f of def.fields) {
      const v = text[f.key].trim();
      if (v) next[f.key] = v;
      else delete next[f.key];
    }
    update.mutate({ _id: client._id, integrations: { ...client.integrations, [def.key]: next } });
  }

  return (
    <Section
      title={def.title}
      actions={
        <Badge color={saved.enabled === true ? 'teal' : 'gray'} data-testid={`integration-status-${def.slug}`}>
          {saved.enabled === true ? 'On' : 'Off'}
        </Badge>
      }
    >
      <form onSubmit={submit} noValidate aria-label={`${def.title} settings`} data-testid={`integration-${def.slug}`}>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            {def.summary}
          </Text>
          <Switch label={def.enableLabel} checked={enabled} onChange={(e) => setEnabled(e.currentTarget.checked)} />
          {def.fields.length ? (
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              {def.fields.map((f) => (
                <TextInput
                  key={f.key}
                  label={f.label}
                  description={f.description}
                  placeholder={f.placeholder}
                  value={text[f.key]}
                  error={errors[f.key]}
                  onChange={(e) => {
                    const v = e.currentTarget.value;
                    setText((t) => ({ ...t, [f.key]: v }));
                  }}
                />
              ))}
            </SimpleGrid>
          ) : null}
          {def.switches?.map((s) => (
            <Switch
              key={s.key}
              label={s.label}
              description={s.description}
              checked={flags[s.key]}
              onChange={(e) => {
                const v = e.currentTarget.checked;
                setFlags((x) => ({ ...x, [s.key]: v }));
              }}
            />
          ))}
          <Group justify="flex-end">
            <Button type="submit" loading={update.isPending}>
              Save {def.title}
            </Button>
          </Group>
        </Stack>
      </form>
      {def.slug === 'twilio-sms' ? <TwilioSmsSettings clientId={client._id} /> : null}
    </Section>
  );
}

/** SAP SuccessFactors: its connection, schedule and imports are kept by the server's sap-import calls, not in `client.integrations`. */
function SapSection({ client, def }: { client: Client; def: IntegrationDef }) {
  return (
    <Section title={def.title}>
      <div data-testid="integration-sap">
        <SapImportSettings clientId={client._id} />
      </div>
    </Section>
  );
}

/** The Integrations tab: every integration's form, or only the one the address names. */
export function ClientIntegrations({ client, only }: { client: Client; only?: string }) {
  const shown = integrations.filter((d) => !only || d.slug === only);
  return (
    <Stack>
      {only && shown.length ? (
        <Anchor component={Link} to={`/clients/${client._id}/integrations`} size="sm">
          ← All integrations
        </Anchor>
      ) : null}
      {(shown.length ? shown : integrations).map((def) =>
        def.slug === 'sap' ? (
          <SapSection key={def.slug} client={client} def={def} />
        ) : (
          <IntegrationForm key={`${def.slug}:${client.updatedAt}`} client={client} def={def} />
        ),
      )}
    </Stack>
  );
}
