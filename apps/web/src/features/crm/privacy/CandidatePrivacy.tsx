import { labelOf, privacyActionLabels, sourceLabels } from '@hh/contract/labels';
import { formatDate } from '../../../lib/format.ts';
import { messages } from '@hh/contract/messages';
import { crmPrivacyRoutes } from '@hh/contract/crm-privacy';
import { fillPath } from '@hh/contract/route';
import { Alert, Anchor, Badge, Button, Group, Modal, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconDownload, IconFileZip, IconShieldLock, IconTrash } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ErrorState, LoadingRows } from '../../../components/Page.tsx';
import { api, errorText, queryKey } from '../../../lib/api.ts';
import { notify } from '../../../lib/notify.ts';
import { useApiQuery } from '../../../lib/query.ts';
import { type Candidate, useCandidateInvalidation } from '../hooks.ts';
import { downloadWithSession } from './download.ts';

const when = (iso: string) => formatDate(iso);
/** The colour of each audit action; its words are the contract's. */
const ACTION_COLOR: Record<string, string> = { viewed: 'gray', exported: 'blue', 'exported-files': 'blue', erased: 'red', anonymised: 'orange' };

/** The drawer's privacy section (decision 0012 "Privacy"): consent records, export, erasure and who viewed or exported the profile. */
export function CandidatePrivacy({ c, clientId }: { c: Candidate; clientId: string }) {
  const params = { id: c._id };
  const q = useApiQuery(crmPrivacyRoutes.getCandidate, { params, query: { clientId } });
  const key = queryKey(crmPrivacyRoutes.getCandidate, { params });
  const qc = useQueryClient();
  const invalidate = useCandidateInvalidation();
  const [busy, setBusy] = useState<'json' | 'zip' | null>(null);
  const [eraseOpen, setEraseOpen] = useState(false);

  if (q.isPending) return <LoadingRows rows={3} />;
  if (q.isError) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  const p = q.data;

  const download = async (kind: 'json' | 'zip') => {
    setBusy(kind);
    try {
      if (kind === 'json') await downloadWithSession(fillPath(crmPrivacyRoutes.exportCandidate.path, params), { clientId }, `candidate-${c._id}.json`);
      else await downloadWithSession(fillPath(crmPrivacyRoutes.exportFiles.path, params), { clientId }, `candidate-${c._id}-files.zip`);
      notify.success(kind === 'json' ? 'The candidate’s data was downloaded.' : 'The candidate’s files were downloaded.');
    } catch (err) {
      notify.error((err as Error).message);
    } finally {
      setBusy(null);
      qc.invalidateQueries({ queryKey: key });
    }
  };

  return (
    <Stack gap="md" data-testid="candidate-privacy">
      {p.anonymizedAt ? (
        <Alert color="orange" icon={<IconShieldLock size={18} />} title="Personal data erased">
          This candidate’s personal data and files were removed on {when(p.anonymizedAt)}. Only anonymous counts (job, source, status) remain.
        </Alert>
      ) : null}

      <Stack gap={6}>
        <Title order={3} size="h5">
          Consent
        </Title>
        {p.consents.length ? (
          p.consents.map((r) => (
            <Paper key={r._id} withBorder p="sm">
              <Group justify="space-between" gap="xs" mb={4}>
                <Badge variant="light">{labelOf(sourceLabels, r.source)}</Badge>
                <Text size="xs" c="dimmed">
                  {when(r.givenAt)}
                </Text>
              </Group>
              <Text size="sm">“{r.text}”</Text>
              {r.noticeUrl ? (
                <Anchor size="xs" href={r.noticeUrl} target="_blank" rel="noopener">
                  Privacy notice shown
                </Anchor>
              ) : null}
            </Paper>
          ))
        ) : (
          <Text size="sm" c="dimmed">
            No consent was recorded for this candidate (they arrived before consent was recorded). Ask them to confirm before you contact them.
          </Text>
        )}
      </Stack>

      {p.canExport && !p.anonymizedAt ? (
        <Stack gap={6}>
          <Title order={3} size="h5">
            Export
          </Title>
          <Text size="sm" c="dimmed">
            For a request from the candidate: everything held about them as JSON, and their files as a zip. Each download is recorded below.
          </Text>
          <Group gap="xs">
            <Button variant="light" leftSection={<IconDownload size={16} />} loading={busy === 'json'} onClick={() => download('json')}>
              Download data (JSON)
            </Button>
            <Button variant="light" leftSection={<IconFileZip size={16} />} loading={busy === 'zip'} disabled={!c.files.length} onClick={() => download('zip')}>
              Download files (ZIP)
            </Button>
          </Group>
          {!c.files.length ? (
            <Text size="xs" c="dimmed">
              This candidate has no files.
            </Text>
          ) : null}
        </Stack>
      ) : null}

      {p.canErase && !p.anonymizedAt ? (
        <Stack gap={6}>
          <Title order={3} size="h5">
            Erase
          </Title>
          <Text size="sm" c="dimmed">
            Removes the candidate’s personal data and files now. Counts of applications per job, source and status are kept. This cannot be undone.
          </Text>
          <Group>
            <Button color="red" variant="outline" leftSection={<IconTrash size={16} />} onClick={() => setEraseOpen(true)}>
              Erase candidate…
            </Button>
          </Group>
        </Stack>
      ) : null}

      <Stack gap={6}>
        <Title order={3} size="h5">
          Who viewed or exported this profile
        </Title>
        {p.canExport ? (
          p.audit.length ? (
            <Table.ScrollContainer minWidth={360}>
              <Table striped fz="sm" data-testid="privacy-audit">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Action</Table.Th>
                    <Table.Th>By</Table.Th>
                    <Table.Th>When</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {p.audit.map((a) => (
                    <Table.Tr key={a._id}>
                      <Table.Td>
                        <Badge variant="light" color={ACTION_COLOR[a.action] ?? 'gray'}>
                          {labelOf(privacyActionLabels, a.action)}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ wordBreak: 'break-all' }}>{a.actorEmail ?? 'Retention schedule'}</Table.Td>
                      <Table.Td>{when(a.createdAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
              {p.auditTotal > p.audit.length ? (
                <Text size="xs" c="dimmed">
                  Showing the latest {p.audit.length} of {p.auditTotal}.
                </Text>
              ) : null}
            </Table.ScrollContainer>
          ) : (
            <Text size="sm" c="dimmed">
              Nobody has viewed or exported this profile yet.
            </Text>
          )
        ) : (
          <Text size="sm" c="dimmed">
            Users with editor rights to candidates see who viewed or exported this profile.
          </Text>
        )}
      </Stack>

      <EraseModal
        c={c}
        clientId={clientId}
        opened={eraseOpen}
        onClose={() => setEraseOpen(false)}
        onErased={() => {
          setEraseOpen(false);
          qc.invalidateQueries({ queryKey: key });
          invalidate(c._id);
        }}
      />
    </Stack>
  );
}

function EraseModal({
  c,
  clientId,
  opened,
  onClose,
  onErased,
}: {
  c: Candidate;
  clientId: string;
  opened: boolean;
  onClose: () => void;
  onErased: () => void;
}) {
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === c.email.toLowerCase();
  const erase = useMutation({
    mutationFn: () => api(crmPrivacyRoutes.erase, { body: { clientId, candidateId: c._id, confirm: typed } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setTyped('');
      onErased();
    },
    onError: (err) => notify.error(errorText(err, errorText(err, 'The candidate could not be erased. Please try again', 'candidates'), 'confirm')),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Erase this candidate?" centered>
      <Stack gap="sm">
        <Text size="sm">
          The name, contact details, address, resume text, skills, tags, application answers, notes and every file of{' '}
          <strong>
            {c.firstName} {c.lastName}
          </strong>{' '}
          are removed now. Anonymous counts stay. <strong>This cannot be undone.</strong>
        </Text>
        <TextInput
          label="Type the candidate’s email address to confirm"
          description={c.email}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
          error={typed && !matches ? messages.privacy.eraseConfirmMismatch : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" disabled={!matches} loading={erase.isPending} onClick={() => erase.mutate()}>
            Erase permanently
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
