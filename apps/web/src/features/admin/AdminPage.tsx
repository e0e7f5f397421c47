import { Navigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/Page.tsx';
import { useUser } from '../../lib/auth.tsx';
import { NotFound } from '../errors/index.ts';
import { Outbox } from './Outbox.tsx';

/**
 * `/admin` (core §2). Users are managed in one place, the team screen: /admin opens its "All users"
 * view. `/admin?tab=outbox` is the mail outbox (admins only).
 */
export default function AdminPage() {
  const me = useUser();
  const [params] = useSearchParams();
  if (me.userTypeGlobal === 'user') return <NotFound />;
  if (params.get('tab') === 'outbox' && me.userTypeGlobal === 'admin')
    return (
      <>
        <PageHeader title="Mail outbox" description="Every mail the platform sent, readable here when no mail server is set up." />
        <Outbox />
      </>
    );
  return <Navigate to="/team?view=users" replace />;
}
