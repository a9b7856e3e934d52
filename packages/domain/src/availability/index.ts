/**
 * The availability engine (issue 4): bookable times of a service day for a party, and the best table or
 * combination for a reservation. Pure: the clock (`now`), the venue's zone and every booking are passed in.
 */
export {
  BOOKING_HORIZON_DAYS,
  bookingHorizon,
  formatTimeOfDay,
  instantToTimeOfDay,
  isBookableDate,
  isIsoDate,
  isoWeekday,
  parseTimeOfDay,
  serviceDayTimeToInstant,
  serviceMinuteOf,
  serviceMinuteToLocal,
  zonedDateTimeToInstant,
  type TimeOfDay,
} from './zoned-time.ts';
export {
  DEFAULT_BUFFER_MINUTES,
  DEFAULT_MINIMUM_STAY_MINUTES,
  DEFAULT_MINIMUM_STAY_RATIO,
  DEFAULT_STAY_RULES,
  minimumStayMinutesFor,
  stayMinutesFor,
  type StayRule,
} from './durations.ts';
export { serviceDayRange, serviceSlotsFor, type ServiceScheduleEntry, type ServiceSlot } from './schedule.ts';
export type { ExistingBooking } from './bookings.ts';
export { HOLDABLE_TABLE_SHARE, holdMayBlockTables, type HoldRequestTables } from './hold-share.ts';
export type { PacingLimit } from './pacing.ts';
export {
  DEFAULT_MAX_COMBINATION_TABLES,
  assignTable,
  tableOptionsFor,
  type DiningTable,
  type FloorPlan,
  type Room,
  type TableAssignment,
  type TableCombination,
  type TableOption,
  type TableOptionFilter,
  type TableRequest,
} from './table-assignment.ts';
export {
  DEFAULT_MINIMUM_LEAD_MINUTES,
  availableTimeSlots,
  findAvailability,
  toTimeSlot,
  type AvailabilityPolicy,
  type AvailabilityQuery,
  type AvailabilityVenue,
  type AvailableSlot,
  type TimeSlot,
} from './slots.ts';
