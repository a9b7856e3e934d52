// Courses: holding later courses at order time, dispatch-fireable, update-dish-class
import type { DispatchFireableResponse, KitchenItem } from '@sobremesa/contracts';
import { isAccountClosed, lineAllows, nextCourseToFire, planCourses } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { staffReservation, type ReservationRow } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  dishClassesOf,
  heldLinesOf,
  insertServiceEvent,
  productFacts,
  reservationIdsOfLines,
  updateLine,
  type LineRow,
} from './kitchen.repository.ts';
import type { KitchenCaller } from '../../http/route-roles.ts';
import { NO_FACTS, operable, itemsOf, announceArrival } from './kitchen-views.service.ts';
import { lineConflict, finishedConflict, lockChange, checkRole, announce } from './line-changes.ts';

async function courseOrder(db: Executor, venueId: number): Promise<Map<number, number>> {
  const classes = await dishClassesOf(db, venueId);
  return new Map(classes.map((row, index) => [row.id, index]));
}

/**
 * Holds or fires lines written after the order (update-dish-class, complete-menu) by the same plan as an
 * order's own lines (`planCourses`, decisions 026 and 054): later courses wait, each course going now
 * becomes a service event.
 */
export async function holdOrFire(
  tx: Transaction,
  venue: Venue,
  reservationId: number,
  fresh: readonly LineRow[],
  now: Date,
): Promise<LineRow[]> {
  const freshIds = new Set(fresh.map((line) => line.id));
  const held = (await heldLinesOf(tx, venue.id, reservationId)).filter((line) => !freshIds.has(line.id));
  const order = await courseOrder(tx, venue.id);
  const position = new Map(fresh.map((line, index) => [line.id, index]));
  const plan = planCourses(
    fresh.map((line) => ({ ...line, parent: position.get(line.parentId ?? -1) ?? null })),
    held.flatMap((line) => (line.dishClassId === null ? [] : [line.dishClassId])),
    order,
  );
  const eventIds: number[] = [];
  for (const event of plan.events)
    eventIds.push(
      (
        await insertServiceEvent(tx, {
          venueId: venue.id,
          reservationId,
          dishClassId: event.dishClassId,
          status: event.status,
          firedAt: now,
        })
      ).id,
    );
  const updated: LineRow[] = [];
  for (const [index, line] of fresh.entries()) {
    const placed = plan.lines[index]!;
    if (placed.held)
      updated.push(
        await updateLine(tx, venue.id, line.id, { held: true, firedAt: null, serviceEventId: null }),
      );
    else if (placed.event === null) updated.push(line);
    else
      updated.push(
        await updateLine(tx, venue.id, line.id, {
          held: false,
          firedAt: now,
          serviceEventId: eventIds[placed.event]!,
        }),
      );
  }
  return updated;
}

/** dispatch-fireable: fires a held course of an account (`dishClassId`, or the earliest held). */
export async function dispatchFireable(
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  input: { reservationId: number | string; dishClassId?: number },
): Promise<DispatchFireableResponse> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const reservation = await staffReservation(tx, venue, input.reservationId, { lock: true });
    if (isAccountClosed(reservation)) throw finishedConflict();
    const held = await heldLinesOf(tx, venue.id, reservation.id);
    const order = await courseOrder(tx, venue.id);
    const target = input.dishClassId ?? nextCourseToFire(held, order);
    const lines = held.filter((line) => target !== null && line.dishClassId === target);
    if (lines.length === 0) throw new AppError(409, 'CONFLICT', 'nothing_to_fire');
    checkRole(caller, 'dispatchFireable', lines);
    const event = await insertServiceEvent(tx, {
      venueId: venue.id,
      reservationId: reservation.id,
      dishClassId: target,
      status: Math.min(...lines.map((line) => line.status)),
      firedAt: now,
    });
    const fired: LineRow[] = [];
    for (const line of lines)
      fired.push(
        await updateLine(tx, venue.id, line.id, { held: false, firedAt: now, serviceEventId: event.id }),
      );
    await announce(tx, venue, caller, 'dispatchFireable', fired, {});
    await announceArrival(tx, ctx, venue, {
      key: `fire-${event.id}`,
      lines: fired,
      senderUserId: caller.principal.userId,
      orderMessage: null,
      fired: true,
    });
    return {
      result: 0,
      dishClassId: target,
      serviceEventId: event.id,
      items: await itemsOf(tx, venue, caller.actor, fired),
    };
  });
}

/** update-dish-class: another course for a line not started yet; held or fired to match its new course. */
export async function updateDishClass(
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  input: { productOrderId: number; dishClassId: number },
): Promise<KitchenItem> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const accounts = await lockLinesForReservation(tx, venue, [input.productOrderId]);
    const { lines, accountStatus } = await lockChange(tx, venue, [input.productOrderId]);
    ensureAccountsLocked(lines, accounts);
    const line = lines[0]!;
    checkRole(caller, 'updateDishClass', lines);
    const facts = (await productFacts(tx, venue.id, [line.productId])).get(line.productId) ?? NO_FACTS;
    if (!lineAllows(operable(line, facts, accountStatus.get(line.reservationId)!), 'updateDishClass'))
      throw lineConflict([line.id], facts.modifyDishClass ? 'not_allowed_from_status' : 'not_modifiable');
    const order = await courseOrder(tx, venue.id);
    if (!order.has(input.dishClassId)) throw notFound();
    let after = await updateLine(tx, venue.id, line.id, { dishClassId: input.dishClassId });
    if (venue.settings.copilot_multiple_service_event_product_orders)
      after = (await holdOrFire(tx, venue, line.reservationId, [after], now))[0] ?? after;
    await announce(tx, venue, caller, 'updateDishClass', [after], {});
    const [item] = await itemsOf(tx, venue, caller.actor, [after]);
    return item!;
  });
}

/** Lines moved to another account while we waited for the lock: the caller acted on a stale screen. */
export function ensureAccountsLocked(lines: readonly LineRow[], locked: readonly ReservationRow[]): void {
  if (lines.some((line) => !locked.some((row) => row.id === line.reservationId)))
    throw new AppError(409, 'CONFLICT', 'conflict');
}

/** Locks the accounts of lines first (dish class and menu changes hold their course state). */
export async function lockLinesForReservation(tx: Transaction, venue: Venue, ids: readonly number[]) {
  const reservations: ReservationRow[] = [];
  for (const id of await reservationIdsOfLines(tx, venue.id, ids))
    reservations.push(await staffReservation(tx, venue, id, { lock: true }));
  return reservations;
}
