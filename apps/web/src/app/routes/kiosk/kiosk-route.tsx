import { useSuspenseQuery } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { requireStaff } from '../../../features/auth/guards.ts';
import { KioskScreen } from '../../../features/kiosk/kiosk-screen.tsx';
import { ConnectionIndicator } from '../../../features/live-feed/connection-indicator.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { watchStaffAccessErrors } from '../staff/staff-access-errors.ts';
import { StaffRealtime } from '../staff/staff-realtime.tsx';

/** /kiosk (spec §2, §6): a staff-signed device at the door; it needs the copilot role like /copilot. */
export async function loader({ request }: LoaderFunctionArgs) {
  watchStaffAccessErrors();
  await Promise.all([requireStaff(queryClient, 'copilot', request), loadNamespaces(routeNamespaces.kiosk)]);
  return null;
}

/** The kiosk: check-in by the booking's QR or code, and walk-ins (issue 26). */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <StaffRealtime>
      <ConnectionIndicator className="kiosk-connection" />
      <KioskScreen venueName={venueConfig.business_name} />
    </StaffRealtime>
  );
}
