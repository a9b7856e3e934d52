import { z } from 'zod';
import { BOOKING_HORIZON_DAYS, DEFAULT_STAY_RULES, isIsoDate, LOCALES } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';

/** GET /world/api/systemconfig (no token). */
export const systemConfigResponseSchema = okSchema({
  systemConfig: z.object({
    websocket_url: z.string(),
    websocket_port: z.number().int(),
    wepass_url: z.string(),
    logicalDate: z.string(),
    timeZone: z.string(),
    serverTime: z.string(),
  }),
});
export type SystemConfigResponse = z.infer<typeof systemConfigResponseSchema>;

/** POST /world/api/config/logical-date. */
export const logicalDateResponseSchema = okSchema({ logicalDate: z.string() });

/** A weekly service of the schedule: weekdays 1 (Monday) to 7 (Sunday), local `HH:mm` times. */
export const serviceScheduleEntrySchema = z.object({
  name: z.string(),
  weekdays: z.array(z.number().int().min(1).max(7)),
  start: z.string().regex(/^\d{2}:\d{2}$/),
  end: z.string().regex(/^\d{2}:\d{2}$/),
  lastSeating: z.string().regex(/^\d{2}:\d{2}$/),
  slotIntervalMinutes: z.number().int().positive(),
  /** Pacing: most covers that may start in one slot; null when only the tables limit it. */
  maxCoversPerSlot: z.number().int().positive().nullable(),
});

/**
 * The venue's booking rules (issue 22, decision 047): planned stays by party size (steps from `fromPax`,
 * the first from 1), the largest party one online booking may be (null: what the floor seats), how many
 * days ahead guests may book, and the dates closed to bookings (holidays, with an optional name).
 * Messages are Spanish: the admin reads them beside the field.
 */
export const bookingRulesSchema = z.object({
  stayRules: z
    .array(
      z.object({
        fromPax: z.number().int().min(1, 'Desde 1 persona').max(99, 'Como mucho 99 personas'),
        minutes: z
          .number()
          .int()
          .min(1, 'La duración debe ser mayor que 0')
          .max(720, 'Como mucho 720 minutos'),
      }),
    )
    .min(1, 'Indica al menos una duración')
    .max(20)
    .refine((rules) => rules.some((rule) => rule.fromPax === 1), {
      message: 'Una duración debe empezar en 1 persona',
    })
    .refine((rules) => new Set(rules.map((rule) => rule.fromPax)).size === rules.length, {
      message: 'Cada tamaño de grupo solo una vez',
    })
    .default(DEFAULT_STAY_RULES.map((rule) => ({ ...rule }))),
  maxPartySize: z
    .number()
    .int()
    .min(1, 'Entre 1 y 99 personas')
    .max(99, 'Entre 1 y 99 personas')
    .nullable()
    .default(null),
  bookingWindowDays: z
    .number()
    .int()
    .min(1, 'Entre 1 y 365 días')
    .max(365, 'Entre 1 y 365 días')
    .default(BOOKING_HORIZON_DAYS),
  closedDates: z
    .array(
      z.object({
        date: z.string().refine(isIsoDate, { message: 'Una fecha aaaa-mm-dd' }),
        name: z.string().trim().max(80, 'Como mucho 80 caracteres').default(''),
      }),
    )
    .max(400)
    .refine((dates) => new Set(dates.map((entry) => entry.date)).size === dates.length, {
      message: 'Esa fecha ya está en la lista',
    })
    .default([]),
});
export type BookingRules = z.infer<typeof bookingRulesSchema>;

/**
 * Venue settings kept as one validated document (spec §3 "Venue config"). Every field has the spec's
 * default, so a venue created with `{}` is complete.
 */
export const venueSettingsSchema = z.object({
  resource_id: z.string().nullable().default(null),
  reservationManagerUrl: z.string().default(''),
  reservation_agent: z.string().default('sobremesa'),
  menuServices: z.array(z.string()).default([]),
  reservation_disabled_dow: z.array(z.number().int().min(1).max(7)).default([]),
  we_order_client_comments: z.boolean().default(true),
  reviewGoogleMapsUrl: z.string().default(''),
  paymentConfig: z
    .object({
      methods: z.array(z.enum(['cash', 'card', 'other'])).default(['cash', 'card']),
      tipsEnabled: z.boolean().default(true),
    })
    .default({ methods: ['cash', 'card'], tipsEnabled: true }),
  copilot_multiple_service_event_product_orders: z.boolean().default(false),
  locales: z.array(z.enum(LOCALES)).default([...LOCALES]),
  reservationPrePaymentConfig: z
    .object({ enabled: z.boolean().default(false), amountPerPaxCents: z.number().int().min(0).default(0) })
    .default({ enabled: false, amountPerPaxCents: 0 }),
  printEnabled: z.boolean().default(false),
  /**
   * The print helper's printer of each station (elaboration station id → printer name), for its tickets
   * (decision 029); a station not listed prints on the helper's default printer.
   */
  stationPrinters: z.record(z.string().regex(/^\d+$/), z.string().min(1).max(60)).default({}),
  fiscalInfo: z
    .object({
      legalName: z.string().default(''),
      taxId: z.string().default(''),
      address: z.string().default(''),
      postalCode: z.string().default(''),
      city: z.string().default(''),
      invoiceSeries: z.string().default('T'),
    })
    .default({ legalName: '', taxId: '', address: '', postalCode: '', city: '', invoiceSeries: 'T' }),
  reservationLocationTags: z.array(z.string()).default([]),
  bookingRules: bookingRulesSchema.default({
    stayRules: DEFAULT_STAY_RULES.map((rule) => ({ ...rule })),
    maxPartySize: null,
    bookingWindowDays: BOOKING_HORIZON_DAYS,
    closedDates: [],
  }),
  location_gmaps_url: z.string().default(''),
  direct_account_enabled: z.boolean().default(false),
  posProvider: z.string().default('WEPOS'),
  weOrderConfig: z
    .object({ showLargeProductPicture: z.boolean().default(false) })
    .default({ showLargeProductPicture: false }),
  defaultMenuOrderConfig: z
    .object({
      cartSendMode: z.number().int().default(0),
      cartStaffValidation: z.boolean().default(false),
      description: z.string().default(''),
      menuOrderEnabled: z.union([z.literal(0), z.literal(1)]).default(1),
      name: z.string().default(''),
      notifyPos: z.boolean().default(false),
    })
    .default({
      cartSendMode: 0,
      cartStaffValidation: false,
      description: '',
      menuOrderEnabled: 1,
      name: '',
      notifyPos: false,
    }),
  copilotConfig: z
    .object({
      zoneFilter: z.boolean().default(false),
      cartProductStaffComments: z.boolean().default(true),
      promotionsEnabled: z.boolean().default(false),
    })
    .default({ zoneFilter: false, cartProductStaffComments: true, promotionsEnabled: false }),
  enableCategoryScroll: z.boolean().default(true),
  /** Cash counts are blind: the counter sees no expected cash nor difference (issue 24, decision 033). */
  blindCashCount: z.boolean().default(false),
  privacyPolicy: z.string().default(''),
  /** The venue's own icon shown on /home (spec §2); a path on this origin, as the CSP allows images only from 'self'. */
  favicon_url: z
    .string()
    .regex(/^(\/[^\s]*)?$/, 'A path on this site, starting with /')
    .default(''),
  /** The venue's logo on its guest pages; a path on this origin, like the favicon. */
  logo_url: z
    .string()
    .regex(/^(\/[^\s]*)?$/, 'A path on this site, starting with /')
    .default(''),
  /** The venue's street address and phone as guests see them. */
  address: z.string().max(300).default(''),
  phone: z
    .string()
    .regex(/^(\+?[0-9 ()-]{6,20})?$/, 'A phone number: digits, spaces, an optional leading +')
    .default(''),
  /** Sites allowed to frame /iframe-reservar and /widget (SEC-08), as exact origins. */
  embedOrigins: z.array(z.url()).default([]),
});
export type VenueSettings = z.infer<typeof venueSettingsSchema>;

/** An elaboration station (kitchen line, bar...) as the copilot filters by it. */
export const elaborationTypeSchema = z.object({ id: z.number().int(), name: z.string() });

/** A cash drawer as venue config lists it. */
export const cashDrawerSummarySchema = z.object({ id: z.number().int(), name: z.string() });

/** POST /world/api/venueconfig: everything a guest or staff screen needs to know about the venue. */
export const venueConfigSchema = venueSettingsSchema.extend({
  id: z.number().int(),
  subdomain: z.string(),
  business_name: z.string(),
  timeZone: z.string(),
  currency: z.string(),
  defaultLocale: z.enum(LOCALES),
  elaborationTypes: z.array(elaborationTypeSchema),
  cashDrawers: z.array(cashDrawerSummarySchema),
  /** Built from the venue's service_schedules rows, the one source of truth for opening hours. */
  serviceSchedule: z.array(serviceScheduleEntrySchema),
});
export type VenueConfig = z.infer<typeof venueConfigSchema>;
export const venueConfigResponseSchema = okSchema({ venueConfig: venueConfigSchema });

/** POST /world/api/venueconfig/update (admin): the settings now, and which of them the call changed. */
export const venueConfigUpdateResponseSchema = venueConfigResponseSchema.extend({
  changed: z.array(z.string()),
});

/** POST /world/api/elaborationtype/get. */
export const elaborationTypesResponseSchema = okSchema({ elaborationTypes: z.array(elaborationTypeSchema) });

/** POST /world/api/venuemenus: the venue's menus with their names in the asked locale. */
export const venueMenuSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  menuTypeName: z.string(),
  sortOrder: z.number().int(),
  sortOrderCustomer: z.number().int(),
  isDayMenu: z.boolean(),
  enabled: z.boolean(),
});
export const venueMenusResponseSchema = okSchema({ menus: z.array(venueMenuSchema) });

/** GET /world/api/allergens/list: the 14 EU allergens (Regulation 1169/2011 annex II), localised. */
export const allergenSchema = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export const allergensResponseSchema = okSchema({ allergens: z.array(allergenSchema) });

/** POST /world/api/translations/get: only the asked keys come back (spec §5 "fetched only for missing keys"). */
export const translationsRequestSchema = z.strictObject({
  keys: z.array(z.string().min(1).max(200)).min(1).max(500),
  locale: z.enum(LOCALES).optional(),
});
export const translationsResponseSchema = okSchema({
  locale: z.enum(LOCALES),
  translations: z.record(z.string(), z.string()),
});

/** GET /world/api/copilotrole/list. */
export const copilotRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  active: z.union([z.literal(0), z.literal(1)]),
  copilotView: z.object({ name: z.string() }),
  elaborationStations: z.array(z.number().int()),
  notificationTypes: z.array(z.object({ name: z.string() })),
  requirementProductCopilotRoles: z.array(z.object({ name: z.string() })),
});
export type CopilotRole = z.infer<typeof copilotRoleSchema>;
export const copilotRolesResponseSchema = okSchema({ copilotRoles: z.array(copilotRoleSchema) });

/** GET /world/api/tables: rooms with their tables (spec §3 "Table", "Room"). */
export const tableSchema = z.object({
  table_id: z.number().int(),
  name: z.string(),
  room: z.number().int(),
  minPax: z.number().int(),
  maxPax: z.number().int(),
});
export const roomSchema = z.object({
  room_id: z.number().int(),
  name: z.string(),
  tables: z.array(tableSchema),
});
export const tablesResponseSchema = okSchema({ rooms: z.array(roomSchema), tables: z.array(tableSchema) });

/** POST /world/api/accounting-config. */
export const accountingConfigResponseSchema = okSchema({
  accountingConfig: z.object({
    cashDrawers: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        slots: z.array(
          z.object({
            cashDenominationId: z.number().int(),
            value: z.number().int(),
            quantity: z.number().int(),
          }),
        ),
      }),
    ),
    cardReaders: z.array(z.object({ id: z.number().int(), name: z.string(), provider: z.string() })),
    venueProviders: z.array(z.object({ id: z.number().int(), name: z.string(), type: z.string() })),
  }),
});
export type AccountingConfig = z.infer<typeof accountingConfigResponseSchema>['accountingConfig'];
