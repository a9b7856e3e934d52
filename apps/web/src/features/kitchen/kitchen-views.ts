import type { GetByRoleResponse, KitchenItem, ProductOrderGroup } from '@sobremesa/contracts';
import {
  drinksToPrepare,
  hotTableItems,
  isCartFinished,
  isDrink,
  isGhostLine,
  isLineVisible,
  isScheduled,
  nextCourseToFire,
  parseOffsetDateTime,
  pendingGroups,
  readyToServeItems,
  PRODUCT_ORDER_STATUS,
  type VisibilityFilter,
  isClosedStatus,
} from '@sobremesa/domain';
import type { KitchenAccount, KitchenLine } from './tickets.ts';

/**
 * What each screen draws from the service day's orders (`get-by-role`), with the domain's visibility rules
 * (spec §4, §6) so the server and the screens agree on who sees what.
 */
type Day = GetByRoleResponse;

/** What the screen adds to the role: the station filter of the copilot session and "show ghost orders". */
export interface ScreenFilter {
  /** Stations chosen in the station filter; null for the role's own. */
  readonly stationIds: readonly number[] | null;
  readonly showGhostOrders: boolean;
  /** Rooms chosen in the zone filter; null when the venue has it off. */
  readonly zones: readonly string[] | null;
}

type VisibleItem = KitchenItem & { readonly zone: string | null };
type VisibleGroup = Omit<ProductOrderGroup, 'items'> & { readonly items: readonly VisibleItem[] };

export function visibilityFilter(day: Day, filter: ScreenFilter): VisibilityFilter {
  return {
    roleName: day.role.name,
    requirementRoleNames: day.role.requirementProductCopilotRoles.map((role) => role.name),
    selectedStationIds: filter.stationIds ?? day.role.elaborationStations,
    zones: filter.zones,
    showAll: filter.showGhostOrders,
  };
}

function groupsOf(day: Day): VisibleGroup[] {
  return day.groups.map((group) => ({
    ...group,
    items: group.items.map((item) => ({ ...item, zone: item.reservationInfo.zone })),
  }));
}

function lineOf(
  day: Day,
  item: KitchenItem,
  group: { clientMessage: string | null },
  filter: VisibilityFilter,
): KitchenLine {
  const course = day.dishClasses.find((dishClass) => dishClass.id === item.dishClass)?.name ?? null;
  const notes = [item.comments, item.staffComments].filter((note): note is string => Boolean(note));
  const takeaway = item.reservationInfo.takeaway;
  const ordered = item.firedDateTime ?? item.dateCreated;
  // ISO instants in UTC, like the line's own times, so tickets sort by text.
  const fires = takeaway && parseOffsetDateTime(takeaway.firesDateTime).toISOString();
  return {
    id: item.productOrderId,
    reservationId: item.reservationInfo.id,
    orderId: item.cartSessionOrderId,
    table: item.reservationInfo.table,
    partyName: item.reservationInfo.name,
    // A fired course waits from its firing, a takeaway order from its firing time, not from the order.
    orderedAt: fires && fires > ordered ? fires : ordered,
    status: item.statusProductOrder,
    name: item.name,
    units: item.units,
    isDrink: isDrink(item.type),
    choices: item.choices.map((choice) => choice.choiceName),
    comments: notes.length > 0 ? notes.join(' · ') : null,
    isGhost: isGhostLine(item, filter.selectedStationIds),
    held: item.held,
    course,
    dishClassId: item.dishClass,
    clientMessage: group.clientMessage,
    actions: item.allowedActions,
    tableAllergies: {
      allergens: item.reservationInfo.allergies.allergens.map((allergen) => allergen.name),
      notes: item.reservationInfo.allergies.notes,
      bookingComment: item.reservationInfo.allergies.bookingComment,
    },
    allergenClash: item.allergenClash.map((allergen) => allergen.name),
    takeaway: takeaway && {
      mode: takeaway.mode,
      number: takeaway.number,
      pickupAt: takeaway.pickupDateTime,
      firesAt: takeaway.firesDateTime,
    },
  };
}

function linesOf(
  day: Day,
  groups: readonly (Omit<ProductOrderGroup, 'items'> & { items: readonly KitchenItem[] })[],
  filter: VisibilityFilter,
  keep: (item: KitchenItem) => boolean = () => true,
): KitchenLine[] {
  return groups.flatMap((group) => group.items.filter(keep).map((item) => lineOf(day, item, group, filter)));
}

const { accepted, preparing, ready } = PRODUCT_ORDER_STATUS;

/** Cocina: the food of orders sent to the kitchen still to start or being prepared, held courses included. */
export function kitchenBoardLines(day: Day, filter: ScreenFilter): KitchenLine[] {
  const visibility = visibilityFilter(day, filter);
  return linesOf(
    day,
    pendingGroups(groupsOf(day), 'Cocina', visibility),
    visibility,
    (item) => item.statusProductOrder === accepted || item.statusProductOrder === preparing,
  );
}

/** Barra: the drinks to pour (accepted or being prepared). */
export function barDrinkLines(day: Day, filter: ScreenFilter): KitchenLine[] {
  const visibility = visibilityFilter(day, filter);
  return linesOf(day, drinksToPrepare(groupsOf(day), visibility), visibility);
}

/** The pass: the food being prepared (what comes next), the food ready, and the hot table. */
export function passLines(day: Day, filter: ScreenFilter) {
  const visibility = visibilityFilter(day, filter);
  const groups = groupsOf(day);
  const all = groups.flatMap((group) => group.items.map((item) => ({ item, group })));
  const toLines = (pairs: readonly { item: KitchenItem; group: { clientMessage: string | null } }[]) =>
    pairs.map(({ item, group }) => lineOf(day, item, group, visibility));
  const food = all.filter(
    ({ item }) =>
      !isDrink(item.type) && isLineVisible({ ...item, zone: item.reservationInfo.zone }, visibility),
  );
  const hotIds = new Set(
    hotTableItems(
      groups.flatMap((group) => group.items),
      visibility,
    ).map((item) => item.productOrderId),
  );
  return {
    coming: toLines(food.filter(({ item }) => item.statusProductOrder === preparing)),
    ready: toLines(food.filter(({ item }) => item.statusProductOrder === ready)),
    hot: toLines(all.filter(({ item }) => hotIds.has(item.productOrderId))),
  };
}

/** Sala: everything ready or on the hot table, food and drinks, whatever the station. */
export function readyToServeLines(day: Day): KitchenLine[] {
  const visibility = visibilityFilter(day, { stationIds: null, showGhostOrders: true, zones: null });
  const groups = groupsOf(day);
  const ids = new Set(
    readyToServeItems(
      groups.flatMap((group) => group.items),
      visibility,
    ).map((item) => item.productOrderId),
  );
  return groups.flatMap((group) =>
    group.items
      .filter((item) => ids.has(item.productOrderId))
      .map((item) => lineOf(day, item, group, visibility)),
  );
}

/**
 * The day's accounts with orders, as the kitchen overlays and the bar's accounts list show them: `open`
 * those not finished (no finish time, spec §4 "finalized"), `finalized` the finished ones, `all` both.
 * Void lines are left out: nobody cooks or serves them.
 */
export function kitchenAccounts(day: Day, which: 'open' | 'finalized' | 'all'): KitchenAccount[] {
  const visibility = visibilityFilter(day, { stationIds: null, showGhostOrders: true, zones: null });
  const byReservation = new Map<number, ProductOrderGroup[]>();
  for (const group of day.groups) {
    const list = byReservation.get(group.reservationId) ?? [];
    list.push(group);
    byReservation.set(group.reservationId, list);
  }
  const accounts: KitchenAccount[] = [];
  for (const [reservationId, groups] of byReservation) {
    const info = groups.flatMap((group) => group.items)[0]?.reservationInfo;
    if (!info) continue;
    const finalized = info.finishedDateTime !== null;
    if ((which === 'open' && finalized) || (which === 'finalized' && !finalized)) continue;
    accounts.push({
      reservationId,
      table: info.table,
      partyName: info.name,
      pax: info.pax,
      finished: isCartFinished(groups),
      lines: groups.flatMap((group) =>
        group.items
          .filter((item) => !isClosedStatus(item.statusProductOrder))
          .map((item) => lineOf(day, item, group, visibility)),
      ),
    });
  }
  return accounts.sort((a, b) => (a.table ?? '').localeCompare(b.table ?? '', 'es', { numeric: true }));
}

/** The course to fire for a table: the earliest held one, in the venue's course order. */
export function courseToFire(day: Day, lines: readonly KitchenLine[]): number | null {
  const order = new Map(day.dishClasses.map((dishClass) => [dishClass.id, dishClass.sortOrder]));
  return nextCourseToFire(
    lines.filter((line) => line.held).map((line) => ({ dishClassId: line.dishClassId })),
    order,
  );
}

/**
 * Lines of takeaway orders not due yet (decision 041): accepted and not started while their firing time
 * (pickup minus preparation) is ahead, they wait as scheduled instead of in the queue, and join it then.
 */
export function splitScheduled(
  lines: readonly KitchenLine[],
  now: string,
): { readonly queue: KitchenLine[]; readonly scheduled: KitchenLine[] } {
  const at = parseOffsetDateTime(now);
  const waits = (line: KitchenLine) =>
    line.takeaway !== null &&
    line.status === accepted &&
    isScheduled(parseOffsetDateTime(line.takeaway.firesAt), at);
  return { queue: lines.filter((line) => !waits(line)), scheduled: lines.filter(waits) };
}
