import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { SignOutIcon } from '../../../components/staff-icons.tsx';
import { AdminNav } from '../../../features/admin/components/admin-nav.tsx';
import { currentUserQuery } from '../../../features/auth/api/current-user.ts';
import { SignOutButton } from '../../../features/auth/components/sign-out-button.tsx';
import { requireStaff } from '../../../features/auth/guards.ts';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Outlet } from 'react-router';
import '../../../features/admin/admin.css';
import './staff-page.css';

/** /ebitdata (spec §2, §6): the admin area's frame; the server's admin check guards it and every call. */
export async function loader({ request }: LoaderFunctionArgs) {
  await Promise.all([requireStaff(queryClient, 'admin', request), loadNamespaces(routeNamespaces.admin)]);
  return null;
}

export function Component() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <div className="staff-page admin-frame">
      <header className="staff-page__bar">
        <span className="staff-page__venue">{venueConfig.business_name}</span>
        <span className="staff-page__user">{user.name}</span>
        <SignOutButton className="button staff-page__sign-out" icon={<SignOutIcon />} />
      </header>
      <div className="admin-frame__body">
        <AdminNav />
        <main id="main" className="admin-frame__main">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
