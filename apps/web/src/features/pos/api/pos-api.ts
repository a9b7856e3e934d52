import {
  cashDrawerTicketResponseSchema,
  billClientFiscalInfosResponseSchema,
  billPaymentInfoResponseSchema,
  getByDayResponseSchema,
  paymentInfoResponseSchema,
  printInfoResponseSchema,
  type GetByDayResponse,
  type PaymentInfo,
  type RealtimeEvent,
} from '@sobremesa/contracts';
import { isTopicIn } from '@sobremesa/contracts';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../../lib/api-client.ts';
import { api } from '../../../lib/api.ts';
import { STAFF_QUERY_KEY } from '../../../lib/query-client.ts';
import { STAFF_WRITE } from '../../../lib/staff-writes.ts';
import { storage } from '../../../lib/storage.ts';

/** The point of sale's queries live under this key: realtime events and payments invalidate it. */
export const POS_QUERY_KEY = [...STAFF_QUERY_KEY, 'pos'] as const;

export type PaymentMethod = 'cash' | 'card' | 'other';

/**
 * Whether an event may change what the accounts owe or who is asking for the bill: every `reservation.*`
 * topic (the billing contract puts its topics there), new or changed orders, and a bill request
 * (`notification.created`, raised with the request that sends the account to payment).
 */
export function isPosEvent(event: RealtimeEvent): boolean {
  return isTopicIn('pos', event);
}

/** POST /world/api/reservation/getbyday: the service day's accounts, with what each owes. */
export function posDayQuery(roleId: number | null, logicalDate: string) {
  return queryOptions({
    // The logical date in the key: at 06:00 the screen moves to the new service day by itself.
    queryKey: [...POS_QUERY_KEY, 'day', roleId, logicalDate],
    queryFn: (): Promise<GetByDayResponse> =>
      api.request(getByDayResponseSchema, '/world/api/reservation/getbyday', {
        body: roleId === null ? {} : { roleId },
      }),
    // A tablet that slept through an event heals within the minute; events do the real work.
    refetchInterval: 60_000,
    meta: { access: 'copilot' },
  });
}

/** POST /world/api/reservation/bill-payment-info: the guest's bill (type 0) and what is still owed. */
export function billQuery(reservationId: number, roleId: number | null) {
  return queryOptions({
    queryKey: [...POS_QUERY_KEY, 'bill', reservationId, roleId],
    queryFn: () =>
      api.request(billPaymentInfoResponseSchema, '/world/api/reservation/bill-payment-info', {
        body: { reservationId, ...withRole(roleId) },
      }),
    meta: { access: 'copilot' },
  });
}

/**
 * What a write on the account answered it owes now (a payment, a corrected method, a void, a voucher), kept
 * with its bill so the screen shows the server's figures without asking again; the day's list is read again.
 */
export function keepPaymentInfo(
  client: QueryClient,
  reservationId: number,
  roleId: number | null,
  paymentInfo: PaymentInfo,
): void {
  client.setQueryData(billQuery(reservationId, roleId).queryKey, (bill) => bill && { ...bill, paymentInfo });
  void client.invalidateQueries({ queryKey: [...POS_QUERY_KEY, 'day'] });
}

/** A write on the account whose reply says what it owes now: the mutation that keeps that with its bill. */
export function accountWriteMutation<
  Input extends { readonly reservationId: number },
  Reply extends { readonly paymentInfo: PaymentInfo },
>(client: QueryClient, roleId: number | null, send: (input: Input) => Promise<Reply>) {
  return {
    ...STAFF_WRITE,
    mutationFn: send,
    onSuccess: (reply: Reply, input: Input) =>
      keepPaymentInfo(client, input.reservationId, roleId, reply.paymentInfo),
  };
}

/**
 * POST /world/api/reservation/payment-info: what the account owes now, discounts included (the day's list
 * shows the lines' sum), without making a bill.
 */
export function paymentInfoQuery(reservationId: number, roleId: number | null) {
  return queryOptions({
    queryKey: [...POS_QUERY_KEY, 'payment-info', reservationId, roleId],
    queryFn: () =>
      api.request(paymentInfoResponseSchema, '/world/api/reservation/payment-info', {
        body: { reservationId, ...withRole(roleId) },
      }),
    meta: { access: 'copilot' },
  });
}

/**
 * GET /world/api/bill-client-fiscal-infos: the venue's known clients by name or tax id, first page. The
 * call takes no role (its query is page and q only).
 */
export function clientFiscalInfosQuery(q: string) {
  return queryOptions({
    queryKey: [...POS_QUERY_KEY, 'clients', q],
    queryFn: () =>
      api.request(
        billClientFiscalInfosResponseSchema,
        `/world/api/bill-client-fiscal-infos?${new URLSearchParams({ page: '1', q })}`,
      ),
    meta: { access: 'copilot' },
  });
}

export const withRole = (roleId: number | null) => (roleId === null ? {} : { roleId });

export interface PaymentInput {
  readonly reservationId: number;
  readonly method: PaymentMethod;
  readonly amountCents?: number;
  readonly productOrderIds?: readonly number[];
  readonly tenderedCents?: number;
  readonly tipCents?: number;
}

/** What the point of sale reads on a tap (a document, its print, the drawer's ticket), each with the selected role. */
export function posCalls(roleId: number | null) {
  const role = withRole(roleId);
  return {
    /** A signed, single-use ticket to open the cash drawer (TPV, 1 en Sala, admin; 403 for the others). */
    drawerTicket: () =>
      api.request(cashDrawerTicketResponseSchema, '/world/api/cash-drawer/ticket', { body: { ...role } }),
    printInfo: (billId: number) =>
      api.request(printInfoResponseSchema, '/world/api/bill/print-info', { body: { billId, ...role } }),
    /** The bill as a PDF (a blob: the JSON client does not read documents). */
    billPdf: async (billId: number): Promise<Blob> => {
      const token = storage.token.get();
      let response: Response;
      try {
        response = await fetch('/world/api/bill/view-bill-pdf', {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-locale': document.documentElement.lang || 'es',
            ...(token ? { authorization: `Bearer ${token}` } : {}),
          },
          body: JSON.stringify({ billId, ...role }),
        });
      } catch {
        throw new ApiError(0, 'NETWORK', 'network error');
      }
      if (!response.ok) {
        const failure = (await response.json().catch(() => null)) as {
          code?: string;
          message?: string;
        } | null;
        if (failure?.code && failure.message) {
          throw new ApiError(response.status, failure.code as ApiError['code'], failure.message);
        }
        throw new ApiError(response.status, 'BAD_REPLY', 'unexpected failure of view-bill-pdf');
      }
      return response.blob();
    },
  };
}
export type PosCalls = ReturnType<typeof posCalls>;
