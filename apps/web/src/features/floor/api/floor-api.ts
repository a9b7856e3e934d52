import {
  accountQrResponseSchema,
  allergensResponseSchema,
  floorReservationResponseSchema,
  getByDayResponseSchema,
  mergeResponseSchema,
  productOrderLinesResponseSchema,
  reviewQrResponseSchema,
  searchAccountResponseSchema,
  seatFromWaitlistResponseSchema,
  userDetailsResponseSchema,
  waitlistEntryResponseSchema,
  waitlistResponseSchema,
  type GetByDayResponse,
  type WaitlistResponse,
} from '@sobremesa/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';
import { sendOrQueue } from '../../../lib/offline-writes.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { idempotencyHeader } from '../../../lib/random-key.ts';

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
    /** The 14 EU allergens in the screen's language, to declare a table's. */
    allergenList: () => api.request(allergensResponseSchema, '/world/api/allergens/list'),
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
    userDetails: (wid: string) =>
      api.request(userDetailsResponseSchema, '/world/api/reservation/user-details', {
        body: { reservationWid: wid, ...role },
      }),
    search: (q: string, date: string | null) =>
      api.request(searchAccountResponseSchema, '/world/api/reservation/search-account', {
        body: { q, ...(date === null ? {} : { date }), ...role },
      }),
    accountQr: (wid: string) =>
      api.request(accountQrResponseSchema, '/world/api/reservation/account-qr', {
        body: { reservationWid: wid, ...role },
      }),
    reviewQr: () =>
      api.request(reviewQrResponseSchema, '/world/api/reservation/review-qr', { body: { ...role } }),
    /** An account's lines voided (entered by mistake) or written off (made, then lost): spec §7 "Orders". */
    lines: (operation: 'cancel' | 'markAsLoss', productOrderIds: readonly number[]) =>
      api.request(
        productOrderLinesResponseSchema,
        `/world/api/productorder/${operation === 'cancel' ? 'mark-as-cancelled' : 'mark-as-loss'}`,
        { body: { productOrderIds, ...role }, headers: idempotencyHeader() },
      ),
    toggleMenuIncluded: (productOrderId: number) =>
      api.request(productOrderLinesResponseSchema, '/world/api/productorder/toggle-menu-included', {
        method: 'PATCH',
        body: { productOrderId, ...role },
        headers: idempotencyHeader(),
      }),
  };
}

export type FloorCalls = ReturnType<typeof floorCalls>;
