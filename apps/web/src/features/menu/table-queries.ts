import { queryClient } from '../../lib/query-client.ts';
import { fetchGuestOrder, fetchReservation } from './api/table-api.ts';
import { identityQuery } from './guest-identity.ts';

/** A seated guest's reservation: the table, the party and the name the menu greets them by. */
export function reservationQuery(uid: string | null, wid: string | null) {
  return {
    queryKey: ['menu', 'reservation', uid] as const,
    queryFn: () => fetchReservation(uid!, wid!),
    enabled: uid !== null && wid !== null,
    staleTime: 60_000,
  };
}

/** What a seated guest's table ordered and how far each dish is (decision 028). */
export function tableOrderQuery(uid: string | null) {
  return {
    queryKey: ['menu', 'guest-order', uid] as const,
    queryFn: () => fetchGuestOrder(uid!),
    enabled: uid !== null,
  };
}

/**
 * A seated guest's table and order, asked for as soon as the guest is known rather than once the screen has
 * mounted: the page the server draws for them then carries both, and the phone asks for nothing more once it
 * has taken the page over (decision 072).
 */
export function prefetchGuestTable(url: URL): void {
  queryClient.fetchQuery(identityQuery(url.searchParams.get('uid'), url.searchParams.get('wid'))).then(
    (identity) => {
      if (identity.kind !== 'guest') return;
      void queryClient.prefetchQuery(reservationQuery(identity.uid, identity.wid));
      void queryClient.prefetchQuery(tableOrderQuery(identity.uid));
    },
    // The screen's own query of the identity reports the failure.
    () => undefined,
  );
}
