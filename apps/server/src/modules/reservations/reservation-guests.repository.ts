// reservation_guests: who is in a reservation's party, host first.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { guests, reservationGuests } from '../../db/schema/index.ts';

/** The guests of reservations, host first. */
export async function guestsOf(db: Executor, venueId: number, reservationIds: readonly number[]) {
  if (reservationIds.length === 0) return [];
  return db
    .select({
      reservationId: reservationGuests.reservationId,
      id: guests.id,
      name: guests.name,
      email: guests.email,
      phone: guests.phone,
      locale: guests.locale,
      isHost: reservationGuests.isHost,
    })
    .from(reservationGuests)
    .innerJoin(
      guests,
      and(eq(guests.venueId, reservationGuests.venueId), eq(guests.id, reservationGuests.guestId)),
    )
    .where(
      and(
        eq(reservationGuests.venueId, venueId),
        inArray(reservationGuests.reservationId, [...reservationIds]),
      ),
    )
    .orderBy(sql`${reservationGuests.isHost} desc`, asc(reservationGuests.createdAt), asc(guests.id));
}

export async function addReservationGuest(
  db: Executor,
  values: { venueId: number; reservationId: number; guestId: number; isHost: boolean },
): Promise<void> {
  await db.insert(reservationGuests).values(values).onConflictDoNothing();
}

export async function removeReservationGuest(
  db: Executor,
  venueId: number,
  reservationId: number,
  guestId: number,
): Promise<boolean> {
  const rows = await db
    .delete(reservationGuests)
    .where(
      and(
        eq(reservationGuests.venueId, venueId),
        eq(reservationGuests.reservationId, reservationId),
        eq(reservationGuests.guestId, guestId),
      ),
    )
    .returning({ guestId: reservationGuests.guestId });
  return rows.length > 0;
}
