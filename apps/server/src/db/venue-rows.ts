import { and, asc, eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './database.ts';

/** A table whose rows belong to a venue and that the venue orders by hand: menus, rooms, tables, courses… */
type OrderedVenueTable = PgTable & { venueId: PgColumn; id: PgColumn; sortOrder: PgColumn };

/** A venue's rows of `table` in the order its admin set (ties by id, the order they were made). */
export async function inVenueOrder<T extends OrderedVenueTable>(
  db: Executor,
  table: T,
  venueId: number,
): Promise<T['$inferSelect'][]> {
  const rows = await db
    .select()
    .from(table as PgTable)
    .where(eq(table.venueId, venueId))
    .orderBy(asc(table.sortOrder), asc(table.id));
  return rows as T['$inferSelect'][];
}

/** The id and name of a venue's rows of `table` (drawers, stations…), in the order its admin set. */
export async function namesInVenueOrder(
  db: Executor,
  table: OrderedVenueTable & { name: PgColumn },
  venueId: number,
): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: table.id, name: table.name })
    .from(table as PgTable)
    .where(eq(table.venueId, venueId))
    .orderBy(asc(table.sortOrder), asc(table.id));
  return rows as { id: number; name: string }[];
}

/** A venue's row of `table` by id, held `FOR UPDATE` until the transaction that changes it commits. */
export async function lockVenueRow<T extends OrderedVenueTable>(
  db: Executor,
  table: T,
  venueId: number,
  id: number,
): Promise<T['$inferSelect'] | undefined> {
  const [row] = await db
    .select()
    .from(table as PgTable)
    .where(and(eq(table.venueId, venueId), eq(table.id, id)))
    .for('update');
  return row as T['$inferSelect'] | undefined;
}
