/**
 * Reservation status codes (spec §4) and the states and transitions built on them (decision 007).
 *
 * A reservation is also the account of a table (walk-ins and sit-ins are reservations too). The spec fixes
 * the codes: 1 active (booked, or seated once menu access is enabled), 7 for payment (after a ticket
 * request), 10 excluded (here: the provisional reservation behind a guest's hold), negative finished or
 * deactivated (-4 being a no-show). This module also fixes the negative codes the spec leaves open:
 * -1 cancelled, -2 closed (the account is finished), -3 merged into another account.
 */
export const RESERVATION_STATUS_CODES = {
  /** Booked, or seated once menu access is enabled (spec statusStart). */
  active: 1,
  /** The bill was requested (spec statusForPayment). */
  forPayment: 7,
  /** Left out of the lists (the provisional reservation behind a guest's hold). */
  excluded: 10,
  /** Cancelled by the guest or by staff. */
  cancelled: -1,
  /** The account was closed (finished; `finishedAt` is set). */
  closed: -2,
  /** Merged into another account, which carries its orders now; deactivated. */
  merged: -3,
  /** The guests did not come (spec statusNoShow, Ausentes). */
  noShow: -4,
} as const;

/** One of the status codes above. */
export type ReservationStatusCode = (typeof RESERVATION_STATUS_CODES)[keyof typeof RESERVATION_STATUS_CODES];

/** Every status code, for CHECK constraints and exhaustive tests. */
export const RESERVATION_STATUS_CODE_LIST: readonly ReservationStatusCode[] =
  Object.values(RESERVATION_STATUS_CODES);

/**
 * What a reservation is now, derived from its status code and facts (never stored on its own):
 * - `held`: status 10, a guest's hold; invisible to staff.
 * - `confirmed`: status 1, the guests have not arrived (list "to come").
 * - `seated`: status 1 with menu access enabled (or a seating time): the account is open.
 * - `for_payment`: status 7, the bill was requested.
 * - `no_show`: -4. `cancelled`: -1 (or another negative code without finish time).
 * - `finished`: closed (-2, or any code with a finish time). `merged`: -3, its orders live in another account.
 */
export const RESERVATION_STATES = [
  'held',
  'confirmed',
  'seated',
  'for_payment',
  'no_show',
  'cancelled',
  'finished',
  'merged',
] as const;

/** One reservation state. */
export type ReservationState = (typeof RESERVATION_STATES)[number];

/** The facts a state is derived from. */
export interface ReservationStatusFacts {
  readonly status: number;
  /** The spec's finishedDateTime: set when the account was closed (or deactivated by a merge). */
  readonly finishedAt?: Date | null;
  readonly menuAccessEnabled: boolean;
  readonly seatedAt?: Date | null;
  /** Set when merged into another account. */
  readonly mergedIntoId?: number | null;
}

/** The state of a reservation (see {@link RESERVATION_STATES}). */
export function reservationStateOf(facts: ReservationStatusFacts): ReservationState {
  const { status } = facts;
  if (status === RESERVATION_STATUS_CODES.excluded) return 'held';
  if (status === RESERVATION_STATUS_CODES.noShow) return 'no_show';
  if (status === RESERVATION_STATUS_CODES.merged || (facts.mergedIntoId ?? null) !== null) return 'merged';
  if (status === RESERVATION_STATUS_CODES.closed || facts.finishedAt) return 'finished';
  if (status < 0) return 'cancelled';
  if (status === RESERVATION_STATUS_CODES.forPayment) return 'for_payment';
  if (facts.menuAccessEnabled || facts.seatedAt) return 'seated';
  return 'confirmed';
}

/** Whether a state is one of the negative ones: finished or deactivated (spec §4). */
export function isDeactivatedState(state: ReservationState): boolean {
  return state === 'no_show' || state === 'cancelled' || state === 'finished' || state === 'merged';
}

/** Whether a status code is a negative one: finished or deactivated (spec §4). */
export function isDeactivatedCode(status: number): boolean {
  return status < 0;
}

/** What tells whether an account is closed (`mergedIntoId` where the caller has it). */
export interface AccountClosingFacts {
  readonly status: number;
  readonly finishedAt: Date | string | null;
  readonly mergedIntoId?: number | null;
}

/**
 * Whether an account takes no more orders, requests or bill asks: a negative code (cancelled, closed,
 * merged, no-show), a finish time, or merged into another account. The one check every caller uses.
 */
export function isAccountClosed(account: AccountClosingFacts): boolean {
  return (
    isDeactivatedCode(account.status) ||
    account.finishedAt !== null ||
    (account.mergedIntoId ?? null) !== null
  );
}

/**
 * What staff (and later guests) do to an existing reservation. Each maps to one call of spec §7:
 * - `seat`: enable-reservation (the guests arrived and may order: menu access 1, seated).
 * - `readyToOrder`: ready-to-order (the table wants to order).
 * - `requestBill`: request-ticket (1 → 7, payment pending; the payments work builds the call).
 * - `updatePax`, `updateTable`, `staffComments`, `locationTag`: edits of an open reservation.
 * - `accountQr`: hand out the account QR a guest scans to join the table's account.
 * - `noShow` (→ -4), `cancel` (→ -1), `close` (→ -2, finished), `reactivate` (negative → active).
 * - `merge`: this account is merged into another (→ -3); `mergeInto`: this account receives another.
 */
export const RESERVATION_ACTIONS = [
  'seat',
  'readyToOrder',
  'requestBill',
  'updatePax',
  'updateTable',
  'staffComments',
  'locationTag',
  'accountQr',
  'noShow',
  'cancel',
  'close',
  'reactivate',
  'merge',
  'mergeInto',
] as const;

/** One action on an existing reservation. */
export type ReservationAction = (typeof RESERVATION_ACTIONS)[number];

/**
 * The transition table (decision 007): for each state, the actions it allows and the state each leads to.
 * An action missing from a state's row is refused. Edits keep the state; the negative states allow only
 * `reactivate` (a no-show who arrives late or a cancellation undone go back to `confirmed`, a closed
 * account reopened goes back to `seated`), except `merged`, whose orders now live in another account.
 */
export const RESERVATION_TRANSITIONS: {
  readonly [S in ReservationState]: Readonly<Partial<Record<ReservationAction, ReservationState>>>;
} = {
  held: {},
  confirmed: {
    seat: 'seated',
    updatePax: 'confirmed',
    updateTable: 'confirmed',
    staffComments: 'confirmed',
    locationTag: 'confirmed',
    accountQr: 'confirmed',
    noShow: 'no_show',
    cancel: 'cancelled',
    merge: 'merged',
    mergeInto: 'confirmed',
  },
  seated: {
    readyToOrder: 'seated',
    requestBill: 'for_payment',
    updatePax: 'seated',
    updateTable: 'seated',
    staffComments: 'seated',
    locationTag: 'seated',
    accountQr: 'seated',
    close: 'finished',
    merge: 'merged',
    mergeInto: 'seated',
  },
  for_payment: {
    updatePax: 'for_payment',
    updateTable: 'for_payment',
    staffComments: 'for_payment',
    locationTag: 'for_payment',
    accountQr: 'for_payment',
    close: 'finished',
    merge: 'merged',
    mergeInto: 'for_payment',
  },
  no_show: { reactivate: 'confirmed' },
  cancelled: { reactivate: 'confirmed' },
  finished: { reactivate: 'seated' },
  merged: {},
};

/** Why an action is refused: the reservation ended, the state does not allow it, or staff cannot see it. */
export type TransitionRefusal = 'finished' | 'invalid_transition' | 'not_found';

/** The outcome of {@link checkTransition}. */
export type TransitionCheck =
  | { readonly allowed: true; readonly from: ReservationState; readonly to: ReservationState }
  | { readonly allowed: false; readonly from: ReservationState; readonly reason: TransitionRefusal };

/**
 * Whether `action` may be applied in `state`, and the state it leads to. A refusal says why: `not_found`
 * for a hold (staff never see one), `finished` when the reservation is finished or deactivated (spec
 * "La reserva ha finalizado"), `invalid_transition` otherwise (e.g. a no-show for seated guests).
 */
export function checkTransition(state: ReservationState, action: ReservationAction): TransitionCheck {
  const to = RESERVATION_TRANSITIONS[state][action];
  if (to !== undefined) return { allowed: true, from: state, to };
  if (state === 'held') return { allowed: false, from: state, reason: 'not_found' };
  if (isDeactivatedState(state) && action !== 'reactivate') {
    return { allowed: false, from: state, reason: 'finished' };
  }
  return { allowed: false, from: state, reason: 'invalid_transition' };
}

/** The actions a state allows, in {@link RESERVATION_ACTIONS} order (what a screen offers). */
export function allowedActions(state: ReservationState): ReservationAction[] {
  return RESERVATION_ACTIONS.filter((action) => RESERVATION_TRANSITIONS[state][action] !== undefined);
}

/**
 * The status code and seating facts a state is written as. `seated` and `confirmed` share code 1 and
 * differ by menu access; the finished and merged states also carry a finish time (set by the caller).
 */
export const STATUS_CODE_OF_STATE: { readonly [S in ReservationState]: ReservationStatusCode } = {
  held: RESERVATION_STATUS_CODES.excluded,
  confirmed: RESERVATION_STATUS_CODES.active,
  seated: RESERVATION_STATUS_CODES.active,
  for_payment: RESERVATION_STATUS_CODES.forPayment,
  no_show: RESERVATION_STATUS_CODES.noShow,
  cancelled: RESERVATION_STATUS_CODES.cancelled,
  finished: RESERVATION_STATUS_CODES.closed,
  merged: RESERVATION_STATUS_CODES.merged,
};

/** Whether the state holds its tables (live table bookings): the not-ended ones. */
export function holdsTables(state: ReservationState): boolean {
  return state === 'held' || state === 'confirmed' || state === 'seated' || state === 'for_payment';
}
