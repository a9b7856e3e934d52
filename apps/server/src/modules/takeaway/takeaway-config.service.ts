// What the guest's form offers: modes, dates, zones, pickup times and their places.
import type { TakeawayConfig, TakeawaySlotView } from '@sobremesa/contracts';
import {
  bookingHorizon,
  formatOffsetDateTime,
  isBookableDate,
  logicalDate,
  serviceDayRange,
  takeawaySlotsFor,
  type GeoPoint,
  type IsoDate,
  type ServiceScheduleEntry,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { serviceSchedule } from '../config/config.service.ts';
import { onlinePaymentOffered } from '../payments/payments.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { listZones, readSettings, type TakeawaySettingsRow } from './takeaway-settings.repository.ts';
import { slotLoads } from './takeaway-slots.repository.ts';

/** Where the venue's radius zones are measured from, when it has said. */
export function originOf(settings: TakeawaySettingsRow): GeoPoint | null {
  return settings.latitude === null || settings.longitude === null
    ? null
    : { latitude: settings.latitude, longitude: settings.longitude };
}

export const isPaused = (settings: TakeawaySettingsRow, now: Date) =>
  settings.pausedUntil !== null && settings.pausedUntil.getTime() > now.getTime();

export function modesOf(settings: TakeawaySettingsRow): ('pickup' | 'delivery')[] {
  return [
    ...(settings.pickupEnabled ? (['pickup'] as const) : []),
    ...(settings.deliveryEnabled ? (['delivery'] as const) : []),
  ];
}

/** What the guest form needs first: modes, the date picker's limits, the zones, and whether paused. */
export async function takeawayConfig(ctx: AppContext, venue: Venue): Promise<Omit<TakeawayConfig, 'result'>> {
  const now = ctx.clock.now();
  const [settings, zones, onlinePayment] = await Promise.all([
    readSettings(ctx.db, venue.id),
    listZones(ctx.db, venue.id),
    onlinePaymentOffered(ctx, venue.id),
  ]);
  const { first, last } = bookingHorizon(logicalDate(now, venue.timeZone));
  return {
    modes: modesOf(settings),
    pausedUntil:
      settings.pausedUntil !== null && isPaused(settings, now)
        ? formatOffsetDateTime(settings.pausedUntil, venue.timeZone)
        : null,
    firstDate: first,
    lastDate: last,
    disabledWeekdays: [...venue.settings.reservation_disabled_dow],
    timeZone: venue.timeZone,
    zones: zones.map((zone) => ({
      name: zone.name,
      postalCodes: zone.postalCodes,
      radiusMeters: zone.radiusMeters,
      feeCents: zone.feeCents,
      minimumCents: zone.minimumCents,
    })),
    deliveryOrigin: originOf(settings),
    onlinePayment,
  };
}

export function assertOrderableDate(venue: Venue, date: IsoDate, now: Date): void {
  const today = logicalDate(now, venue.timeZone);
  if (!isBookableDate(date, today, venue.settings.reservation_disabled_dow)) {
    const { first, last } = bookingHorizon(today);
    throw new AppError(400, 'DATE_NOT_BOOKABLE', 'date_not_bookable', {
      params: { first, last },
      fields: [{ path: 'date', message: 'Not a date for orders' }],
    });
  }
}

/** The venue's weekly services, read before an order's transaction (they are not part of it). */
export function takeawaySchedule(ctx: AppContext, venue: Venue): Promise<ServiceScheduleEntry[]> {
  return serviceSchedule(ctx, venue);
}

export async function slotsOf(
  db: Executor,
  ctx: AppContext,
  venue: Venue,
  schedule: readonly ServiceScheduleEntry[],
  settings: TakeawaySettingsRow,
  date: IsoDate,
) {
  const range = serviceDayRange(date, venue.timeZone);
  const taken = await slotLoads(db, venue.id, range.from, range.to);
  return takeawaySlotsFor(date, schedule, venue.timeZone, settings, ctx.clock.now(), taken);
}

/** The pickup times of a date with their places left; none while online orders are paused. */
export async function takeawaySlots(
  ctx: AppContext,
  venue: Venue,
  date: IsoDate,
): Promise<TakeawaySlotView[]> {
  const now = ctx.clock.now();
  assertOrderableDate(venue, date, now);
  const settings = await readSettings(ctx.db, venue.id);
  if (isPaused(settings, now) || modesOf(settings).length === 0) return [];
  const slots = await slotsOf(ctx.db, ctx, venue, await takeawaySchedule(ctx, venue), settings, date);
  return slots.map((slot) => ({
    time: slot.time,
    startDateTime: formatOffsetDateTime(slot.startsAt, venue.timeZone),
    left: slot.left,
  }));
}
