import { useSuspenseQuery } from '@tanstack/react-query';
import { useLocation, useSearchParams } from 'react-router';
import { MyReservations } from '../../../features/guest-account/components/my-reservations.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { routeNamespaces } from '../../route-namespaces.ts';

export async function loader() {
  await loadNamespaces(routeNamespaces.guestAccount);
  return null;
}

/**
 * /mis-reservas#uid=… (the email link keeps the capability out of server logs) or ?uid=…; an invitation
 * arrives as #invitacion=<wid>&code=<hostCode> (decision 040).
 */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const { hash } = useLocation();
  const [params] = useSearchParams();
  const fragment = new URLSearchParams(hash.replace(/^#/, ''));
  const uid = fragment.get('uid') ?? params.get('uid');
  const wid = fragment.get('invitacion');
  const code = fragment.get('code');
  const invitation = wid && code ? { wid, code } : null;
  return <MyReservations venueName={venueConfig.business_name} uid={uid} invitation={invitation} />;
}
