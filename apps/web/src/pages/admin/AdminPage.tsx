import { Tabs } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/Page.tsx';
import { useUser } from '../../lib/auth.tsx';
import NotFound from '../NotFound.tsx';
import { Outbox } from './Outbox.tsx';
import { UsersTab } from './UsersTab.tsx';

/** `/admin`: users (list, search, create, edit, suspend/activate, product types) and the mail outbox. */
export default function AdminPage() {
  const me = useUser();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'outbox' ? 'outbox' : 'users';
  // Decision: /admin is for global admins and recruiters (who manage their clients' staff); the outbox is admin-only.
  if (me.userTypeGlobal === 'user') return <NotFound />;
  return (
    <>
      <PageHeader title="Admin" description="Users and outgoing mail." />
      <Tabs value={tab} onChange={(t) => setParams(t === 'outbox' ? { tab: 'outbox' } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="users">Users</Tabs.Tab>
          {me.userTypeGlobal === 'admin' ? <Tabs.Tab value="outbox">Outbox</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="users">
          <UsersTab />
        </Tabs.Panel>
        <Tabs.Panel value="outbox">
          <Outbox />
        </Tabs.Panel>
      </Tabs>
    </>
  );
}
