import type {
  CashDrawerTransactionRequest,
  CreateAccountingSnapshotRequest,
  TillBalanceView,
  TillShiftView,
} from '@sobremesa/contracts';
import {
  logicalDate,
  snapshotRefusal,
  tillBalance,
  visibleBalance,
  withdrawalRefusal,
  type Locale,
  type SnapshotType,
  type TillBalance,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { moneyText } from '../../i18n/money-text.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  drawerDenominations,
  findCardReader,
  findDrawer,
  findOpenShift,
  insertMovement,
  insertShift,
  insertSnapshot,
  lastReopen,
  lastShift,
  movementsOfShift,
  setSnapshotShift,
  shiftSums,
  updateShift,
  type MovementRow,
  type ShiftRow,
} from './accounting.repository.ts';

/**
 * The till cycle (issue 24, decision 033): counts open and close shifts, cash goes in and out with a
 * reason, and a close compares what the drawer holds with what it should. Each runs in the caller's
 * (idempotent) transaction, with the open shift's row locked so payments racing a close land or wait.
 */

const refused = (status: 400 | 409, key: ConstructorParameters<typeof AppError>[2]) =>
  new AppError(status, status === 400 ? 'VALIDATION_FAILED' : 'CONFLICT', key);

export function shiftView(row: ShiftRow): TillShiftView {
  return {
    id: row.id,
    cashDrawerId: row.cashDrawerId,
    logicalDate: row.logicalDate,
    status: row.status,
    floatCents: row.floatCents,
    openedAt: row.openedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    endsDay: row.endsDay,
    reopenCount: row.reopenCount,
  };
}

export function movementView(row: MovementRow) {
  return {
    id: row.id,
    cashDrawerId: row.cashDrawerId,
    type: row.type,
    amount: row.amountCents,
    reason: row.reason,
    createdAt: row.createdAt.toISOString(),
  };
}

function balanceView(balance: TillBalance, blind: boolean): TillBalanceView {
  return { blind, ...visibleBalance(balance, blind) };
}

const isBlind = (venue: Venue) => venue.settings.blindCashCount === true;

/** A shift's balance now, against `counted` (its float when nothing was counted yet). */
async function balanceOf(
  tx: Transaction,
  venueId: number,
  shift: ShiftRow,
  counted: readonly { valueCents: number; quantity: number }[],
  readerCents: number | null,
): Promise<TillBalance> {
  const sums = await shiftSums(tx, venueId, shift.id);
  return tillBalance({ floatCents: shift.floatCents, ...sums }, counted, {
    recordedCents: sums.cardRecordedCents,
    readerCents,
  });
}

/** create-accounting-snapshot: a count that opens the day, hands over between shifts or ends the day. */
export async function createSnapshot(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  input: CreateAccountingSnapshotRequest,
) {
  const drawer = await findDrawer(tx, venue.id, input.cashDrawerId);
  if (!drawer) throw notFound();
  if (input.cardReaderId !== undefined && !(await findCardReader(tx, venue.id, input.cardReaderId)))
    throw notFound();
  const denominations = new Map(
    (await drawerDenominations(tx, venue.id, drawer.id)).map((row) => [
      row.cashDenominationId,
      row.valueCents,
    ]),
  );
  // The count names the drawer's own denominations at their own value: a wrong value is a wrong count.
  if (input.cashDrawerSlots.some((slot) => denominations.get(slot.cashDenominationId) !== slot.value))
    throw refused(400, 'till_slots_mismatch');
  const counted = input.cashDrawerSlots.map((slot) => ({ valueCents: slot.value, quantity: slot.quantity }));
  const type = input.snapshotType as SnapshotType;
  const open = await findOpenShift(tx, venue.id, 'update');
  const refusal = snapshotRefusal(type, open !== undefined);
  if (refusal) throw refused(409, refusal);
  if (open && open.cashDrawerId !== drawer.id) throw refused(409, 'till_other_drawer');
  const now = ctx.clock.now();
  const day = logicalDate(now, venue.timeZone);
  const countedCash = counted.reduce((sum, slot) => sum + slot.valueCents * slot.quantity, 0);
  const snapshot = await insertSnapshot(
    tx,
    {
      venueId: venue.id,
      type,
      logicalDate: open?.logicalDate ?? day,
      cashDrawerId: drawer.id,
      cardReaderId: input.cardReaderId ?? null,
      totalCardAmountCents: input.totalCardAmount ?? null,
      cardReaderSnapshotMode: input.cardReaderSnapshotMode ?? null,
      takenByUserId: caller.principal.userId,
      countedCashCents: countedCash,
    },
    input.cashDrawerSlots.map((slot) => ({
      cashDenominationId: slot.cashDenominationId,
      quantity: slot.quantity,
    })),
  );
  let closed: { shift: TillShiftView; balance: TillBalanceView } | null = null;
  if (open) {
    const balance = await balanceOf(tx, venue.id, open, counted, input.totalCardAmount ?? null);
    const row = await updateShift(tx, venue.id, open.id, {
      status: 'closed',
      closedSnapshotId: snapshot.id,
      closedByUserId: caller.principal.userId,
      closedAt: now,
      endsDay: type === 3,
      expectedCashCents: balance.expectedCashCents,
      countedCashCents: balance.countedCashCents,
      cardRecordedCents: balance.cardRecordedCents,
      cardReaderCents: balance.cardReaderCents,
    });
    await appendAudit(
      tx,
      venue.id,
      caller,
      type === 3 ? 'till.close_day' : 'till.close_shift',
      'till_shift',
      row.id,
      null,
      {
        snapshotId: snapshot.id,
        ...balance,
      },
    );
    await setSnapshotShift(tx, venue.id, snapshot.id, row.id);
    closed = { shift: shiftView(row), balance: balanceView(balance, isBlind(venue)) };
  }
  let opened: TillShiftView | null = null;
  if (type !== 3) {
    // The next shift opens with what was just counted in the drawer.
    const row = await insertShift(tx, {
      venueId: venue.id,
      cashDrawerId: drawer.id,
      logicalDate: open && type === 2 ? open.logicalDate : day,
      floatCents: countedCash,
      openedSnapshotId: snapshot.id,
      openedByUserId: caller.principal.userId,
      openedAt: now,
    });
    await appendAudit(tx, venue.id, caller, 'till.open', 'till_shift', row.id, null, {
      snapshotId: snapshot.id,
      floatCents: countedCash,
    });
    if (!open) await setSnapshotShift(tx, venue.id, snapshot.id, row.id);
    opened = shiftView(row);
  }
  await appendEvent(tx, venue.id, 'till.changed', {
    snapshotType: type,
    closedShiftId: closed?.shift.id ?? null,
    openedShiftId: opened?.id ?? null,
  });
  return {
    snapshot: {
      id: snapshot.id,
      snapshotType: type,
      cashDrawerId: drawer.id,
      logicalDate: snapshot.logicalDate,
      createdAt: snapshot.createdAt.toISOString(),
    },
    closed,
    opened,
  };
}

/**
 * The open shift a cash movement goes into. Cash in holds it `FOR SHARE`, as a payment does. Cash out takes
 * it `FOR UPDATE`: withdrawals then run one at a time against the drawer, each summing what the one before
 * it committed (payments and voids already in flight finish first), so two at once cannot together take
 * more than the drawer holds. A between-shifts close committed while the first read waited opened the
 * next shift, which only a second read sees (as `shiftForPayment`).
 */
async function shiftForMovement(tx: Transaction, venueId: number, type: 0 | 1) {
  const lock = type === 0 ? 'update' : 'share';
  return (await findOpenShift(tx, venueId, lock)) ?? (await findOpenShift(tx, venueId, lock));
}

/**
 * Cash out beyond the drawer's expected cash is refused (decision 077). The refusal names what may leave
 * only when the venue's till shows the expected cash: on a blind count it says no more than "not that much".
 */
async function assertCashForWithdrawal(
  tx: Transaction,
  venue: Venue,
  shift: ShiftRow,
  amountCents: number,
  locale: Locale,
) {
  const { expectedCashCents } = await balanceOf(tx, venue.id, shift, [], null);
  if (withdrawalRefusal(amountCents, expectedCashCents) === null) return;
  throw isBlind(venue)
    ? new AppError(409, 'CONFLICT', 'till_cash_short_blind')
    : new AppError(409, 'CONFLICT', 'till_cash_short', {
        params: { amount: moneyText(Math.max(0, expectedCashCents), venue.currency, locale) },
      });
}

/** cash-drawer-transaction: cash in (1) or out (0) of the open shift's drawer, with its reason. */
export async function recordMovement(
  tx: Transaction,
  venue: Venue,
  caller: BillingCaller,
  input: CashDrawerTransactionRequest,
  locale: Locale,
) {
  const drawer = await findDrawer(tx, venue.id, input.cashDrawerId);
  if (!drawer) throw notFound();
  const open = await shiftForMovement(tx, venue.id, input.type);
  if (!open) throw refused(409, 'till_not_open');
  if (open.cashDrawerId !== drawer.id) throw refused(409, 'till_other_drawer');
  if (input.type === 0) await assertCashForWithdrawal(tx, venue, open, input.amount, locale);
  const row = await insertMovement(tx, {
    venueId: venue.id,
    cashDrawerId: drawer.id,
    type: input.type,
    amountCents: input.amount,
    reason: input.reason,
    userId: caller.principal.userId,
    shiftId: open.id,
  });
  await appendAudit(
    tx,
    venue.id,
    caller,
    input.type === 1 ? 'till.cash_in' : 'till.cash_out',
    'cash_drawer_transaction',
    row.id,
    null,
    {
      shiftId: open.id,
      amountCents: row.amountCents,
      reason: row.reason,
    },
  );
  await appendEvent(tx, venue.id, 'till.changed', { movementId: row.id, shiftId: open.id });
  return movementView(row);
}

/**
 * The open shift (else the last one), its movements, its balance against its float so far, and its last
 * reopening (who and when, for the screen to show).
 */
export async function tillStatus(ctx: AppContext, venue: Venue) {
  return ctx.db.transaction(async (tx) => {
    const shift = (await findOpenShift(tx, venue.id)) ?? (await lastShift(tx, venue.id));
    if (!shift) return { shift: null, balance: null, movements: [], reopened: null };
    const movements = (await movementsOfShift(tx, venue.id, shift.id)).map(movementView);
    const reopened = shift.reopenCount > 0 ? await lastReopen(tx, venue.id, shift.id) : null;
    if (shift.status === 'closed')
      return {
        shift: shiftView(shift),
        reopened,
        balance: balanceView(
          {
            expectedCashCents: shift.expectedCashCents ?? 0,
            countedCashCents: shift.countedCashCents ?? 0,
            cashDifferenceCents: (shift.countedCashCents ?? 0) - (shift.expectedCashCents ?? 0),
            cardRecordedCents: shift.cardRecordedCents ?? 0,
            cardReaderCents: shift.cardReaderCents,
            cardDifferenceCents:
              shift.cardReaderCents === null ? null : shift.cardReaderCents - (shift.cardRecordedCents ?? 0),
          },
          isBlind(venue),
        ),
        movements,
      };
    const running = await balanceOf(tx, venue.id, shift, [], null);
    // Before the count nothing is counted: what is shown is the expected cash and card so far.
    const balance: TillBalanceView = isBlind(venue)
      ? { blind: true }
      : {
          blind: false,
          expectedCashCents: running.expectedCashCents,
          cardRecordedCents: running.cardRecordedCents,
        };
    return { shift: shiftView(shift), balance, movements, reopened };
  });
}

/**
 * reopen-shift: the last shift, closed by mistake, opens again (its close figures are cleared and will be
 * taken again by the next count), only while no other shift is open. Audited with the figures it had.
 */
export async function reopenShift(
  tx: Transaction,
  venue: Venue,
  caller: BillingCaller,
  input: { shiftId: number; reason: string },
) {
  const last = await lastShift(tx, venue.id, true);
  if (!last || last.id !== input.shiftId || last.status !== 'closed')
    throw refused(409, 'till_not_reopenable');
  const row = await updateShift(tx, venue.id, last.id, {
    status: 'open',
    closedSnapshotId: null,
    closedByUserId: null,
    closedAt: null,
    endsDay: false,
    expectedCashCents: null,
    countedCashCents: null,
    cardRecordedCents: null,
    cardReaderCents: null,
    reopenCount: last.reopenCount + 1,
  });
  await appendAudit(
    tx,
    venue.id,
    caller,
    'till.reopen',
    'till_shift',
    row.id,
    {
      closedAt: last.closedAt?.toISOString() ?? null,
      expectedCashCents: last.expectedCashCents,
      countedCashCents: last.countedCashCents,
      cardRecordedCents: last.cardRecordedCents,
      cardReaderCents: last.cardReaderCents,
    },
    { reason: input.reason, reopenCount: row.reopenCount },
  );
  await appendEvent(tx, venue.id, 'till.changed', { reopenedShiftId: row.id });
  return shiftView(row);
}
