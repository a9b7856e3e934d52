import { BookingPage } from '../../../features/reservations/components/booking-page.tsx';
import { EmbedFrame } from './embedded-booking.tsx';

export { loadEmbeddedBooking as loader } from './embedded-booking.tsx';

/**
 * /iframe-reservar (spec §2 IframeReserve): the booking form in the bare embedded layout, telling the venue's
 * page its height (only when that page is one of the venue's declared sites, `embedOrigins`).
 */
export function Component() {
  return (
    <EmbedFrame>
      <BookingPage source="iframe" />
    </EmbedFrame>
  );
}
