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

/** /mis-reservas#uid=… (the email link keeps the capability out of server logs) or ?uid=…. */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const { hash } = useLocation();
  const [params] = useSearchParams();
  const uid = new URLSearchParams(hash.replace(/^#/, '')).get('uid') ?? params.get('uid');
  return <MyReservations venueName={venueConfig.business_name} uid={uid} />;
}
