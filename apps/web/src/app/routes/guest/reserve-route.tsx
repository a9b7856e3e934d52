import { useSearchParams } from 'react-router';
import { bookingSetupQuery } from '../../../features/reservations/api/booking-queries.ts';
import { BookingPage } from '../../../features/reservations/components/booking-page.tsx';
import { tryParseDateValue } from '../../../components/date-picker/date-value.ts';
import { setIframeFlag } from '../../../features/reservations/embed/iframe-flag.ts';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Spec §2 Reserve: the iframe flag off, the available rooms and the form's texts loaded before it shows. */
export async function loader() {
  setIframeFlag(false);
  await Promise.all([
    queryClient.ensureQueryData(bookingSetupQuery),
    loadNamespaces(routeNamespaces.reservations),
  ]);
  return null;
}

/**
 * /reservar (spec §2 Reserve): the booking form, or a guest link's reservation (`#uid=…`). `?date=` and
 * `?pax=` (from the widget) start it with a day and a party chosen.
 */
export function Component() {
  const [params] = useSearchParams();
  const pax = Number(params.get('pax'));
  return (
    <BookingPage
      source={params.get('source') === 'widget' ? 'widget' : 'web'}
      prefill={{ date: tryParseDateValue(params.get('date')), pax: Number.isInteger(pax) ? pax : null }}
    />
  );
}
