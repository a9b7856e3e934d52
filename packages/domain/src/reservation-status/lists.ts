import { RESERVATION_STATUS_CODES, reservationStateOf, type ReservationStatusFacts } from './status.ts';

/**
 * The copilot's reservation lists of a service day (spec §4 "Reservation lists", §2 features):
 * - `toCome`: no finish time, menu access 0, status 1 (booked, not arrived);
 * - `seated`: status 1 with menu access (the open accounts);
 * - `forPayment`: status 7 (bill requested);
 * - `absent` (Ausentes): status -4;
 * - `finished`: a finish time is set (closed accounts, and merged ones, which are deactivated).
 * Holds (status 10) and cancellations belong to no list.
 */
export const RESERVATION_LISTS = ['toCome', 'seated', 'forPayment', 'absent', 'finished'] as const;

/** One of the day's lists. */
export type ReservationListName = (typeof RESERVATION_LISTS)[number];

/** The facts the lists read. */
export interface ListedReservationFacts {
  readonly status: number;
  readonly finishedAt?: Date | null;
  readonly menuAccessEnabled: boolean;
}

/** The list a reservation appears in, or null (holds, cancellations). */
export function reservationListOf(facts: ListedReservationFacts): ReservationListName | null {
  const { status } = facts;
  if (status === RESERVATION_STATUS_CODES.excluded) return null;
  if (facts.finishedAt) return 'finished';
  if (status === RESERVATION_STATUS_CODES.noShow) return 'absent';
  if (status === RESERVATION_STATUS_CODES.forPayment) return 'forPayment';
  if (status === RESERVATION_STATUS_CODES.active) return facts.menuAccessEnabled ? 'seated' : 'toCome';
  return null;
}

/** Sorts reservations into the day's lists, keeping their order within each list. */
export function groupReservationLists<T extends ListedReservationFacts>(
  reservations: readonly T[],
): Record<ReservationListName, T[]> {
  const lists: Record<ReservationListName, T[]> = {
    toCome: [],
    seated: [],
    forPayment: [],
    absent: [],
    finished: [],
  };
  for (const reservation of reservations) {
    const list = reservationListOf(reservation);
    if (list) lists[list].push(reservation);
  }
  return lists;
}

/** Upcoming reservation window (spec §9): 24 hours. */
export const UPCOMING_WINDOW_MS = 24 * 3600 * 1000;

/** What the upcoming rule and the table states read of a reservation. */
export interface FloorReservationFacts extends ReservationStatusFacts {
  readonly id: number;
  readonly startsAt: Date;
  /** End of the planned stay; without it the reservation is upcoming only until it starts. */
  readonly endsAt?: Date | null;
  /** The tables it holds (live table bookings). */
  readonly tableIds: readonly number[];
  /** The guests said they are ready to order (ready-to-order). */
  readonly readyToOrder?: boolean;
  /** The account has orders (lines in its cart). */
  readonly hasOrders?: boolean;
  /** Integer cents already paid towards the account. */
  readonly paidCents?: number;
}

/**
 * The spec's upcoming rule (§4): a reservation without menu access starting within 24 hours with a
 * matching table counts as upcoming for that table; status 7 and 10 are excluded. Ours also leaves out
 * finished and deactivated ones (negative codes), and keeps a late reservation upcoming until its planned
 * stay ends (the table is still theirs), so "starting within 24 hours" reads `startsAt < now + 24 h` and
 * `endsAt > now`.
 */
export function isUpcomingForTable(reservation: FloorReservationFacts, tableId: number, now: Date): boolean {
  const { status } = reservation;
  if (status === RESERVATION_STATUS_CODES.forPayment || status === RESERVATION_STATUS_CODES.excluded) {
    return false;
  }
  if (status < 0 || reservation.finishedAt || reservation.menuAccessEnabled) return false;
  if (!reservation.tableIds.includes(tableId)) return false;
  const start = reservation.startsAt.getTime();
  const end = (reservation.endsAt ?? reservation.startsAt).getTime();
  const at = now.getTime();
  return start < at + UPCOMING_WINDOW_MS && (end > at || start >= at);
}

/** The soonest upcoming reservation of a table, or null (see {@link isUpcomingForTable}). */
export function upcomingReservationFor<T extends FloorReservationFacts>(
  tableId: number,
  reservations: readonly T[],
  now: Date,
): T | null {
  let soonest: T | null = null;
  for (const reservation of reservations) {
    if (!isUpcomingForTable(reservation, tableId, now)) continue;
    if (
      soonest === null ||
      reservation.startsAt.getTime() < soonest.startsAt.getTime() ||
      (reservation.startsAt.getTime() === soonest.startsAt.getTime() && reservation.id < soonest.id)
    ) {
      soonest = reservation;
    }
  }
  return soonest;
}

/**
 * A table at a glance on the floor plan (issue 5): free; booked soon (an upcoming reservation, 24-hour
 * rule); seated (an open account); ordering (the account has orders or asked to order); bill requested
 * (status 7, nothing paid yet); paying (status 7 with part of it paid).
 */
export const TABLE_STATES = [
  'free',
  'booked_soon',
  'seated',
  'ordering',
  'bill_requested',
  'paying',
] as const;

/** One table state. */
export type TableState = (typeof TABLE_STATES)[number];

/** A table's state and the reservation behind it (the open account, else the upcoming reservation). */
export interface TableStatus {
  readonly state: TableState;
  readonly reservationId: number | null;
  /** The soonest upcoming reservation of the table, also when an account is open on it. */
  readonly upcomingReservationId: number | null;
}

/** Whether a reservation is an open account sitting at its tables (seated or for payment). */
export function isOpenAccount(reservation: ReservationStatusFacts): boolean {
  const state = reservationStateOf(reservation);
  return state === 'seated' || state === 'for_payment';
}

/**
 * The state of `tableId` at `now` given the day's reservations. An open account on the table decides
 * (the earliest seated one if, against the rules, there are two); otherwise the upcoming rule.
 */
export function tableStatusOf(
  tableId: number,
  reservations: readonly FloorReservationFacts[],
  now: Date,
): TableStatus {
  const upcoming = upcomingReservationFor(tableId, reservations, now);
  const open = reservations
    .filter((reservation) => reservation.tableIds.includes(tableId) && isOpenAccount(reservation))
    .sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime() || a.id - b.id)[0];
  const upcomingReservationId = upcoming?.id ?? null;
  if (open) {
    let state: TableState;
    if (reservationStateOf(open) === 'for_payment') {
      state = (open.paidCents ?? 0) > 0 ? 'paying' : 'bill_requested';
    } else {
      state = open.readyToOrder || open.hasOrders ? 'ordering' : 'seated';
    }
    return { state, reservationId: open.id, upcomingReservationId };
  }
  if (upcoming) return { state: 'booked_soon', reservationId: upcoming.id, upcomingReservationId };
  return { state: 'free', reservationId: null, upcomingReservationId: null };
}
