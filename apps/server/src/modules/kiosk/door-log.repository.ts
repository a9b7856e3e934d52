import { and, desc, eq, gte, lte } from 'drizzle-orm';
import type { Executor } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import { doorLogs, reservations } from '../../db/schema/index.ts';

export type DoorLogRow = typeof doorLogs.$inferSelect;
export type NewDoorLog = Omit<typeof doorLogs.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date };

export async function insertDoorLog(db: Executor, values: NewDoorLog): Promise<DoorLogRow> {
  return firstRow(await db.insert(doorLogs).values(values).returning(), 'door log insert');
}

/** At most this many entries per history answer: a door sees a few hundred arrivals a day. */
const HISTORY_LIMIT = 500;

/** The venue's door log in [from, to], newest first, with the reservation each entry named. */
export function doorLogsBetween(
  db: Executor,
  venueId: number,
  filter: { from: Date; to: Date; agent?: string; userId?: number },
) {
  return db
    .select({
      entry: doorLogs,
      reservation: { wid: reservations.wid, name: reservations.name, pax: reservations.pax },
    })
    .from(doorLogs)
    .leftJoin(
      reservations,
      and(eq(reservations.venueId, doorLogs.venueId), eq(reservations.id, doorLogs.reservationId)),
    )
    .where(
      and(
        eq(doorLogs.venueId, venueId),
        gte(doorLogs.createdAt, filter.from),
        lte(doorLogs.createdAt, filter.to),
        filter.agent === undefined ? undefined : eq(doorLogs.agent, filter.agent),
        filter.userId === undefined ? undefined : eq(doorLogs.userId, filter.userId),
      ),
    )
    .orderBy(desc(doorLogs.createdAt), desc(doorLogs.id))
    .limit(HISTORY_LIMIT);
}
