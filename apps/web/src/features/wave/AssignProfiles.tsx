import { labelOf, statusLabels } from '@hh/contract/labels';
import { waveRoutes } from '@hh/contract/wave';
import { Badge, Button, Group, Stack, Table, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { EmptyState, ErrorState, LoadingRows, PageHeader, ScrollTable, Section } from '../../components/Page.tsx';
import { ApiError, api } from '../../lib/api.ts';
import { useContractForm } from '../../lib/form.ts';
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
  // The email's shape and the names' lengths are the contract's create schema, checked before sending;
  // the server's refusal (already invited, a member) shows under the email.
  const form = useContractForm(waveRoutes.createEditProfile, {
    initialValues: { email: '', firstName: '', lastName: '' },
    toBody: (v) => ({ companyId: clientId ?? '', email: v.email.trim(), basicInfo: { firstName: v.firstName, lastName: v.lastName } }),
    fieldOf: (path) => (path === 'basicInfo.firstName' ? 'firstName' : path === 'basicInfo.lastName' ? 'lastName' : path === 'waveProfile' ? 'email' : path),
  });
  const mine = useApiQuery(waveRoutes.byInvitedBy, { query: { invitedBy: me._id } });
  const assign = useMutation({
    mutationFn: (body: ReturnType<typeof form.body>) => api(waveRoutes.createEditProfile, { body }),
    onSuccess: (p) => {
      notify.success(`Invitation sent to ${p.email}`);
      form.reset();
      invalidate();
    },
    onError: (err) => {
      const msg = err instanceof ApiError ? (err.first('waveProfile') ?? err.first('email') ?? err.message) : 'An error occurred';
      form.setFieldError('email', msg);
      notify.error(msg);
    },
  });
  const email = form.getValues().email;
  const list = (mine.data?.results ?? []).filter((p) => p.clientId === clientId);
  return (
    <>
      <PageHeader title="Assign profiles" description="Invite employees to record a Wave video profile. They receive an email with a link." />
      <Stack>
        <Section title="Invite an employee">
          <form onSubmit={form.onSubmit(() => assign.mutate(form.body()))} noValidate>
            <Group align="flex-end">
              <TextInput label="Email" type="email" required miw={260} {...form.getInputProps('email')} />
              <TextInput label="First name" placeholder="First Name" {...form.getInputProps('firstName')} />
              <TextInput label="Last name" placeholder="Last Name" {...form.getInputProps('lastName')} />
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
                        <Badge color={statusColor[p.status]}>{labelOf(statusLabels, p.status)}</Badge>
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
