import { userRoutes } from '@hh/contract/users';
import { Badge, Table, Text } from '@mantine/core';
import { EmptyState, ErrorState, ListTable, LoadingRows } from '../../components/Page.tsx';
import { formatDate } from '../../lib/format.ts';
import { useApiQuery } from '../../lib/query.ts';

/** The mail outbox (DESIGN: every mail is stored; admins read it in the portal): GET api/outbox. */
export function Outbox() {
  const q = useApiQuery(userRoutes.outbox, { query: { pageSize: 100 } });
  if (q.isLoading) return <LoadingRows rows={5} />;
  if (q.error) return <ErrorState error={q.error} onRetry={() => q.refetch()} />;
  if (!q.data?.results.length) return <EmptyState title="No mail has been sent yet" />;
  return (
    <ListTable minWidth={640} headers={['When', 'To', 'Subject', 'Delivery']}>
      {q.data.results.map((m) => (
        <Table.Tr key={m._id}>
          <Table.Td>{formatDate(m.createdAt)}</Table.Td>
          <Table.Td>{m.to}</Table.Td>
          <Table.Td>{m.subject}</Table.Td>
          <Table.Td>
            {m.sentAt ? (
              <Badge color="teal" variant="light">
                Sent
              </Badge>
            ) : m.lastError ? (
              <Text size="xs" c="red">
                {m.lastError}
              </Text>
            ) : (
              <Badge color="gray" variant="light">
                Stored
              </Badge>
            )}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
