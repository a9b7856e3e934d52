import type {
  CreateTakeawayOrderRequest,
  KitchenReservationInfo,
  StaffTakeawayOrder,
  TakeawayConfig,
  TakeawayPause,
  TakeawayOrderView,
  TakeawaySlotView,
} from '@sobremesa/contracts';
import {
  bookingHorizon,
  formatOffsetDateTime,
  isBookableDate,
  isValidEmail,
  logicalDate,
  serviceDayRange,
  deliveryZoneFor,
  kitchenFireTime,
  takeawaySlotsFor,
  type GeoPoint,
  type IsoDate,
  type Locale,
  type ServiceScheduleEntry,
  type TakeawayStatus,
  isClosedStatus,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { serviceSchedule } from '../config/config.service.ts';
import { catalogueFor } from '../menus/menus.service.ts';
import { insertWaitingOrder, planLines } from '../orders/orders.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { takeawayLiveKey } from './takeaway-events.ts';
import type { Venue } from '../venues/venues.service.ts';
import { pauseOf } from './takeaway-pause.ts';
import { addDeliveryFeeLine } from './delivery-fee.ts';
import type { RedirectForm } from '../payments/payment-provider.ts';
import {
  onlinePaymentOffered,
  paymentStateOf,
  startOnlinePayment,
} from '../payments/online-payments.service.ts';
import {
  accountLines,
  findByTokenHash,
  insertTakeawayAccount,
  insertTakeawayOrder,
  issuedAccounts,
  listZones,
  nextOrderNumber,
  orderOfAccount,
  ordersOfAccounts,
  ordersBetween,
  paidOfAccounts,
  readSettings,
  slotLoads,
  takeSlotPlace,
  type TakeawayOrderRow,
  type TakeawaySettingsRow,
} from './takeaway.repository.ts';

/** Where the venue's radius zones are measured from, when it has said. */
function originOf(settings: TakeawaySettingsRow): GeoPoint | null {
  return settings.latitude === null || settings.longitude === null
    ? null
    : { latitude: settings.latitude, longitude: settings.longitude };
}

const isPaused = (settings: TakeawaySettingsRow, now: Date) =>
  settings.pausedUntil !== null && settings.pausedUntil.getTime() > now.getTime();

function modesOf(settings: TakeawaySettingsRow): ('pickup' | 'delivery')[] {
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

function assertOrderableDate(venue: Venue, date: IsoDate, now: Date): void {
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

async function slotsOf(
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

function formatMoney(cents: number, currency: string, locale: Locale): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);
}

/**
 * Takes a takeaway or delivery order inside the caller's idempotent transaction: the venue must take
 * that mode and not be paused, the time must be one it offers, every line is priced from the catalogue
 * (sold-out dishes refused), a delivery address must fall in a zone and reach its minimum, and the
 * pickup time must still have a place (the database decides the last one). The order's lines wait for
 * staff to accept it, like a validated table order.
 */
export async function createTakeawayOrder(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  input: CreateTakeawayOrderRequest,
  options: {
    readonly locale: Locale;
    readonly schedule: readonly ServiceScheduleEntry[];
    /** This server's origin as the guest reached it: where the payment provider sends them back. */
    readonly origin: string;
  },
): Promise<{ order: TakeawayOrderView; statusToken: string; paymentForm: RedirectForm | null }> {
  const { locale, schedule } = options;
  const online = input.payment === 'online';
  const now = ctx.clock.now();
  if (!isValidEmail(input.email))
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [{ path: 'email', message: 'Invalid email' }],
    });
  const settings = await readSettings(tx, venue.id);
  if (isPaused(settings, now)) throw new AppError(409, 'CONFLICT', 'takeaway_paused');
  if (!modesOf(settings).includes(input.mode))
    throw new AppError(400, 'VALIDATION_FAILED', 'takeaway_mode_unavailable', {
      fields: [{ path: 'mode', message: 'Not offered' }],
    });
  assertOrderableDate(venue, input.date, now);
  const slot = (await slotsOf(tx, ctx, venue, schedule, settings, input.date)).find(
    (s) => s.time === input.time,
  );
  if (!slot)
    throw new AppError(400, 'VALIDATION_FAILED', 'takeaway_time_unavailable', {
      fields: [{ path: 'time', message: 'Not offered' }],
    });

  const catalogue = await catalogueFor(tx, venue.id);
  const planned = planLines(catalogue, input.products, 'guest');
  const itemsCents = planned.reduce(
    (sum, line) =>
      sum +
      line.unitPriceCents * line.units +
      line.children.reduce((more, child) => more + child.priceCents * line.units, 0),
    0,
  );
  let zoneId: number | null = null;
  let deliveryFeeCents = 0;
  if (input.mode === 'delivery') {
    const zone = deliveryZoneFor(await listZones(tx, venue.id), {
      postalCode: input.postalCode ?? '',
      location: input.location ?? null,
      origin: originOf(settings),
    });
    if (!zone)
      throw new AppError(400, 'VALIDATION_FAILED', 'delivery_zone_unknown', {
        fields: [{ path: 'postalCode', message: 'Outside the delivery zones' }],
      });
    if (itemsCents < zone.minimumCents)
      throw new AppError(400, 'VALIDATION_FAILED', 'delivery_minimum_not_reached', {
        params: { minimum: formatMoney(zone.minimumCents, venue.currency, locale) },
        fields: [{ path: 'products', message: 'Below the zone minimum' }],
        extra: { minimumCents: zone.minimumCents },
      });
    zoneId = zone.id;
    deliveryFeeCents = zone.feeCents;
  }

  if (!(await takeSlotPlace(tx, venue.id, slot.startsAt, settings.ordersPerSlot)))
    throw new AppError(409, 'SLOT_UNAVAILABLE', 'takeaway_slot_full', {
      fields: [{ path: 'time', message: 'Full' }],
    });

  const account = await insertTakeawayAccount(tx, {
    venueId: venue.id,
    kind: input.mode === 'pickup' ? 'takeaway' : 'delivery',
    name: input.name,
    startsAt: slot.startsAt,
    endsAt: new Date(slot.startsAt.getTime() + settings.slotMinutes * 60_000),
  });
  await insertWaitingOrder(tx, venue.id, account.id, input.notes || null, planned);
  await addDeliveryFeeLine(tx, venue.id, account.id, deliveryFeeCents, now);

  const statusToken = newToken();
  const row = await insertTakeawayOrder(tx, {
    venueId: venue.id,
    reservationId: account.id,
    serviceDate: input.date,
    number: await nextOrderNumber(tx, venue.id, input.date),
    mode: input.mode,
    pickupAt: slot.startsAt,
    phone: input.phone,
    email: input.email,
    address: input.mode === 'delivery' ? (input.address ?? null) : null,
    postalCode: input.mode === 'delivery' ? (input.postalCode ?? null) : null,
    zoneId,
    deliveryFeeCents,
    locale,
    statusTokenHash: hashToken(statusToken),
    // Paid online, the order is not staff's until the provider says the guest paid.
    status: online ? 'pending_payment' : 'received',
    paymentMethod: online ? 'online' : 'at_pickup',
  });
  const paymentForm = online
    ? await startOnlinePayment(tx, ctx, venue, {
        order: row,
        amountCents: itemsCents + deliveryFeeCents,
        origin: options.origin,
      })
    : null;
  await appendEvent(tx, venue.id, 'takeaway.created', {
    takeawayOrderId: row.id,
    reservationId: account.id,
    number: row.number,
    mode: row.mode,
    pickupAt: formatOffsetDateTime(row.pickupAt, venue.timeZone),
  });
  return { order: await orderView(tx, venue, row, input.name), statusToken, paymentForm };
}

type AccountLine = Awaited<ReturnType<typeof accountLines>>[number];

async function orderView(
  db: Executor,
  venue: Venue,
  row: TakeawayOrderRow,
  name: string,
): Promise<TakeawayOrderView> {
  const lines = await accountLines(db, venue.id, row.reservationId);
  return orderViewOf(venue, row, name, lines, await paymentStateOf(db, row));
}

function orderViewOf(
  venue: Venue,
  row: TakeawayOrderRow,
  name: string,
  lines: readonly AccountLine[],
  payment: TakeawayOrderView['payment'],
): TakeawayOrderView {
  const live = lines.filter((line) => !isClosedStatus(line.status));
  const itemsCents = live.reduce((sum, line) => sum + line.priceCents * line.units, 0);
  // Refused or unpaid, the order's lines and its fee's line are rejected together: it owes nothing.
  const deliveryFeeCents = live.length > 0 ? row.deliveryFeeCents : 0;
  return {
    number: row.number,
    mode: row.mode === 'delivery' ? 'delivery' : 'pickup',
    status: row.status as TakeawayStatus,
    pickupDateTime: formatOffsetDateTime(row.pickupAt, venue.timeZone),
    name,
    itemsCents,
    deliveryFeeCents,
    totalCents: itemsCents + deliveryFeeCents,
    refusalReason: row.refusalReason,
    lines: live
      .filter((line) => line.parentId === null)
      .map((line) => ({ name: line.name, units: line.units, totalCents: line.priceCents * line.units })),
    liveKey: takeawayLiveKey(row.statusTokenHash),
    payment,
  };
}

/** The guest's own order, found by its status link only (an unknown link is 404). */
export async function takeawayStatus(
  ctx: AppContext,
  venue: Venue,
  statusToken: string,
): Promise<TakeawayOrderView> {
  const found = await findByTokenHash(ctx.db, venue.id, hashToken(statusToken));
  if (!found) throw notFound();
  return orderView(ctx.db, venue, found.order, found.name);
}

/** account/gettakeaway: the service day's orders by pickup time, and whether online orders are paused. */
export async function takeawayOfDay(
  ctx: AppContext,
  venue: Venue,
  date: IsoDate,
): Promise<{ accounts: StaffTakeawayOrder[]; pause: TakeawayPause }> {
  const range = serviceDayRange(date, venue.timeZone);
  const rows = await ordersBetween(ctx.db, venue.id, range.from, range.to);
  const ids = rows.map((row) => row.order.reservationId);
  const billing = {
    paid: await paidOfAccounts(ctx.db, venue.id, ids),
    issued: await issuedAccounts(ctx.db, venue.id, ids),
  };
  const accounts = await Promise.all(rows.map((row) => staffView(ctx.db, venue, row, billing)));
  return { accounts, pause: pauseOf(await readSettings(ctx.db, venue.id), venue, ctx.clock.now()) };
}

/** Option and menú course names under each dish: what the bag must hold. */
function staffLines(lines: readonly AccountLine[]): StaffTakeawayOrder['lines'] {
  const live = lines.filter((line) => !isClosedStatus(line.status));
  return live
    .filter((line) => line.parentId === null)
    .map((line) => ({
      name: line.name,
      units: line.units,
      totalCents:
        (line.priceCents +
          live
            .filter((child) => child.parentId === line.id)
            .reduce((sum, child) => sum + child.priceCents, 0)) *
        line.units,
      options: [
        ...(line.choices as { choiceName?: unknown }[]).flatMap((choice) =>
          typeof choice.choiceName === 'string' ? [choice.choiceName] : [],
        ),
        ...live.filter((child) => child.parentId === line.id).map((child) => child.name),
      ],
      comment: line.comments,
    }));
}

/**
 * An order as staff see it: the guest's view plus how to reach them, their notes and what is paid. A
 * list passes the day's payments and invoices (`billing`), read once for all its orders.
 */
export async function staffView(
  db: Executor,
  venue: Venue,
  { order, name, wid }: { order: TakeawayOrderRow; name: string; wid: string },
  billing?: { readonly paid: ReadonlyMap<number, number>; readonly issued: ReadonlySet<number> },
): Promise<StaffTakeawayOrder> {
  const lines = await accountLines(db, venue.id, order.reservationId);
  const notes = lines.find((line) => line.clientMessage !== null);
  const view = orderViewOf(venue, order, name, lines, await paymentStateOf(db, order));
  const { paid, issued } = billing ?? {
    paid: await paidOfAccounts(db, venue.id, [order.reservationId]),
    issued: await issuedAccounts(db, venue.id, [order.reservationId]),
  };
  const paidCents = paid.get(order.reservationId) ?? 0;
  return {
    ...view,
    id: order.id,
    reservationId: order.reservationId,
    wid,
    phone: order.phone,
    email: order.email,
    address: order.address,
    postalCode: order.postalCode,
    notes: notes?.clientMessage ?? null,
    lines: staffLines(lines),
    paidCents,
    paid: view.totalCents > 0 && paidCents >= view.totalCents,
    billIssued: issued.has(order.reservationId),
  };
}

/** The takeaway order a bill's account is for (its ticket names it), or null for a table's account. */
export async function takeawayOfAccount(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<{ number: number; mode: 'pickup' | 'delivery' } | null> {
  const row = await orderOfAccount(db, venueId, reservationId);
  return row ? { number: row.number, mode: row.mode === 'delivery' ? 'delivery' : 'pickup' } : null;
}

/** What the kitchen shows of the takeaway orders among some accounts, by reservation id. */
export async function kitchenMarks(
  db: Executor,
  venue: Venue,
  reservationIds: readonly number[],
): Promise<Map<number, NonNullable<KitchenReservationInfo['takeaway']>>> {
  const rows = await ordersOfAccounts(db, venue.id, reservationIds);
  if (rows.length === 0) return new Map();
  const { prepMinutes } = await readSettings(db, venue.id);
  return new Map(
    rows.map((row) => [
      row.reservationId,
      {
        mode: row.mode === 'delivery' ? 'delivery' : 'pickup',
        number: row.number,
        pickupDateTime: formatOffsetDateTime(row.pickupAt, venue.timeZone),
        firesDateTime: formatOffsetDateTime(kitchenFireTime(row.pickupAt, prepMinutes), venue.timeZone),
      },
    ]),
  );
}
