// A takeaway order as its guest and as staff see it.
import type { StaffTakeawayOrder, TakeawayOrderView, TakeawayPause } from '@sobremesa/contracts';
import {
  formatOffsetDateTime,
  isClosedStatus,
  serviceDayRange,
  type IsoDate,
  type TakeawayStatus,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { issuedAccounts, paidOfAccounts } from '../billing/billing.service.ts';
import { paymentStateOf } from '../payments/payments.service.ts';
import { hashToken } from '../../lib/tokens.ts';
import type { Venue } from '../venues/venues.service.ts';
import { takeawayLiveKey } from './takeaway-events.ts';
import { pauseOf } from './takeaway-pause.ts';
import { readSettings } from './takeaway-settings.repository.ts';
import {
  accountLines,
  findByTokenHash,
  ordersBetween,
  type TakeawayOrderRow,
} from './takeaway.repository.ts';

type AccountLine = Awaited<ReturnType<typeof accountLines>>[number];

export async function orderView(
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
