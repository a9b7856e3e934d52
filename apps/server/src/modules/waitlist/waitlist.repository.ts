import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import { walkInWaitlist } from '../../db/schema/index.ts';

/** The waitlist's own SQL: every query is scoped to the venue. */

export type WaitlistRow = typeof walkInWaitlist.$inferSelect;
type NewWaitlistRow = typeof walkInWaitlist.$inferInsert;

export async function insertWaitlistEntry(db: Executor, values: NewWaitlistRow): Promise<WaitlistRow> {
  return firstRow(await db.insert(walkInWaitlist).values(values).returning(), 'waitlist insert');
}

/** The parties still waiting on a service day, first come first. */
export function waitingEntries(db: Executor, venueId: number, serviceDate: string): Promise<WaitlistRow[]> {
  return db
    .select()
    .from(walkInWaitlist)
    .where(
      and(
        eq(walkInWaitlist.venueId, venueId),
        eq(walkInWaitlist.serviceDate, serviceDate),
        eq(walkInWaitlist.status, 'waiting'),
      ),
    )
    .orderBy(asc(walkInWaitlist.createdAt), asc(walkInWaitlist.id));
}

/** One entry of the venue, locked for the caller's transaction when asked. */
export async function waitlistEntry(
  db: Executor,
  venueId: number,
  id: number,
  options: { lock?: boolean } = {},
): Promise<WaitlistRow | undefined> {
  const query = db
    .select()
    .from(walkInWaitlist)
    .where(and(eq(walkInWaitlist.venueId, venueId), eq(walkInWaitlist.id, id)));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function changeWaitlistEntry(
  db: Executor,
  venueId: number,
  id: number,
  values: Partial<Pick<WaitlistRow, 'status' | 'reservationId' | 'updatedAt'>>,
): Promise<WaitlistRow> {
  const rows = await db
    .update(walkInWaitlist)
    .set(values)
    .where(and(eq(walkInWaitlist.venueId, venueId), eq(walkInWaitlist.id, id)))
    .returning();
  return firstRow(rows, 'waitlist update');
}
