import type {
  CartSessionOrder,
  CreateCartSessionOrderRequest,
  CreatedNotification,
  GuestUser,
  MenuGetResponse,
  ReservationView,
} from '@sobremesa/contracts';
import { ApiError, envelope, type ReplySchema } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

/**
 * The guest menu's calls (spec §7 Users, Menus, cartsession; decision 009). The guest is known by their
 * capability `uid` (SEC-09), never by a token of ours. Replies are checked by hand (no zod on a guest's
 * phone, apps/web/src/app/README.md).
 */

export type { CartSessionOrder, GuestUser, MenuGetResponse, ReservationView };

/** A random key for one write (REL-03); built from getRandomValues, which plain-http LAN pages also have. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function findGuest(uid: string): Promise<GuestUser> {
  const reply = await api.request(
    envelope<{ user: GuestUser }>(['user'], (r) => typeof r.user.reservationWid === 'string'),
    '/world/api/user/find',
    { body: { uid } },
  );
  return reply.user;
}

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

/** The menus in the language of the page (the client sends it as `X-Locale`). */
export async function fetchMenu(uid: string | null): Promise<MenuGetResponse> {
  return api.request(
    envelope<MenuGetResponse>(['menus', 'dishClasses'], (r) => Array.isArray(r.menus)),
    '/world/api/menu/get',
    { body: uid ? { uid } : {} },
  );
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

/** The venue's live stream of product changes (decision 014). */
export const PRODUCT_EVENTS_URL = '/world/api/menu/product-events';

/** Whether a failure says the guest's link is unknown (401) or no longer valid (410). */
export function isLinkRefused(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 410);
}

/** Whether a failure says the link names no guest (a table QR before joining) or another reservation. */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}
