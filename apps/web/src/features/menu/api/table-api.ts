import type {
  CartSessionOrder,
  CreateCartSessionOrderRequest,
  CreatedNotification,
  GuestOrderResponse,
  GuestUser,
  ReservationView,
} from '@sobremesa/contracts';
import { envelope, type ReplySchema } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

/**
 * The calls a seated guest makes from the menu after it has loaded (spec §7 Users, cartsession; decision
 * 009): joining the table, the account, sending the cart and the guest requests.
 */

export type { CartSessionOrder, ReservationView };

/** The guest joins the table's account through its QR (`hostCode`) and gets their own `uid`. */
export async function joinTable(input: {
  reservationWid: string;
  hostCode: string;
  name: string;
  locale: string;
}): Promise<{ uid: string; user: GuestUser }> {
  return api.request(
    envelope<{ uid: string; user: GuestUser }>(['user'], (r) => typeof r.uid === 'string'),
    '/world/api/user/createguestusermenu',
    { body: input },
  );
}

export async function fetchReservation(uid: string, reservationId: string): Promise<ReservationView> {
  const reply = await api.request(
    envelope<{ reservation: ReservationView }>(['reservation'], (r) => typeof r.reservation.pax === 'number'),
    '/world/api/reservation/reservationinfo',
    { body: { reservationId, uid } },
  );
  return reply.reservation;
}

export interface Allergen {
  readonly id: number;
  readonly code: string;
  readonly name: string;
}

export async function fetchAllergens(): Promise<readonly Allergen[]> {
  const reply = await api.request(
    envelope<{ allergens: Allergen[] }>(['allergens'], (r) => Array.isArray(r.allergens)),
    '/world/api/allergens/list',
  );
  return reply.allergens;
}

/** What the guest's table ordered and how far each dish is ("Ver pedido", decision 028). */
export async function fetchGuestOrder(uid: string): Promise<GuestOrderResponse> {
  return api.request(
    envelope<GuestOrderResponse>(['lines'], (r) => Array.isArray(r.lines) && typeof r.liveKey === 'string'),
    '/world/api/cartsession/guest-order',
    { body: { uid } },
  );
}

/** How the order call ended: sent, or the reservation finished meanwhile (spec §4/§8 result -2). */
export type OrderOutcome =
  { readonly kind: 'sent'; readonly order: CartSessionOrder } | { readonly kind: 'finished' };

const orderReply: ReplySchema<OrderOutcome> = {
  safeParse(data) {
    if (typeof data !== 'object' || data === null) return { success: false };
    const reply = data as { result?: unknown; cartSessionOrder?: CartSessionOrder };
    if (reply.result === -2) return { success: true, data: { kind: 'finished' } };
    if (reply.result === 0 && typeof reply.cartSessionOrder === 'object' && reply.cartSessionOrder !== null)
      return { success: true, data: { kind: 'sent', order: reply.cartSessionOrder } };
    return { success: false };
  },
};

/** Sends the cart; the same `idempotencyKey` for a retry or a second tap makes it one order. */
export function sendOrder(
  body: CreateCartSessionOrderRequest,
  idempotencyKey: string,
): Promise<OrderOutcome> {
  return api.request(orderReply, '/world/api/cartsession/createcartsessionorder', {
    body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}

/** The guest requests of decision 009, each raising a staff notification. */
export type GuestRequest =
  | { readonly kind: 'ready' }
  | { readonly kind: 'callStaff' }
  | { readonly kind: 'bill'; readonly paymentMethod: 'cash' | 'card' | 'other' }
  | { readonly kind: 'allergens'; readonly allergensId: readonly number[] }
  | { readonly kind: 'comment'; readonly comment: string }
  | { readonly kind: 'name'; readonly userName: string };

function requestCall(uid: string, request: GuestRequest): { path: string; body: Record<string, unknown> } {
  switch (request.kind) {
    case 'ready':
      return { path: '/world/api/reservation/guest-ready-to-order', body: { uid } };
    case 'callStaff':
      return { path: '/world/api/notification/call-staff', body: { uid } };
    case 'bill':
      return { path: '/world/notification/new', body: { uid, paymentMethod: request.paymentMethod } };
    case 'allergens':
      return { path: '/world/api/user/updateallergens', body: { uid, allergensId: request.allergensId } };
    case 'comment':
      return { path: '/world/api/webcontact/sendcomment', body: { uid, comment: request.comment } };
    case 'name':
      return { path: '/world/api/user/update-guest-user-name', body: { uid, userName: request.userName } };
  }
}

export async function sendGuestRequest(
  uid: string,
  request: GuestRequest,
  idempotencyKey: string,
): Promise<{ notification?: CreatedNotification }> {
  const call = requestCall(uid, request);
  return api.request(envelope<{ notification?: CreatedNotification }>([]), call.path, {
    body: call.body,
    headers: { 'idempotency-key': idempotencyKey },
  });
}
