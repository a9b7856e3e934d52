export {
  TAKEAWAY_STATUSES,
  canMoveTakeaway,
  normalizePostalCode,
  takeawaySlotsFor,
  type TakeawayPacing,
  type TakeawaySlot,
  type TakeawayStatus,
} from './takeaway-slots.ts';
export {
  deliveryZoneFor,
  distanceMeters,
  hasRadiusZones,
  isGeoPoint,
  zoneForLocation,
  zoneForPostalCode,
  type DeliveryZone,
  type GeoPoint,
} from './delivery-zones.ts';
export {
  DEFAULT_PREP_MINUTES,
  isScheduled,
  kitchenFireTime,
  takeawayStatusFromKitchen,
} from './takeaway-kitchen.ts';
export { DELIVERY_FEE_SKU } from './delivery-fee.ts';
