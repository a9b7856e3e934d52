import { and, eq, gte, lt, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/database.ts';
import { allergens, cashDenominations, diningTables, reservations, venues } from '../../db/schema/index.ts';

/** Any number that is the same in every process: the advisory lock serialising demo seeding. */
const DEMO_SEED_LOCK = 7_404_391;

/**
 * Makes concurrent seeders (several server instances starting on one empty PostgreSQL) take turns until
 * the transaction ends, so exactly one seeds and the others then see its venue.
 */
export async function lockDemoSeeding(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_SEED_LOCK})`);
}

export function countVenues(db: Executor): Promise<number> {
  return db.$count(venues);
}

/** Inserts rows into a table and returns them as stored (with their ids). */
export async function insertRows<T extends PgTable>(
  db: Executor,
  table: T,
  rows: readonly T['$inferInsert'][],
): Promise<T['$inferSelect'][]> {
  if (rows.length === 0) return [];
  // The generic table type is too wide for drizzle's overloads; the row types above keep callers exact.
  const inserted: unknown = await db
    .insert(table)
    .values(rows as never)
    .returning();
  return inserted as T['$inferSelect'][];
}

/** Allergen ids by code (reference data inserted by the migrations). */
export async function allergenIdsByCode(db: Executor): Promise<Map<string, number>> {
  const rows = await db.select({ id: allergens.id, code: allergens.code }).from(allergens);
  return new Map(rows.map((row) => [row.code, row.id]));
}

/** Euro denominations (reference data inserted by the migrations), smallest first. */
export function listCashDenominations(db: Executor) {
  return db.select().from(cashDenominations).orderBy(cashDenominations.valueCents);
}

/** Another such number: the advisory lock serialising the seeding of the demo's service day. */
const DEMO_DAY_LOCK = 7_404_392;

/** Makes instances starting at once take turns at seeding the demo's service day (one seeds, others see it). */
export async function lockDemoDay(tx: Transaction): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${DEMO_DAY_LOCK})`);
}

/** How many reservations of the venue start in [from, to): any at all means the day has its service. */
export function countReservationsBetween(db: Executor, venueId: number, from: Date, to: Date) {
  return db.$count(
    reservations,
    and(eq(reservations.venueId, venueId), gte(reservations.startsAt, from), lt(reservations.startsAt, to)),
  );
}

/** The venue's tables by name, with their room. */
export async function tablesByName(
  db: Executor,
  venueId: number,
): Promise<Map<string, { id: number; roomId: number }>> {
  const rows = await db
    .select({ id: diningTables.id, name: diningTables.name, roomId: diningTables.roomId })
    .from(diningTables)
    .where(eq(diningTables.venueId, venueId));
  return new Map(rows.map((row) => [row.name, { id: row.id, roomId: row.roomId }]));
}
