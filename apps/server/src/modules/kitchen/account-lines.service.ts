// Accounts: mark-as-paid, toggle-menu-included, modify-reservation, complete-menu
import type {
  CompleteMenuRequest,
  CompleteMenuResponse,
  KitchenItem,
  ModifyReservationRequest,
  ModifyReservationResponse,
} from '@sobremesa/contracts';
import {
  isAccountClosed,
  CART_SESSION_STATUS,
  isClosedStatus,
  menuChoices,
  menuCourses,
  RESERVATION_STATUS_CODES,
  type Locale,
  PRODUCT_ORDER_STATUS,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { catalogueFor } from '../menus/menus.service.ts';
import {
  createReservationRow,
  staffReservation,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  childrenOf,
  insertLine,
  insertOrderFor,
  reservationIdsOfLines,
  updateLine,
  type LineRow,
} from './kitchen.repository.ts';
import type { KitchenCaller } from '../../http/route-roles.ts';
import { itemsOf } from './kitchen-views.service.ts';
import {
  lineConflict,
  finishedConflict,
  lockChange,
  checkRole,
  refreshOrders,
  refreshServiceEvents,
  announce,
  audit,
} from './line-changes.ts';
import { holdOrFire, ensureAccountsLocked, lockLinesForReservation } from './courses.service.ts';

const S = PRODUCT_ORDER_STATUS;

/** mark-as-paid: the lines (and their menu courses) are settled. */
export async function markAsPaid(
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  ids: readonly number[],
): Promise<KitchenItem[]> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const { lines } = await lockChange(tx, venue, ids);
    checkRole(caller, 'markAsPaid', lines);
    const refused = lines.filter((line) => isClosedStatus(line.status) || line.paidAt !== null);
    if (refused.length > 0)
      throw lineConflict(
        refused.map((line) => line.id),
        'not_allowed_from_status',
      );
    const own = new Set(ids);
    const children = (await childrenOf(tx, venue.id, ids)).filter(
      (child) => !own.has(child.id) && child.paidAt === null && !isClosedStatus(child.status),
    );
    const updated: LineRow[] = [];
    for (const line of [...lines, ...children])
      updated.push(await updateLine(tx, venue.id, line.id, { paidAt: now }));
    await announce(tx, venue, caller, 'markAsPaid', updated, {});
    return itemsOf(
      tx,
      venue,
      caller.actor,
      updated.filter((line) => own.has(line.id)),
    );
  });
}

/**
 * toggle-menu-included: the line becomes covered by a menú del día (a dish ordered on its own then costs
 * nothing) or is charged on its own again (a menu course then costs its dish's price): the line's price and
 * its toggled price swap, so toggling back restores what it cost. A menú del día itself is not toggled.
 */
export async function toggleMenuIncluded(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  productOrderId: number,
): Promise<KitchenItem> {
  const { lines } = await lockChange(tx, venue, [productOrderId]);
  const line = lines[0]!;
  checkRole(caller, 'toggleMenuIncluded', lines);
  if (isClosedStatus(line.status) || line.paidAt !== null)
    throw lineConflict([line.id], 'not_allowed_from_status');
  if ((await childrenOf(tx, venue.id, [line.id])).length > 0) throw lineConflict([line.id], 'is_a_menu');
  const after = await updateLine(tx, venue.id, line.id, {
    menuIncluded: !line.menuIncluded,
    priceCents: line.toggledPriceCents,
    toggledPriceCents: line.priceCents,
  });
  await audit(tx, venue, caller, 'product_order.toggle_menu_included', line, after);
  await announce(tx, venue, caller, 'toggleMenuIncluded', [after], {});
  const [item] = await itemsOf(tx, venue, caller.actor, [after]);
  return item!;
}

/**
 * modify-reservation: moves lines (with their menu courses) to another open account, or to a new account
 * in the same room (a split bill). Accounts are locked in id order before orders and lines. The moved
 * lines form a new order of the target account, so each account's tickets stay its own.
 */
export async function modifyReservation(
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  input: ModifyReservationRequest,
): Promise<ModifyReservationResponse> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const target =
      input.targetReservationId === undefined
        ? null
        : await staffReservation(tx, venue, input.targetReservationId);
    // Sources and target in one id order, so two tablets moving lines both ways never deadlock.
    const sourceIds = await reservationIdsOfLines(tx, venue.id, input.productOrderIds);
    const lockedById = new Map<number, ReservationRow>();
    for (const id of [...new Set([...sourceIds, ...(target ? [target.id] : [])])].sort((a, b) => a - b))
      lockedById.set(id, await staffReservation(tx, venue, id, { lock: true }));
    const sources = sourceIds.map((id) => lockedById.get(id)!);
    const lockedTarget = target ? lockedById.get(target.id)! : null;
    if (lockedTarget && isAccountClosed(lockedTarget)) throw finishedConflict();
    const { orders, lines } = await lockChange(tx, venue, input.productOrderIds);
    ensureAccountsLocked(lines, sources);
    if (input.fromReservationId !== undefined) {
      const from = await staffReservation(tx, venue, input.fromReservationId);
      if (lines.some((line) => line.reservationId !== from.id))
        throw new AppError(409, 'CONFLICT', 'conflict');
    }
    checkRole(caller, 'moveReservation', lines);
    const refused = lines.filter(
      (line) =>
        isClosedStatus(line.status) ||
        line.paidAt !== null ||
        line.parentId !== null ||
        (lockedTarget !== null && line.reservationId === lockedTarget.id),
    );
    if (refused.length > 0)
      throw lineConflict(
        refused.map((line) => line.id),
        'not_movable',
      );
    const source = sources[0]!;
    const destination =
      lockedTarget ??
      (await createReservationRow(tx, {
        venueId: venue.id,
        status: RESERVATION_STATUS_CODES.active,
        startsAt: now,
        endsAt: source.endsAt > now ? source.endsAt : now,
        seatedAt: now,
        menuAccessEnabled: true,
        name: input.newReservation!.name,
        pax: input.newReservation!.pax,
        roomId: source.roomId,
        zone: source.zone,
        source: 'staff',
        kind: source.kind,
        createdByUserId: caller.principal.userId,
      }));
    const own = new Set(input.productOrderIds);
    const children = (await childrenOf(tx, venue.id, input.productOrderIds)).filter(
      (child) => !own.has(child.id),
    );
    const byOrder = new Map<number, LineRow[]>();
    for (const line of [...lines, ...children]) {
      const key = line.cartSessionOrderId ?? 0;
      byOrder.set(key, [...(byOrder.get(key) ?? []), line]);
    }
    const moved: LineRow[] = [];
    for (const [orderId, group] of byOrder) {
      const original = orders.find((order) => order.id === orderId);
      const order = await insertOrderFor(tx, {
        venueId: venue.id,
        reservationId: destination.id,
        status: original?.status ?? CART_SESSION_STATUS.inKitchen,
        clientMessage: original?.clientMessage ?? null,
        source: original?.source ?? 1,
        createdByUserId: caller.principal.userId,
        processedAt: original?.processedAt ?? now,
        processedByUserId: original?.processedByUserId ?? caller.principal.userId,
        processedByRoleId: original?.processedByRoleId ?? caller.roleId,
      });
      for (const line of group) {
        const after = await updateLine(tx, venue.id, line.id, {
          reservationId: destination.id,
          cartSessionOrderId: order.id,
          serviceEventId: null,
        });
        moved.push(after);
        if (own.has(line.id))
          await audit(tx, venue, caller, 'product_order.move', line, after, {
            toReservationId: destination.id,
          });
      }
    }
    await refreshServiceEvents(tx, venue, [...lines, ...children]);
    const emptied = orders.filter((order) => !moved.some((line) => line.cartSessionOrderId === order.id));
    const changedOrders = await refreshOrders(tx, venue, emptied);
    await announce(tx, venue, caller, 'moveReservation', moved, {
      reservationIds: [...new Set([...sources.map((row) => row.id), destination.id])],
      orders: changedOrders,
    });
    return {
      result: 0,
      reservationId: destination.id,
      wid: destination.wid,
      items: await itemsOf(
        tx,
        venue,
        caller.actor,
        moved.filter((line) => own.has(line.id)),
      ),
    };
  });
}

/**
 * complete-menu: adds the missing course choices of a menú del día line. Anything that keeps the menu
 * from being complete and valid answers the spec's result -1 (§8) and changes nothing.
 */
export async function completeMenu(
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  input: CompleteMenuRequest,
  locale: Locale,
): Promise<CompleteMenuResponse> {
  const failed: CompleteMenuResponse = {
    result: -1,
    code: 'MENU_NOT_COMPLETED',
    message: translate('menu_not_completed', locale),
  };
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const accounts = await lockLinesForReservation(tx, venue, [input.productOrderId]);
    const { orders, lines } = await lockChange(tx, venue, [input.productOrderId]);
    ensureAccountsLocked(lines, accounts);
    const parent = lines[0]!;
    checkRole(caller, 'completeMenu', lines);
    const catalogue = await catalogueFor(tx, venue.id);
    const product = catalogue.productRows.find((row) => row.id === parent.productId);
    if (
      !product?.isMenu ||
      parent.parentId !== null ||
      isClosedStatus(parent.status) ||
      parent.paidAt !== null
    )
      return failed;
    const courses = menuCourses(catalogue, product.id);
    // Existing courses: each standing child fills the first course offering its dish that still has room.
    const children = (await childrenOf(tx, venue.id, [parent.id])).filter(
      (child) => !isClosedStatus(child.status),
    );
    const filled = new Map<number, number>();
    const existing = children.flatMap((child) => {
      const course = courses.find(
        (candidate) =>
          candidate.items.has(child.productId) && (filled.get(candidate.id) ?? 0) < candidate.maxChoices,
      );
      if (!course) return [];
      filled.set(course.id, (filled.get(course.id) ?? 0) + 1);
      return [{ courseId: course.id, productId: child.productId }];
    });
    const bySku = new Map(catalogue.productRows.map((row) => [row.sku, row]));
    const picks = input.menuChoices.map((pick) => ({
      courseId: pick.courseId,
      product: bySku.get(pick.sku),
    }));
    if (picks.some((pick) => !pick.product || !pick.product.available)) return failed;
    const checked = menuChoices(courses, [
      ...existing,
      ...picks.map((pick) => ({ courseId: pick.courseId, productId: pick.product!.id })),
    ]);
    if (checked.problems.length > 0) return failed;
    const added: LineRow[] = [];
    for (const pick of picks) {
      const course = courses.find((candidate) => candidate.id === pick.courseId)!;
      const dish = pick.product!;
      added.push(
        await insertLine(tx, {
          venueId: venue.id,
          reservationId: parent.reservationId,
          cartSessionOrderId: parent.cartSessionOrderId,
          parentId: parent.id,
          productId: dish.id,
          productSku: dish.sku,
          productName: dish.name,
          productType: dish.type,
          units: parent.units,
          status: parent.status === S.created ? S.created : S.accepted,
          dishClassId: course.dishClassId ?? dish.dishClassId,
          choices: [],
          priceCents: course.items.get(dish.id) ?? 0,
          toggledPriceCents: dish.priceCents,
          vatRateBp: parent.vatRateBp,
          menuIncluded: true,
          comments: null,
          createdByUserId: caller.principal.userId,
        }),
      );
    }
    const placed = venue.settings.copilot_multiple_service_event_product_orders
      ? await holdOrFire(tx, venue, parent.reservationId, added, now)
      : added;
    const changedOrders = await refreshOrders(tx, venue, orders);
    await announce(tx, venue, caller, 'completeMenu', placed, { orders: changedOrders });
    return { result: 0, items: await itemsOf(tx, venue, caller.actor, placed) };
  });
}
