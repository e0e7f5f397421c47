import type { SsoDomainState, SsoSettings as Settings } from '@hh/contract/sso';
import { ssoRoutes } from '@hh/contract/sso';
import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  PasswordInput,
  Stack,
  Switch,
  Table,
  TagsInput,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ErrorState, LoadingRows, ScrollTable, Section } from '../../components/Page.tsx';
import { api, errorText, queryKey } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
import { formatDate } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';

const when = (iso: string | null) => (iso ? formatDate(iso) : 'Never');

/**
 * A client's single sign-on (docs/decisions/0402-sso-domain-proof.md): its OpenID provider and the
 * email domains it claims. A domain signs nobody in until proved: the screen shows each domain's
 * state and the TXT record to publish on it, with "Check now" to look for the record.
 */
export function SsoSettings({ clientId }: { clientId: string }) {
  const qc = useQueryClient();
  const key = queryKey(ssoRoutes.settings, { query: { clientId } });
  const q = useApiQuery(ssoRoutes.settings, { query: { clientId } });
  const form = useContractForm(ssoRoutes.updateSettings, {
    initialValues: { sso: false, issuer: '', oidcClientId: '', oidcClientSecret: '', emailDomains: [] as string[] },
    toBody: (v) => ({
      clientId,
      sso: v.sso,
      issuer: v.issuer.trim(),
      oidcClientId: v.oidcClientId,
      oidcClientSecret: v.oidcClientSecret ? v.oidcClientSecret : undefined,
      emailDomains: v.emailDomains,
    }),
    fieldOf: (path) => path.split('.')[0],
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the loaded (or just saved) settings replace the values; the form object is new on every render
  useEffect(() => {
    if (!q.data) return;
    form.setValues({
      sso: q.data.sso,
      issuer: q.data.issuer ?? '',
      oidcClientId: q.data.oidcClientId ?? '',
      oidcClientSecret: '',
      emailDomains: q.data.emailDomains,
    });
  }, [q.data]);
  const save = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(ssoRoutes.updateSettings, { body }),
    onSuccess: (r) => {
      notify.success('Single sign-on settings saved');
      qc.setQueryData(key, r);
    },
    onError: (err) => {
      form.showServerErrors(err);
      notify.error(errorText(err, 'The single sign-on settings could not be saved. Please try again', 'issuer'));
    },
  });
  const check = useMutation({
    mutationFn: (domain: string) => api(ssoRoutes.checkDomain, { body: { clientId, domain } }),
    onSuccess: (r) => {
      if (r.domain.status === 'verified') notify.success(r.message);
      else notify.error(r.message);
      qc.setQueryData(key, (old: Settings | undefined) =>
        old ? { ...old, domains: old.domains.map((d) => (d.domain === r.domain.domain ? r.domain : d)) } : old,
      );
    },
    onError: (err) => notify.error(errorText(err, 'The domain could not be checked. Please try again', 'domain')),
  });
  const submit = form.onSubmit(() => save.mutate(form.body()));
  if (q.isPending) return <LoadingRows rows={4} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  return (
    <Stack maw={900} data-testid="sso-settings">
      <Section title="Identity provider">
        <Stack gap="sm">
          <Switch label="Users of this client sign in through single sign-on" {...form.getInputProps('sso', { type: 'checkbox' })} />
          <TextInput label="Issuer" description="The provider's issuer URL (https), on the public internet." {...form.getInputProps('issuer')} />
          <TextInput label="Client ID" {...form.getInputProps('oidcClientId')} />
          <PasswordInput
            label="Client secret"
            description={q.data.hasClientSecret ? 'A secret is stored. Leave empty to keep it.' : undefined}
            autoComplete="new-password"
            {...form.getInputProps('oidcClientSecret')}
          />
          <TagsInput
            label="Email domains"
            description="Addresses on these domains sign in through this provider once the domain is verified. Press Enter after each domain."
            {...form.getInputProps('emailDomains')}
          />
          <Group>
            <Button onClick={() => submit()} loading={save.isPending}>
              Save single sign-on
            </Button>
          </Group>
        </Stack>
      </Section>
      <Section title="Domain verification">
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            Prove each domain by adding its TXT record to the domain's DNS (at the domain itself, for example acme.com), then press Check now. Until then the
            domain is pending and nobody signs in through it. DNS changes can take a while to appear.
          </Text>
          {q.data.domains.length === 0 ? (
            <Text size="sm">No email domains yet.</Text>
          ) : (
            <ScrollTable minWidth={720} label="Email domains and their verification">
              <Table verticalSpacing="sm" withTableBorder bg="white">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Domain</Table.Th>
                    <Table.Th>State</Table.Th>
                    <Table.Th>TXT record</Table.Th>
                    <Table.Th>Last checked</Table.Th>
                    <Table.Th>
                      <VisuallyHidden>Actions</VisuallyHidden>
                    </Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {q.data.domains.map((d) => (
                    <DomainRow key={d.domain} d={d} checking={check.isPending && check.variables === d.domain} onCheck={() => check.mutate(d.domain)} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Stack>
      </Section>
    </Stack>
  );
}

function DomainRow({ d, checking, onCheck }: { d: SsoDomainState; checking: boolean; onCheck: () => void }) {
  return (
    <Table.Tr data-testid={`sso-domain-${d.domain}`}>
      <Table.Td>{d.domain}</Table.Td>
      <Table.Td>
        <Badge color={d.status === 'verified' ? 'teal' : 'yellow'} variant="light">
          {d.status === 'verified' ? 'Verified' : 'Pending'}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Group gap={4} wrap="nowrap">
          <Code data-testid="sso-txt-record" style={{ wordBreak: 'break-all' }}>
            {d.txtRecord}
          </Code>
          <CopyButton value={d.txtRecord}>
            {({ copied, copy }) => (
              <Tooltip label={copied ? 'Copied' : 'Copy the TXT record'}>
                <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy the TXT record of ${d.domain}`}>
                  {copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
                </ActionIcon>
              </Tooltip>
            )}
          </CopyButton>
        </Group>
      </Table.Td>
      <Table.Td>{when(d.status === 'verified' ? d.verifiedAt : d.checkedAt)}</Table.Td>
      <Table.Td>
        {d.status === 'pending' ? (
          <Button size="xs" variant="outline" onClick={onCheck} loading={checking} aria-label={`Check now: ${d.domain}`}>
            Check now
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
