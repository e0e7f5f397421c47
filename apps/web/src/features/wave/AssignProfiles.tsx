import { waveRoutes } from '@hh/contract/wave';
import { Badge, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useUser } from '../../lib/auth.tsx';
import { notify } from '../../lib/notify.ts';
import { useApiQuery } from '../../lib/query.ts';
import { useSelectedClient } from '../../lib/selected-client.tsx';
import { statusColor, useInvalidateProfiles } from './hooks.ts';

/** `/wave/assign-profiles`: invite employees by email; each gets a link to record their profile. */
export default function AssignProfiles() {
  const { clientId } = useSelectedClient();
  const me = useUser();
  const invalidate = useInvalidateProfiles();
  const [email, setEmail] = useState('');
  const [firstName, setFirstName] = useState('');
  const [lastName, setLastName] = useState('');
  const [error, setError] = useState<string | undefined>();
  const mine = useApiQuery(waveRoutes.byInvitedBy, { query: { invitedBy: me._id } });
  const assign = useMutation({
    mutationFn: () => api(waveRoutes.createEditProfile, { body: { companyId: clientId ?? '', email, basicInfo: { firstName, lastName } } }),
    onSuccess: (p) => {
      notify.success(`Invitation sent to ${p.email}`);
      setEmail('');
      setFirstName('');
      setLastName('');
      invalidate();
    },
    onError: (err) => {
      const msg = err instanceof ApiError ? (err.first('waveProfile') ?? err.first('email') ?? err.message) : 'An error occurred';
      setError(msg);
      notify.error(msg);
    },
  });
  function submit(e: FormEvent) {
    e.preventDefault();
    setError(undefined);
    assign.mutate();
  }
  const list = (mine.data?.results ?? []).filter((p) => p.clientId === clientId);
  return (
    <>
      <PageHeader title="Assign profiles" description="Invite employees to record a Wave video profile. They receive an email with a link." />
      <Stack>
        <Section title="Invite an employee">
          <form onSubmit={submit} noValidate>
            <Group align="flex-end">
              <TextInput label="Email" type="email" value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={error} required miw={260} />
              <TextInput label="First name" placeholder="First Name" value={firstName} onChange={(e) => setFirstName(e.currentTarget.value)} />
              <TextInput label="Last name" placeholder="Last Name" value={lastName} onChange={(e) => setLastName(e.currentTarget.value)} />
              <Button type="submit" loading={assign.isPending} disabled={!email.trim() || !clientId}>
                Send invitation
              </Button>
            </Group>
          </form>
        </Section>
        <Section title="Invited by you">
          {mine.isLoading ? (
            <LoadingRows />
          ) : mine.error ? (
            <ErrorState error={mine.error} onRetry={() => mine.refetch()} />
          ) : !list.length ? (
            <EmptyState title="No invitations yet" />
          ) : (
            <ScrollTable minWidth={480} label="Invitations">
              <Table striped withTableBorder>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Email</Table.Th>
                    <Table.Th>Name</Table.Th>
                    <Table.Th>Status</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {list.map((p) => (
                    <Table.Tr key={p._id}>
                      <Table.Td>{p.email}</Table.Td>
                      <Table.Td>{`${p.basicInfo.firstName} ${p.basicInfo.lastName}`.trim()}</Table.Td>
                      <Table.Td>
                        <Badge color={statusColor[p.status]}>{p.status}</Badge>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Section>
      </Stack>
    </>
  );
}
