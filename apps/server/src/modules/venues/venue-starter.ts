import { isLocale, type CopilotView, type Locale, type NotificationType } from '@sobremesa/domain';
import { venueSettingsSchema } from '@sobremesa/contracts';
import type { Transaction } from '../../db/database.ts';
import {
  insertCashDrawerWithEveryDenomination,
  insertDishClasses,
  insertInvoiceSeries,
  insertRoles,
  insertStations,
} from './venue-starter.repository.ts';
import { writeVenueSettings } from './venue-updates.service.ts';
import type { VenueRow } from './venues.repository.ts';

/**
 * What every venue needs before its admin opens /ebitdata, made with it by `venue:create` (issue 22: "from an
 * empty venue to taking bookings and orders in an afternoon, without SQL"): the six copilot roles of the
 * spec, a kitchen and a bar station for them to follow, the dish classes a menu's courses go by, the
 * invoice series a bill is numbered in, one cash drawer and a name for the guests' ordering service. The admin renames or extends each in the admin
 * area; nothing of it is sample content (no rooms, menus or schedule: those are the venue's own).
 */

export type StationKind = 'kitchen' | 'bar';

export interface StarterRole {
  readonly view: CopilotView;
  readonly notificationTypes: readonly NotificationType[];
  readonly follows: readonly StationKind[];
}

const FLOOR_NOTIFICATIONS: readonly NotificationType[] = [
  'customer_ready_to_order',
  'ticket_request',
  'call_staff',
  'kiosk_walk_in',
  'kiosk_qr_scan',
  'upselling_drinks_reminder',
  'order_ready_food',
  'order_ready_drinks',
];

/**
 * The spec's six roles, named as their views (the demo venue's too). The floor follows both stations and
 * hears guest requests;
 * the kitchen hears arrivals but never bill requests (spec §6); the bar hears drink reminders; the till
 * hears bill requests; the pass hears what is ready.
 */
export const STARTER_ROLES: readonly StarterRole[] = [
  { view: 'Sala', notificationTypes: FLOOR_NOTIFICATIONS, follows: ['kitchen', 'bar'] },
  { view: '1 en Sala', notificationTypes: FLOOR_NOTIFICATIONS, follows: ['kitchen', 'bar'] },
  { view: 'Cocina', notificationTypes: ['kiosk_walk_in', 'kiosk_qr_scan'], follows: ['kitchen'] },
  {
    view: 'Barra',
    notificationTypes: ['upselling_drinks_reminder', 'call_staff', 'order_ready_drinks'],
    follows: ['bar'],
  },
  { view: 'TPV', notificationTypes: ['ticket_request', 'call_staff'], follows: [] },
  { view: 'Pasante', notificationTypes: ['order_ready_food'], follows: ['kitchen'] },
];

const STARTER_STATIONS: readonly { kind: StationKind; name: string }[] = [
  { kind: 'kitchen', name: 'Cocina' },
  { kind: 'bar', name: 'Barra' },
];

/** Drinks first: a kitchen fires courses in this order (decision 054). */
const STARTER_DISH_CLASSES: readonly Record<Locale, string>[] = [
  {
    es: 'Bebidas',
    en: 'Drinks',
    de: 'Getränke',
    fr: 'Boissons',
    eu: 'Edariak',
    ca: 'Begudes',
    it: 'Bevande',
    gl: 'Bebidas',
    pt: 'Bebidas',
  },
  {
    es: 'Entrantes',
    en: 'Starters',
    de: 'Vorspeisen',
    fr: 'Entrées',
    eu: 'Sarrerak',
    ca: 'Entrants',
    it: 'Antipasti',
    gl: 'Entrantes',
    pt: 'Entradas',
  },
  {
    es: 'Principales',
    en: 'Main courses',
    de: 'Hauptgerichte',
    fr: 'Plats principaux',
    eu: 'Plater nagusiak',
    ca: 'Principals',
    it: 'Secondi',
    gl: 'Principais',
    pt: 'Pratos principais',
  },
  {
    es: 'Postres',
    en: 'Desserts',
    de: 'Desserts',
    fr: 'Desserts',
    eu: 'Postreak',
    ca: 'Postres',
    it: 'Dolci',
    gl: 'Sobremesas',
    pt: 'Sobremesas',
  },
];

/** Tickets, full invoices and corrective invoices, each numbered in its own series (FIS-). */
const STARTER_INVOICE_SERIES = [
  { series: 'T', kind: 'simplified' },
  { series: 'F', kind: 'complete' },
  { series: 'R', kind: 'corrective' },
] as const;

/**
 * The guests' ordering service's name, the demo venue's, in the venue's language: the admin area refuses a
 * nameless one (decision 076), so a new venue's first save of "Pedidos de clientes" would otherwise stop at it.
 */
export const STARTER_ORDER_SERVICE_NAME: Readonly<Record<Locale, string>> = {
  es: 'Pide desde la mesa',
  en: 'Order from your table',
  de: 'Vom Tisch aus bestellen',
  fr: 'Commandez depuis votre table',
  eu: 'Eskatu mahaitik',
  ca: 'Demana des de la taula',
  it: 'Ordina dal tavolo',
  gl: 'Pide dende a mesa',
  pt: 'Peça a partir da mesa',
};

/**
 * Sets up a new venue's roles, stations, dish classes, invoice series, drawer and ordering service's name;
 * returns the role ids.
 */
export async function equipNewVenue(tx: Transaction, venue: VenueRow): Promise<number[]> {
  const venueId = venue.id;
  const stations = await insertStations(tx, venueId, STARTER_STATIONS);
  const stationIds = new Map(STARTER_STATIONS.map((station, index) => [station.kind, stations[index]!]));
  const roleIds = await insertRoles(
    tx,
    venueId,
    STARTER_ROLES.map((role) => ({
      name: role.view,
      view: role.view,
      notificationTypes: [...role.notificationTypes],
      stationIds: role.follows.map((kind) => stationIds.get(kind)!),
    })),
  );
  await insertDishClasses(tx, venueId, STARTER_DISH_CLASSES);
  await insertInvoiceSeries(tx, venueId, STARTER_INVOICE_SERIES);
  await insertCashDrawerWithEveryDenomination(tx, venueId, 'Caja');
  const settings = venueSettingsSchema.parse(venue.settings);
  const locale = isLocale(venue.defaultLocale) ? venue.defaultLocale : 'es';
  await writeVenueSettings(tx, venueId, {
    ...settings,
    defaultMenuOrderConfig: { ...settings.defaultMenuOrderConfig, name: STARTER_ORDER_SERVICE_NAME[locale] },
  });
  return roleIds;
}
