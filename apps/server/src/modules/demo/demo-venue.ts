import type { VenueSettings } from '@sobremesa/contracts';
import type { CopilotView, NotificationType } from '@sobremesa/domain';
import type { StationKey } from './demo-menu.ts';
import { STARTER_ROLES, type StationKind } from '../venues/venues.service.ts';

/**
 * The demo restaurant: who it is, its floor, kitchen stations, staff roles and accounts, till.
 * Data only; demo-seed.ts inserts it. All names, addresses and tax ids are fictitious.
 */

export const DEMO_SUBDOMAIN = 'demo';
export const DEMO_BUSINESS_NAME = 'Casa Sobremesa';

const LUNCH = { name: 'Comida', start: '13:00', end: '16:00', lastSeating: '15:00', slotIntervalMinutes: 15 };
const DINNER = { name: 'Cena', start: '20:00', end: '23:30', lastSeating: '22:30', slotIntervalMinutes: 15 };
/** Closed on Mondays (ISO weekday 1); open Tuesday to Sunday for lunch and dinner. */
export const DEMO_OPEN_WEEKDAYS = [2, 3, 4, 5, 6, 7];
export const DEMO_SERVICES = [LUNCH, DINNER];

export const DEMO_SETTINGS: Partial<VenueSettings> = {
  reservation_agent: 'sobremesa',
  menuServices: [LUNCH.name, DINNER.name],
  reservation_disabled_dow: [1],
  printEnabled: true,
  // The kitchen fires by course: starters go at once, mains and desserts wait for Sala (decision 010).
  copilot_multiple_service_event_product_orders: true,
  fiscalInfo: {
    legalName: 'Casa Sobremesa Hostelería S.L.',
    // Fictitious, with a valid CIF check digit so validators accept it.
    taxId: 'B87654323',
    address: 'Calle del Almendro, 12',
    postalCode: '28005',
    city: 'Madrid',
    invoiceSeries: 'T',
  },
  reservationLocationTags: [
    'Ventana',
    'Rincón tranquilo',
    'Terraza cubierta',
    'Trona para bebé',
    'Acceso sin escalones',
  ],
  paymentConfig: { methods: ['cash', 'card', 'other'], tipsEnabled: true },
  // Where a guest who rated the visit highly is invited to review it publicly (issue 26).
  reviewGoogleMapsUrl: 'https://g.page/r/sobremesa-demo/review',
  copilotConfig: { zoneFilter: true, cartProductStaffComments: true, promotionsEnabled: true },
  defaultMenuOrderConfig: {
    cartSendMode: 0,
    cartStaffValidation: false,
    description: 'Pide desde tu mesa: lo recibimos en cocina y barra al momento.',
    menuOrderEnabled: 1,
    name: 'Pide desde la mesa',
    notifyPos: true,
  },
  enableCategoryScroll: true,
};

export interface DemoTable {
  readonly name: string;
  readonly minPax: number;
  readonly maxPax: number;
  readonly combinable?: boolean;
  readonly zone?: string;
}

/** Rooms with their tables: 10 in the dining room, 6 on the terrace, 4 pairs of stools at the bar. */
export const DEMO_ROOMS: readonly { name: string; tables: readonly DemoTable[] }[] = [
  {
    name: 'Sala',
    tables: [
      { name: '1', minPax: 1, maxPax: 2, zone: 'Ventana' },
      { name: '2', minPax: 1, maxPax: 2, zone: 'Ventana' },
      { name: '3', minPax: 2, maxPax: 4, combinable: true, zone: 'Ventana' },
      { name: '4', minPax: 2, maxPax: 4, combinable: true },
      { name: '5', minPax: 2, maxPax: 4, combinable: true },
      { name: '6', minPax: 2, maxPax: 4, combinable: true },
      { name: '7', minPax: 3, maxPax: 6 },
      { name: '8', minPax: 3, maxPax: 6, zone: 'Rincón tranquilo' },
      { name: '9', minPax: 5, maxPax: 8 },
      { name: '10', minPax: 2, maxPax: 4, zone: 'Rincón tranquilo' },
    ],
  },
  {
    name: 'Terraza',
    tables: [
      { name: 'T1', minPax: 1, maxPax: 2 },
      { name: 'T2', minPax: 1, maxPax: 2 },
      { name: 'T3', minPax: 2, maxPax: 4, combinable: true, zone: 'Terraza cubierta' },
      { name: 'T4', minPax: 2, maxPax: 4, combinable: true, zone: 'Terraza cubierta' },
      { name: 'T5', minPax: 2, maxPax: 4 },
      { name: 'T6', minPax: 3, maxPax: 6 },
    ],
  },
  {
    name: 'Barra',
    tables: [
      { name: 'B1', minPax: 1, maxPax: 2 },
      { name: 'B2', minPax: 1, maxPax: 2 },
      { name: 'B3', minPax: 1, maxPax: 2 },
      { name: 'B4', minPax: 1, maxPax: 2 },
    ],
  },
];

/** Tables the venue joins for larger parties. */
export const DEMO_TABLE_COMBINATIONS: readonly {
  name: string;
  tables: readonly string[];
  minPax: number;
  maxPax: number;
}[] = [
  { name: 'Mesas 3 + 4', tables: ['3', '4'], minPax: 5, maxPax: 8 },
  { name: 'Mesas 5 + 6', tables: ['5', '6'], minPax: 5, maxPax: 8 },
  { name: 'Mesas 3 + 4 + 5 + 6', tables: ['3', '4', '5', '6'], minPax: 9, maxPax: 14 },
  { name: 'Terraza T3 + T4', tables: ['T3', 'T4'], minPax: 5, maxPax: 8 },
];

/** Elaboration types (the venue config's elaborationTypes) with their stations. */
export const DEMO_ELABORATION: readonly {
  type: string;
  stations: readonly { key: StationKey; name: string }[];
}[] = [
  {
    type: 'Cocina caliente',
    stations: [
      { key: 'fogones', name: 'Fogones' },
      { key: 'parrilla', name: 'Parrilla' },
    ],
  },
  { type: 'Cocina fría', stations: [{ key: 'cuarto-frio', name: 'Cuarto frío' }] },
  { type: 'Postres', stations: [{ key: 'obrador', name: 'Obrador' }] },
  {
    type: 'Barra',
    stations: [
      { key: 'barra', name: 'Barra' },
      { key: 'cafetera', name: 'Cafetera' },
    ],
  },
];

const KITCHEN: readonly StationKey[] = ['fogones', 'parrilla', 'cuarto-frio', 'obrador'];
const BAR: readonly StationKey[] = ['barra', 'cafetera'];

export interface DemoRole {
  readonly name: string;
  readonly view: CopilotView;
  readonly notificationTypes: readonly NotificationType[];
  readonly stations: readonly StationKey[];
}

/** The demo's stations of each kind a role follows. */
const DEMO_STATIONS_OF: Record<StationKind, readonly StationKey[]> = { kitchen: KITCHEN, bar: BAR };

/** The six copilot roles every venue starts with (decision 065), following the demo's six stations. */
export const DEMO_ROLES: readonly DemoRole[] = STARTER_ROLES.map((role) => ({
  name: role.view,
  view: role.view,
  notificationTypes: role.notificationTypes,
  stations: role.follows.flatMap((kind) => DEMO_STATIONS_OF[kind]),
}));

/** One account per role, and an admin who may take every role (Sala preselected). */
export const DEMO_ACCOUNTS: readonly {
  email: string;
  name: string;
  /** A role name, or 'admin' for every role. */
  role: string;
}[] = [
  { email: 'sala@demo.test', name: 'Lucía Martín', role: 'Sala' },
  { email: 'sala1@demo.test', name: 'Javier Ruiz', role: '1 en Sala' },
  { email: 'cocina@demo.test', name: 'Carmen Ortega', role: 'Cocina' },
  { email: 'barra@demo.test', name: 'Andrés Gil', role: 'Barra' },
  { email: 'tpv@demo.test', name: 'Marta Navarro', role: 'TPV' },
  { email: 'pasante@demo.test', name: 'Pablo Romero', role: 'Pasante' },
  { email: 'admin@demo.test', name: 'Elena Vidal', role: 'admin' },
];

/** The till: one drawer and its change float, pieces by denomination value in cents (others start at 0). */
export const DEMO_CASH_DRAWER = {
  name: 'Caja principal',
  float: new Map<number, number>([
    [1, 20],
    [2, 20],
    [5, 20],
    [10, 20],
    [20, 20],
    [50, 20],
    [100, 20],
    [200, 10],
    [500, 4],
    [1000, 2],
    [2000, 1],
    [5000, 0],
  ]),
};

export const DEMO_CARD_READERS = [
  { name: 'Datáfono barra', provider: 'Redsys' },
  { name: 'Datáfono terraza', provider: 'Redsys' },
];

export const DEMO_VENUE_PROVIDERS = [
  { name: 'Glovo', type: 'delivery' },
  { name: 'Just Eat', type: 'delivery' },
  { name: 'TheFork', type: 'reservations' },
];

/** Tickets, nominative invoices and corrective invoices each have their own series (FIS-04). */
export const DEMO_INVOICE_SERIES = [
  { series: 'T', kind: 'simplified' },
  { series: 'F', kind: 'complete' },
  { series: 'R', kind: 'corrective' },
] as const;
