import {
  accountQrResponseSchema,
  allergensResponseSchema,
  completeMenuResponseSchema,
  floorReservationResponseSchema,
  getByDayResponseSchema,
  menuGetResponseSchema,
  mergeResponseSchema,
  modifyReservationResponseSchema,
  productOrderLinesResponseSchema,
  requestTicketResponseSchema,
  reviewQrResponseSchema,
  searchAccountResponseSchema,
  seatFromWaitlistResponseSchema,
  userDetailsResponseSchema,
  waitlistEntryResponseSchema,
  waitlistResponseSchema,
  type GetByDayResponse,
  type MenuGetResponse,
  type WaitlistResponse,
} from '@sobremesa/contracts';
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { api } from '../../../lib/api.ts';
import { sendOrQueue } from '../../../lib/offline-writes.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';

/** The floor's queries live under this key: realtime events and actions invalidate it. */
export const FLOOR_QUERY_KEY = [...STAFF_QUERY_KEY, 'floor'] as const;

/** POST /world/api/reservation/getbyday: the service day (today without a date). */
export function floorDayQuery(date: string | null, roleId: number | null) {
  return queryOptions({
    queryKey: [...FLOOR_QUERY_KEY, 'day', date ?? 'today', roleId],
    queryFn: (): Promise<GetByDayResponse> =>
      api.request(getByDayResponseSchema, '/world/api/reservation/getbyday', {
        body: {
          ...(date === null ? {} : { date }),
          ...(roleId === null ? {} : { roleId }),
        },
      }),
    // Elapsed labels and the upcoming rule move with the clock.
    refetchInterval: 60_000,
    meta: { access: 'copilot' },
  });
}

/** The walk-in waitlist's query: every `waitlist.*` realtime event and every change invalidates it. */
export const WAITLIST_QUERY_KEY = [...STAFF_QUERY_KEY, 'waitlist'] as const;

/** POST /world/api/waitlist/list: today's waiting parties with their quoted and current waits. */
export function waitlistQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...WAITLIST_QUERY_KEY, roleId],
    queryFn: (): Promise<WaitlistResponse> =>
      api.request(waitlistResponseSchema, '/world/api/waitlist/list', {
        body: roleId === null ? {} : { roleId },
      }),
    // Current waits move with the clock as parties stay on.
    refetchInterval: 60_000,
    meta: { access: 'copilot' },
  });
}

const withRole = (roleId: number | null) => (roleId === null ? {} : { roleId });

/**
 * POST /world/api/menu/get with the staff token: the courses a menú del día can be completed with, the
 * venue's courses (dish classes) and which dishes may change course. Not under {@link FLOOR_QUERY_KEY}:
 * orders do not change it; product changes come with `menu.product.changed`.
 */
export const FLOOR_MENU_QUERY_KEY = [...STAFF_QUERY_KEY, 'floor-menu'] as const;
export function floorMenuQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...FLOOR_MENU_QUERY_KEY, roleId],
    queryFn: (): Promise<MenuGetResponse> =>
      api.request(menuGetResponseSchema, '/world/api/menu/get', { body: withRole(roleId) }),
    meta: { access: 'copilot' },
  });
}

/**
 * Reads the floor makes on demand (a QR to show, a guest's details, a search): each opening asks the
 * server afresh (nothing is kept once it closes) and a failure is shown as it is, not retried.
 */
const ON_DEMAND = { gcTime: 0, retry: false } as const;
const FLOOR_READS_KEY = [...STAFF_QUERY_KEY, 'floor-reads'] as const;

/** POST /world/api/reservation/account-qr: the link a table's guests join its account with. */
export function accountQrQuery(wid: string, roleId: number | null) {
  return queryOptions({
    queryKey: [...FLOOR_READS_KEY, 'account-qr', wid, roleId],
    queryFn: () =>
      api.request(accountQrResponseSchema, '/world/api/reservation/account-qr', {
        body: { reservationWid: wid, ...withRole(roleId) },
      }),
    ...ON_DEMAND,
  });
}

/** POST /world/api/reservation/user-details: the guests of a reservation with their contact and visits. */
export function userDetailsQuery(wid: string, roleId: number | null) {
  return queryOptions({
    queryKey: [...FLOOR_READS_KEY, 'user-details', wid, roleId],
    queryFn: () =>
      api.request(userDetailsResponseSchema, '/world/api/reservation/user-details', {
        body: { reservationWid: wid, ...withRole(roleId) },
      }),
    ...ON_DEMAND,
  });
}

/** POST /world/api/reservation/review-qr: the venue's review link, for a guest to rate the visit. */
export function reviewQrQuery(roleId: number | null) {
  return queryOptions({
    queryKey: [...FLOOR_READS_KEY, 'review-qr', roleId],
    queryFn: () =>
      api.request(reviewQrResponseSchema, '/world/api/reservation/review-qr', { body: withRole(roleId) }),
    ...ON_DEMAND,
  });
}

/** GET /world/api/allergens/list: the 14 EU allergens in the screen's language, to declare a table's. */
export function allergenListQuery() {
  return queryOptions({
    queryKey: [...FLOOR_QUERY_KEY, 'allergens'],
    queryFn: () => api.request(allergensResponseSchema, '/world/api/allergens/list'),
    staleTime: Infinity,
  });
}

/** POST /world/api/reservation/search-account: the day's accounts (or another day's) matching `q`. */
export function searchAccountQuery(q: string, date: string | null, roleId: number | null) {
  return queryOptions({
    queryKey: [...FLOOR_READS_KEY, 'search', q, date, roleId],
    queryFn: () =>
      api.request(searchAccountResponseSchema, '/world/api/reservation/search-account', {
        body: { q, ...(date === null ? {} : { date }), ...withRole(roleId) },
      }),
    ...ON_DEMAND,
  });
}

/**
 * A floor write as the query layer runs it: the service day (and, with `waitlist`, the waitlist) is read
 * again before the write resolves, so whatever the screen says next (a toast, a closed form) comes after
 * the plan shows it and a tap right after never lands on the old state. The calls are {@link floorCalls}'.
 */
export function floorWriteMutation(client: QueryClient) {
  const readAgain = () =>
    Promise.all([
      client.invalidateQueries({ queryKey: FLOOR_QUERY_KEY }),
      client.invalidateQueries({ queryKey: WAITLIST_QUERY_KEY }),
    ]);
  return {
    ...STAFF_WRITE,
    mutationFn: (write: FloorWrite): Promise<unknown> => write.send(),
    onSuccess: (_reply: unknown, write: FloorWrite) =>
      write.waitlist ? readAgain() : client.invalidateQueries({ queryKey: FLOOR_QUERY_KEY }),
    // A party refused (seated or taken off meanwhile on another tablet): the list shows the truth with the refusal.
    onError: (_error: unknown, write: FloorWrite) => (write.waitlist ? readAgain() : undefined),
  };
}

/** One write of the floor: its call, and whether it changes the waitlist too. */
export interface FloorWrite<T = unknown> {
  readonly send: () => Promise<T>;
  readonly waitlist?: boolean;
}

/** The floor's writes: `write` resolves with the call's reply once the screen shows what it changed. */
export function useFloorWrite() {
  const client = useQueryClient();
  const mutation = useMutation(floorWriteMutation(client));
  const { mutateAsync } = mutation;
  return {
    // The reply is the one `send` resolved with: the mutation only waits for the floor to be read again.
    write: useCallback(<T>(write: FloorWrite<T>) => mutateAsync(write) as Promise<T>, [mutateAsync]),
    busy: mutation.isPending,
  };
}

/** What a line's account moves to: another open account of the day, or a new one at the same table. */
export type MoveTarget =
  | { readonly targetReservationId: number }
  | { readonly newReservation: { readonly name: string; readonly pax: number } };

/** The line calls that take a line off the bill: each needs an Idempotency-Key (decision 022). */
const WRITE_OFF_PATHS = {
  cancel: 'mark-as-cancelled',
  markAsLoss: 'mark-as-loss',
  reject: 'mark-as-rejected',
} as const;

/** The floor's calls on one reservation, each with the role and the version the screen saw. */
export function floorCalls(roleId: number | null) {
  const role = withRole(roleId);
  const action = (path: string, wid: string, expectedVersion: number, extra: object = {}) =>
    api.request(floorReservationResponseSchema, path, {
      body: { reservationWid: wid, expectedVersion, ...role, ...extra },
    });
  return {
    seat: (wid: string, version: number) => action('/world/api/reservation/enable-reservation', wid, version),
    readyToOrder: (wid: string, version: number) =>
      api.request(floorReservationResponseSchema, '/world/api/reservation/ready-to-order', {
        body: { reservationId: wid, expectedVersion: version, ...role },
      }),
    noShow: (wid: string, version: number) => action('/world/api/reservation/set-no-show', wid, version),
    reactivate: (wid: string, version: number) => action('/world/api/reservation/reactivate', wid, version),
    cancel: (wid: string, version: number) => action('/world/api/reservation/cancel', wid, version),
    close: (id: number, version: number) =>
      api.request(floorReservationResponseSchema, `/world/api/reservation/${id}/close`, {
        body: { expectedVersion: version, ...role },
      }),
    updatePax: (wid: string, version: number, pax: number) =>
      action('/world/api/reservation/updatepax', wid, version, { pax }),
    /** A table move; without a connection it waits in the offline queue (decision 051). */
    updateTable: (wid: string, version: number, tableIds: number[]) =>
      sendOrQueue(floorReservationResponseSchema, {
        kind: 'table',
        path: '/world/api/reservation/updatetable',
        body: { reservationWid: wid, expectedVersion: version, ...role, tableIds },
      }),
    staffComments: (wid: string, version: number, staffComments: string | null) =>
      action('/world/reservation/update-staff-comments', wid, version, { staffComments }),
    /** The allergens and dietary note staff declare for the table (issue 18). */
    allergies: (wid: string, version: number, allergensId: number[], dietaryNotes: string | null) =>
      action('/world/reservation/update-allergies', wid, version, { allergensId, dietaryNotes }),
    locationTag: (wid: string, version: number, locationTag: string | null) =>
      action('/world/reservation/update-location-tag', wid, version, { locationTag }),
    merge: (wid: string, version: number, targetWid: string, targetVersion: number) =>
      api.request(mergeResponseSchema, '/world/reservation/merge', {
        body: {
          reservationWid: wid,
          targetReservationWid: targetWid,
          expectedVersion: version,
          targetExpectedVersion: targetVersion,
          ...role,
        },
      }),
    walkIn: (
      body: { name: string; pax: number; alreadySeated?: boolean; tableIds?: number[] },
      idempotencyKey: string,
    ) =>
      api.request(floorReservationResponseSchema, '/world/reservation/createwalkin', {
        body: { ...body, ...role },
        headers: { 'idempotency-key': idempotencyKey },
      }),
    phone: (
      body: { date: string; timeSlot: string; pax: number; name: string; phone?: string },
      idempotencyKey: string,
    ) =>
      api.request(floorReservationResponseSchema, '/world/reservation/create-phone', {
        body: { ...body, ...role },
        headers: { 'idempotency-key': idempotencyKey },
      }),
    /** A walk-in party no table fits joins the waitlist with a quoted wait (issue 18). */
    addToWaitlist: (body: { name: string; pax: number; phone?: string }) =>
      api.request(waitlistEntryResponseSchema, '/world/api/waitlist/add', {
        body: { ...body, ...role },
        headers: idempotencyHeader(),
      }),
    seatFromWaitlist: (entryId: number, tableIds: readonly number[] | null, idempotencyKey: string) =>
      api.request(seatFromWaitlistResponseSchema, '/world/api/waitlist/seat', {
        body: { entryId, ...(tableIds ? { tableIds } : {}), ...role },
        headers: { 'idempotency-key': idempotencyKey },
      }),
    removeFromWaitlist: (entryId: number, reason: 'left' | 'cancelled') =>
      api.request(waitlistEntryResponseSchema, '/world/api/waitlist/remove', {
        body: { entryId, reason, ...role },
      }),
    /**
     * An account's lines voided (entered by mistake), rejected (the kitchen cannot make them) or written
     * off (made, then lost): spec §7 "Orders".
     */
    lines: (operation: keyof typeof WRITE_OFF_PATHS, productOrderIds: readonly number[]) =>
      api.request(productOrderLinesResponseSchema, `/world/api/productorder/${WRITE_OFF_PATHS[operation]}`, {
        body: { productOrderIds, ...role },
        headers: idempotencyHeader(),
      }),
    /** Lines (with their menu courses) settled apart, e.g. a guest who paid a round at the bar. */
    markAsPaid: (productOrderIds: readonly number[]) =>
      api.request(productOrderLinesResponseSchema, '/world/api/productorder/mark-as-paid', {
        body: { productOrderIds, ...role },
      }),
    /** A line not started yet moved to another course (held or fired with it). */
    updateDishClass: (productOrderId: number, dishClassId: number) =>
      api.request(productOrderLinesResponseSchema, '/world/api/productorder/update-dish-class', {
        body: { productOrderId, dishClassId, ...role },
      }),
    /**
     * Lines moved from the account the screen showed them in to another or a new account: a 409 when
     * another tablet moved them first.
     */
    moveLines: (productOrderIds: readonly number[], fromReservationId: number, target: MoveTarget) =>
      api.request(modifyReservationResponseSchema, '/world/api/productorder/modify-reservation', {
        body: { productOrderIds, fromReservationId, ...target, ...role },
      }),
    /** A menú del día's missing courses; `result: -1` with the spec's message when they do not complete it. */
    completeMenu: (productOrderId: number, menuChoices: readonly { courseId: number; sku: string }[]) =>
      api.request(completeMenuResponseSchema, '/world/api/productorder/complete-menu', {
        body: { productOrderId, menuChoices, ...role },
      }),
    /** The table asks for its bill (request-ticket): the account goes to payment with the method it named. */
    requestTicket: (wid: string, paymentMethod: 'card' | 'cash' | 'other') =>
      api.request(requestTicketResponseSchema, '/world/api/reservation/request-ticket', {
        body: { reservationWid: wid, paymentMethod, ...role },
      }),
    toggleMenuIncluded: (productOrderId: number) =>
      api.request(productOrderLinesResponseSchema, '/world/api/productorder/toggle-menu-included', {
        method: 'PATCH',
        body: { productOrderId, ...role },
        headers: idempotencyHeader(),
      }),
  };
}

export type FloorCalls = ReturnType<typeof floorCalls>;
