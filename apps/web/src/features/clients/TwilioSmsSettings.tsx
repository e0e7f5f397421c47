import { conversationsSmsRoutes, type SmsSettings, sendSmsTestForm } from '@hh/contract/conversations-sms';
import { Alert, Button, Code, Group, NumberInput, PasswordInput, SimpleGrid, Stack, Switch, Text, TextInput, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { useApiQuery } from '../../lib/query.ts';
import { notify } from '../../lib/notify.ts';

/**
 * The client's Twilio account (`/clients/{id}/integrations/twilio-sms`), below the "SMS conversations
 * on" switch: account SID, auth token or API key and secret, sending number or messaging service,
 * quiet hours and rate. Secrets are write-only: the server says only whether one is stored, and an
 * empty field keeps it. "Send a test message" shows Twilio's own answer in words.
 */
const hhmm = (m: number) => `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
const minutes = (v: string) => {
  const [h, m] = v.split(':').map(Number);
  return Number.isFinite(h) && Number.isFinite(m) ? h * 60 + m : null;
};

type Form = {
  accountSid: string;
  authToken: string;
  apiKeySid: string;
  apiKeySecret: string;
  fromNumber: string;
  messagingServiceSid: string;
  quietHoursOn: boolean;
  quietStart: string;
  quietEnd: string;
  timeZone: string;
  ratePerMinute: number;
};
const formOf = (s: SmsSettings): Form => ({
  accountSid: s.accountSid ?? '',
  authToken: '',
  apiKeySid: s.apiKeySid ?? '',
  apiKeySecret: '',
  fromNumber: s.fromNumber ?? '',
  messagingServiceSid: s.messagingServiceSid ?? '',
  quietHoursOn: s.quietHoursOn,
  quietStart: hhmm(s.quietStartMinute),
  quietEnd: hhmm(s.quietEndMinute),
  timeZone: s.timeZoneSetting ?? '',
  ratePerMinute: s.ratePerMinute,
});

export function TwilioSmsSettings({ clientId }: { clientId: string }) {
  const settings = useApiQuery(conversationsSmsRoutes.settings, { query: { clientId } });
  if (settings.isLoading) return <Text size="sm">Loading the Twilio account…</Text>;
  if (settings.error || !settings.data)
    return (
      <Alert color="red" title="The Twilio account could not be loaded">
        {settings.error?.message ?? 'Try again in a moment.'}
      </Alert>
    );
  return <TwilioForm key={settings.data.accountSid ?? 'new'} clientId={clientId} saved={settings.data} />;
}

function TwilioForm({ clientId, saved }: { clientId: string; saved: SmsSettings }) {
  const qc = useQueryClient();
  const [saving, setSaving] = useState(false);
  // A contract form: the save call's own schema checks the fields as they are typed (the server's
  // messages), and its errors show under the fields they name. Empty secrets are left out: they keep
  // the stored one.
  const form = useContractForm(conversationsSmsRoutes.saveSettings, {
    initialValues: formOf(saved),
    toBody: (v) => ({
      clientId,
      accountSid: v.accountSid.trim(),
      ...(v.authToken.trim() ? { authToken: v.authToken.trim() } : {}),
      apiKeySid: v.apiKeySid.trim(),
      ...(v.apiKeySecret.trim() ? { apiKeySecret: v.apiKeySecret.trim() } : {}),
      fromNumber: v.fromNumber.trim(),
      messagingServiceSid: v.messagingServiceSid.trim(),
      quietHoursOn: v.quietHoursOn,
      quietStartMinute: minutes(v.quietStart) ?? 1260,
      quietEndMinute: minutes(v.quietEnd) ?? 480,
      timeZone: v.timeZone.trim() || null,
      ratePerMinute: v.ratePerMinute,
    }),
    fieldOf: (path) => ({ quietStartMinute: 'quietStart', quietEndMinute: 'quietEnd' })[path] ?? path,
  });

  const submit = form.onSubmit(async (values) => {
    // A time box holds HH:MM or nothing: nothing is the one thing the schema cannot see.
    if (minutes(values.quietStart) === null) return form.setFieldError('quietStart', 'Enter a time such as 21:00');
    if (minutes(values.quietEnd) === null) return form.setFieldError('quietEnd', 'Enter a time such as 08:00');
    setSaving(true);
    try {
      const reply = await api(conversationsSmsRoutes.saveSettings, { body: form.body() });
      qc.setQueryData(queryKey(conversationsSmsRoutes.settings, { query: { clientId } }), reply);
      form.setValues(formOf(reply));
      notify.success(reply.message);
    } catch (err) {
      if (err instanceof ApiError) form.showServerErrors(err);
      else notify.error('The Twilio settings could not be saved; try again.');
    } finally {
      setSaving(false);
    }
  });
  const values = form.values;

  const secretHint = (isSet: boolean) => (isSet ? 'Stored. Leave blank to keep it; type a new one to replace it.' : undefined);
  return (
    <Stack gap="md">
      <form onSubmit={submit} noValidate aria-label="Twilio account" data-testid="twilio-account">
        <Stack gap="sm">
          <Title order={3} size="h5">
            Twilio account
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Account SID" placeholder="AC…" required {...form.getInputProps('accountSid')} />
            <PasswordInput
              label="Auth token"
              description={secretHint(saved.authTokenSet) ?? 'Twilio signs its webhooks with it, so it is needed even with an API key'}
              placeholder={saved.authTokenSet ? '•••••••• (stored)' : ''}
              autoComplete="new-password"
              {...form.getInputProps('authToken')}
            />
            <TextInput label="API key SID (optional)" placeholder="SK…" {...form.getInputProps('apiKeySid')} />
            <PasswordInput
              label="API key secret"
              description={secretHint(saved.apiKeySecretSet)}
              placeholder={saved.apiKeySecretSet ? '•••••••• (stored)' : ''}
              autoComplete="new-password"
              {...form.getInputProps('apiKeySecret')}
            />
            <TextInput
              label="Sending number"
              description="In international form, with the country code"
              placeholder="+13125550100"
              {...form.getInputProps('fromNumber')}
            />
            <TextInput label="Messaging service SID (instead of a number)" placeholder="MG…" {...form.getInputProps('messagingServiceSid')} />
          </SimpleGrid>
          <Switch
            label="Quiet hours: hold texts overnight"
            description="Texts written in quiet hours go out when they end, in the time zone below"
            {...form.getInputProps('quietHoursOn', { type: 'checkbox' })}
          />
          <SimpleGrid cols={{ base: 1, sm: 4 }}>
            <TextInput type="time" label="Quiet from" disabled={!values.quietHoursOn} {...form.getInputProps('quietStart')} />
            <TextInput type="time" label="Until" disabled={!values.quietHoursOn} {...form.getInputProps('quietEnd')} />
            <TextInput
              label="Time zone"
              description={`Blank: the client's (${saved.timeZone})`}
              placeholder="America/Chicago"
              {...form.getInputProps('timeZone')}
            />
            <NumberInput label="Texts per minute" min={1} max={6000} {...form.getInputProps('ratePerMinute')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>
              Save Twilio account
            </Button>
          </Group>
        </Stack>
      </form>
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          In Twilio, set “A message comes in” (HTTP POST) to:
        </Text>
        {/* Wrapped, not scrolled: the whole address shows at 390 px and nothing needs keyboard scrolling. */}
        <Code block data-testid="twilio-inbound-url" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {saved.inboundWebhookUrl}
        </Code>
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          Delivery reports come back to {saved.statusCallbackUrl} (sent with each text; nothing to set).
        </Text>
      </Stack>
      {saved.configured ? <SendTest clientId={clientId} /> : null}
    </Stack>
  );
}

/** Spaces, dots, dashes and brackets people type are left out of the number sent. */
const typedNumber = (v: string) => v.replace(/[\s().-]/g, '');

function SendTest({ clientId }: { clientId: string }) {
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  const [sending, setSending] = useState(false);
  // A contract form like the account's: the number's rule and message come from the contract (the
  // test form's stricter schema), shown before anything is sent; the server's refusals go under it.
  const form = useContractForm(conversationsSmsRoutes.sendTest, {
    initialValues: { to: '' },
    toBody: (v) => ({ clientId, to: typedNumber(v.to) }),
    schema: sendSmsTestForm,
  });

  const send = form.onSubmit(async () => {
    setSending(true);
    try {
      const r = await api(conversationsSmsRoutes.sendTest, { body: form.body() });
      setResult({ ok: r.ok, message: r.message });
    } catch (err) {
      // A refusal about the number (400, or 409 opted out) names `to`; any other (no Twilio account) shows there too.
      if (err instanceof ApiError) {
        if (err.first('to')) form.showServerErrors(err);
        else form.setFieldError('to', err.message);
      } else setResult({ ok: false, message: 'The test message could not be sent; try again.' });
    } finally {
      setSending(false);
    }
  });

  return (
    <form onSubmit={send} noValidate aria-label="Send a test message" data-testid="twilio-test">
      <Stack gap="xs">
        <Group align="flex-end" wrap="wrap">
          <TextInput label="Send a test message to" placeholder="+13125550100" style={{ flex: '1 1 14rem' }} {...form.getInputProps('to')} />
          <Button type="submit" variant="light" loading={sending}>
            Send a test message
          </Button>
        </Group>
        {result ? (
          <Alert color={result.ok ? 'teal' : 'red'} role="status" data-testid="twilio-test-result">
            {result.message}
          </Alert>
        ) : null}
      </Stack>
    </form>
  );
}
