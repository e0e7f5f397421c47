import { crmRoutes } from '@hh/contract/crm';
import { labelOf, sourceLabels } from '@hh/contract/labels';
import { messages } from '@hh/contract/messages';
import type { RouteInput } from '@hh/contract/route';
import {
  Anchor,
  Badge,
  Button,
  Divider,
  Drawer,
  Group,
  Loader,
  Paper,
  Select,
  Stack,
  Tabs,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core';
import { IconDownload, IconFileText, IconStar, IconStarFilled } from '@tabler/icons-react';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ErrorState, LoadingRows } from '../../components/Page.tsx';
import { errorText } from '../../lib/api.ts';
import { useAuth } from '../../lib/auth.tsx';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { DuplicateNotice } from './duplicates/DuplicateNotice.tsx';
import { CandidatePrivacy } from './privacy/CandidatePrivacy.tsx';
import { canForwardProfile } from './rights.ts';
import { statusColor } from './ui.tsx';
import {
  api,
  type Candidate,
  fetchFile,
  fetchFileUrl,
  type TimelineEvent,
  useCandidate,
  useCandidateInvalidation,
  useFacets,
  usePipeline,
  useRequisitions,
  useTimeline,
} from './hooks.ts';

/** What the drawer changes on one candidate: favourite, status or tags. */
type CandidatePatch = Pick<RouteInput<typeof crmRoutes.updateCandidateById>['body'], 'favorite' | 'status' | 'tags'>;

/** The candidate drawer (issue 12): profile, status, tags, files with resume preview, applications with answers, actions, notes, timeline. */
export function CandidateDrawer({ candidateId, onClose }: { candidateId: string | null; onClose: () => void }) {
  const { clientId } = useSelectedClient();
  const narrow = useMediaQuery('(max-width: 700px)');
  const cand = useCandidate(clientId, candidateId);
  const c = cand.data;
  return (
    <Drawer
      opened={!!candidateId}
      onClose={onClose}
      position="right"
      size={narrow ? '100%' : 'xl'}
      title={c ? `${c.firstName} ${c.lastName}` : 'Candidate'}
      closeButtonProps={{ 'aria-label': 'Close candidate' }}
    >
      {cand.isLoading ? (
        <LoadingRows rows={6} />
      ) : cand.error ? (
        <ErrorState error={cand.error} onRetry={() => cand.refetch()} />
      ) : c && clientId ? (
        <CandidateDetail c={c} clientId={clientId} />
      ) : null}
    </Drawer>
  );
}

function CandidateDetail({ c, clientId }: { c: Candidate; clientId: string }) {
  const fmt = useFormat();
  const pipeline = usePipeline(clientId);
  const facets = useFacets(clientId);
  const invalidate = useCandidateInvalidation();
  const [tags, setTags] = useState(c.tags);
  const [typed, setTyped] = useState('');
  useEffect(() => setTags(c.tags), [c.tags]);
  const saveTags = (next: string[]) => {
    setTags(next);
    if (JSON.stringify(next) !== JSON.stringify(c.tags)) update.mutate({ tags: next });
  };
  // A tag typed but not added when the drawer closes (Escape, the close button) is saved, not dropped.
  const pending = useRef({ typed, tags, clientId, invalidate });
  pending.current = { typed, tags, clientId, invalidate };
  const candidateId = c._id;
  useEffect(
    () => () => {
      const { typed: t, tags: list, clientId: cid, invalidate: refresh } = pending.current;
      const tag = t.trim();
      if (!tag || list.includes(tag)) return;
      api(crmRoutes.updateCandidateById, { params: { id: candidateId }, body: { clientId: cid, tags: [...list, tag] } })
        .then((r) => {
          notify.success(r.message);
          refresh(candidateId);
        })
        .catch((err) => notify.error(errorText(err, 'The tag could not be saved', 'tags')));
    },
    [candidateId],
  );
  const update = useMutation({
    mutationFn: (patch: CandidatePatch) => api(crmRoutes.updateCandidateById, { params: { id: c._id }, body: { clientId, ...patch } }),
    onSuccess: (r) => {
      notify.success(r.message);
      invalidate(c._id);
    },
    onError: (err) => notify.error(errorText(err, 'The candidate could not be updated', 'status')),
  });
  const statuses = pipeline.data?.statuses ?? [c.status];
  return (
    <Stack gap="md">
      <DuplicateNotice clientId={clientId} candidateId={c._id} />
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Group gap={6}>
            <Anchor href={`mailto:${c.email}`}>{c.email}</Anchor>
            {c.unsubscribed ? (
              <Badge color="gray.7" variant="outline" title="This address unsubscribed from campaign emails; campaigns skip it.">
                Unsubscribed
              </Badge>
            ) : null}
          </Group>
          <Text size="sm">{c.phone ?? 'No phone'}</Text>
          <Text size="sm" c="gray.7">
            {[c.address.city, c.address.state, c.address.zipCode].filter(Boolean).join(', ') || 'No location'} · Source: {labelOf(sourceLabels, c.source)} ·
            Added {fmt.day(c.createdAt)}
          </Text>
        </Stack>
        <Button
          variant="default"
          leftSection={c.favorite ? <IconStarFilled size={16} color="#b07d00" /> : <IconStar size={16} />}
          onClick={() => update.mutate({ favorite: !c.favorite })}
          aria-pressed={c.favorite}
        >
          {c.favorite ? 'Favourite' : 'Add to favourites'}
        </Button>
      </Group>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Select
          label="Status"
          data={statuses}
          value={c.status}
          onChange={(v) => v && v !== c.status && update.mutate({ status: v })}
          allowDeselect={false}
          w={200}
          data-testid="candidate-status"
        />
        <Badge color={statusColor(statuses, c.status)} variant="filled" mb={8}>
          {c.status}
        </Badge>
        {/* Like Status, a tag is saved as soon as Enter (or a suggestion) adds it; text typed but not yet
            added is saved too when the input loses focus or the drawer closes, so nothing typed is lost. */}
        <TagsInput
          label="Tags"
          placeholder="Type a tag and press Enter"
          description="Saved as soon as you press Enter"
          value={tags}
          onChange={saveTags}
          searchValue={typed}
          onSearchChange={setTyped}
          acceptValueOnBlur
          data={facets.data?.tags.map((t) => t.value) ?? []}
          style={{ flex: 1, minWidth: 220 }}
        />
      </Group>
      <Tabs defaultValue="applications" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="applications">Applications ({c.applications.length})</Tabs.Tab>
          <Tabs.Tab value="resume">Resume & files ({c.files.length})</Tabs.Tab>
          <Tabs.Tab value="actions">Follow-up & share</Tabs.Tab>
          <Tabs.Tab value="activity">Notes & timeline</Tabs.Tab>
          <Tabs.Tab value="privacy">Privacy</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="applications" pt="md">
          <Applications c={c} />
        </Tabs.Panel>
        <Tabs.Panel value="resume" pt="md">
          <Files c={c} />
        </Tabs.Panel>
        <Tabs.Panel value="actions" pt="md">
          <Actions c={c} clientId={clientId} />
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="md">
          <Activity c={c} clientId={clientId} />
        </Tabs.Panel>
        <Tabs.Panel value="privacy" pt="md">
          <CandidatePrivacy c={c} clientId={clientId} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Applications({ c }: { c: Candidate }) {
  const fmt = useFormat();
  if (!c.applications.length) return <Text c="gray.7">No applications yet. Assign the candidate to a job from the candidate list, or refer them to one.</Text>;
  return (
    <Stack gap="sm">
      {c.applications.map((a) => (
        <Paper key={a._id} withBorder p="sm" radius="md">
          <Group justify="space-between">
            <Text fw={600}>{a.jobTitle || 'Job'}</Text>
            <Text size="sm" c="gray.7">
              {fmt.date(a.createdAt)} · {labelOf(sourceLabels, a.source)}
            </Text>
          </Group>
          {a.answers.length ? (
            <Stack gap={2} mt="xs">
              {a.answers.map((x) => (
                <Text size="sm" key={x.questionId ?? x.question}>
                  <Text span c="gray.7">
                    {x.question}
                  </Text>{' '}
                  {x.answer}
                </Text>
              ))}
            </Stack>
          ) : (
            <Text size="sm" c="gray.7" mt="xs">
              No prequalification answers.
            </Text>
          )}
        </Paper>
      ))}
    </Stack>
  );
}

export function ResumePreview({ file }: { file: Candidate['files'][number] }) {
  const [url, setUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    let u: string | null = null;
    let cancelled = false;
    setUrl(null);
    setText(null);
    setError(null);
    fetchFile(file.blobPath)
      .then(async (blob) => {
        if (cancelled) return;
        if (file.contentType.startsWith('text/')) setText(await blob.text());
        u = URL.createObjectURL(blob);
        setUrl(u);
      })
      .catch((e: Error) => setError(e.message));
    return () => {
      cancelled = true;
      if (u) URL.revokeObjectURL(u);
    };
  }, [file.blobPath, file.contentType]);
  if (error) return <Text c="red">{error}</Text>;
  if (!url) return <Loader size="sm" aria-label="Loading the resume" />;
  if (file.contentType === 'application/pdf')
    return <iframe src={url} title={`Resume ${file.name}`} style={{ width: '100%', height: 600, border: '1px solid #dee2e6', borderRadius: 8 }} />;
  if (text !== null)
    return (
      <Paper withBorder p="sm" style={{ whiteSpace: 'pre-wrap', maxHeight: 600, overflow: 'auto' }}>
        <Text size="sm">{text}</Text>
      </Paper>
    );
  return (
    <Text size="sm" c="gray.7">
      This file type cannot be previewed in the browser. Download it to read it.
    </Text>
  );
}

function Files({ c }: { c: Candidate }) {
  const [current, setCurrent] = useState(c.files[0]?.blobPath ?? null);
  const file = c.files.find((f) => f.blobPath === current);
  const download = async (f: Candidate['files'][number]) => {
    try {
      const u = await fetchFileUrl(f.blobPath);
      const a = document.createElement('a');
      a.href = u;
      a.download = f.name;
      a.click();
      setTimeout(() => URL.revokeObjectURL(u), 10_000);
    } catch (e) {
      notify.error((e as Error).message);
    }
  };
  return (
    <Stack gap="sm">
      {c.files.length ? (
        <Stack gap={4}>
          {c.files.map((f) => (
            <Group key={f.blobPath} gap="xs" justify="space-between">
              <Anchor component="button" type="button" onClick={() => setCurrent(f.blobPath)} fw={f.blobPath === current ? 700 : 400}>
                <Group gap={4}>
                  <IconFileText size={16} aria-hidden />
                  {f.name}
                </Group>
              </Anchor>
              <Group gap="xs">
                <Text size="xs" c="gray.7">
                  {f.kind} · {f.createdAt.slice(0, 10)}
                </Text>
                <Button
                  size="compact-xs"
                  variant="subtle"
                  leftSection={<IconDownload size={14} />}
                  onClick={() => download(f)}
                  aria-label={`Download ${f.name}`}
                >
                  Download
                </Button>
              </Group>
            </Group>
          ))}
        </Stack>
      ) : (
        <Text c="gray.7">No files. A resume sent with an application appears here.</Text>
      )}
      {file ? <ResumePreview file={file} /> : null}
      {c.resumeText && !file ? (
        <Paper withBorder p="sm" style={{ whiteSpace: 'pre-wrap' }}>
          <Text size="sm">{c.resumeText}</Text>
        </Paper>
      ) : null}
      {c.skills.length ? (
        <Group gap={4}>
          <Text size="sm" fw={600}>
            Skills:
          </Text>
          {c.skills.map((s) => (
            <Badge key={s} variant="light" color="gray.7">
              {s}
            </Badge>
          ))}
        </Group>
      ) : null}
    </Stack>
  );
}

function Actions({ c, clientId }: { c: Candidate; clientId: string }) {
  const invalidate = useCandidateInvalidation();
  const reqs = useRequisitions(clientId);
  const alerts = useApiQuery(crmRoutes.listAlerts, { params: { id: c._id }, query: { clientId } });
  const [date, setDate] = useState('');
  const [note, setNote] = useState('');
  const [jobId, setJobId] = useState<string | null>(null);
  const [to, setTo] = useState<string[]>([]);
  const [fwdMsg, setFwdMsg] = useState('');
  const done = (r: { message: string }) => {
    notify.success(r.message);
    invalidate(c._id);
  };
  const followUp = useMutation({
    mutationFn: () =>
      api(crmRoutes.setFollowUp, {
        body: { clientId, candidateId: c._id, reminderDate: date, note: note || undefined },
      }),
    onSuccess: (r) => {
      done(r);
      setNote('');
    },
    onError: (err) => notify.error(errorText(err, messages.crm.reminderDatePast, 'reminderDate')),
  });
  const refer = useMutation({
    mutationFn: () => api(crmRoutes.referCandidate, { body: { clientId, candidateId: c._id, jobId: jobId as string } }),
    onSuccess: done,
    onError: (err) => notify.error(errorText(err, 'The referral could not be sent', 'jobId')),
  });
  const forward = useMutation({
    mutationFn: () => api(crmRoutes.forwardProfile, { body: { clientId, candidateId: c._id, to, message: fwdMsg || undefined } }),
    onSuccess: (r) => {
      done(r);
      setTo([]);
      setFwdMsg('');
    },
    onError: (err) => notify.error(errorText(err, messages.wave.embedError, 'to')),
  });
  const alert = useMutation({
    mutationFn: () =>
      api(crmRoutes.createAlert, {
        body: { clientId, candidateId: c._id, name: `Updates on ${c.firstName} ${c.lastName}`, frequency: 'instant' },
      }),
    onSuccess: (r) => {
      done(r);
      alerts.refetch();
    },
    onError: (err) => notify.error(errorText(err, 'The alert could not be created', 'alerts')),
  });
  const mayForward = canForwardProfile(useAuth().user);
  const validEmails = to.every((x) => /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(x));
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        <Title order={3} size="h5">
          Follow-up reminder
        </Title>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput type="date" label="Remind me on" value={date} onChange={(e) => setDate(e.currentTarget.value)} w={180} />
          <TextInput label="Note (optional)" value={note} onChange={(e) => setNote(e.currentTarget.value)} style={{ flex: 1, minWidth: 180 }} />
          <Button color="blue.8" disabled={!date} onClick={() => followUp.mutate()} loading={followUp.isPending}>
            Set follow-up
          </Button>
        </Group>
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Refer to a job
        </Title>
        <Text size="sm" c="gray.7">
          Emails {c.firstName} a link to the job.
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Job"
            data={(reqs.data?.results ?? []).filter((r) => r.status === 'open').map((r) => ({ value: r._id, label: r.title }))}
            value={jobId}
            onChange={setJobId}
            searchable
            placeholder="Choose an open job"
            w={280}
          />
          <Button color="blue.8" disabled={!jobId} onClick={() => refer.mutate()} loading={refer.isPending}>
            Refer
          </Button>
        </Group>
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Forward the profile
        </Title>
        {mayForward ? (
          <>
            <TagsInput
              label="To (email addresses)"
              placeholder="name@company.com, then Enter"
              value={to}
              onChange={setTo}
              error={validEmails ? undefined : 'Please enter valid email addresses'}
            />
            <Textarea label="Message (optional)" value={fwdMsg} onChange={(e) => setFwdMsg(e.currentTarget.value)} autosize minRows={2} />
            <Group>
              <Button color="blue.8" disabled={!to.length || !validEmails} onClick={() => forward.mutate()} loading={forward.isPending}>
                Forward with resume
              </Button>
            </Group>
          </>
        ) : (
          <Text size="sm" c="gray.7" data-testid="forward-needs-editor">
            {messages.crm.forwardNeedsEditor}
          </Text>
        )}
      </Stack>
      <Divider />
      <Stack gap="xs">
        <Title order={3} size="h5">
          Alerts
        </Title>
        {(alerts.data?.results ?? []).map((a) => (
          <Text size="sm" key={a._id}>
            {a.name} · {a.frequency} · to {a.email} {a.active ? '' : '(paused)'}
          </Text>
        ))}
        <Group>
          <Button variant="light" onClick={() => alert.mutate()} loading={alert.isPending}>
            Alert me about this candidate
          </Button>
        </Group>
      </Stack>
    </Stack>
  );
}

const LABELS: Record<string, (e: TimelineEvent) => string> = {
  created: (e) => `Candidate added (source: ${String(e.data.source ?? '')})`,
  applied: (e) => `${e.data.updated ? 'Updated the application for' : 'Applied for'} ${String(e.data.jobTitle ?? 'a job')}`,
  status: (e) => `Status moved from ${String(e.data.from)} to ${String(e.data.to)}`,
  tags: (e) =>
    [
      (e.data.added as string[])?.length ? `Tagged ${(e.data.added as string[]).join(', ')}` : '',
      (e.data.removed as string[])?.length ? `Untagged ${(e.data.removed as string[]).join(', ')}` : '',
    ]
      .filter(Boolean)
      .join('; '),
  note: (e) => String(e.data.note ?? ''),
  'follow-up': (e) => `Follow-up set for ${String(e.data.reminderDate)}${e.data.note ? ` — ${String(e.data.note)}` : ''}`,
  unsubscribed: () => 'Unsubscribed from campaign emails',
  campaign: (e) => `Campaign "${String(e.data.name)}" emailed`,
  'follow-up-sent': (e) => `Follow-up reminder emailed to ${String(e.data.to)}`,
  referral: (e) => `Referred to ${String(e.data.jobTitle)}`,
  forward: (e) => `Profile forwarded to ${(e.data.to as string[])?.join(', ')}`,
  alert: (e) => `Alert "${String(e.data.name)}" ${String(e.data.action)}`,
  list: (e) => `Added to the list "${String(e.data.name)}"`,
  updated: (e) => (e.data.fields ? `Updated ${(e.data.fields as string[]).join(', ')}` : 'Assigned to a job'),
  viewed: () => 'Application opened',
};

function Activity({ c, clientId }: { c: Candidate; clientId: string }) {
  const fmt = useFormat();
  const tl = useTimeline(clientId, c._id);
  const invalidate = useCandidateInvalidation();
  const [note, setNote] = useState('');
  const add = useMutation({
    mutationFn: () => api(crmRoutes.addNote, { body: { clientId, candidateId: c._id, note } }),
    onSuccess: (r) => {
      notify.success(r.message);
      setNote('');
      invalidate(c._id);
    },
    onError: (err) => notify.error(errorText(err, 'The note could not be saved', 'note')),
  });
  return (
    <Stack gap="md">
      <Textarea label="Add a note" value={note} onChange={(e) => setNote(e.currentTarget.value)} autosize minRows={2} />
      <Group>
        <Button color="blue.8" disabled={!note.trim()} onClick={() => add.mutate()} loading={add.isPending}>
          Add note
        </Button>
      </Group>
      {tl.isLoading ? (
        <LoadingRows rows={3} />
      ) : tl.error ? (
        <ErrorState error={tl.error} onRetry={() => tl.refetch()} />
      ) : (
        <Timeline bulletSize={14} lineWidth={2} data-testid="timeline">
          {(tl.data?.results ?? []).map((e) => (
            <Timeline.Item key={e._id} title={(LABELS[e.type] ?? (() => e.type))(e)}>
              <Text size="xs" c="gray.7">
                {e.actorEmail ?? 'System'} · {fmt.date(e.createdAt)}
              </Text>
            </Timeline.Item>
          ))}
        </Timeline>
      )}
    </Stack>
  );
}
