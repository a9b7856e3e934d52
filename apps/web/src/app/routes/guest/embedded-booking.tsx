import { useSuspenseQuery } from '@tanstack/react-query';
import { useRef, type ReactNode } from 'react';
import { bookingSetupQuery } from '../../../features/reservations/api/booking-queries.ts';
import { setIframeFlag } from '../../../features/reservations/embed/iframe-flag.ts';
import { useEmbedResize } from '../../../features/reservations/embed/use-embed-resize.ts';
import { loadNamespaces } from '../../../i18n/i18n.ts';
import { routeNamespaces } from '../../route-namespaces.ts';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { queryClient } from '../../../lib/query-client.ts';

/** The embedded booking screens' loader: the iframe flag on, the available rooms and the form's texts loaded first. */
export async function loadEmbeddedBooking() {
  setIframeFlag(true);
  await Promise.all([
    queryClient.ensureQueryData(bookingSetupQuery),
    loadNamespaces(routeNamespaces.reservations),
  ]);
  return null;
}

/** Tells the venue's page the height of what it holds (only when that page is one of its `embedOrigins`). */
export function EmbedFrame({ children }: { readonly children: ReactNode }) {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const content = useRef<HTMLDivElement>(null);
  useEmbedResize(content, venueConfig.embedOrigins);
  return <div ref={content}>{children}</div>;
}
