import { z } from 'zod';
import { isValidTimeZone, LOCALES } from '@sobremesa/domain';
import { bookingRulesSchema, venueSettingsSchema } from './config.contract.ts';
import { okSchema } from './envelope.ts';
import { isoDateSchema, timeSlotSchema } from './reservations.contract.ts';
import { idParamSchema } from './wire-input.ts';

/**
 * The admin area's calls (/ebitdata, issue 22). Each accepts only the admin role of the venue it is
 * asked on; every change is audited (SEC-11) and announced to staff screens.
 */

/** A subdomain as the venues table's check accepts it: lower-case letters, digits and inner dashes. */
export const SUBDOMAIN_PATTERN = /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/;
/** A public host name with a top-level domain (`reservas.casapepe.es`), no scheme, port or path. */
export const CUSTOM_HOST_PATTERN = /^(?=.{4,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** The venue's identity columns, which are not part of the settings document. */
export const adminVenueSchema = z.object({
  businessName: z.string(),
  subdomain: z.string(),
  customHost: z.string().nullable(),
  timeZone: z.string(),
  defaultLocale: z.enum(LOCALES),
  currency: z.string(),
});
export type AdminVenue = z.infer<typeof adminVenueSchema>;

/** GET /world/api/admin/venue: identity and the stored settings completed with their defaults. */
export const adminVenueResponseSchema = okSchema({
  venue: adminVenueSchema,
  settings: venueSettingsSchema,
});
export type AdminVenueResponse = z.infer<typeof adminVenueResponseSchema>;

/** POST /world/api/admin/venue/identity: any of the identity fields; the ones not sent keep their value. */
export const adminVenueIdentityUpdateSchema = z
  .strictObject({
    businessName: z.string().trim().min(1).max(120).optional(),
    subdomain: z.string().trim().toLowerCase().regex(SUBDOMAIN_PATTERN).optional(),
    /** An empty string or null removes the custom host. */
    customHost: z
      .union([z.literal(''), z.string().trim().toLowerCase().regex(CUSTOM_HOST_PATTERN)])
      .nullable()
      .transform((value) => (value ? value : null))
      .optional(),
    timeZone: z.string().max(64).refine(isValidTimeZone, 'Unknown time zone').optional(),
    defaultLocale: z.enum(LOCALES).optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one field to change',
  });
export type AdminVenueIdentityUpdate = z.output<typeof adminVenueIdentityUpdateSchema>;

export const adminVenueIdentityResponseSchema = okSchema({
  venue: adminVenueSchema,
  changed: z.array(z.string()),
});

/** GET /world/api/admin/audit: newest first, filtered, a page at a time (`beforeId` of the last row seen). */
export const adminAuditQuerySchema = z.strictObject({
  entity: z.string().trim().min(1).max(60).optional(),
  action: z.string().trim().min(1).max(80).optional(),
  actorUserId: idParamSchema.optional(),
  beforeId: idParamSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type AdminAuditQuery = z.output<typeof adminAuditQuerySchema>;

export const adminAuditEntrySchema = z.object({
  id: z.number().int(),
  /** When, in the venue's time zone with its offset. */
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorName: z.string().nullable(),
  actorRole: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditResponseSchema = okSchema({
  entries: z.array(adminAuditEntrySchema),
  /** The `beforeId` of the next page, or null on the last page. */
  nextBeforeId: z.number().int().nullable(),
  /** The actions and entities present in this venue's log, for the filters. */
  actions: z.array(z.string()),
  entities: z.array(z.string()),
});
export type AdminAuditResponse = z.infer<typeof adminAuditResponseSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Una hora hh:mm');

/**
 * One service of the weekly schedule as the admin edits it: its weekdays (1 Monday .. 7 Sunday), opening,
 * last seating and closing times (local `HH:mm`), the interval between offered times and the pacing (most
 * covers that may start in one slot; 0 means only the tables limit it).
 */
export const adminServiceSchema = z.object({
  name: z.string().trim().min(1, 'Pon un nombre al servicio').max(40, 'Como mucho 40 caracteres'),
  weekdays: z.array(z.number().int().min(1).max(7)).min(1, 'Elige al menos un día'),
  start: hhmm,
  end: hhmm,
  lastSeating: hhmm,
  slotIntervalMinutes: z.number().int().min(5, 'Entre 5 y 240 minutos').max(240, 'Entre 5 y 240 minutos'),
  maxCoversPerSlot: z.number().int().min(0, 'El ritmo no puede ser negativo').max(9999),
});
export type AdminService = z.infer<typeof adminServiceSchema>;

/** POST /world/api/admin/bookings/schedule: the whole weekly schedule, replacing the stored one. */
export const adminScheduleUpdateSchema = z.strictObject({
  services: z.array(adminServiceSchema).max(30),
});
export type AdminScheduleUpdate = z.infer<typeof adminScheduleUpdateSchema>;

export const adminScheduleResponseSchema = okSchema({ services: z.array(adminServiceSchema) });

/** POST /world/api/admin/bookings/rules: the booking rules, whole. */
export const adminBookingRulesUpdateSchema = z.strictObject({ bookingRules: bookingRulesSchema });
export const adminBookingRulesResponseSchema = okSchema({ bookingRules: bookingRulesSchema });

/** GET /world/api/admin/bookings: the schedule and the booking rules as stored. */
export const adminBookingsResponseSchema = okSchema({
  services: z.array(adminServiceSchema),
  bookingRules: bookingRulesSchema,
  disabledWeekdays: z.array(z.number().int()),
});
export type AdminBookingsResponse = z.infer<typeof adminBookingsResponseSchema>;

/** GET /world/api/admin/bookings/preview: the times a guest would be offered on `date` for `pax`. */
export const adminBookingsPreviewQuerySchema = z.strictObject({
  date: isoDateSchema,
  pax: z.coerce.number().int().min(1).max(99).default(2),
});
export type AdminBookingsPreviewQuery = z.infer<typeof adminBookingsPreviewQuerySchema>;

export const adminBookingsPreviewResponseSchema = okSchema({
  date: z.string(),
  pax: z.number().int(),
  /** Why no time is offered at all, when the date itself is closed: null when the date is open. */
  closedBecause: z.enum(['weekday', 'holiday', 'outside_window', 'party_too_large']).nullable(),
  timeSlots: z.array(timeSlotSchema),
});
export type AdminBookingsPreviewResponse = z.infer<typeof adminBookingsPreviewResponseSchema>;
