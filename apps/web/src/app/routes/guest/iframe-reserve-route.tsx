import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { bookingSetupQuery } from '../../../features/reservations/api/booking-queries.ts';
import { BookingPage } from '../../../features/reservations/components/booking-page.tsx';
import { setIframeFlag } from '../../../features/reservations/embed/iframe-flag.ts';
import { useEmbedResize } from '../../../features/reservations/embed/use-embed-resize.ts';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** Spec §2 IframeReserve: the iframe flag on, the available rooms and the form's texts loaded first. */
export async function loader() {
  setIframeFlag(true);
  await Promise.all([
    queryClient.ensureQueryData(bookingSetupQuery),
    loadNamespaces(routeNamespaces.reservations),
  ]);
  return null;
}

/**
 * /iframe-reservar (spec §2 IframeReserve): the booking form in the bare embedded layout, telling the venue's
 * page its height (only when that page is one of the venue's declared sites, `embedOrigins`).
 */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const content = useRef<HTMLDivElement>(null);
  useEmbedResize(content, venueConfig.embedOrigins);
  return (
    <div ref={content}>
      <BookingPage source="iframe" />
    </div>
  );
}
