// What the kitchen and bar screens see: each line as the caller's role may act on it, and get-by-role.
import type {
  GetByRoleResponse,
  KitchenItem,
  KitchenServiceEvent,
  ProductOrderGroup,
} from '@sobremesa/contracts';
import {
  allowedLineOperations,
  FALLBACK_COPILOT_VIEW,
  isCopilotView,
  logicalDate,
  clashingAllergens,
  RESERVATION_STATUS_CODES,
  type CopilotView,
  type IsoDate,
  type OperableLine,
  type OrderingActor,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Executor, Transaction } from '../../db/database.ts';
import { leanReads, nothingRead, type LeanRead } from '../../db/lean.ts';
import { NO_ALLERGIES, tableAllergiesRead } from '../allergies/allergies.service.ts';
import {
  displayedTablesAndRooms,
  reservationsOfServiceDay,
  staffReservation,
  type ReservationRow,
} from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { kitchenFollower } from './kitchen-followers.ts';
import {
  announceStationTickets,
  stationTickets,
  type KitchenItemsOf,
  type StationArrival,
} from './station-tickets.ts';
import {
  dishClassesOf,
  linesOfReservations,
  ordersOfReservations,
  productFactsRead,
  serviceEventsOfReservations,
  stationsOf,
  type LineRow,
  type ProductFacts,
} from './kitchen.repository.ts';
import type { KitchenCaller } from '../../http/route-roles.ts';

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

/** What the kitchen's view of `lines` is drawn from, read in one statement with `also`. */
async function viewContext<T>(
  db: Executor,
  venue: Venue,
  actor: OrderingActor,
  lines: readonly LineRow[],
  knownReservations: readonly ReservationRow[],
  also: LeanRead<T>,
): Promise<[ViewContext, T]> {
  const reservationRows = new Map(knownReservations.map((row) => [row.id, row]));
  for (const id of new Set(lines.map((line) => line.reservationId)))
    if (!reservationRows.has(id)) reservationRows.set(id, await staffReservation(db, venue, id));
  const ids = [...reservationRows.keys()];
  // Four modules' facts in one statement: one round trip for every order the kitchen is told of.
  const [
    { facts, allergens: productAllergens },
    { tables, roomNames: roomNameOf },
    allergies,
    takeaway,
    asked,
  ] = await leanReads(db, [
    productFactsRead(
      venue.id,
      lines.map((line) => line.productId),
    ),
    displayedTablesAndRooms(venue, ids),
    tableAllergiesRead(venue, [...reservationRows.values()]),
    kitchenFollower().marks(venue, ids),
    also,
  ]);
  const reservations = new Map<number, KitchenItem['reservationInfo']>();
  for (const row of reservationRows.values()) {
    const names = tables.filter((table) => table.reservationId === row.id).map((table) => table.name);
    const roomName = row.roomId === null ? null : (roomNameOf.get(row.roomId) ?? null);
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
  return [{ facts, productAllergens, reservations, actor }, asked];
}

export const NO_FACTS: ProductFacts = {
  isMenu: false,
  modifyDishClass: false,
  requiredRoleNames: [],
  stations: [],
};

/** A line as the domain's rules see it; `accountStatus` is its reservation's (7: the bill was requested). */
export function operable(line: LineRow, facts: ProductFacts, accountStatus: number): OperableLine {
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

/** The lines as the kitchen sees them; `knownReservations`: accounts the caller already read. */
export async function itemsOf(
  db: Executor,
  venue: Venue,
  actor: OrderingActor,
  lines: readonly LineRow[],
  knownReservations: readonly ReservationRow[] = [],
): Promise<KitchenItem[]> {
  const [view] = await viewContext(db, venue, actor, lines, knownReservations, nothingRead(null));
  return lines.map((line) => itemView(line, view));
}

/**
 * Dishes reached their stations: their printed tickets, as the kitchen sees the lines (decision 029).
 * `accounts`: rows of the lines' reservations the caller holds locked, so they are not read again.
 */
export function announceArrival(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  arrival: StationArrival,
  accounts: readonly ReservationRow[] = [],
) {
  return announceStationTickets(tx, venue, arrival, seenBy(tx, venue, accounts), ctx.clock.now());
}

/**
 * The printed tickets of dishes that reach their stations with the order that brings them, for the order
 * to append in its last statement (see `announceArrival`); null when none print.
 */
export function arrivalTickets(
  tx: Transaction,
  ctx: AppContext,
  venue: Venue,
  arrival: StationArrival,
  accounts: readonly ReservationRow[] = [],
) {
  return stationTickets(venue, arrival, seenBy(tx, venue, accounts), ctx.clock.now());
}

/** Lines as a ticket shows them: with every station's eyes (`admin`), and `also` in the same statement. */
function seenBy(tx: Transaction, venue: Venue, accounts: readonly ReservationRow[]): KitchenItemsOf {
  return async (lines, also) => {
    const [view, asked] = await viewContext(tx, venue, 'admin', lines, accounts, also);
    return [lines.map((line) => itemView(line, view)), asked];
  };
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
  const [view] = await viewContext(ctx.db, venue, caller.actor, lines, reservations, nothingRead(null));
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
