// The tableless accounts takeaway and delivery orders hang from: reservations rows, so written here (decision 068).
import { and, eq } from 'drizzle-orm';
import { RESERVATION_STATUS_CODES } from '@sobremesa/domain';
import type { Executor } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import { reservations } from '../../db/schema/index.ts';

/** The account (a reservation without a table) a takeaway order's lines and bill hang from. */
export async function insertTakeawayAccount(
  db: Executor,
  values: {
    venueId: number;
    kind: 'takeaway' | 'delivery';
    name: string;
    startsAt: Date;
    endsAt: Date;
  },
): Promise<{ id: number; wid: string }> {
  const rows = await db
    .insert(reservations)
    .values({ ...values, pax: 1, status: RESERVATION_STATUS_CODES.active, source: 'web' })
    .returning({ id: reservations.id, wid: reservations.wid });
  return firstRow(rows, 'insert');
}

/** A refused or unpaid order's account is closed (its lines were rejected by the kitchen's call). */
export async function closeTakeawayAccount(db: Executor, venueId: number, reservationId: number, now: Date) {
  await db
    .update(reservations)
    .set({ status: RESERVATION_STATUS_CODES.cancelled, finishedAt: now })
    .where(and(eq(reservations.venueId, venueId), eq(reservations.id, reservationId)));
}
