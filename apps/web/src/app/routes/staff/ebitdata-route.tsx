import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { SignOutIcon } from '../../../components/icons.tsx';
import { currentUserQuery } from '../../../features/auth/api/current-user.ts';
import { SignOutButton } from '../../../features/auth/components/sign-out-button.tsx';
import { requireStaff } from '../../../features/auth/guards.ts';
import { ScreenPlaceholder } from '../../../features/shell/components/screen-placeholder.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { queryClient } from '../../../lib/query-client.ts';
import './staff-page.css';

/** /ebitdata (spec §2, §6): the admin area; the server's admin check guards it. */
export async function loader({ request }: LoaderFunctionArgs) {
  await Promise.all([requireStaff(queryClient, 'admin', request), loadNamespaces(routeNamespaces.auth)]);
  return null;
}

export function Component() {
  const { t } = useTranslation('shell');
  const { data: user } = useSuspenseQuery(currentUserQuery);
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <div className="staff-page">
      <header className="staff-page__bar">
        <span className="staff-page__venue">{venueConfig.business_name}</span>
        <span className="staff-page__user">{user.name}</span>
        <SignOutButton className="button staff-page__sign-out" icon={<SignOutIcon />} />
      </header>
      <main id="main" className="staff-page__main">
        <ScreenPlaceholder
          tone="staff"
          heading={t('placeholders.ebitdata.heading')}
          body={t('placeholders.ebitdata.body')}
        />
      </main>
    </div>
  );
}
