import { clientRoutes } from '@hh/contract/clients';
import { userRoutes } from '@hh/contract/users';
import { Badge, Group, Table, Text } from '@mantine/core';
import { StatusBadge } from '../../components/StatusBadge.tsx';
import { Link } from 'react-router';
import { EmptyState, ErrorState, ListTable, LoadingRows } from '../../components/Page.tsx';
import { useUser } from '../../lib/auth.tsx';
import { fullName } from '../../lib/format.ts';
import { useApiQuery } from '../../lib/query.ts';
import { NotFound } from '../errors/index.ts';

/** The team screen's Recruiters view (/recruiter-management opens it): recruiters and the clients each one created or manages (accountManagers). */
export function RecruitersView() {
  const me = useUser();
  const recruiters = useApiQuery(userRoutes.list, { query: { userTypeGlobal: 'recruiter', pageSize: 500 } }, { enabled: me.userTypeGlobal === 'admin' });
  const clients = useApiQuery(clientRoutes.list, { query: { pageSize: 500 } }, { enabled: me.userTypeGlobal === 'admin' });
  if (me.userTypeGlobal !== 'admin') return <NotFound />;
  const loading = recruiters.isLoading || clients.isLoading;
  const error = recruiters.error ?? clients.error;
  const managed = (id: string) => (clients.data?.results ?? []).filter((c) => c.accountManagers.includes(id) || c.createdBy === id);
  return (
    <>
      <Text size="sm" c="gray.7" mb="sm">
        Recruiters and the clients they manage.
      </Text>
      {loading ? (
        <LoadingRows rows={5} />
      ) : error ? (
        <ErrorState error={error} />
      ) : !recruiters.data?.results.length ? (
        <EmptyState title="No recruiters yet">Create a user with the recruiter account type under All users.</EmptyState>
      ) : (
        <ListTable minWidth={560} headers={['Recruiter', 'Email', 'Status', 'Clients']}>
          {recruiters.data.results.map((r) => {
            const list = managed(r._id);
            return (
              <Table.Tr key={r._id}>
                <Table.Td>{fullName(r)}</Table.Td>
                <Table.Td>{r.email}</Table.Td>
                <Table.Td>
                  <StatusBadge status={r.status} />
                </Table.Td>
                <Table.Td>
                  {list.length ? (
                    <Group gap={4}>
                      {list.map((c) => (
                        <Badge key={c._id} variant="outline" component={Link} to={`/clients/${c._id}`} style={{ cursor: 'pointer' }}>
                          {c.name}
                        </Badge>
                      ))}
                    </Group>
                  ) : (
                    <Text size="sm" c="dimmed">
                      None
                    </Text>
                  )}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ListTable>
      )}
    </>
  );
}
