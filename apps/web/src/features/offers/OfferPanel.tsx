import { jobRoutes } from '@hh/contract/jobs';
import { type Offer, offersRoutes } from '@hh/contract/offers';
import { Alert, Badge, Button, Group, List, MultiSelect, NumberInput, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconClock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { canWriteOffers } from './rights.ts';

const STATUS: Record<Offer['status'], { label: string; color: string }> = {
  pending_approval: { label: 'Waiting for approval', color: 'yellow' },
  approved: { label: 'Approved, not sent', color: 'blue' },
  sent: { label: 'Sent to the candidate', color: 'indigo' },
  accepted: { label: 'Accepted', color: 'teal' },
  declined: { label: 'Declined', color: 'red' },
};

interface FormValues {
  templateId: string | null;
  salary: number | string;
  currency: string;
  startDate: string;
  managerName: string;
  expiresOn: string;
  approverUserIds: string[];
}

const inDays = (n: number) => new Date(Date.now() + n * 86400_000).toISOString().slice(0, 10);
const fromOffer = (o: Offer | null): FormValues =>
  o
    ? {
        templateId: o.templateId,
        salary: o.salary,
        currency: o.currency,
        startDate: o.startDate,
        managerName: o.managerName,
        expiresOn: o.expiresAt.slice(0, 10),
        approverUserIds: o.approvals.map((a) => a.userId),
      }
    : { templateId: null, salary: '', currency: 'USD', startDate: inDays(30), managerName: '', expiresOn: inDays(7), approverUserIds: [] };

/**
 * The offer of one application, in the candidate drawer: the form (template, salary, dates, manager,
 * approvers in order), the approval chain as it stands, sending, and the candidate's answer. When
 * an acceptance fills the job's last open position, it offers to close the job.
 */
export function OfferPanel({ applicationId }: { applicationId: string }) {
  const clientId = useSelectedClient().clientId ?? '';
  const me = useUser();
  const canWrite = canWriteOffers(me);
  const qc = useQueryClient();
  const fmt = useFormat();
  const q = useApiQuery(offersRoutes.ofApplication, { params: { id: applicationId }, query: { clientId } }, { enabled: !!clientId });
  const offer = q.data?.offer ?? null;
  const [editing, setEditing] = useState(false);
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(offersRoutes.ofApplication, { params: { id: applicationId } }) });
  const act = useMutation({
    mutationFn: (what: 'approve' | 'send') =>
      api(what === 'approve' ? offersRoutes.approve : offersRoutes.send, { params: { id: offer?._id ?? '' }, body: { clientId } }),
    onSuccess: (o) => {
      notify.success(o.message);
      void refresh();
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : 'That did not work. Try again.'),
  });
  const closeJob = useMutation({
    mutationFn: () => api(jobRoutes.bulkClose, { body: { clientId, jobIds: [offer?.jobId ?? ''] } }),
    onSuccess: (r) => {
      notify.success(r.message);
      void refresh();
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : 'The job could not be closed. Try again.'),
  });

  if (q.isPending) return <Text size="sm">Loading the offer…</Text>;
  if (q.error) return <Alert color="red">The offer could not be loaded. Reload the page to try again.</Alert>;
  if (!offer || editing) {
    if (!canWrite)
      return (
        <Text size="sm" c="gray.7">
          No offer yet. An editor of your company writes offers.
        </Text>
      );
    return (
      <OfferForm
        applicationId={applicationId}
        clientId={clientId}
        offer={offer}
        onDone={() => {
          setEditing(false);
          void refresh();
        }}
        onCancel={offer ? () => setEditing(false) : undefined}
      />
    );
  }
  const answered = offer.status === 'accepted' || offer.status === 'declined';
  const status = STATUS[offer.status];
  return (
    <Stack gap="sm" data-testid="offer-panel">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5">
          Offer
        </Title>
        <Badge color={status.color} variant="light" data-testid="offer-status">
          {status.label}
        </Badge>
      </Group>
      <Text size="sm">
        {offer.salary.toLocaleString('en-US')} {offer.currency} · starts {offer.startDate} · manager {offer.managerName} · open until{' '}
        {fmt.date(offer.expiresAt)}
      </Text>
      <div>
        <Text size="sm" fw={600} id={`chain-${offer._id}`}>
          Approval chain
        </Text>
        <List spacing={4} size="sm" aria-labelledby={`chain-${offer._id}`} data-testid="offer-chain">
          {offer.approvals.map((a) => {
            const current = a.userId === offer.currentApproverId;
            return (
              <List.Item
                key={a.position}
                icon={
                  a.approvedAt ? (
                    <IconCheck size={16} color="#087f5b" aria-hidden />
                  ) : current ? (
                    <IconClock size={16} aria-hidden />
                  ) : (
                    <IconCircleDashed size={16} aria-hidden />
                  )
                }
              >
                {a.position}. {a.name}: {a.approvedAt ? `approved ${fmt.date(a.approvedAt)}` : current ? 'to approve now' : 'waiting'}
              </List.Item>
            );
          })}
        </List>
      </div>
      {offer.status === 'accepted' ? (
        <Alert color="teal" title="Accepted" data-testid="offer-answer">
          {offer.acceptedName} accepted on {fmt.date(offer.answeredAt)} from the address {offer.acceptedIp}. The application moved to Hired.
        </Alert>
      ) : null}
      {offer.status === 'declined' ? (
        <Alert color="red" title="Declined" data-testid="offer-answer">
          The candidate declined on {fmt.date(offer.answeredAt)}.{offer.declineReason ? ` Reason: “${offer.declineReason}”` : ' No reason given.'}
        </Alert>
      ) : null}
      {offer.status === 'accepted' && offer.jobOpenPositions === 0 && offer.jobStatus === 'open' && canWrite ? (
        <Alert color="blue" title="Every position is filled">
          <Stack gap="xs">
            <Text size="sm">This hire filled the last open position of {offer.jobTitle}. Close the job so that it leaves the career site?</Text>
            <Group>
              <Button size="xs" onClick={() => closeJob.mutate()} loading={closeJob.isPending}>
                Close the job
              </Button>
            </Group>
          </Stack>
        </Alert>
      ) : null}
      {offer.status === 'accepted' && offer.jobStatus === 'closed' ? <Text size="sm">The job is closed.</Text> : null}
      <Group gap="xs">
        {offer.canApprove ? (
          <Button size="xs" onClick={() => act.mutate('approve')} loading={act.isPending && act.variables === 'approve'}>
            Approve offer
          </Button>
        ) : null}
        {canWrite && (offer.status === 'approved' || offer.status === 'sent') ? (
          <Button
            size="xs"
            variant={offer.status === 'sent' ? 'default' : 'filled'}
            onClick={() => act.mutate('send')}
            loading={act.isPending && act.variables === 'send'}
          >
            {offer.status === 'sent' ? 'Send again' : 'Send to candidate'}
          </Button>
        ) : null}
        {canWrite && !answered ? (
          <Button size="xs" variant="default" onClick={() => setEditing(true)}>
            Edit offer
          </Button>
        ) : null}
      </Group>
      {!answered && offer.approvals.some((a) => a.approvedAt) && canWrite ? (
        <Text size="xs" c="gray.7">
          Editing the offer starts the approval chain again.
        </Text>
      ) : null}
      <details>
        <summary style={{ cursor: 'pointer', fontSize: 14 }}>Read the letter</summary>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: the server stores the letter sanitised and escapes every merge value */}
        <Paper withBorder p="sm" mt="xs" fz="sm" dangerouslySetInnerHTML={{ __html: offer.letterHtml }} />
      </details>
    </Stack>
  );
}

function OfferForm({
  applicationId,
  clientId,
  offer,
  onDone,
  onCancel,
}: {
  applicationId: string;
  clientId: string;
  offer: Offer | null;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const templates = useApiQuery(offersRoutes.templates, { query: { clientId } });
  const approvers = useApiQuery(offersRoutes.approvers, { query: { clientId } });
  const [v, setV] = useState<FormValues>(() => fromOffer(offer));
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const set = <K extends keyof FormValues>(k: K, value: FormValues[K]) => setV((x) => ({ ...x, [k]: value }));
  const save = useMutation({
    mutationFn: () => {
      const body = {
        clientId,
        applicationId,
        templateId: v.templateId ?? '',
        salary: typeof v.salary === 'number' ? v.salary : Number.NaN,
        currency: v.currency,
        startDate: v.startDate,
        managerName: v.managerName,
        // The expiry is the end of the chosen day, in UTC (the letter names the time zone).
        expiresAt: v.expiresOn ? `${v.expiresOn}T23:59:00Z` : '',
        approverUserIds: v.approverUserIds,
      };
      return offer ? api(offersRoutes.update, { params: { id: offer._id }, body }) : api(offersRoutes.create, { body });
    },
    onSuccess: (o) => {
      notify.success(o.message);
      onDone();
    },
    onError: (err) => {
      if (err instanceof ApiError) {
        const next: Record<string, string | undefined> = {};
        for (const k of ['templateId', 'salary', 'currency', 'startDate', 'managerName', 'expiresAt', 'approverUserIds']) next[k] = err.first(k);
        setErrors(next);
        if (!Object.values(next).some(Boolean)) notify.error(err.message);
      } else notify.error('The offer could not be saved. Try again.');
    },
  });
  const noTemplates = templates.data && !templates.data.results.length;
  return (
    <Stack gap="sm" data-testid="offer-form">
      <Title order={3} size="h5">
        {offer ? 'Edit the offer' : 'Write an offer'}
      </Title>
      {noTemplates ? <Alert color="yellow">No offer templates yet: write one under Settings, Offer templates.</Alert> : null}
      <Select
        label="Template"
        required
        data={(templates.data?.results ?? []).map((t) => ({ value: t._id, label: t.name }))}
        value={v.templateId}
        onChange={(x) => set('templateId', x)}
        error={errors.templateId}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
        <NumberInput label="Salary (a year)" required min={0} thousandSeparator="," value={v.salary} onChange={(x) => set('salary', x)} error={errors.salary} />
        <TextInput
          label="Currency"
          required
          maxLength={3}
          value={v.currency}
          onChange={(e) => set('currency', e.currentTarget.value.toUpperCase())}
          error={errors.currency}
        />
        <TextInput
          label="Start date"
          type="date"
          required
          value={v.startDate}
          onChange={(e) => set('startDate', e.currentTarget.value)}
          error={errors.startDate}
        />
        <TextInput
          label="Offer open until"
          description="The end of that day, UTC"
          type="date"
          required
          value={v.expiresOn}
          onChange={(e) => set('expiresOn', e.currentTarget.value)}
          error={errors.expiresAt}
        />
      </SimpleGrid>
      <TextInput label="Hiring manager" required value={v.managerName} onChange={(e) => set('managerName', e.currentTarget.value)} error={errors.managerName} />
      <MultiSelect
        label="Approvers, in order"
        description="Each approves in turn, in the order you pick them."
        required
        searchable
        data={(approvers.data?.results ?? []).map((u) => ({ value: u._id, label: u.name }))}
        value={v.approverUserIds}
        onChange={(x) => set('approverUserIds', x)}
        error={errors.approverUserIds}
      />
      {v.approverUserIds.length ? (
        <Text size="xs" c="gray.7" data-testid="approver-order">
          Order: {v.approverUserIds.map((id, i) => `${i + 1}. ${approvers.data?.results.find((u) => u._id === id)?.name ?? 'someone'}`).join(', ')}
        </Text>
      ) : null}
      <Group gap="xs">
        <Button size="sm" onClick={() => save.mutate()} loading={save.isPending}>
          {offer ? 'Save and restart approval' : 'Save and ask for approval'}
        </Button>
        {onCancel ? (
          <Button size="sm" variant="default" onClick={onCancel}>
            Cancel
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}
