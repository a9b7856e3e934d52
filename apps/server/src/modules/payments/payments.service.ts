/**
 * The payments module's service: online payments of takeaway orders through the venue's provider
 * (decision 039). The order side of a payment's outcome is handed in (`settleOrdersWith`, `paid-orders.ts`).
 */
export type { RedirectForm } from './payment-provider.ts';
export { settleOrdersWith, type PaidOrders, type PayableOrder } from './paid-orders.ts';
export {
  expireStalePayments,
  onlinePaymentOffered,
  paymentFormOrigin,
  paymentStateOf,
  refundOrderPayment,
  startOnlinePayment,
} from './online-payments.service.ts';
