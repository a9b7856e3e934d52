import { useSuspenseQuery } from '@tanstack/react-query';
import { venueHomeQuery } from '../../../features/home/api/venue-home-query.ts';
import { HomePage } from '../../../features/home/components/home-page.tsx';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { routeNamespaces } from '../../route-namespaces.ts';

/** /home: its one query and its texts before it shows (spec §2: Home loads rooms). */
export async function loader() {
  await Promise.all([queryClient.ensureQueryData(venueHomeQuery), loadNamespaces(routeNamespaces.home)]);
  return null;
}

export function Component() {
  const { data: home } = useSuspenseQuery(venueHomeQuery);
  return <HomePage home={home} />;
}
