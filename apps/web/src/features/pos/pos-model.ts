import { RESERVATION_STATUS_CODES, isClosedStatus } from '@sobremesa/domain';
import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';

// Shared with the till's screens, which type amounts the same way.
export { parseAmountCents } from '../../lib/amount-input.ts';

/** An open account as the point of sale lists it. */
export interface PosAccount {
  readonly reservation: FloorReservation;
  /** The account is for payment (status 7) or a guest asked for the bill from their phone. */
  readonly askingForBill: boolean;
  readonly pendingCents: number;
  readonly totalCents: number;
}

/**
 * Whether the till has anything to do with a reservation: it is for payment, or active and either seated or
 * with something ordered. A booking whose guests have not come yet is no account to charge ("Total 0,00 €"
 * with live payment buttons invited charging the wrong table).
 */
function isOpenAccount(reservation: FloorReservation): boolean {
  if (reservation.status === RESERVATION_STATUS_CODES.forPayment) return true;
  return (
    reservation.status === RESERVATION_STATUS_CODES.active &&
    (reservation.seatedDateTime !== null || (reservation.cartSession?.productOrders.length ?? 0) > 0)
  );
}

/**
 * The day's open accounts (seated or for payment), those asking for the bill first, then by table: the
 * cashier's next job is at the top. A bill request (request-ticket, or notification/new from a guest's
 * phone or a waiter) puts the account to payment; a method to pay with set on its own
 * (payment/update-method without a payment) counts as asking too.
 */
export function openAccounts(day: GetByDayResponse): PosAccount[] {
  const accounts = day.reservations.filter(isOpenAccount).map((reservation) => ({
    reservation,
    askingForBill:
      reservation.status === RESERVATION_STATUS_CODES.forPayment ||
      reservation.requestedPaymentMethod !== null,
    pendingCents: reservation.paymentInfo.pending,
    totalCents: reservation.paymentInfo.total,
  }));
  return accounts.sort(
    (a, b) =>
      Number(b.askingForBill) - Number(a.askingForBill) ||
      (a.reservation.table ?? '').localeCompare(b.reservation.table ?? '', 'es', { numeric: true }) ||
      a.reservation.id - b.reservation.id,
  );
}

/** One product as the items section shows it: units sold today and what they came to. */
export interface SoldItem {
  readonly sku: string;
  readonly name: string;
  readonly units: number;
  readonly totalCents: number;
}

export const ITEM_ORDERS = ['top', 'name'] as const;
export type ItemOrder = (typeof ITEM_ORDERS)[number];

/**
 * The day's lines by product (cancelled, rejected and lost lines left out, as the bill leaves them out).
 * "top" puts the best sellers first (the spec's default choice); "name" is alphabetical.
 */
export function soldItems(day: GetByDayResponse, order: ItemOrder): SoldItem[] {
  const bySku = new Map<string, { sku: string; name: string; units: number; totalCents: number }>();
  for (const reservation of day.reservations) {
    for (const line of reservation.cartSession?.productOrders ?? []) {
      if (isClosedStatus(line.statusProductOrder) || line.isGhost) continue;
      const item = bySku.get(line.productSku) ?? {
        sku: line.productSku,
        name: line.name,
        units: 0,
        totalCents: 0,
      };
      item.units += line.units;
      item.totalCents += line.units * line.priceCents;
      bySku.set(line.productSku, item);
    }
  }
  const items = [...bySku.values()];
  return order === 'top'
    ? items.sort((a, b) => b.units - a.units || a.name.localeCompare(b.name, 'es'))
    : items.sort((a, b) => a.name.localeCompare(b.name, 'es'));
}

/** A part of a split, as the finish-account overlay pays it. */
export interface SplitPart {
  readonly part: number;
  readonly amountCents: number;
  readonly productOrderIds: readonly number[];
}

/** The notes a guest most often hands over (10, 20 and 50 in the venue's currency), in cents. */
const QUICK_NOTES_CENTS = [1000, 2000, 5000] as const;

/**
 * The quick cash amounts of the till for `amountCents` owed: the exact amount first, then each common note
 * that covers it (a 10 € note is no help for a 17,25 € part).
 */
export function quickCashAmounts(amountCents: number): number[] {
  return [amountCents, ...QUICK_NOTES_CENTS.filter((note) => note > amountCents)];
}

/** Cents as the till's amount field shows them, the way a cashier types them: "20", "17,25". */
export function amountFieldText(cents: number): string {
  const whole = Math.trunc(cents / 100);
  const fraction = cents % 100;
  return fraction === 0 ? String(whole) : `${whole},${String(fraction).padStart(2, '0')}`;
}
