import { messages } from '@hh/contract/messages';
import type { Invitation, TeamMember } from '@hh/contract/invitations';
import { invitationRoutes } from '@hh/contract/invitations';
import { userRoutes } from '@hh/contract/users';
import { ActionIcon, Anchor, Button, Group, Stack, Table, Tabs, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconMailForward, IconSearch, IconTrash, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountTypeLabels, labelOf, statusLabels } from '@hh/contract/labels';
import { type ReactNode, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { UsersTab } from './UsersTab.tsx';
import { RecruitersView } from './RecruitersView.tsx';
import { ErrorState, ListTable, LoadingRows, PageHeader, Section } from '../../components/Page.tsx';
import { EmptyState } from './Empty.tsx';
import { ApiError, api, queryKey } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { useFormat } from '../../lib/format.ts';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { InviteModal } from './InviteModal.tsx';
import { rolesText } from './roles.ts';
import { fullName, RolesModal } from './RolesModal.tsx';

type View = 'team' | 'users' | 'recruiters';

/**
 * `/team` (core spec §2): user management in one place. Its views: the selected client's members and
 * pending invitations; every user the signer may manage (formerly Admin, Users); the recruiters and
 * the clients each one manages (formerly Recruiter management, admins only). /admin and
 * /recruiter-management open these views.
 */
export default function TeamPage() {
  const me = useUser();
  const [params, setParams] = useSearchParams();
  const admin = me.userTypeGlobal === 'admin';
  const asked = params.get('view');
  const view: View = asked === 'users' || (asked === 'recruiters' && admin) ? asked : 'team';
  if (me.userTypeGlobal !== 'admin' && me.userTypeGlobal !== 'recruiter') return <ClientTeam />;
  return (
    <Tabs value={view} onChange={(v) => setParams(v && v !== 'team' ? { view: v } : {}, { replace: true })} keepMounted={false}>
      <ClientTeam
        tabs={
          <Tabs.List mb="md">
            <Tabs.Tab value="team">This client's team</Tabs.Tab>
            <Tabs.Tab value="users">All users</Tabs.Tab>
            {admin ? <Tabs.Tab value="recruiters">Recruiters</Tabs.Tab> : null}
          </Tabs.List>
        }
        view={view}
      />
    </Tabs>
  );
}

function ClientTeam({ tabs, view = 'team' }: { tabs?: ReactNode; view?: View }) {
  const fmt = useFormat();
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
  const header = (
    <PageHeader
      title="Team"
      description="Everyone who signs in to the portal, what each one may do, and the invitations on their way."
      actions={
        <Button color="brand.7" leftSection={<IconUserPlus size={16} />} onClick={() => setInviting(true)} disabled={!clientId}>
          Invite people
        </Button>
      }
    />
  );
  if (view !== 'team')
    return (
      <>
        {header}
        {tabs}
        {view === 'users' ? <UsersTab /> : <RecruitersView />}
        {clientId ? <InviteModal clientId={clientId} opened={inviting} onClose={() => setInviting(false)} onSent={() => void refresh()} /> : null}
      </>
    );
  return (
    <>
      {header}
      {tabs}
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
                            Account manager
                          </Text>
                        ) : null}
                      </Table.Td>
                      <Table.Td>{m.email}</Table.Td>
                      <Table.Td>
                        <Text size="sm">{m.manager ? `Every product (${labelOf(accountTypeLabels, m.userTypeGlobal)})` : rolesText(m)}</Text>
                      </Table.Td>
                      <Table.Td>{fmt.date(m.lastSignInAt) || 'Never'}</Table.Td>
                      <Table.Td>
                        <Text size="sm" fw={700} c={m.status === 'Active' ? 'teal.9' : 'red.9'} data-testid="member-status">
                          {labelOf(statusLabels, m.status)}
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
                        {fmt.date(inv.lastSentAt)}
                        {inv.sentCount > 1 ? ` (${inv.sentCount}×)` : ''}
                      </Table.Td>
                      <Table.Td>
                        {inv.status === 'Expired' ? (
                          <Text size="sm" fw={700} c="orange.9">
                            Expired
                          </Text>
                        ) : (
                          fmt.date(inv.expiresAt)
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
