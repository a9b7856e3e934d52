import {
  venueSettingsSchema,
  type AdminBookingsPreviewQuery,
  type AdminBookingsPreviewResponse,
  type AdminBookingsResponse,
  type AdminService,
  type BookingRules,
} from '@sobremesa/contracts';
import { isBookableDate, logicalDate, serviceMinuteOf, toTimeSlot, isoWeekday } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { serviceSchedule, updateVenueSettings, VENUE_CONFIG_UPDATED } from '../config/config.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  bookingWindow,
  EVERY_DATE,
  freshSlots,
  loadBookingProfile,
  notifyAvailability,
} from '../reservations/reservations.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { replaceServiceSchedules, type ScheduleRow } from './admin-bookings.repository.ts';
import { auditAdminChange } from './admin-audit.service.ts';
import { lockVenueIdentity } from './admin-venue.repository.ts';

type FieldError = { path: string; message: string };

/** The stored schedule as the admin edits it: pacing 0 where only the tables limit it. */
async function adminServices(ctx: AppContext, venue: Venue): Promise<AdminService[]> {
  return (await serviceSchedule(ctx, venue)).map((entry) => ({
    ...entry,
    maxCoversPerSlot: entry.maxCoversPerSlot ?? 0,
  }));
}

/** The bookings section: the weekly schedule, the booking rules and the weekdays closed online. */
export async function adminBookings(
  ctx: AppContext,
  venue: Venue,
): Promise<Omit<AdminBookingsResponse, 'result'>> {
  return {
    services: await adminServices(ctx, venue),
    bookingRules: venue.settings.bookingRules,
    disabledWeekdays: venue.settings.reservation_disabled_dow,
  };
}

/**
 * What is wrong with a schedule, at its fields: a service that closes at or before it opens (times run in
 * the service day from 06:00, so 02:00 closes after 20:30), a last seating outside its hours, and two
 * services of one weekday whose hours overlap or share a name.
 */
export function scheduleErrors(services: readonly AdminService[]): FieldError[] {
  const errors: FieldError[] = [];
  const spans = services.map((service) => ({
    start: serviceMinuteOf(service.start),
    end: serviceMinuteOf(service.end),
    last: serviceMinuteOf(service.lastSeating),
  }));
  spans.forEach((span, index) => {
    if (span.end <= span.start) {
      errors.push({ path: `services.${index}.end`, message: 'El cierre debe ser posterior a la apertura' });
    } else if (span.last < span.start || span.last > span.end) {
      errors.push({
        path: `services.${index}.lastSeating`,
        message: 'La última entrada debe estar entre la apertura y el cierre',
      });
    }
  });
  for (let later = 0; later < services.length; later += 1) {
    for (let earlier = 0; earlier < later; earlier += 1) {
      const a = services[earlier] as AdminService;
      const b = services[later] as AdminService;
      if (!a.weekdays.some((day) => b.weekdays.includes(day))) continue;
      const sa = spans[earlier] as (typeof spans)[number];
      const sb = spans[later] as (typeof spans)[number];
      if (a.name.toLowerCase() === b.name.toLowerCase()) {
        errors.push({ path: `services.${later}.name`, message: 'Ya hay un servicio con ese nombre ese día' });
      } else if (sa.start < sb.end && sb.start < sa.end) {
        errors.push({
          path: `services.${later}.start`,
          message: `Se solapa con el servicio «${a.name}» el mismo día`,
        });
      }
    }
  }
  return errors;
}

function toRows(venueId: number, services: readonly AdminService[]): ScheduleRow[] {
  return services.flatMap((service, index) =>
    [...new Set(service.weekdays)].map((weekday) => ({
      venueId,
      weekday,
      name: service.name,
      startsAt: service.start,
      endsAt: service.end,
      lastSeatingAt: service.lastSeating,
      slotIntervalMinutes: service.slotIntervalMinutes,
      maxCoversPerSlot: service.maxCoversPerSlot === 0 ? null : service.maxCoversPerSlot,
      sortOrder: index,
    })),
  );
}

/**
 * Replaces the weekly schedule (admin only) under the venue's row lock, with an audit row of the schedule
 * before and after (SEC-11), a `venue.config.updated` event for staff screens and an availability hint
 * for every open booking form; the venue directory's cache is dropped so the next read sees it.
 */
export async function updateSchedule(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  services: readonly AdminService[],
): Promise<{ services: AdminService[] }> {
  const errors = scheduleErrors(services);
  if (errors.length > 0)
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', { fields: errors });
  const before = await adminServices(ctx, venue);
  await ctx.db.transaction(async (tx) => {
    if (!(await lockVenueIdentity(tx, venue.id))) throw notFound();
    await replaceServiceSchedules(tx, venue.id, toRows(venue.id, services));
    await auditAdminChange(tx, venue, staff, {
      action: 'venue.schedule.update',
      entity: 'venue',
      entityId: venue.id,
      before: { services: before },
      after: { services },
    });
    await appendEvent(tx, venue.id, VENUE_CONFIG_UPDATED, { changed: ['serviceSchedule'] });
    await notifyAvailability(tx, venue.id, EVERY_DATE);
  });
  ctx.venues.invalidate();
  return { services: await adminServices(ctx, venue) };
}

/**
 * Saves the booking rules through the settings write (row lock, audit, `venue.config.updated`) and tells
 * every open booking form to refetch.
 */
export async function updateBookingRules(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  bookingRules: BookingRules,
): Promise<{ bookingRules: BookingRules }> {
  const sorted = {
    ...bookingRules,
    stayRules: [...bookingRules.stayRules].sort((a, b) => a.fromPax - b.fromPax),
    closedDates: [...bookingRules.closedDates].sort((a, b) => a.date.localeCompare(b.date)),
  };
  const { venueConfig } = await updateVenueSettings(ctx, venue, staff, { bookingRules: sorted });
  await notifyAvailability(ctx.db, venue.id, EVERY_DATE);
  return { bookingRules: venueSettingsSchema.shape.bookingRules.parse(venueConfig.bookingRules) };
}

/**
 * The times a guest would be offered on `date` for `pax`, from the same engine and bookings as the guest
 * form's checkavailability, with the reason when the date itself is closed.
 */
export async function bookingsPreview(
  ctx: AppContext,
  venue: Venue,
  query: AdminBookingsPreviewQuery,
): Promise<Omit<AdminBookingsPreviewResponse, 'result'>> {
  const profile = await loadBookingProfile(ctx, venue);
  const now = ctx.clock.now();
  const window = bookingWindow(profile, now);
  const today = logicalDate(now, venue.timeZone);
  let closedBecause: AdminBookingsPreviewResponse['closedBecause'] = null;
  if (window.disabledWeekdays.includes(isoWeekday(query.date))) closedBecause = 'weekday';
  else if (profile.engine.closedDates?.includes(query.date)) closedBecause = 'holiday';
  else if (!isBookableDate(query.date, today, [], profile.engine.horizonDays))
    closedBecause = 'outside_window';
  else if (query.pax > profile.maxPax) closedBecause = 'party_too_large';
  const slots = closedBecause ? [] : await freshSlots(ctx, profile, { date: query.date, pax: query.pax });
  return { date: query.date, pax: query.pax, closedBecause, timeSlots: slots.map(toTimeSlot) };
}
