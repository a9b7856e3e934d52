// A guest's takeaway or delivery order, taken.
import type { CreateTakeawayOrderRequest, TakeawayOrderView } from '@sobremesa/contracts';
import {
  deliveryZoneFor,
  formatOffsetDateTime,
  isValidEmail,
  type Locale,
  type ServiceScheduleEntry,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { catalogueFor } from '../menus/menus.service.ts';
import { insertWaitingOrder, planLines } from '../orders/orders.service.ts';
import { startOnlinePayment, type RedirectForm } from '../payments/payments.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { insertTakeawayAccount } from '../reservations/reservations.service.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import type { Venue } from '../venues/venues.service.ts';
import { moneyText } from '../../i18n/money-text.ts';
import { addDeliveryFeeLine } from './delivery-fee.ts';
import { assertOrderableDate, isPaused, modesOf, originOf, slotsOf } from './takeaway-config.service.ts';
import { listZones, readSettings } from './takeaway-settings.repository.ts';
import { nextOrderNumber, takeSlotPlace } from './takeaway-slots.repository.ts';
import { insertTakeawayOrder } from './takeaway.repository.ts';
import { orderView } from './takeaway-views.ts';

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
        params: { minimum: moneyText(zone.minimumCents, venue.currency, locale) },
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
