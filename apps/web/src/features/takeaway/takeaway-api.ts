import type {
  CreateCartSessionOrderRequest,
  TakeawayConfig,
  TakeawayMode,
  TakeawayOrderView,
  TakeawayPaymentMethod,
  TakeawaySlotView,
} from '@sobremesa/contracts';
import { isRecord } from '../../lib/api-client.ts';
import { guestPost as post } from '../../lib/guest-post.ts';
import { idempotencyHeader } from '../../lib/random-key.ts';

/**
 * The guest's takeaway calls (issue 27). Guests have no token: the order's status link is the
 * capability. Replies are checked by hand, like the rest of the guest code (no zod on a guest's phone).
 * Through the page's own fetch and language, so the server can draw the form too (decision 030).
 */

export type { TakeawayConfig, TakeawayMode, TakeawayOrderView, TakeawayPaymentMethod, TakeawaySlotView };

/** The signed form that takes the browser to the venue's payment page (its fields, never card data). */
export interface PaymentForm {
  readonly url: string;
  readonly fields: Readonly<Record<string, string>>;
}

export interface TakeawayOrderInput {
  readonly mode: TakeawayMode;
  readonly date: string;
  readonly time: string;
  readonly name: string;
  readonly phone: string;
  readonly email: string;
  readonly address?: string;
  readonly postalCode?: string;
  /** The guest's shared position, for a radius delivery zone. */
  readonly location?: { readonly latitude: number; readonly longitude: number };
  readonly notes?: string;
  /** The cart's lines as the table's order call takes them (the server prices them, options included). */
  readonly products: CreateCartSessionOrderRequest['products'];
  readonly payment?: TakeawayPaymentMethod;
}

/** The live stream of one order (decision 041), named by the order's live key. */
export const takeawayEventsUrl = (liveKey: string) =>
  `/world/api/takeaway/events?key=${encodeURIComponent(liveKey)}`;

export const takeawayApi = {
  config: () => post<TakeawayConfig>('/world/api/takeaway/config', {}, (reply) => Array.isArray(reply.modes)),
  slots: (date: string) =>
    post<{ timeSlots: TakeawaySlotView[] }>('/world/api/takeaway/slots', { date }, (reply) =>
      Array.isArray(reply.timeSlots),
    ),
  /** One tap, one key: the client's own retries of this request replay the same order. */
  order: (input: TakeawayOrderInput, key = idempotencyHeader()) =>
    post<{ order: TakeawayOrderView; statusToken: string; paymentForm: PaymentForm | null }>(
      '/world/api/takeaway/order',
      input,
      (reply) => isRecord(reply.order) && typeof reply.statusToken === 'string',
      { headers: key },
    ),
  status: (statusToken: string) =>
    post<{ order: TakeawayOrderView }>('/world/api/takeaway/status', { statusToken }, (reply) =>
      isRecord(reply.order),
    ),
};
