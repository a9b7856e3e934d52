// How other modules write kitchen's order tables (decision 068): orders places and validates orders through
// these, floor moves a merged account's orders; kitchen's own steps write through its repositories.
export {
  acceptLines,
  insertLines,
  insertOrderWithCart,
  lockCartSessionOrder,
  moveAccountContents,
  updateCartSessionOrder,
  type NewLine,
  type NewServiceEvent,
} from './order-writes.repository.ts';
