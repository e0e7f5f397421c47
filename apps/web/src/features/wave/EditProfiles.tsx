import { labelOf, statusLabels } from '@hh/contract/labels';
import { type WaveProfile, waveRoutes } from '@hh/contract/wave';
import { Badge, Button, Modal, Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable } from '../../components/Page.tsx';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { statusColor } from './hooks.ts';
import { ProfileEditor } from './ProfileEditor.tsx';

/** `/wave/edit-profiles`: every profile of the client (GET create-edit-profiles?companyId), editable by managers. */
export default function EditProfiles() {
  const { clientId } = useSelectedClient();
  const list = useApiQuery(waveRoutes.editProfiles, { query: { companyId: clientId ?? '' } }, { enabled: !!clientId });
  const [editing, setEditing] = useState<WaveProfile | null>(null);
  return (
    <>
      <PageHeader title="Edit profiles" description="Every Wave profile of the selected client." />
      {list.isLoading ? (
        <LoadingRows />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => list.refetch()} />
      ) : !list.data?.results.length ? (
        <EmptyState title="No Wave profiles yet" />
      ) : (
        <ScrollTable minWidth={600}>
          <Table striped highlightOnHover withTableBorder bg="white">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Department</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.results.map((p) => (
                <Table.Tr key={p._id}>
                  <Table.Td>{`${p.basicInfo.firstName} ${p.basicInfo.lastName}`.trim() || '—'}</Table.Td>
                  <Table.Td>{p.email}</Table.Td>
                  <Table.Td>{p.department || '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={statusColor[p.status]}>{labelOf(statusLabels, p.status)}</Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button size="xs" variant="light" onClick={() => setEditing(p)}>
                      Edit
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      <Modal opened={!!editing} onClose={() => setEditing(null)} title="Edit profile" size="xl">
        {editing ? <ProfileEditor profile={editing} clientId={editing.clientId} owner={false} /> : null}
      </Modal>
    </>
  );
}
