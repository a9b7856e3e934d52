import type {
  CompleteMenuRequest,
  CompleteMenuResponse,
  DispatchFireableResponse,
  GetByRoleResponse,
  KitchenItem,
  KitchenServiceEvent,
  ModifyReservationRequest,
  ModifyReservationResponse,
  OrderLineChanged,
  ProductOrderGroup,
} from '@sobremesa/contracts';
import { ORDER_LINE_CHANGED_TOPIC } from '@sobremesa/contracts';
import {
  isAccountClosed,
  allowedLineOperations,
  applyLineAction,
  CART_SESSION_STATUS,
  FALLBACK_COPILOT_VIEW,
  isClosedStatus,
  isCopilotView,
  isVoidOrLoss,
  lineAllows,
  logicalDate,
  clashingAllergens,
  mayActOnLine,
  mayWriteOff,
  menuChoices,
  menuCourses,
  nextCourseToFire,
  planCourses,
  PRODUCT_ORDER_STATUS,
  RESERVATION_STATUS_CODES,
  type CopilotView,
  type IsoDate,
  type KitchenOperation,
  type LineStatusAction,
  type Locale,
  type OperableLine,
  type OrderingActor,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { AppError, forbidden, notFound } from '../../http/app-error.ts';
import { translate } from '../../i18n/messages.ts';
import { catalogueFor } from '../menus/menus.service.ts';
import { dishAllergenIds, NO_ALLERGIES, tableAllergiesOf } from '../allergies/table-allergies.ts';
import { raiseNotification } from '../notifications/notifications.service.ts';
import { resolveReadyAlerts } from '../notifications/resolve-notifications.ts';
import { notifyTableOrderChanged } from '../menus/menu-events.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import {
  createReservationRow,
  displayedTables,
  reservationsOfServiceDay,
  staffReservation,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import type { TakeawayNews } from '../takeaway/takeaway-email.ts';
import { followKitchen } from '../takeaway/takeaway-staff.ts';
import { kitchenMarks } from '../takeaway/takeaway.service.ts';
import { announceStationTickets, type StationArrival } from './station-tickets.ts';
import {
  childrenOf,
  dishClassesOf,
  heldLinesOf,
  insertAudit,
  insertLine,
  insertOrderFor,
  insertServiceEvent,
  linesOfOrders,
  linesOfReservations,
  linesOfServiceEvents,
  lockLines,
  lockOrders,
  orderIdsOfLines,
  ordersOfReservations,
  productFacts,
  reservationIdsOfLines,
  roomNamesOf,
  serviceEventsOfReservations,
  setOrderStatus,
  setServiceEventStatus,
  stationsOf,
  updateLine,
  type LineRow,
  type OrderRow,
  type ProductFacts,
} from './kitchen.repository.ts';

const S = PRODUCT_ORDER_STATUS;

// ---------------------------------------------------------------------------------------------------
// Callers (SEC-02)

/** Who acts, resolved and checked by the route's declared roles (decision 063). */
import type { KitchenCaller } from '../../http/route-roles.ts';
export type { KitchenCaller };

// ---------------------------------------------------------------------------------------------------
// Views

interface Choice {
  readonly optionTypeId: number;
  readonly optionId: number;
  readonly choiceName: string;
}

interface ViewContext {
  readonly facts: Map<number, ProductFacts>;
  /** Each product's allergens (contained or traces), to flag a dish the table declared. */
  readonly productAllergens: Map<number, number[]>;
  readonly reservations: Map<number, KitchenItem['reservationInfo']>;
  readonly actor: OrderingActor;
}

async function viewContext(
  db: Executor,
  venue: Venue,
  actor: OrderingActor,
  lines: readonly LineRow[],
  knownReservations: readonly ReservationRow[] = [],
): Promise<ViewContext> {
  const facts = await productFacts(
    db,
    venue.id,
    lines.map((line) => line.productId),
  );
  const reservationRows = new Map(knownReservations.map((row) => [row.id, row]));
  for (const id of new Set(lines.map((line) => line.reservationId)))
    if (!reservationRows.has(id)) reservationRows.set(id, await staffReservation(db, venue, id));
  const ids = [...reservationRows.keys()];
  const [tables, roomNames] = await Promise.all([displayedTables(db, venue, ids), roomNamesOf(db, venue.id)]);
  const allergies = await tableAllergiesOf(db, venue, [...reservationRows.values()]);
  const takeaway = await kitchenMarks(db, venue, ids);
  const productAllergens = await dishAllergenIds(
    db,
    venue.id,
    lines.map((line) => line.productId),
  );
  const reservations = new Map<number, KitchenItem['reservationInfo']>();
  for (const row of reservationRows.values()) {
    const names = tables.filter((table) => table.reservationId === row.id).map((table) => table.name);
    const roomName = row.roomId === null ? null : (roomNames.get(row.roomId) ?? null);
    reservations.set(row.id, {
      id: row.id,
      wid: row.wid,
      name: row.name,
      pax: row.pax,
      status: row.status,
      table: names.length > 0 ? names.join('+') : null,
      roomName,
      zone: roomName ?? row.zone,
      finishedDateTime: row.finishedAt?.toISOString() ?? null,
      allergies: allergies.get(row.id) ?? NO_ALLERGIES,
      takeaway: takeaway.get(row.id) ?? null,
    });
  }
  return { facts, productAllergens, reservations, actor };
}

const NO_FACTS: ProductFacts = { isMenu: false, modifyDishClass: false, requiredRoleNames: [], stations: [] };

/** A line as the domain's rules see it; `accountStatus` is its reservation's (7: the bill was requested). */
function operable(line: LineRow, facts: ProductFacts, accountStatus: number): OperableLine {
  return {
    status: line.status,
    held: line.held,
    productType: line.productType,
    paid: line.paidAt !== null,
    isMenu: facts.isMenu,
    modifyDishClass: facts.modifyDishClass,
    billRequested: accountStatus === RESERVATION_STATUS_CODES.forPayment,
  };
}

function itemView(line: LineRow, view: ViewContext): KitchenItem {
  const facts = view.facts.get(line.productId) ?? NO_FACTS;
  const reservationInfo = view.reservations.get(line.reservationId);
  if (!reservationInfo) throw new Error('reservation of a line not loaded');
  return {
    productOrderId: line.id,
    cartSessionOrderId: line.cartSessionOrderId,
    parentId: line.parentId,
    productSku: line.productSku,
    name: line.productName,
    units: line.units,
    statusProductOrder: line.status,
    type: line.productType,
    isMenu: facts.isMenu,
    dateCreated: line.createdAt.toISOString(),
    datePreparing: line.datePreparing?.toISOString() ?? null,
    dateReady: line.dateReady?.toISOString() ?? null,
    dateServed: line.dateServed?.toISOString() ?? null,
    choices: ((line.choices as Choice[]) ?? []).map((choice) => ({
      optionTypeId: choice.optionTypeId,
      optionId: choice.optionId,
      choiceName: choice.choiceName,
    })),
    comments: line.comments,
    staffComments: line.staffComments,
    dishClass: line.dishClassId,
    modifyDishClass: facts.modifyDishClass,
    serviceEventId: line.serviceEventId,
    held: line.held,
    firedDateTime: line.firedAt?.toISOString() ?? null,
    menuIncluded: line.menuIncluded,
    paid: line.paidAt !== null,
    isGhost: line.isGhost || facts.stations.length === 0,
    elaborationStations: facts.stations,
    requiredRoleNames: facts.requiredRoleNames,
    reservationInfo,
    allergenClash: clashingAllergens(
      view.productAllergens.get(line.productId) ?? [],
      reservationInfo.allergies.allergens,
    ),
    allowedActions: allowedLineOperations(view.actor, operable(line, facts, reservationInfo.status)),
  };
}

async function itemsOf(
  db: Executor,
  venue: Venue,
  actor: OrderingActor,
  lines: readonly LineRow[],
): Promise<KitchenItem[]> {
  const view = await viewContext(db, venue, actor, lines);
  return lines.map((line) => itemView(line, view));
}

/** Dishes reached their stations: their printed tickets, as the kitchen sees the lines (decision 029). */
export function announceArrival(tx: Transaction, ctx: AppContext, venue: Venue, arrival: StationArrival) {
  return announceStationTickets(
    tx,
    venue,
    arrival,
    (lines) => itemsOf(tx, venue, 'admin', lines),
    ctx.clock.now(),
  );
}

/**
 * get-by-role: the service day's orders with every line and its visibility facts, for the selected role
 * (decision 010). The screens filter with the domain's rules; nothing here depends on view options.
 */
export async function ordersByRole(
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  date: IsoDate | undefined,
): Promise<GetByRoleResponse> {
  const now = ctx.clock.now();
  const day = date ?? logicalDate(now, venue.timeZone);
  const reservations = await reservationsOfServiceDay(ctx.db, venue, day);
  const ids = reservations.map((row) => row.id);
  const [orders, lines, events, dishClasses, stations] = await Promise.all([
    ordersOfReservations(ctx.db, venue.id, ids),
    linesOfReservations(ctx.db, venue.id, ids),
    serviceEventsOfReservations(ctx.db, venue.id, ids),
    dishClassesOf(ctx.db, venue.id),
    stationsOf(ctx.db, venue.id),
  ]);
  const view = await viewContext(ctx.db, venue, caller.actor, lines, reservations);
  const items = new Map(lines.map((line) => [line.id, itemView(line, view)]));
  const groups: ProductOrderGroup[] = orders.map((order) => ({
    cartSessionOrderId: order.id,
    reservationId: order.reservationId,
    cartSessionStatus: order.status,
    createdDateTime: order.createdAt.toISOString(),
    clientMessage: order.clientMessage,
    items: lines.filter((line) => line.cartSessionOrderId === order.id).map((line) => items.get(line.id)!),
  }));
  const serviceEvents: KitchenServiceEvent[] = events.map((event) => ({
    serviceEventId: event.id,
    serviceEventStatus: event.status,
    reservationId: event.reservationId,
    dishClass: event.dishClassId,
    firedDateTime: event.firedAt?.toISOString() ?? null,
    items: lines.filter((line) => line.serviceEventId === event.id).map((line) => items.get(line.id)!),
  }));
  const role = caller.role;
  const viewName: CopilotView =
    role && isCopilotView(role.copilotView.name) ? role.copilotView.name : FALLBACK_COPILOT_VIEW;
  return {
    result: 0,
    date: day,
    serverTime: now.toISOString(),
    role: {
      id: role?.id ?? null,
      name: role?.name ?? 'admin',
      copilotView: { name: viewName },
      // An admin without a role follows every station.
      elaborationStations: role ? role.elaborationStations : stations.map((station) => station.id),
      requirementProductCopilotRoles: role ? role.requirementProductCopilotRoles : [],
    },
    groups,
    serviceEvents,
    dishClasses,
    elaborationStations: stations,
    courseFiring: venue.settings.copilot_multiple_service_event_product_orders,
  };
}

// ---------------------------------------------------------------------------------------------------
// Shared steps of every change

const lineConflict = (ids: readonly number[], reason: string) =>
  new AppError(409, 'CONFLICT', 'line_state_conflict', { extra: { productOrderIds: [...ids], reason } });

const finishedConflict = () => new AppError(409, 'CONFLICT', 'reservation_finished');

/**
 * Locks what a change touches, always in the same order (orders by id, then lines by id) so two tablets
 * never deadlock and the second waits for the first and then sees its result. Ids of another venue are
 * 404; lines of a finished account 409.
 */
async function lockChange(
  tx: Transaction,
  venue: Venue,
  ids: readonly number[],
): Promise<{ orders: OrderRow[]; lines: LineRow[]; accountStatus: Map<number, number> }> {
  const orderIds = await orderIdsOfLines(tx, venue.id, ids);
  const orders = await lockOrders(tx, venue.id, orderIds);
  const lines = await lockLines(tx, venue.id, ids);
  if (lines.length !== ids.length) throw notFound();
  if (lines.some((line) => line.cartSessionOrderId !== null && !orderIds.includes(line.cartSessionOrderId)))
    throw new AppError(409, 'CONFLICT', 'conflict');
  const accountStatus = new Map<number, number>();
  for (const reservationId of new Set(lines.map((line) => line.reservationId))) {
    const account = await staffReservation(tx, venue, reservationId);
    if (isAccountClosed(account)) throw finishedConflict();
    accountStatus.set(reservationId, account.status);
  }
  return { orders, lines, accountStatus };
}

function checkRole(caller: KitchenCaller, operation: KitchenOperation, lines: readonly LineRow[]): void {
  if (lines.some((line) => !mayActOnLine(caller.actor, operation, line.productType)))
    throw forbidden('forbidden_role');
}

/**
 * Decision 022: a void, rejection or write-off of a line the table counts on paying (served, paid, or in
 * a requested bill) is a discount: 403 `write_off_needs_discount_role` for a role that may not discount.
 */
function checkWriteOff(
  caller: KitchenCaller,
  operation: KitchenOperation,
  lines: readonly LineRow[],
  accountStatus: ReadonlyMap<number, number>,
): void {
  const priced = (line: LineRow) => ({
    status: line.status,
    paid: line.paidAt !== null,
    billRequested: accountStatus.get(line.reservationId) === RESERVATION_STATUS_CODES.forPayment,
  });
  if (lines.some((line) => !mayWriteOff(caller.actor, operation, priced(line))))
    throw forbidden('write_off_needs_discount_role');
}

/**
 * An order is 3 once nothing in it is left for kitchen or bar (no line created, accepted or preparing;
 * menu headers aside), and back to 2 if a line returns to the board. Waiting and cancelled orders keep
 * their status.
 */
async function refreshOrders(tx: Transaction, venue: Venue, orders: readonly OrderRow[]) {
  const changed: { id: number; cartSessionStatus: number }[] = [];
  const live = orders.filter(
    (order) => order.status === CART_SESSION_STATUS.inKitchen || order.status === CART_SESSION_STATUS.ready,
  );
  const lines = await linesOfOrders(
    tx,
    venue.id,
    live.map((order) => order.id),
  );
  const parents = new Set(lines.flatMap((line) => (line.parentId === null ? [] : [line.parentId])));
  for (const order of live) {
    const own = lines.filter((line) => line.cartSessionOrderId === order.id && !parents.has(line.id));
    const inKitchen = own.some((line) => line.status >= S.created && line.status <= S.preparing);
    const status = inKitchen ? CART_SESSION_STATUS.inKitchen : CART_SESSION_STATUS.ready;
    if (status !== order.status) {
      await setOrderStatus(tx, venue.id, order.id, status);
      changed.push({ id: order.id, cartSessionStatus: status });
    }
  }
  return changed;
}

/** A menú del día header follows its courses: served once every course still standing is served. */
async function refreshMenuHeaders(tx: Transaction, venue: Venue, lines: readonly LineRow[], now: Date) {
  const parentIds = [...new Set(lines.flatMap((line) => (line.parentId === null ? [] : [line.parentId])))];
  if (parentIds.length === 0) return [];
  const parents = await lockLines(tx, venue.id, parentIds);
  const children = await childrenOf(tx, venue.id, parentIds);
  const updated: LineRow[] = [];
  for (const parent of parents) {
    const standing = children.filter(
      (child) => child.parentId === parent.id && !isClosedStatus(child.status),
    );
    if (standing.length === 0 || standing.some((child) => child.status !== S.served)) continue;
    const outcome = applyLineAction(parent, 'serve', now);
    if (!outcome.ok) continue;
    updated.push(await updateLine(tx, venue.id, parent.id, { status: S.served, dateServed: now }));
  }
  return updated;
}

/** A service event is 100 once all its lines are served or voided, else its least advanced line's status. */
async function refreshServiceEvents(tx: Transaction, venue: Venue, lines: readonly LineRow[]) {
  const ids = [
    ...new Set(lines.flatMap((line) => (line.serviceEventId === null ? [] : [line.serviceEventId]))),
  ];
  const all = await linesOfServiceEvents(tx, venue.id, ids);
  for (const id of ids) {
    const standing = all.filter((line) => line.serviceEventId === id && !isClosedStatus(line.status));
    const status =
      standing.length === 0 || standing.every((line) => line.status === S.served)
        ? S.served
        : Math.min(...standing.filter((line) => line.status !== S.served).map((line) => line.status));
    await setServiceEventStatus(tx, venue.id, id, status);
  }
}

async function announce(
  tx: Transaction,
  venue: Venue,
  caller: KitchenCaller,
  action: KitchenOperation,
  lines: readonly LineRow[],
  extra: {
    becameReady?: number[];
    orders?: { id: number; cartSessionStatus: number }[];
    reservationIds?: number[];
  },
) {
  const payload: OrderLineChanged = {
    action,
    reservationIds: extra.reservationIds ?? [...new Set(lines.map((line) => line.reservationId))],
    lines: lines.map((line) => ({
      productOrderId: line.id,
      reservationId: line.reservationId,
      cartSessionOrderId: line.cartSessionOrderId,
      statusProductOrder: line.status,
      type: line.productType,
      held: line.held,
      dishClass: line.dishClassId,
      serviceEventId: line.serviceEventId,
      menuIncluded: line.menuIncluded,
      paid: line.paidAt !== null,
    })),
    becameReady: extra.becameReady ?? [],
    cartSessionOrders: extra.orders ?? [],
    byUserId: caller.principal.userId,
    roleId: caller.roleId,
  };
  await appendEvent(tx, venue.id, ORDER_LINE_CHANGED_TOPIC, payload);
  await notifyTableOrderChanged(tx, venue.id, payload.reservationIds);
}

async function audit(
  tx: Transaction,
  venue: Venue,
  caller: KitchenCaller,
  action: string,
  before: LineRow,
  after: LineRow,
  extra: Record<string, unknown> = {},
  at?: Date,
) {
  const snapshot = (line: LineRow) => ({
    status: line.status,
    reservationId: line.reservationId,
    sku: line.productSku,
    name: line.productName,
    units: line.units,
    priceCents: line.priceCents,
    menuIncluded: line.menuIncluded,
    paid: line.paidAt !== null,
  });
  await insertAudit(tx, {
    venueId: venue.id,
    actorUserId: caller.principal.userId,
    actorRole: caller.actor,
    action,
    entity: 'product_order',
    entityId: String(before.id),
    before: snapshot(before),
    after: { ...snapshot(after), roleId: caller.roleId, ...extra },
    ...(at ? { createdAt: at } : {}),
  });
}

const AUDITED: Partial<Record<LineStatusAction, string>> = {
  cancel: 'product_order.cancel',
  reject: 'product_order.reject',
  markAsLoss: 'product_order.loss',
};

// ---------------------------------------------------------------------------------------------------
// Status changes: startpreparation, finishpreparation, serve, addtohottable, removetohottable,
// mark-as-rejected, mark-as-cancelled, mark-as-loss

/**
 * Applies a status action to lines, all or nothing. A void of a menú del día voids its courses with it
 * (a course already past the action's reach is cancelled instead, or left when even that is too late).
 * A takeaway order follows its dishes; the moves its guest hears of by email go to `news`.
 */
export async function changeLineStatus(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  caller: KitchenCaller,
  action: LineStatusAction,
  ids: readonly number[],
  reason: string | undefined,
  news: TakeawayNews[],
): Promise<KitchenItem[]> {
  const now = ctx.clock.now();
  const { orders, lines, accountStatus } = await lockChange(tx, venue, ids);
  checkRole(caller, action, lines);
  checkWriteOff(caller, action, lines, accountStatus);
  const refused: number[] = [];
  let reasonCode = 'not_allowed_from_status';
  const planned: { line: LineRow; outcome: { status: number; datePreparing: Date | null } }[] = [];
  for (const line of lines) {
    const outcome = applyLineAction(line, action, now);
    if (!outcome.ok) {
      refused.push(line.id);
      if (outcome.reason === 'held') reasonCode = 'held';
      continue;
    }
    planned.push({ line, outcome });
  }
  if (refused.length > 0) throw lineConflict(refused, reasonCode);
  if (isVoidOrLoss(action)) {
    const own = new Set(ids);
    const children = (await childrenOf(tx, venue.id, ids)).filter((child) => !own.has(child.id));
    for (const child of children) {
      const outcome = applyLineAction(child, action, now);
      const fallback = outcome.ok ? outcome : applyLineAction(child, 'cancel', now);
      if (fallback.ok) planned.push({ line: child, outcome: fallback });
    }
  }
  const updated: LineRow[] = [];
  const becameReady: LineRow[] = [];
  for (const { line, outcome } of planned) {
    const ready = outcome.status === S.ready || outcome.status === S.inHotTable;
    const after = await updateLine(tx, venue.id, line.id, {
      status: outcome.status,
      datePreparing: outcome.datePreparing,
      dateReady: ready ? (line.dateReady ?? now) : line.dateReady,
      dateServed: outcome.status === S.served ? now : line.dateServed,
    });
    updated.push(after);
    if (ready && line.status !== S.ready && line.status !== S.inHotTable) becameReady.push(after);
    const auditAction = AUDITED[action];
    // Stamped by the app's clock, as the line's own dates are: the Z finds a loss by when it was written off.
    if (auditAction) await audit(tx, venue, caller, auditAction, line, after, reason ? { reason } : {}, now);
  }
  updated.push(...(await refreshMenuHeaders(tx, venue, updated, now)));
  await refreshServiceEvents(tx, venue, updated);
  const changedOrders = await refreshOrders(tx, venue, orders);
  await notifyReady(tx, venue, becameReady, now);
  await resolveReadyAlerts(tx, venue.id, [...new Set(updated.map((line) => line.reservationId))], {
    userId: caller.principal.userId,
    at: now,
  });
  await announce(tx, venue, caller, action, updated, {
    becameReady: becameReady.map((line) => line.id),
    orders: changedOrders,
  });
  news.push(
    ...(await followKitchen(
      tx,
      venue,
      updated.map((line) => line.reservationId),
      (reservationId) => cookedStatuses(tx, venue, reservationId),
    )),
  );
  const own = new Set(ids);
  return itemsOf(
    tx,
    venue,
    caller.actor,
    updated.filter((line) => own.has(line.id)),
  );
}

/** The statuses of an account's lines a station cooks (a ghost line waits for no one). */
async function cookedStatuses(tx: Transaction, venue: Venue, reservationId: number): Promise<number[]> {
  const lines = await linesOfReservations(tx, venue.id, [reservationId]);
  const facts = await productFacts(
    tx,
    venue.id,
    lines.map((line) => line.productId),
  );
  return lines
    .filter((line) => !line.isGhost && (facts.get(line.productId)?.stations.length ?? 0) > 0)
    .map((line) => line.status);
}

/** order_ready_food / order_ready_drinks: one notification per account and kind, in the same transaction. */
async function notifyReady(tx: Transaction, venue: Venue, lines: readonly LineRow[], at: Date) {
  const groups = new Map<string, LineRow[]>();
  for (const line of lines) {
    const type = line.productType === 'bebida' ? 'order_ready_drinks' : 'order_ready_food';
    const key = `${line.reservationId}:${type}`;
    groups.set(key, [...(groups.get(key) ?? []), line]);
  }
  for (const [key, group] of groups) {
    const [reservationId, type] = key.split(':') as [string, 'order_ready_drinks' | 'order_ready_food'];
    await raiseNotification(tx, venue.id, {
      type,
      reservationId: Number(reservationId),
      at,
      data: {
        reservationId: Number(reservationId),
        productOrderIds: group.map((line) => line.id),
        items: group.map((line) => ({ productOrderId: line.id, name: line.productName, units: line.units })),
      },
    });
  }
}

// ---------------------------------------------------------------------------------------------------
// Courses: holding later courses at order time, dispatch-fireable, update-dish-class

async function courseOrder(db: Executor, venueId: number): Promise<Map<number, number>> {
  const classes = await dishClassesOf(db, venueId);
  return new Map(classes.map((row, index) => [row.id, index]));
}

/**
 * Holds or fires lines written after the order (update-dish-class, complete-menu) by the same plan as an
 * order's own lines (`planCourses`, decisions 026 and 054): later courses wait, each course going now
 * becomes a service event.
 */
async function holdOrFire(
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
function ensureAccountsLocked(lines: readonly LineRow[], locked: readonly ReservationRow[]): void {
  if (lines.some((line) => !locked.some((row) => row.id === line.reservationId)))
    throw new AppError(409, 'CONFLICT', 'conflict');
}

/** Locks the accounts of lines first (dish class and menu changes hold their course state). */
async function lockLinesForReservation(tx: Transaction, venue: Venue, ids: readonly number[]) {
  const reservations: ReservationRow[] = [];
  for (const id of await reservationIdsOfLines(tx, venue.id, ids))
    reservations.push(await staffReservation(tx, venue, id, { lock: true }));
  return reservations;
}

// ---------------------------------------------------------------------------------------------------
// Accounts: mark-as-paid, toggle-menu-included, modify-reservation, complete-menu

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
