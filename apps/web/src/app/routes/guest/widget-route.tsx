import { useSuspenseQuery } from '@tanstack/react-query';
import { BookingWidget } from '../../../features/reservations/components/booking-widget.tsx';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { EmbedFrame } from './embedded-booking.tsx';

export { loadEmbeddedBooking as loader } from './embedded-booking.tsx';

/** /widget (spec §2 reservation widget): day, party and "Reservar", embedded in the venue's own site. */
export function Component() {
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  return (
    <EmbedFrame>
      <BookingWidget venueName={venueConfig.business_name} />
    </EmbedFrame>
  );
}
