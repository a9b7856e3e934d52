import type { VenueConfig } from '@sobremesa/contracts';
import { DEFAULT_LOCALE, isLocale, logicalDate, type Locale } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { ALLERGEN_NAMES } from '../../i18n/allergens.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  findTranslations,
  listAllergens,
  accountingConfigRows,
  listCashDrawers,
  listDiningTables,
  listElaborationTypes,
  listMenus,
  listRooms,
  listServiceSchedules,
} from './config.repository.ts';

/** The venue's service date now (06:00 boundary in the venue's zone). */
export function currentLogicalDate(ctx: AppContext, venue: Venue): string {
  return logicalDate(ctx.clock.now(), venue.timeZone);
}

/** Where staff screens open their WebSocket: the configured URL, or this request's origin. */
export function websocketEndpoint(ctx: AppContext, origin: string): { url: string; port: number } {
  const url = new URL(ctx.settings.websocketUrl ?? `${origin.replace(/^http/, 'ws')}/world/ws`);
  const port = url.port ? Number(url.port) : url.protocol === 'wss:' ? 443 : 80;
  return { url: url.toString(), port };
}

function venueLocale(venue: Venue): Locale {
  return isLocale(venue.defaultLocale) ? venue.defaultLocale : DEFAULT_LOCALE;
}

type ServiceScheduleEntry = VenueConfig['serviceSchedule'][number];

/** `HH:mm:ss` (PostgreSQL `time`) to the spec's `HH:mm`. */
const hoursAndMinutes = (time: string) => time.slice(0, 5);

/**
 * The weekly schedule as the spec's venue config shows it: one entry per service, with the weekdays it
 * runs on. Rows are stored per weekday so a venue can keep different hours on Sundays.
 */
export async function serviceSchedule(ctx: AppContext, venue: Venue): Promise<ServiceScheduleEntry[]> {
  const rows = await listServiceSchedules(ctx.db, venue.id);
  const entries = new Map<string, ServiceScheduleEntry>();
  for (const row of rows) {
    const entry = {
      name: row.name,
      start: hoursAndMinutes(row.startsAt),
      end: hoursAndMinutes(row.endsAt),
      lastSeating: hoursAndMinutes(row.lastSeatingAt),
      slotIntervalMinutes: row.slotIntervalMinutes,
      maxCoversPerSlot: row.maxCoversPerSlot,
    };
    const key = JSON.stringify(entry);
    const existing = entries.get(key);
    if (existing) existing.weekdays.push(row.weekday);
    else entries.set(key, { ...entry, weekdays: [row.weekday] });
  }
  return [...entries.values()].map((entry) => ({
    ...entry,
    weekdays: [...entry.weekdays].sort((a, b) => a - b),
  }));
}

/** The spec's venue config: the stored settings completed with defaults, plus live lists. */
export async function venueConfig(ctx: AppContext, venue: Venue): Promise<VenueConfig> {
  const [elaborationTypes, cashDrawers, schedule] = await Promise.all([
    listElaborationTypes(ctx.db, venue.id),
    listCashDrawers(ctx.db, venue.id),
    serviceSchedule(ctx, venue),
  ]);
  return {
    ...venue.settings,
    id: venue.id,
    subdomain: venue.subdomain,
    business_name: venue.businessName,
    timeZone: venue.timeZone,
    currency: venue.currency,
    defaultLocale: venueLocale(venue),
    elaborationTypes,
    cashDrawers,
    serviceSchedule: schedule,
  };
}

export function elaborationTypes(ctx: AppContext, venue: Venue) {
  return listElaborationTypes(ctx.db, venue.id);
}

/**
 * Looks up translation keys in `locale`, falling back to Spanish and then to the venue's own language,
 * and returns only the keys asked for that exist (spec §5: clients fetch only what they miss).
 */
export async function translateKeys(
  ctx: AppContext,
  venue: Venue,
  keys: readonly string[],
  locale: Locale,
): Promise<Record<string, string>> {
  const order = [...new Set<string>([locale, DEFAULT_LOCALE, venueLocale(venue)])];
  const rows = await findTranslations(ctx.db, venue.id, [...new Set(keys)], order);
  const result: Record<string, string> = {};
  for (const key of keys) {
    const best = order
      .map((wanted) => rows.find((row) => row.key === key && row.locale === wanted))
      .find(Boolean);
    if (best) result[key] = best.value;
  }
  return result;
}

/** The venue's menus with names in `locale` (spec "venuemenus"). */
export async function venueMenus(ctx: AppContext, venue: Venue, locale: Locale) {
  const rows = await listMenus(ctx.db, venue.id);
  const names = await translateKeys(
    ctx,
    venue,
    rows.map((row) => `menu.${row.id}.name`),
    locale,
  );
  return rows.map((row) => ({
    id: row.id,
    name: names[`menu.${row.id}.name`] ?? row.name,
    menuTypeName: row.menuTypeName,
    sortOrder: row.sortOrder,
    sortOrderCustomer: row.sortOrderCustomer,
    isDayMenu: row.isDayMenu,
    enabled: row.enabled,
  }));
}

/** The 14 EU allergens with names in `locale`. */
export async function allergenList(ctx: AppContext, locale: Locale) {
  const rows = await listAllergens(ctx.db);
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    name: ALLERGEN_NAMES[row.code]?.[locale] ?? row.code,
  }));
}

/** Rooms with their tables, in floor order (spec §3 Table, Room). */
export async function roomsWithTables(ctx: AppContext, venue: Venue) {
  const { rooms, tables } = await floorWithRows(ctx, venue);
  return { rooms, tables };
}

/** The rooms and tables as `roomsWithTables` gives them, with their rows (plans and layout, decision 059). */
export async function floorWithRows(ctx: AppContext, venue: Venue) {
  const [roomRows, tableRows] = await Promise.all([
    listRooms(ctx.db, venue.id),
    listDiningTables(ctx.db, venue.id),
  ]);
  const tables = tableRows.map((row) => ({
    table_id: row.id,
    name: row.name,
    room: row.roomId,
    minPax: row.minPax,
    maxPax: row.maxPax,
  }));
  // A retired room (decision 059) keeps its row for history but is no longer one of the venue's rooms.
  const rooms = roomRows
    .filter((room) => room.active)
    .map((room) => ({
      room_id: room.id,
      name: room.name,
      tables: tables.filter((table) => table.room === room.id),
    }));
  return { rooms, tables, roomRows, tableRows };
}

/** Cash drawers with their denomination slots, card readers and providers (spec "accounting-config"). */
export async function accountingConfig(ctx: AppContext, venue: Venue) {
  const {
    drawers,
    slots,
    readers: cardReaders,
    providers: venueProviders,
  } = await accountingConfigRows(ctx.db, venue.id);
  return {
    cashDrawers: drawers.map((drawer) => ({
      ...drawer,
      slots: slots
        .filter((slot) => slot.cashDrawerId === drawer.id)
        .map((slot) => ({
          cashDenominationId: slot.cashDenominationId,
          value: slot.value,
          quantity: slot.quantity,
        })),
    })),
    cardReaders,
    venueProviders,
  };
}
