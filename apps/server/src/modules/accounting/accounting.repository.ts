import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Transaction } from '../../db/database.ts';
import { firstRow } from '../../db/rows.ts';
import {
  accountingSnapshotSlots,
  auditLog,
  accountingSnapshots,
  cardReaders,
  cashDenominations,
  cashDrawerSlots,
  cashDrawerTransactions,
  cashDrawers,
  payments,
  tillShifts,
  tips,
  users,
} from '../../db/schema/index.ts';

/**
 * The till cycle's SQL (decision 033): shifts, counts, cash movements and the sums a close takes.
 * Every query is scoped by venue (SEC-01).
 */

export type ShiftRow = typeof tillShifts.$inferSelect;
export type MovementRow = typeof cashDrawerTransactions.$inferSelect;

/**
 * The venue's open shift. `share` is what a payment takes: many payments may hold it at once, and a close
 * (`update`) waits for them to commit and makes later ones wait for it, then find the shift closed.
 */
export async function findOpenShift(
  db: Executor,
  venueId: number,
  lock?: 'share' | 'update',
): Promise<ShiftRow | undefined> {
  const query = db
    .select()
    .from(tillShifts)
    .where(and(eq(tillShifts.venueId, venueId), eq(tillShifts.status, 'open')));
  const rows = lock === undefined ? await query : await query.for(lock === 'share' ? 'share' : 'update');
  return rows[0];
}

/** Whether the venue ever opened its till: before that, payments are taken without a shift. */
export async function venueUsesTill(db: Executor, venueId: number): Promise<boolean> {
  const rows = await db
    .select({ id: tillShifts.id })
    .from(tillShifts)
    .where(eq(tillShifts.venueId, venueId))
    .limit(1);
  return rows.length > 0;
}

export async function lastShift(db: Executor, venueId: number, lock = false): Promise<ShiftRow | undefined> {
  const query = db
    .select()
    .from(tillShifts)
    .where(eq(tillShifts.venueId, venueId))
    .orderBy(desc(tillShifts.id))
    .limit(1);
  const rows = lock ? await query.for('update') : await query;
  return rows[0];
}

/** A shift by id; `lock` holds its row as {@link findOpenShift} does. */
export async function findShift(db: Executor, venueId: number, shiftId: number, lock?: 'share' | 'update') {
  const query = db
    .select()
    .from(tillShifts)
    .where(and(eq(tillShifts.venueId, venueId), eq(tillShifts.id, shiftId)));
  const [row] = lock === undefined ? await query : await query.for(lock);
  return row;
}

export async function insertShift(db: Executor, values: typeof tillShifts.$inferInsert): Promise<ShiftRow> {
  return firstRow(await db.insert(tillShifts).values(values).returning(), 'insert');
}

export async function updateShift(
  db: Executor,
  venueId: number,
  shiftId: number,
  values: Partial<typeof tillShifts.$inferInsert>,
): Promise<ShiftRow> {
  const rows = await db
    .update(tillShifts)
    .set(values)
    .where(and(eq(tillShifts.venueId, venueId), eq(tillShifts.id, shiftId)))
    .returning();
  return firstRow(rows, 'update');
}

/**
 * The drawer a count or a cash movement names, share-locked until the transaction ends: the admin's removal
 * (decision 048) locks it for update, so one waits for the other and a removed drawer is simply not found.
 */
export async function findDrawer(tx: Transaction, venueId: number, drawerId: number) {
  const [row] = await tx
    .select()
    .from(cashDrawers)
    .where(and(eq(cashDrawers.venueId, venueId), eq(cashDrawers.id, drawerId)))
    .for('share');
  return row;
}

/** The card reader a count names, share-locked like {@link findDrawer}. */
export async function findCardReader(tx: Transaction, venueId: number, readerId: number) {
  const [row] = await tx
    .select()
    .from(cardReaders)
    .where(and(eq(cardReaders.venueId, venueId), eq(cardReaders.id, readerId)))
    .for('share');
  return row;
}

/** A drawer's denominations with their values, smallest first: what a count must name. */
export function drawerDenominations(db: Executor, venueId: number, drawerId: number) {
  return db
    .select({ cashDenominationId: cashDenominations.id, valueCents: cashDenominations.valueCents })
    .from(cashDrawerSlots)
    .innerJoin(cashDenominations, eq(cashDenominations.id, cashDrawerSlots.cashDenominationId))
    .where(and(eq(cashDrawerSlots.venueId, venueId), eq(cashDrawerSlots.cashDrawerId, drawerId)))
    .orderBy(asc(cashDenominations.valueCents));
}

/** Records a count and its slots, and keeps them as the drawer's last known content. */
export async function insertSnapshot(
  db: Executor,
  values: typeof accountingSnapshots.$inferInsert,
  slots: readonly { cashDenominationId: number; quantity: number }[],
) {
  const row = firstRow(await db.insert(accountingSnapshots).values(values).returning(), 'insert');
  if (slots.length > 0) {
    await db
      .insert(accountingSnapshotSlots)
      .values(slots.map((slot) => ({ venueId: values.venueId, snapshotId: row.id, ...slot })));
    for (const slot of slots)
      await db
        .update(cashDrawerSlots)
        .set({ quantity: slot.quantity })
        .where(
          and(
            eq(cashDrawerSlots.venueId, values.venueId),
            eq(cashDrawerSlots.cashDrawerId, row.cashDrawerId ?? 0),
            eq(cashDrawerSlots.cashDenominationId, slot.cashDenominationId),
          ),
        );
  }
  return row;
}

export async function setSnapshotShift(db: Executor, venueId: number, snapshotId: number, shiftId: number) {
  await db
    .update(accountingSnapshots)
    .set({ shiftId })
    .where(and(eq(accountingSnapshots.venueId, venueId), eq(accountingSnapshots.id, snapshotId)));
}

export async function insertMovement(
  db: Executor,
  values: typeof cashDrawerTransactions.$inferInsert,
): Promise<MovementRow> {
  return firstRow(await db.insert(cashDrawerTransactions).values(values).returning(), 'insert');
}

export function movementsOfShift(db: Executor, venueId: number, shiftId: number) {
  return db
    .select()
    .from(cashDrawerTransactions)
    .where(and(eq(cashDrawerTransactions.venueId, venueId), eq(cashDrawerTransactions.shiftId, shiftId)))
    .orderBy(asc(cashDrawerTransactions.id));
}

/** What a shift's payments, tips and movements add up to (voided payments and tips left out). */
export async function shiftSums(db: Executor, venueId: number, shiftId: number) {
  const [paid] = await db
    .select({
      cashTaken: sql<string>`coalesce(sum(${payments.tenderedCents}) filter (where ${payments.method} = 'cash'), 0)`,
      changeGiven: sql<string>`coalesce(sum(${payments.changeCents}) filter (where ${payments.method} = 'cash'), 0)`,
      card: sql<string>`coalesce(sum(${payments.amountCents}) filter (where ${payments.method} = 'card'), 0)`,
    })
    .from(payments)
    .where(and(eq(payments.venueId, venueId), eq(payments.shiftId, shiftId), isNull(payments.voidedAt)));
  const [tipped] = await db
    .select({
      cash: sql<string>`coalesce(sum(${tips.amountCents}) filter (where ${tips.method} = 'cash'), 0)`,
      card: sql<string>`coalesce(sum(${tips.amountCents}) filter (where ${tips.method} = 'card'), 0)`,
    })
    .from(tips)
    .where(and(eq(tips.venueId, venueId), eq(tips.shiftId, shiftId), isNull(tips.voidedAt)));
  const [moved] = await db
    .select({
      in: sql<string>`coalesce(sum(${cashDrawerTransactions.amountCents}) filter (where ${cashDrawerTransactions.type} = 1), 0)`,
      out: sql<string>`coalesce(sum(${cashDrawerTransactions.amountCents}) filter (where ${cashDrawerTransactions.type} = 0), 0)`,
    })
    .from(cashDrawerTransactions)
    .where(and(eq(cashDrawerTransactions.venueId, venueId), eq(cashDrawerTransactions.shiftId, shiftId)));
  return {
    cashTakenCents: Number(paid?.cashTaken ?? 0),
    changeGivenCents: Number(paid?.changeGiven ?? 0),
    // The card reader charged the card tips with the payments, so its total is compared with both.
    cardRecordedCents: Number(paid?.card ?? 0) + Number(tipped?.card ?? 0),
    cashTipsCents: Number(tipped?.cash ?? 0),
    inCents: Number(moved?.in ?? 0),
    outCents: Number(moved?.out ?? 0),
  };
}

/** The shifts of a service day, first opened first. */
export function shiftsOfDay(db: Executor, venueId: number, day: string) {
  return db
    .select()
    .from(tillShifts)
    .where(and(eq(tillShifts.venueId, venueId), eq(tillShifts.logicalDate, day)))
    .orderBy(asc(tillShifts.id));
}

/** The last reopening of a shift, from its audit row: when, by whom (by name) and why. */
export async function lastReopen(db: Executor, venueId: number, shiftId: number) {
  const [row] = await db
    .select({ at: auditLog.createdAt, by: users.name, after: auditLog.after })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(
      and(
        eq(auditLog.venueId, venueId),
        eq(auditLog.action, 'till.reopen'),
        eq(auditLog.entity, 'till_shift'),
        eq(auditLog.entityId, String(shiftId)),
      ),
    )
    .orderBy(desc(auditLog.id))
    .limit(1);
  if (!row) return null;
  const reason = (row.after as { reason?: unknown } | null)?.reason;
  return { at: row.at.toISOString(), by: row.by ?? '', reason: typeof reason === 'string' ? reason : '' };
}
