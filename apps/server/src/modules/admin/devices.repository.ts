import { and, asc, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Executor, Transaction } from '../../db/database.ts';
import { readsOn } from '../../db/reads.ts';
import { namesInVenueOrder } from '../../db/venue-rows.ts';
import {
  accountingSnapshots,
  cardReaders,
  cashDenominations,
  cashDrawers,
  cashDrawerSlots,
  cashDrawerTransactions,
  elaborationStations,
  payments,
  tillShifts,
} from '../../db/schema/index.ts';

export const listDrawers = (db: Executor, venueId: number) => namesInVenueOrder(db, cashDrawers, venueId);

/** Each drawer's denominations with their kind, smallest first. */
export function listDrawerDenominations(db: Executor, venueId: number) {
  return db
    .select({
      cashDrawerId: cashDrawerSlots.cashDrawerId,
      value: cashDenominations.valueCents,
      kind: cashDenominations.kind,
    })
    .from(cashDrawerSlots)
    .innerJoin(cashDenominations, eq(cashDenominations.id, cashDrawerSlots.cashDenominationId))
    .where(eq(cashDrawerSlots.venueId, venueId))
    .orderBy(asc(cashDenominations.valueCents));
}

export function listReaders(db: Executor, venueId: number) {
  return db
    .select({ id: cardReaders.id, name: cardReaders.name, kind: cardReaders.provider })
    .from(cardReaders)
    .where(eq(cardReaders.venueId, venueId))
    .orderBy(asc(cardReaders.sortOrder), asc(cardReaders.id));
}

/** The reference denominations with these values. */
export function findDenominations(db: Executor, valuesCents: readonly number[]) {
  return db
    .select({ id: cashDenominations.id, valueCents: cashDenominations.valueCents })
    .from(cashDenominations)
    .where(inArray(cashDenominations.valueCents, [...valuesCents]));
}

/** The venue's drawer under a row lock (so a till shift opening on it waits for the change). */
export async function lockDrawer(tx: Transaction, venueId: number, drawerId: number) {
  const [row] = await tx
    .select({ id: cashDrawers.id, name: cashDrawers.name })
    .from(cashDrawers)
    .where(and(eq(cashDrawers.venueId, venueId), eq(cashDrawers.id, drawerId)))
    .for('update');
  return row;
}

export async function drawerHasOpenShift(db: Executor, venueId: number, drawerId: number) {
  const [row] = await db
    .select({ id: tillShifts.id })
    .from(tillShifts)
    .where(
      and(
        eq(tillShifts.venueId, venueId),
        eq(tillShifts.cashDrawerId, drawerId),
        eq(tillShifts.status, 'open'),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** A venue's table and its column that names a device. */
type DeviceReference = readonly [PgTable & { id: PgColumn; venueId: PgColumn }, PgColumn];

/** Whether any of the venue's rows in these tables names the device: history that must stay whole. */
async function namedIn(
  db: Executor,
  venueId: number,
  deviceId: number,
  references: readonly DeviceReference[],
) {
  const run = readsOn(db);
  const checks = await Promise.all(
    references.map(([table, column]) =>
      run(() =>
        db
          .select({ id: table.id })
          .from(table)
          .where(and(eq(table.venueId, venueId), eq(column, deviceId)))
          .limit(1),
      ),
    ),
  );
  return checks.some((rows) => rows.length > 0);
}

/** Whether the drawer appears in the till's history (shifts, counts, cash movements), which must stay whole. */
export function drawerHasHistory(db: Executor, venueId: number, drawerId: number) {
  return namedIn(db, venueId, drawerId, [
    [tillShifts, tillShifts.cashDrawerId],
    [accountingSnapshots, accountingSnapshots.cashDrawerId],
    [cashDrawerTransactions, cashDrawerTransactions.cashDrawerId],
  ]);
}

export async function lockReader(tx: Transaction, venueId: number, readerId: number) {
  const [row] = await tx
    .select({ id: cardReaders.id, name: cardReaders.name, kind: cardReaders.provider })
    .from(cardReaders)
    .where(and(eq(cardReaders.venueId, venueId), eq(cardReaders.id, readerId)))
    .for('update');
  return row;
}

export async function insertReader(tx: Transaction, venueId: number, name: string, kind: string) {
  const [row] = await tx
    .insert(cardReaders)
    .values({ venueId, name, provider: kind })
    .returning({ id: cardReaders.id, name: cardReaders.name, kind: cardReaders.provider });
  return row!;
}

export async function updateReader(
  tx: Transaction,
  venueId: number,
  readerId: number,
  values: { name: string; kind: string },
) {
  await tx
    .update(cardReaders)
    .set({ name: values.name, provider: values.kind })
    .where(and(eq(cardReaders.venueId, venueId), eq(cardReaders.id, readerId)));
}

/** Whether a card count or a payment names the reader. */
export function readerHasHistory(db: Executor, venueId: number, readerId: number) {
  return namedIn(db, venueId, readerId, [
    [accountingSnapshots, accountingSnapshots.cardReaderId],
    [payments, payments.cardReaderId],
  ]);
}

export async function deleteReader(tx: Transaction, venueId: number, readerId: number) {
  await tx.delete(cardReaders).where(and(eq(cardReaders.venueId, venueId), eq(cardReaders.id, readerId)));
}

/** The venue's elaboration stations (kitchen lines, bar), each of which prints its own tickets. */
export const listStations = (db: Executor, venueId: number) =>
  namesInVenueOrder(db, elaborationStations, venueId);
