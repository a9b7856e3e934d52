export {
  TAKEAWAY_STATUSES,
  normalizePostalCode,
  takeawaySlotsFor,
  zoneForPostalCode,
  type DeliveryZone,
  type TakeawayPacing,
  type TakeawaySlot,
  type TakeawayStatus,
} from './takeaway-slots.ts';
