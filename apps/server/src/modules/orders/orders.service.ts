/**
 * The orders module's service: what its routes and other modules call, one file per section: planning and
 * showing an order's lines (`order-lines.ts`), taking an order (`order-creation.service.ts`) and the orders
 * waiting for staff (`order-validation.service.ts`). Kitchen owns the order tables and writes them.
 */
export { planLines, type OrderSender, type PlannedLine } from './order-lines.ts';
export {
  countOrderRateLimits,
  createOrder,
  replayOrder,
  type CreateOrderOutcome,
  type OrderRateLimit,
} from './order-creation.service.ts';
export {
  insertWaitingOrder,
  processOrder,
  processOrderIn,
  waitingOrderIds,
  waitingOrders,
} from './order-validation.service.ts';
