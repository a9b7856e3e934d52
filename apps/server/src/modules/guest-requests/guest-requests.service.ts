import { isAccountClosed } from '@sobremesa/domain';
import type { CreatedNotification } from '@sobremesa/contracts';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { NotificationReader } from '../../http/route-roles.ts';
import { allergenNames } from '../allergies/allergies.service.ts';
import { askForBillByNotification } from '../billing/billing.service.ts';
import { guestById, requireCapability } from '../guests/guests.service.ts';
import {
  raiseNotification as raiseStaffNotification,
  raiseStaffTicketRequest,
  type RaiseNotificationInput,
} from '../notifications/notifications.service.ts';
import {
  accessReservation,
  changeReservation,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { knownAllergenIds, renameGuest, replaceGuestAllergens } from './guest-requests.repository.ts';

/**
 * Subtypes of `call_staff` (decision 009): the notification types are a fixed list (a CHECK constraint),
 * so the guest's other messages to staff travel as subtypes of "call staff".
 */
export const CALL_STAFF_SUBTYPE = { call: 0, comment: 1, allergens: 2, name: 3 } as const;

const finished = () => new AppError(409, 'RESERVATION_FINISHED', 'reservation_finished');

/**
 * The guest's reservation (the one their capability names; `ref`, when sent, must name the same one),
 * locked for the transaction. 401/410 for a bad or stale capability, 404 for another reservation or
 * venue, 409 "La reserva ha finalizado" once it finished.
 */
export async function guestReservation(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  uid: string,
  ref?: number | string,
): Promise<{ row: ReservationRow; guestId: number | null }> {
  const capability = await requireCapability(tx, venue.id, uid, ['reservation', 'menu'], ctx.clock.now());
  const access = await accessReservation(tx, ctx, venue, {
    ref: ref ?? capability.reservationId,
    uid,
    staff: null,
    purposes: ['reservation', 'menu'],
    lock: true,
  });
  if (isAccountClosed(access.row)) throw finished();
  return { row: access.row, guestId: access.guestId };
}

/** Writes a pending notification for staff and announces it (RT-01), in the caller's transaction. */
function raiseNotification(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  reservation: ReservationRow,
  values: Omit<RaiseNotificationInput, 'reservationId' | 'at'>,
): Promise<CreatedNotification> {
  return raiseStaffNotification(tx, venue.id, {
    ...values,
    reservationId: reservation.id,
    at: ctx.clock.now(),
  });
}

function baseData(row: ReservationRow, guestRef: string) {
  return { pax: row.pax, reservationId: row.id, reservationName: row.name, uid: guestRef };
}

/** The guest says the table is ready to order: the floor shows it and staff get a notification. */
export async function guestReadyToOrder(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { uid: string; ref?: number | string; guestRef: string },
) {
  const { row } = await guestReservation(tx, ctx, venue, input.uid, input.ref);
  await changeReservation(tx, venue, row.id, { readyToOrderAt: ctx.clock.now() });
  return raiseNotification(tx, ctx, venue, row, {
    type: 'customer_ready_to_order',
    data: baseData(row, input.guestRef),
  });
}

export async function callStaff(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { uid: string; message?: string; guestRef: string },
) {
  const { row } = await guestReservation(tx, ctx, venue, input.uid);
  return raiseNotification(tx, ctx, venue, row, {
    type: 'call_staff',
    subtype: CALL_STAFF_SUBTYPE.call,
    data: { ...baseData(row, input.guestRef), ...(input.message ? { message: input.message } : {}) },
  });
}

/**
 * The bill, please (spec §3 "Ticket request notification"): status 0, subtype 0, payment method. A seated
 * account goes to payment (status 7), as when a waiter asks for the bill; on an account not seated yet
 * staff only get the notification.
 */
export async function requestTicket(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { uid: string; paymentMethod: 'cash' | 'card' | 'other'; guestRef: string },
) {
  const { row, guestId } = await guestReservation(tx, ctx, venue, input.uid);
  await askForBillByNotification(tx, ctx, venue, row, input.paymentMethod, { by: 'guest' });
  // The requester's name labels it; a table QR names nobody, so staff read 'Comandero' (spec §6).
  const guest = guestId === null ? undefined : await guestById(tx, venue.id, guestId);
  return raiseNotification(tx, ctx, venue, row, {
    type: 'ticket_request',
    subtype: 0,
    target: null,
    paymentMethod: input.paymentMethod,
    data: { ...baseData(row, input.guestRef), ...(guest ? { userName: guest.name } : {}) },
  });
}

export async function sendComment(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { uid: string; comment: string; guestRef: string },
) {
  const { row } = await guestReservation(tx, ctx, venue, input.uid);
  return raiseNotification(tx, ctx, venue, row, {
    type: 'call_staff',
    subtype: CALL_STAFF_SUBTYPE.comment,
    data: { ...baseData(row, input.guestRef), comment: input.comment },
  });
}

async function guestOf(tx: Transaction, venue: Venue, guestId: number | null) {
  // A table QR (account capability) names no guest: they must join the table first (createguestusermenu).
  const guest = guestId === null ? undefined : await guestById(tx, venue.id, guestId);
  if (!guest) throw notFound();
  return guest;
}

export async function updateAllergens(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { uid: string; allergenIds: readonly number[]; guestRef: string },
) {
  const { row, guestId } = await guestReservation(tx, ctx, venue, input.uid);
  const guest = await guestOf(tx, venue, guestId);
  const ids = [...new Set(input.allergenIds)];
  const known = await knownAllergenIds(tx, ids);
  if (known.length !== ids.length) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [{ path: 'allergensId', message: 'Unknown allergen' }],
    });
  }
  await replaceGuestAllergens(tx, venue.id, guest.id, ids);
  // Staff read which allergens, not a generic call (issue 18); the tickets and tile of the table follow.
  const notification = await raiseNotification(tx, ctx, venue, row, {
    type: 'call_staff',
    subtype: CALL_STAFF_SUBTYPE.allergens,
    data: {
      ...baseData(row, input.guestRef),
      guestName: guest.name,
      allergenIds: ids,
      allergenNames: await allergenNames(tx, venue, ids),
    },
  });
  await appendEvent(tx, venue.id, 'reservation.allergies', { reservationId: row.id });
  return { allergensId: ids, notification };
}

export async function updateGuestName(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: { uid: string; name: string; guestRef: string },
) {
  const { row, guestId } = await guestReservation(tx, ctx, venue, input.uid);
  const guest = await guestOf(tx, venue, guestId);
  await renameGuest(tx, venue.id, guest.id, input.name);
  const notification = await raiseNotification(tx, ctx, venue, row, {
    type: 'call_staff',
    subtype: CALL_STAFF_SUBTYPE.name,
    data: { ...baseData(row, input.guestRef), previousName: guest.name, guestName: input.name },
  });
  return { userName: input.name, notification };
}

/**
 * notification/new, staff form: a waiter asks for an account's bill from the copilot. A seated account goes
 * to payment (status 7), as request-ticket does, and the notification names the waiter and their role.
 */
export async function staffTicketRequest(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  who: NotificationReader,
  input: { reservationWid: string; paymentMethod: 'cash' | 'card' | 'other' },
): Promise<CreatedNotification> {
  const access = await accessReservation(tx, ctx, venue, {
    ref: input.reservationWid,
    staff: who.principal,
    purposes: ['reservation', 'menu'],
    lock: true,
  });
  const row = access.row;
  if (isAccountClosed(row)) throw new AppError(409, 'RESERVATION_FINISHED', 'reservation_finished');
  const by = { userId: who.principal.userId, roleId: who.role?.id ?? null };
  await askForBillByNotification(tx, ctx, venue, row, input.paymentMethod, { by: 'staff', ...by });
  return raiseStaffTicketRequest(tx, venue.id, row, { ...by, at: ctx.clock.now() }, input.paymentMethod);
}
