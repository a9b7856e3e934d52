import type {
  CartSessionOrder,
  CreateCartSessionOrderRequest,
  GuestOrderResponse,
  GuestUser,
  ReservationView,
} from '@sobremesa/contracts';
import { envelope, type ReplySchema } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

/**
 * The calls a seated guest makes from the menu after it has loaded (spec §7 Users, cartsession; decision
 * 009): joining the table, the account and sending the cart. The guest requests are in guest-request-api.ts,
 * with the sheet that sends them, off the menu's first download.
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
