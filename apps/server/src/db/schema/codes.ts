import { sql, type SQL } from 'drizzle-orm';
import { LOCALES, NOTIFICATION_TYPES } from '@sobremesa/domain';

/**
 * SQL lists for CHECK constraints, built from the domain's constants so the database refuses exactly
 * what the domain does not know. Changing a list here means a new migration.
 */
function sqlList(values: readonly (string | number)[]): SQL {
  return sql.raw(
    `(${values.map((value) => (typeof value === 'number' ? String(value) : `'${value}'`)).join(', ')})`,
  );
}

/** The nine UI locales (spec §1). */
export const LOCALES_SQL = sqlList(LOCALES);

/** Notification types (spec §3 "Notification"). */
export const NOTIFICATION_TYPES_SQL = sqlList(NOTIFICATION_TYPES);

/**
 * Reservation status (spec §4): 1 active (booked, or seated once menu access is enabled), 7 for payment,
 * 10 (left out of lists without a cart), negative finished or deactivated, -4 being a no-show.
 */
export const RESERVATION_STATUSES_SQL = sqlList([1, 7, 10, -1, -2, -3, -4]);

/**
 * Product order status (spec §4): 0 created, 1 accepted, 2 preparing, 3 ready, 4 consuming, 5 consumed,
 * 6 retired, 7 in hot table, 100 served; -1 cancelled, -2 error, -3 loss, -4 rejected.
 */
export const PRODUCT_ORDER_STATUSES_SQL = sqlList([0, 1, 2, 3, 4, 5, 6, 7, 100, -1, -2, -3, -4]);

/** How a guest pays (spec paymentMethod; "Otro" is other). */
export const PAYMENT_METHODS_SQL = sqlList(['cash', 'card', 'other']);
