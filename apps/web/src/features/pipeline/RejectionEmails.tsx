import { deliveryLabels, labelOf } from '@hh/contract/labels';
import { pipelineRoutes } from '@hh/contract/pipeline';
import type { RouteReply } from '@hh/contract/route';
import { Badge, Button, SegmentedControl, Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';

type Email = RouteReply<typeof pipelineRoutes.listRejectionEmails>['results'][number];
type Status = Email['status'];

const STATUS_COLOR: Record<Status, string> = { scheduled: 'blue.9', sent: 'teal.9', cancelled: 'gray.7', failed: 'red.9' };
const VIEWS = [
  { value: 'scheduled', label: labelOf(deliveryLabels, 'scheduled') },
  { value: 'sent', label: labelOf(deliveryLabels, 'sent') },
  { value: 'cancelled', label: labelOf(deliveryLabels, 'cancelled') },
  { value: 'all', label: 'All' },
];

/** Cancels one waiting email; the list then shows it as cancelled. */
function CancelButton({ email, clientId }: { email: Email; clientId: string }) {
  const qc = useQueryClient();
  const cancel = useMutation({
    mutationFn: () => api(pipelineRoutes.cancelRejectionEmail, { params: { id: email._id }, body: { clientId } }),
    onSuccess: (r) => {
      notify.success(`${r.message} ${email.candidateName} will not receive it.`);
      qc.invalidateQueries({ queryKey: queryKey(pipelineRoutes.listRejectionEmails) });
    },
    onError: (err) => notify.error(err instanceof ApiError ? err.message : 'The email could not be cancelled. Try again.'),
  });
  return (
    <Button
      size="xs"
      variant="light"
      color="red"
      loading={cancel.isPending}
      onClick={() => cancel.mutate()}
      aria-label={`Cancel the email to ${email.candidateName}`}
    >
      Cancel
    </Button>
  );
}

/**
 * `/harvest/rejection-emails`: the rejection emails of the selected client. Rejecting with an email
 * schedules it (the next morning by default); until it is sent it waits here and can be cancelled, for
 * a rejection made by mistake or a candidate who should hear it by phone first.
 */
export default function RejectionEmails() {
  const { clientId } = useSelectedClient();
  const fmt = useFormat();
  const [view, setView] = useState('scheduled');
  const status = view === 'all' ? undefined : (view as Status);
  const list = useApiQuery(pipelineRoutes.listRejectionEmails, { query: { clientId: clientId ?? undefined, status } }, { enabled: !!clientId });
  const rows = list.data?.results ?? [];
  const zone = fmt.timeZone ?? 'UTC';

  return (
    <>
      <PageHeader
        title="Rejection emails"
        description={`Emails to rejected candidates, sent at the time chosen when rejecting (times in ${zone}). A waiting email can be cancelled until it is sent.`}
        actions={<SegmentedControl aria-label="Which emails" value={view} onChange={setView} data={VIEWS} />}
      />
      <Section>
        {list.error ? (
          <ErrorState error={list.error} onRetry={() => list.refetch()} />
        ) : list.isLoading ? (
          <LoadingRows rows={4} />
        ) : rows.length === 0 ? (
          <EmptyState title={view === 'scheduled' ? 'No emails waiting' : 'No emails here'}>
            Reject applications from a job’s board and choose a rejection email: it waits here until it is sent. <Link to="/harvest/jobs">Open the jobs</Link>
          </EmptyState>
        ) : (
          <ScrollTable minWidth={760} label="Rejection emails">
            <Table verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Candidate</Table.Th>
                  <Table.Th>Subject</Table.Th>
                  <Table.Th>When</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Action</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((e) => (
                  <Table.Tr key={e._id} data-testid="rejection-email">
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {e.candidateName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {e.toEmail}
                      </Text>
                    </Table.Td>
                    <Table.Td>{e.subject}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {e.status === 'sent' ? 'Sent ' : e.status === 'scheduled' ? 'Goes out ' : 'Was due '}
                        {fmt.date(e.status === 'sent' ? e.sentAt : e.sendAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={STATUS_COLOR[e.status]}>
                        {labelOf(deliveryLabels, e.status)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{e.status === 'scheduled' && clientId ? <CancelButton email={e} clientId={clientId} /> : null}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </Section>
    </>
  );
}
