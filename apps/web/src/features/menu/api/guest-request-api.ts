import type { CreatedNotification } from '@sobremesa/contracts';
import { envelope } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';

/**
 * What the guest's requests sheet calls (decision 009): the allergen list and the requests themselves. Its own
 * module so it arrives with that sheet's chunk, not in the menu's first download (issue 19).
 */

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
