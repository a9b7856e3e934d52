import {
  instantToTimeOfDay,
  logicalDate,
  serviceDayRange,
  serviceDayTimeToInstant,
  stayMinutesFor,
  type IsoDate,
  type TimeOfDay,
  RESERVATION_STATUS_CODES,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { saveCompanion } from '../guests/guests.service.ts';
import {
  addGuestToReservation,
  bookReservationTables,
  createReservationRow,
  notifyAvailability,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { DemoApi, type DemoLine, type DemoTransport, type LineAction } from './demo-client.ts';
import { DEMO_SUBDOMAIN } from './demo-venue.ts';
import { countReservationsBetween, lockDemoDay, tablesByName } from './demo.repository.ts';

/**
 * The demo's service day (decision 053): the venue mid-service whenever someone opens it. Today's bookings
 * across lunch and dinner are written as a phone booking is (guest, reservation, table bookings), on
 * tables chosen here, since the availability engine rightly refuses times already past; everything that
 * happens to them after (seating, orders from the commander and from phones, the kitchen and bar moving
 * lines, a call, a bill request, a no-show, a walk-in) goes through the HTTP API as staff and guests,
 * so accounts, lines, kitchen states, notifications and outbox events are the real ones.
 */

interface DemoBooking {
  readonly time: TimeOfDay;
  readonly name: string;
  readonly pax: number;
  readonly table: string;
  readonly phone: string;
  readonly comments?: string;
  /** What staff noted from the comment in "Alérgenos de la mesa", as a venue does when it reads one. */
  readonly dietaryNotes?: string;
}

/**
 * Five bookings per service, on tables of the dining room (lunch leaves them by 17:00). In the service
 * going on, by position: the table the kitchen is cooking for, the table ordering from its phones, the
 * table that has eaten and asks for the bill, the no-show, and the party still to come.
 */
const BOOKINGS: Readonly<Record<'Comida' | 'Cena', readonly DemoBooking[]>> = {
  Comida: [
    { time: '13:00', name: 'Familia Ortega', pax: 4, table: '3', phone: '+34600100201' },
    { time: '13:15', name: 'Lucía Martín', pax: 2, table: '1', phone: '+34600100202' },
    {
      time: '13:30',
      name: 'Javier Ruiz',
      pax: 6,
      table: '7',
      phone: '+34600100203',
      comments: 'Comida de empresa; factura a nombre de la empresa.',
    },
    { time: '13:45', name: 'Carmen Vidal', pax: 2, table: '2', phone: '+34600100204' },
    {
      time: '14:30',
      name: 'Grupo Ferrer',
      pax: 8,
      table: '9',
      phone: '+34600100205',
      comments: 'Celebramos un cumpleaños.',
    },
  ],
  Cena: [
    { time: '20:30', name: 'Pablo Núñez', pax: 4, table: '4', phone: '+34600100206' },
    { time: '20:45', name: 'Ana Beltrán', pax: 2, table: '10', phone: '+34600100207' },
    {
      time: '21:00',
      name: 'Marta Sanz',
      pax: 5,
      table: '8',
      phone: '+34600100208',
      comments: 'Una persona celíaca.',
      dietaryNotes: 'Celíaca',
    },
    { time: '21:15', name: 'Diego Romero', pax: 2, table: '5', phone: '+34600100209' },
    { time: '22:00', name: 'Elena Castro', pax: 3, table: '6', phone: '+34600100210' },
  ],
};

/** The walk-in of the service going on: on the terrace, ordering drinks from a phone. */
const WALK_IN = { name: 'Sergio', pax: 2, table: 'T1' } as const;

/** What the tables of the service going on order (SKUs of demo-menu.ts without required options). */
const ORDERS = {
  cooking: [
    { sku: 'ENT-02', orderQuantity: 1 },
    { sku: 'ENT-04', orderQuantity: 1 },
    { sku: 'ENT-10', orderQuantity: 1 },
    { sku: 'BEB-02', orderQuantity: 2 },
    { sku: 'ARR-01', orderQuantity: 1 },
  ],
  phones: [
    { sku: 'ENS-01', orderQuantity: 1 },
    { sku: 'ENT-06', orderQuantity: 1 },
    { sku: 'CER-02', orderQuantity: 2 },
  ],
  eaten: [
    { sku: 'ENT-01', orderQuantity: 2 },
    { sku: 'ENT-05', orderQuantity: 1 },
    { sku: 'BEB-03', orderQuantity: 3 },
  ],
  walkIn: [
    { sku: 'VIN-05', orderQuantity: 1 },
    { sku: 'BEB-04', orderQuantity: 1 },
    { sku: 'ENT-07', orderQuantity: 1 },
  ],
} satisfies Record<string, readonly DemoLine[]>;

/** Lunch is the service going on from 06:00 to 17:30; dinner after that, until 06:00 closes the day. */
const DINNER_FROM: TimeOfDay = '17:30';

export interface DemoDayResult {
  readonly seeded: boolean;
  readonly date: IsoDate | null;
  /** The service going on: its tables are seated, ordering, eating and paying. */
  readonly service: 'Comida' | 'Cena' | null;
  readonly reservations: number;
}

const NOT_SEEDED: DemoDayResult = { seeded: false, date: null, service: null, reservations: 0 };

/** The service going on at `now`: lunch in the morning and afternoon, dinner from 17:30 until 06:00. */
export function serviceGoingOn(now: Date, timeZone: string): 'Comida' | 'Cena' {
  const time = instantToTimeOfDay(now, timeZone);
  return time >= '06:00' && time < DINNER_FROM ? 'Comida' : 'Cena';
}

/**
 * Seeds the demo venue's current service day (06:00 rule, venue zone) unless it already has reservations:
 * a restart the same day changes nothing, the first start of a new day seeds that day. `host` is the Host
 * the demo venue answers on; the calls go through `transport`. Several instances starting at once take
 * turns (an advisory lock), and only the first writes the day.
 */
export async function seedDemoServiceDay(
  ctx: AppContext,
  transport: DemoTransport,
  options: { host: string; password: string },
): Promise<DemoDayResult> {
  const venue = await ctx.venues.resolveHost(options.host);
  if (!venue || venue.subdomain !== DEMO_SUBDOMAIN) return NOT_SEEDED;
  const now = ctx.clock.now();
  const date = logicalDate(now, venue.timeZone);
  const service = serviceGoingOn(now, venue.timeZone);

  const written = await ctx.db.transaction(async (tx) => {
    await lockDemoDay(tx);
    const range = serviceDayRange(date, venue.timeZone);
    if ((await countReservationsBetween(tx, venue.id, range.from, range.to)) > 0) return null;
    const tables = await tablesByName(tx, venue.id);
    const rows: Record<'Comida' | 'Cena', ReservationRow[]> = { Comida: [], Cena: [] };
    for (const serviceName of ['Comida', 'Cena'] as const) {
      for (const booking of BOOKINGS[serviceName]) {
        rows[serviceName].push(await writeBooking(tx, venue, date, booking, tables));
      }
    }
    await notifyAvailability(tx, venue.id, date);
    return rows;
  });
  if (!written) return { ...NOT_SEEDED, date };

  const api = new DemoApi(transport, options.password);
  await playServiceGoingOn(api, written[service], tablesOrFail(await tablesByName(ctx.db, venue.id)));
  // Lunch is over when dinner is going on: its tables ate and left.
  if (service === 'Cena') {
    for (const row of written.Comida) {
      await api.seat(row.wid);
      await api.close(row.id);
    }
  }
  return {
    seeded: true,
    date,
    service,
    reservations: written.Comida.length + written.Cena.length + 1,
  };
}

function tablesOrFail(tables: Map<string, { id: number; roomId: number }>) {
  return (name: string) => {
    const table = tables.get(name);
    if (!table) throw new Error(`the demo floor has no table ${name}`);
    return table;
  };
}

/** A phone booking on a table chosen by the demo, written as writeStaffBooking writes one. */
async function writeBooking(
  tx: Transaction,
  venue: Venue,
  date: IsoDate,
  booking: DemoBooking,
  tables: Map<string, { id: number; roomId: number }>,
): Promise<ReservationRow> {
  const table = tablesOrFail(tables)(booking.table);
  const startsAt = serviceDayTimeToInstant(date, booking.time, venue.timeZone);
  if (!startsAt) throw new Error(`${booking.time} does not exist on ${date}`);
  const endsAt = new Date(startsAt.getTime() + stayMinutesFor(booking.pax) * 60_000);
  const guestId = await saveCompanion(tx, {
    venueId: venue.id,
    name: booking.name,
    phone: booking.phone,
    locale: 'es',
    consentedAt: null,
  });
  const reservation = await createReservationRow(tx, {
    venueId: venue.id,
    status: RESERVATION_STATUS_CODES.active,
    startsAt,
    endsAt,
    pax: booking.pax,
    roomId: table.roomId,
    name: booking.name,
    guestId,
    guestComments: booking.comments ?? null,
    dietaryNotes: booking.dietaryNotes ?? null,
    source: 'phone',
  });
  await bookReservationTables(tx, venue, {
    reservationId: reservation.id,
    tableIds: [table.id],
    startsAt,
    endsAt,
    status: 'confirmed',
  });
  await addGuestToReservation(tx, venue, { reservationId: reservation.id, guestId, isHost: true });
  return reservation;
}

/** The ids of an order's lines of some SKUs. */
function linesOf(order: { items: { productOrderId: number; productSku: string }[] }, skus: string[]) {
  return order.items.filter((item) => skus.includes(item.productSku)).map((item) => item.productOrderId);
}

async function advance(
  api: DemoApi,
  who: 'cocina' | 'barra' | 'sala',
  steps: readonly LineAction[],
  ids: number[],
) {
  for (const step of steps) await api.lines(who, step, ids);
}

/**
 * The service going on, as staff and guests would play it: every kitchen state on some table, a phone
 * order waiting, a call, a bill request, a no-show, a party to come and a walk-in. Each role finds work:
 * Sala and 1 en Sala the floor and notifications, Cocina and Barra tickets, Pasante dishes at the pass,
 * TPV the bill.
 */
async function playServiceGoingOn(
  api: DemoApi,
  rows: ReservationRow[],
  table: (name: string) => { id: number; roomId: number },
): Promise<void> {
  const [cooking, phones, eaten, absent] = rows;
  if (!cooking || !phones || !eaten || !absent) throw new Error('the demo service needs five bookings');

  await api.seat(cooking.wid);
  const cookingOrder = await api.staffOrder(cooking.id, ORDERS.cooking);
  await advance(api, 'cocina', ['startpreparation'], linesOf(cookingOrder, ['ENT-02']));
  await advance(api, 'cocina', ['startpreparation', 'finishpreparation'], linesOf(cookingOrder, ['ENT-04']));
  await advance(
    api,
    'barra',
    ['startpreparation', 'finishpreparation', 'serve'],
    linesOf(cookingOrder, ['BEB-02']),
  );

  await api.seat(phones.wid);
  const phonesPhone = await api.phoneOf(phones);
  await api.guestOrder(phonesPhone, ORDERS.phones);
  await api.callStaff(phonesPhone, '¿Nos podéis traer pan, por favor?');

  await api.seat(eaten.wid);
  const eatenPhone = await api.phoneOf(eaten);
  const eatenOrder = await api.guestOrder(eatenPhone, ORDERS.eaten);
  const food = linesOf(eatenOrder, ['ENT-01', 'ENT-05']);
  await advance(api, 'cocina', ['startpreparation', 'finishpreparation'], food);
  await advance(api, 'sala', ['serve'], food);
  await advance(
    api,
    'barra',
    ['startpreparation', 'finishpreparation', 'serve'],
    linesOf(eatenOrder, ['BEB-03']),
  );
  await api.askForBill(eatenPhone, 'card');

  await api.noShow(absent.wid);

  const walkIn = await api.walkIn(WALK_IN.name, WALK_IN.pax, [table(WALK_IN.table).id]);
  await api.guestOrder(await api.phoneOf(walkIn), ORDERS.walkIn);
}
