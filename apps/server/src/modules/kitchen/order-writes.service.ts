// How other modules write kitchen's order tables (decision 068): orders places and validates orders through
// these, floor moves a merged account's orders, billing marks lines paid, takeaway rejects a refused order's
// lines and adds a delivery's fee; kitchen's own steps write through its repositories.
export {
  acceptLines,
  addServedLine,
  lockAccountLines,
  markLinesPaid,
  rejectAccountLines,
  unmarkLinesPaidBy,
  insertOrderWithLines,
  lockCartSessionOrder,
  moveAccountContents,
  orderInCart,
  updateCartSessionOrder,
  type NewLine,
  type NewServiceEvent,
} from './order-writes.repository.ts';
