import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../../../features/auth/guards.ts';
import { ConnectionIndicator } from '../../../features/live-feed/connection-indicator.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { watchStaffAccessErrors } from '../staff/staff-access-errors.ts';
import { StaffRealtime } from '../staff/staff-realtime.tsx';
import './kiosk-route.css';

/** /kiosk (spec §2, §6): a staff-signed device at the door; it needs the copilot role like /copilot. */
export async function loader({ request }: LoaderFunctionArgs) {
  watchStaffAccessErrors();
  await Promise.all([requireStaff(queryClient, 'copilot', request), loadNamespaces(routeNamespaces.auth)]);
  return null;
}

/** The kiosk's welcome; the QR scan and walk-in check-in come with the kiosk issue. */
export function Component() {
  const { t } = useTranslation('shell');
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <StaffRealtime>
      <main id="main" className="kiosk">
        <ConnectionIndicator className="kiosk__connection" />
        <p className="kiosk__venue">{venueConfig.business_name}</p>
        <h1 className="kiosk__heading">{t('placeholders.kiosk.heading')}</h1>
        <p className="kiosk__body">{t('placeholders.kiosk.body')}</p>
        <p className="kiosk__note">{t('placeholders.comingSoon')}</p>
      </main>
    </StaffRealtime>
  );
}
