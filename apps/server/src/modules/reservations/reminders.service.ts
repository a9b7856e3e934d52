// remindnumber: a guest's upcoming reservations, to mail their links again.
import type { AppContext } from '../../context.ts';
import { guestByEmail, mintGuestLink, type MintedCapability } from '../guests/guests.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { reservationViews } from './reservation-view.ts';
import { upcomingReservationsOfGuest } from './reservations.repository.ts';
import { linkExpiry } from './reservation-times.ts';

/**
 * remindnumber: the upcoming reservations of the guest with `email`, each with a fresh guest link (the
 * old links keep working). Nothing is returned to the caller: the reminder goes to the address itself.
 */
export async function remindReservations(ctx: AppContext, venue: Venue, email: string) {
  const now = ctx.clock.now();
  const guest = await guestByEmail(ctx.db, venue.id, email);
  if (!guest || !guest.email) return undefined;
  const rows = (await upcomingReservationsOfGuest(ctx.db, venue.id, guest.id, now)).filter(
    (row) => row.guestId === guest.id,
  );
  if (rows.length === 0) return undefined;
  const links = await ctx.db.transaction(async (tx) => {
    const minted: MintedCapability[] = [];
    for (const row of rows) {
      minted.push(
        await mintGuestLink(tx, {
          venueId: venue.id,
          reservationId: row.id,
          guestId: guest.id,
          expiresAt: linkExpiry(row.endsAt),
        }),
      );
    }
    return minted;
  });
  const views = await reservationViews(ctx.db, venue, rows, now, 'host');
  return {
    guest: { ...guest, email: guest.email },
    entries: views.map((view, index) => ({ view, link: links[index]! })),
  };
}
