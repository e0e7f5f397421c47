import { labelOf, offerStatusLabels } from '@hh/contract/labels';
import { jobRoutes } from '@hh/contract/jobs';
import { type Offer, offersRoutes } from '@hh/contract/offers';
import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconCircleDashed, IconClock } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { OfferForm } from './OfferForm.tsx';
import { canWriteOffers } from './rights.ts';

/** The colour of each offer status; its words are the contract's. */
const STATUS_COLOR: Record<Offer['status'], string> = { pending_approval: 'yellow', approved: 'blue', sent: 'indigo', accepted: 'teal', declined: 'red' };

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
  return (
    <Stack gap="sm" data-testid="offer-panel">
      <Group justify="space-between" wrap="wrap">
        <Title order={3} size="h5">
          Offer
        </Title>
        <Badge color={STATUS_COLOR[offer.status]} variant="light" data-testid="offer-status">
          {labelOf(offerStatusLabels, offer.status)}
        </Badge>
      </Group>
      <Text size="sm">
        {fmt.number(offer.salary)} {offer.currency} · starts {offer.startDate} · manager {offer.managerName} · open until {fmt.date(offer.expiresAt)}
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
