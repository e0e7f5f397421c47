import { labelOf, sourceLabels, statusLabels } from '@hh/contract/labels';
import { type ReportMetric, reportsRoutes } from '@hh/contract/reports';
import { Button, Group, Modal, Pagination, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { ErrorState, LoadingRows, ScrollTable } from '../../components/Page.tsx';
import { formatDate } from '../../lib/format.ts';
import { useApiQuery } from '../../lib/query.ts';
import { downloadCsv } from './download.ts';
import { daysText } from './period.ts';

export interface Drill {
  metric: ReportMetric;
  title: string;
  key?: string;
  part?: 'entered' | 'movedOn';
}

const PAGE = 25;

/** The applications behind one figure, a page at a time, with their export. */
export function DrillModal({
  drill,
  scope,
  onClose,
}: {
  drill: Drill | null;
  scope: { clientId: string; from: string; to: string; timeZone: string; jobId?: string };
  onClose: () => void;
}) {
  const [page, setPage] = useState(1);
  const query = { ...scope, key: drill?.key, part: drill?.part, page, pageSize: PAGE };
  const q = useApiQuery(reportsRoutes.applications, { params: { metric: drill?.metric ?? 'applications' }, query }, { enabled: !!drill });
  const pages = Math.max(1, Math.ceil((q.data?.totalCount ?? 0) / PAGE));
  const exportCsv = () =>
    drill &&
    downloadCsv(
      reportsRoutes.applications,
      drill.metric,
      { ...scope, key: drill.key, part: drill.part },
      `${drill.metric}-applications-${scope.from}-to-${scope.to}.csv`,
    ).catch((e: Error) => notifications.show({ color: 'red', message: e.message }));
  return (
    <Modal opened={!!drill} onClose={onClose} title={drill?.title} size="xl">
      {q.isLoading ? (
        <LoadingRows rows={4} />
      ) : q.error || !q.data ? (
        <ErrorState error={q.error} onRetry={() => q.refetch()} />
      ) : q.data.totalCount === 0 ? (
        <Text c="dimmed">No applications are behind this figure. Pick another period or job to see some.</Text>
      ) : (
        <>
          <Group justify="space-between" mb="sm">
            <Text size="sm" data-testid="drill-count">
              {q.data.totalCount} {q.data.totalCount === 1 ? 'application' : 'applications'}
            </Text>
            <Button variant="light" leftSection={<IconDownload size={16} />} onClick={exportCsv}>
              Export CSV
            </Button>
          </Group>
          <ScrollTable minWidth={640} label="Applications behind the figure">
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Candidate</Table.Th>
                  <Table.Th>Job</Table.Th>
                  <Table.Th>Source</Table.Th>
                  <Table.Th>Stage</Table.Th>
                  <Table.Th>Applied ({scope.timeZone})</Table.Th>
                  {q.data.results.some((x) => x.days !== null) ? <Table.Th>Days</Table.Th> : null}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {q.data.results.map((x) => (
                  <Table.Tr key={x._id} data-testid="drill-row">
                    <Table.Td>{x.candidateName}</Table.Td>
                    <Table.Td>{x.jobTitle}</Table.Td>
                    <Table.Td>{labelOf(sourceLabels, x.source)}</Table.Td>
                    <Table.Td>
                      {x.stage ?? '—'}
                      {x.outcome !== 'active' ? ` (${labelOf(statusLabels, x.outcome).toLowerCase()})` : ''}
                    </Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(x.appliedAt, scope.timeZone)}</Table.Td>
                    {q.data.results.some((r) => r.days !== null) ? <Table.Td>{daysText(x.days)}</Table.Td> : null}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
          {pages > 1 ? <Pagination mt="sm" total={pages} value={page} onChange={setPage} aria-label="Pages of applications" /> : null}
        </>
      )}
    </Modal>
  );
}
