export {
  TAKEAWAY_STATUSES,
  canMoveTakeaway,
  normalizePostalCode,
  takeawaySlotsFor,
  zoneForPostalCode,
  type DeliveryZone,
  type TakeawayPacing,
  type TakeawaySlot,
  type TakeawayStatus,
} from './takeaway-slots.ts';
