import { COPILOT_VIEWS, type CopilotView } from '../copilot-views.ts';
import { RESERVATION_ACTIONS, type ReservationAction } from './status.ts';

/**
 * Who acts on the floor (SEC-02): the view of the copilot role the staff member selected, or `admin`
 * (a venue administrator may do everything, whichever view they have open).
 */
export type FloorActor = CopilotView | 'admin';

/** Every floor actor, for exhaustive tests and documentation. */
export const FLOOR_ACTORS: readonly FloorActor[] = [...COPILOT_VIEWS, 'admin'];

/**
 * The floor operations: every action on an existing reservation plus the day's reads and the creations
 * (walk-in "De Paso", sit-in "Sin Recibir", reservation by phone), the walk-in waitlist and the venue's
 * Google-review QR.
 */
export const FLOOR_OPERATIONS = [
  'viewDay',
  'searchAccount',
  'userDetails',
  'reviewQr',
  'createWalkIn',
  'createSitIn',
  'createPhoneReservation',
  'waitlist',
  ...RESERVATION_ACTIONS,
] as const;

/** One floor operation. */
export type FloorOperation = (typeof FLOOR_OPERATIONS)[number];

/** Compile-time check: every action on a reservation is a floor operation the matrix rules on. */
const _everyActionIsAnOperation: ReservationAction extends FloorOperation ? true : never = true;

const ALL: readonly FloorActor[] = FLOOR_ACTORS;
/** Front of house: the views that receive guests, seat them and run the tables. */
const FRONT: readonly FloorActor[] = ['Sala', '1 en Sala', 'Barra', 'TPV', 'Pasante', 'admin'];
/** Actions that end or undo an account, or change whose it is (audited, SEC-11): not for interns. */
const SENIOR_FLOOR: readonly FloorActor[] = ['Sala', '1 en Sala', 'admin'];
/** Closing, reopening and merging accounts is also the point of sale's work. */
const ACCOUNTS: readonly FloorActor[] = ['Sala', '1 en Sala', 'TPV', 'admin'];

/**
 * The role × action matrix of the floor (SEC-02, decision 007), enforced by the server on every call and
 * read by screens to hide what a role may not do:
 * - every view sees the day, searches accounts and reads user details (the kitchen follows the room);
 * - the kitchen (Cocina) also writes internal comments (an allergy heard at the pass), nothing else;
 * - front of house (Sala, 1 en Sala, Barra, TPV, Pasante) receive and seat guests, edit pax, tables,
 *   comments and location tags, hand out QR codes, take phone reservations and keep the walk-in waitlist;
 * - no-show and cancel (they free tables and are audited) belong to the room (Sala, 1 en Sala);
 * - close, reactivate and merge (accounts) to the room and the point of sale (TPV);
 * - Pasante (intern) does none of the audited actions; admin does everything.
 */
export const FLOOR_ROLE_MATRIX: { readonly [O in FloorOperation]: readonly FloorActor[] } = {
  viewDay: ALL,
  searchAccount: ALL,
  userDetails: ALL,
  reviewQr: FRONT,
  createWalkIn: FRONT,
  createSitIn: FRONT,
  createPhoneReservation: FRONT,
  waitlist: FRONT,
  seat: FRONT,
  readyToOrder: FRONT,
  requestBill: FRONT,
  updatePax: FRONT,
  updateTable: FRONT,
  staffComments: ALL,
  locationTag: FRONT,
  accountQr: FRONT,
  noShow: SENIOR_FLOOR,
  cancel: SENIOR_FLOOR,
  close: ACCOUNTS,
  reactivate: ACCOUNTS,
  merge: ACCOUNTS,
  mergeInto: ACCOUNTS,
};

/** Whether `actor` may perform `operation` (SEC-02). */
export function mayPerform(actor: FloorActor, operation: FloorOperation): boolean {
  return FLOOR_ROLE_MATRIX[operation].includes(actor);
}

/** The operations `actor` may perform, in {@link FLOOR_OPERATIONS} order. */
export function operationsOf(actor: FloorActor): FloorOperation[] {
  return FLOOR_OPERATIONS.filter((operation) => mayPerform(actor, operation));
}

/**
 * Floor operations whose every use is written to the append-only audit log with actor, role, before and
 * after (SEC-11): they end, undo or fold an account.
 */
export const AUDITED_FLOOR_OPERATIONS: readonly FloorOperation[] = [
  'noShow',
  'cancel',
  'close',
  'reactivate',
  'merge',
];
