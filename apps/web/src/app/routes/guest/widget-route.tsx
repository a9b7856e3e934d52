import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef } from 'react';
import { bookingSetupQuery } from '../../../features/reservations/api/booking-queries.ts';
import { BookingWidget } from '../../../features/reservations/components/booking-widget.tsx';
import { setIframeFlag } from '../../../features/reservations/embed/iframe-flag.ts';
import { useEmbedResize } from '../../../features/reservations/embed/use-embed-resize.ts';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { queryClient } from '../../../lib/query-client.ts';

export async function loader() {
  setIframeFlag(true);
  await Promise.all([
    queryClient.ensureQueryData(bookingSetupQuery),
    loadNamespaces(routeNamespaces.reservations),
  ]);
  return null;
}

/** /widget (spec §2 reservation widget): day, party and "Reservar", embedded in the venue's own site. */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const content = useRef<HTMLDivElement>(null);
  useEmbedResize(content, venueConfig.embedOrigins);
  return (
    <div ref={content}>
      <BookingWidget venueName={venueConfig.business_name} />
    </div>
  );
}
