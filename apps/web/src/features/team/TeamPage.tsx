import { messages } from '@hh/contract/messages';
import type { ProductUserType } from '@hh/contract/roles';
import { type Invitation, invitationRoutes, type TeamMember } from '@hh/contract/team';
import { userRoutes } from '@hh/contract/users';
import { ActionIcon, Anchor, Button, Group, Modal, Select, SimpleGrid, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailForward, IconSearch, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorState, ListTable, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { EmptyState } from './Empty.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { InviteModal } from './InviteModal.tsx';
import { formatDate, productFields, type Roles, roleOptions, rolesText } from './roles.ts';

const fullName = (m: { firstName: string; lastName: string; email: string }) => [m.firstName, m.lastName].filter(Boolean).join(' ') || m.email;

/** `/team` (core spec §2): the selected client's members and pending invitations. */
export default function TeamPage() {
  const me = useUser();
  const { client, clientId } = useSelectedClient();
  const qc = useQueryClient();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const canManage = me.userTypeGlobal === 'admin' || me.userTypeGlobal === 'recruiter';
  const team = useApiQuery(
    invitationRoutes.team,
    { query: { clientId: clientId ?? '', search: debounced || undefined } },
    { enabled: !!clientId && canManage },
  );
  const refresh = () => qc.invalidateQueries({ queryKey: queryKey(invitationRoutes.team) });
  const onFail = (fallback: string) => (err: unknown) => {
    if (err instanceof ApiError && err.status === 403) return; // logged out by the api client (recruiting spec §6)
    notify.error(fallback);
  };
  const resend = useMutation({
    mutationFn: (inv: Invitation) => api(invitationRoutes.update, { body: { clientId: clientId ?? '', _id: inv._id, resend: true } }),
    onSuccess: () => {
      notify.success(messages.recruiting.invitationsUpdated);
      void refresh();
    },
    onError: onFail(messages.recruiting.invitationSendError),
  });
  const revoke = useMutation({
    mutationFn: (inv: Invitation) => api(invitationRoutes.delete, { body: { clientId: clientId ?? '', _id: inv._id } }),
    onSuccess: () => {
      notify.success(messages.recruiting.invitationsUpdated);
      void refresh();
    },
    onError: onFail(messages.recruiting.invitationSendError),
  });
  const setStatus = useMutation({
    mutationFn: (v: { m: TeamMember; status: 'Active' | 'Suspended' }) => api(userRoutes.update, { body: { _id: v.m._id, status: v.status } }),
    onSuccess: () => {
      notify.success(messages.recruiting.teamMemberUpdated);
      void refresh();
    },
    onError: onFail('An error occurred while updating the team member. Please try again.'),
  });

  if (!canManage) {
    return (
      <>
        <PageHeader title="Team" />
        <EmptyState title="Only administrators and recruiters manage the team">Ask your account manager to invite people or change roles.</EmptyState>
      </>
    );
  }

  const data = team.data;
  return (
    <>
      <PageHeader
        title="Team"
        actions={
          <Button color="brand.7" leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)} disabled={!clientId}>
            Invite people
          </Button>
        }
      />
      <Stack>
        {client ? (
          <Text size="sm" c="gray.7" mt={-12}>
            Members of {client.name} and the invitations waiting for an answer.
          </Text>
        ) : null}
        <TextInput
          aria-label="Search the team"
          placeholder="Search by name or email"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          maw={420}
        />
        {!clientId ? (
          <EmptyState title="No client selected">Choose a client in the header to see its team.</EmptyState>
        ) : team.isPending ? (
          <LoadingRows rows={5} />
        ) : team.error ? (
          <ErrorState error={team.error} onRetry={() => void team.refetch()} />
        ) : data ? (
          <>
            <Section title={`Members (${data.members.length})`}>
              {data.members.length === 0 ? (
                <EmptyState title={search ? 'No member matches this search' : 'No members yet'}>
                  {search ? 'Try another name or address.' : 'Use "Invite people" to add the first ones.'}
                </EmptyState>
              ) : (
                <ListTable minWidth={860} headers={['Name', 'Email', 'Roles', 'Last sign-in', 'Status', 'Actions']}>
                  {data.members.map((m) => (
                    <Table.Tr key={m._id} data-testid="team-member">
                      <Table.Td>
                        <Text size="sm" fw={500}>
                          {fullName(m)}
                        </Text>
                        {m.manager ? (
                          <Text size="xs" c="gray.7">
                            Account manager ({m.userTypeGlobal})
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{m.email}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{m.manager ? 'Every product' : rolesText(m)}</Text>
                      </Table.Td>
                      <Table.Td>{formatDate(m.lastSignInAt)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={700} c={m.status === 'Active' ? 'teal.9' : 'red.9'} data-testid="member-status">
                          {m.status}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        {m.manager || m._id === me._id ? null : (
                          <Group gap={6} wrap="nowrap">
                            <Button size="xs" variant="default" onClick={() => setEditing(m)}>
                              Roles
                            </Button>
                            <Button
                              size="xs"
                              variant="outline"
                              color={m.status === 'Active' ? 'red.9' : 'teal.9'}
                              loading={setStatus.isPending && setStatus.variables?.m._id === m._id}
                              onClick={() => setStatus.mutate({ m, status: m.status === 'Active' ? 'Suspended' : 'Active' })}
                            >
                              {m.status === 'Active' ? 'Suspend' : 'Reactivate'}
                            </Button>
                          </Group>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </ListTable>
              )}
            </Section>
            <Section title={`Pending invitations (${data.invitations.length})`}>
              {data.invitations.length === 0 ? (
                <EmptyState title="No pending invitations">Invitations you send appear here until they are accepted.</EmptyState>
              ) : (
                <ListTable minWidth={760} headers={['Email', 'Roles', 'Sent', 'Expires', 'Actions']}>
                  {data.invitations.map((inv) => (
                    <Table.Tr key={inv._id} data-testid="team-invitation">
                      <Table.Td>{inv.email}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{inv.purpose === 'wave' ? 'Wave profile' : rolesText(inv)}</Text>
                      </Table.Td>
                      <Table.Td>
                        {formatDate(inv.lastSentAt)}
                        {inv.sentCount > 1 ? ` (${inv.sentCount}×)` : ''}
                      </Table.Td>
                      <Table.Td>
                        {inv.status === 'Expired' ? (
                          <Text size="sm" fw={700} c="orange.9">
                            Expired
                          </Text>
                        ) : (
                          formatDate(inv.expiresAt)
                        )}
                      </Table.Td>
                      <Table.Td>
                        <Group gap={6} wrap="nowrap">
                          <Tooltip label="Send again">
                            <ActionIcon variant="light" aria-label={`Send the invitation to ${inv.email} again`} onClick={() => resend.mutate(inv)}>
                              <IconMailForward size={16} />
                            </ActionIcon>
                          </Tooltip>
                          <Tooltip label="Revoke">
                            <ActionIcon variant="light" color="red" aria-label={`Revoke the invitation to ${inv.email}`} onClick={() => revoke.mutate(inv)}>
                              <IconTrash size={16} />
                            </ActionIcon>
                          </Tooltip>
                        </Group>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </ListTable>
              )}
            </Section>
            <Text size="sm" c="gray.7">
              Suspending a member signs them out at once.{' '}
              <Anchor component={Link} to="/activity-log" c="brand.8" underline="always">
                See the activity log
              </Anchor>{' '}
              for who changed what.
            </Text>
          </>
        ) : null}
      </Stack>
      {clientId ? <InviteModal clientId={clientId} opened={inviting} onClose={() => setInviting(false)} onSent={() => void refresh()} /> : null}
      <RolesModal member={editing} onClose={() => setEditing(null)} onSaved={() => void refresh()} />
    </>
  );
}

function RolesModal({ member, onClose, onSaved }: { member: TeamMember | null; onClose(): void; onSaved(): void }) {
  const [roles, setRoles] = useState<Roles | null>(null);
  const current: Roles | null = roles ?? member;
  const save = useMutation({
    mutationFn: () => api(userRoutes.update, { body: { _id: member?._id ?? '', ...pickRoles(current as Roles) } }),
    onSuccess: () => {
      notify.success(messages.recruiting.teamMemberUpdated);
      setRoles(null);
      onSaved();
      onClose();
    },
    onError: (err) => {
      if (!(err instanceof ApiError && err.status === 403)) notify.error('An error occurred while updating the team member. Please try again.');
    },
  });
  return (
    <Modal
      opened={!!member}
      onClose={() => {
        setRoles(null);
        onClose();
      }}
      title={member ? `Roles of ${fullName(member)}` : 'Roles'}
    >
      {current ? (
        <Stack>
          <SimpleGrid cols={{ base: 1, xs: 2 }}>
            {productFields.map((p) => (
              <Select
                key={p.key}
                label={`${p.label} role`}
                data={roleOptions}
                value={current[p.key]}
                allowDeselect={false}
                onChange={(v) => v && setRoles({ ...pickRoles(current), [p.key]: v as ProductUserType })}
              />
            ))}
          </SimpleGrid>
          <Group justify="flex-end">
            <Button color="brand.7" onClick={() => save.mutate()} loading={save.isPending}>
              Save roles
            </Button>
          </Group>
        </Stack>
      ) : null}
    </Modal>
  );
}

const pickRoles = (r: Roles): Roles => ({
  userTypeHarvest: r.userTypeHarvest,
  userTypeHarvestPlus: r.userTypeHarvestPlus,
  userTypeCultivate: r.userTypeCultivate,
  userTypeWave: r.userTypeWave,
  userTypeMotivator: r.userTypeMotivator,
});
