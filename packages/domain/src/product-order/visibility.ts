import type { CopilotView } from '../copilot-views.ts';
import { isDrink } from './drinks.ts';
import { PRODUCT_ORDER_STATUS } from './lifecycle.ts';

/**
 * Which orders and lines each staff view sees (spec §4 and §6, decision 010). Pure, so the server and
 * the screens filter with the same rules.
 */

/** Product order group status (spec cartSessionStatus): 1 waiting for staff, 2 in kitchen, 3 all ready. */
export const CART_SESSION_STATUS = { waiting: 1, inKitchen: 2, ready: 3, cancelled: -1 } as const;

/** Pending items per role: above 0 (created), below 100 (served), and not ready (spec §4). */
export function isPendingItemStatus(status: number): boolean {
  return status > 0 && status < PRODUCT_ORDER_STATUS.served && status !== PRODUCT_ORDER_STATUS.ready;
}

/** What visibility needs of a line. */
export interface VisibilityLine {
  readonly statusProductOrder: number;
  readonly type: string;
  /** Role names required by the line's product (spec requirementProductCopilotRoles); empty: anyone. */
  readonly requiredRoleNames: readonly string[];
  readonly elaborationStations: readonly number[];
  /** The zone (room) of the reservation (spec reservationInfo.zone). */
  readonly zone: string | null;
}

/** The selected role and the screen's view options. */
export interface VisibilityFilter {
  readonly roleName: string;
  /** The role's requirementProductCopilotRoles names. */
  readonly requirementRoleNames: readonly string[];
  readonly selectedStationIds: readonly number[];
  /** Selected zone names, when the venue's zone filter is on; null or empty: no zone filter (spec §5). */
  readonly zones: readonly string[] | null;
  /** Show ghost orders too (spec §9 default: on). */
  readonly showAll: boolean;
}

/** A ghost line: no station, or none of the selected ones (spec §6). */
export function isGhostLine(
  line: Pick<VisibilityLine, 'elaborationStations'>,
  selectedStationIds: readonly number[],
): boolean {
  return !line.elaborationStations.some((station) => selectedStationIds.includes(station));
}

/** Whether the line's product is for this role: no requirement, or the role (or one it stands for) matches. */
export function matchesRequiredRole(
  line: Pick<VisibilityLine, 'requiredRoleNames'>,
  filter: VisibilityFilter,
): boolean {
  if (line.requiredRoleNames.length === 0) return true;
  const names = new Set([filter.roleName, ...filter.requirementRoleNames]);
  return line.requiredRoleNames.some((name) => names.has(name));
}

/** Zone filter: applies only when zones are selected (spec §5). */
export function matchesZone(line: Pick<VisibilityLine, 'zone'>, zones: readonly string[] | null): boolean {
  if (zones === null || zones.length === 0) return true;
  return line.zone !== null && zones.includes(line.zone);
}

/** A line visible on the role's screen: required role, stations (ghosts unless show-all) and zone (spec §6). */
export function isLineVisible(line: VisibilityLine, filter: VisibilityFilter): boolean {
  if (!matchesRequiredRole(line, filter)) return false;
  if (!matchesZone(line, filter.zones)) return false;
  return filter.showAll || !isGhostLine(line, filter.selectedStationIds);
}

/** A product order group (spec §3). */
export interface VisibilityGroup<L extends VisibilityLine> {
  readonly cartSessionStatus: number;
  readonly items: readonly L[];
}

/** The kitchen lists groups sent to it (2); other views list waiting (1) and all-ready (3) groups (spec §4). */
export function groupStatusesFor(view: CopilotView): readonly number[] {
  return view === 'Cocina'
    ? [CART_SESSION_STATUS.inKitchen]
    : [CART_SESSION_STATUS.waiting, CART_SESSION_STATUS.ready];
}

/**
 * Pending groups of a view with their pending visible lines (spec §4): the view's group statuses; lines
 * pending (above 0, below 100, not ready); once a group is past waiting (status above 1), food only.
 * Groups left without lines are dropped.
 */
export function pendingGroups<L extends VisibilityLine, G extends VisibilityGroup<L>>(
  groups: readonly G[],
  view: CopilotView,
  filter: VisibilityFilter,
): (G & { items: L[] })[] {
  const statuses = groupStatusesFor(view);
  return groups.flatMap((group) => {
    if (!statuses.includes(group.cartSessionStatus)) return [];
    const items = group.items.filter(
      (line) =>
        isPendingItemStatus(line.statusProductOrder) &&
        (group.cartSessionStatus <= CART_SESSION_STATUS.waiting || !isDrink(line.type)) &&
        isLineVisible(line, filter),
    );
    return items.length > 0 ? [{ ...group, items }] : [];
  });
}

/** Drinks for the bar to prepare: accepted or preparing drinks of orders sent to kitchen and bar. */
export function drinksToPrepare<L extends VisibilityLine, G extends VisibilityGroup<L>>(
  groups: readonly G[],
  filter: VisibilityFilter,
): (G & { items: L[] })[] {
  return groups.flatMap((group) => {
    if (group.cartSessionStatus < CART_SESSION_STATUS.inKitchen) return [];
    const items = group.items.filter(
      (line) =>
        isDrink(line.type) &&
        (line.statusProductOrder === PRODUCT_ORDER_STATUS.accepted ||
          line.statusProductOrder === PRODUCT_ORDER_STATUS.preparing) &&
        isLineVisible(line, filter),
    );
    return items.length > 0 ? [{ ...group, items }] : [];
  });
}

/** The hot table: lines in status 7 the selected view sees (spec §4, §9). */
export function hotTableItems<L extends VisibilityLine>(lines: readonly L[], filter: VisibilityFilter): L[] {
  return lines.filter(
    (line) => line.statusProductOrder === PRODUCT_ORDER_STATUS.inHotTable && isLineVisible(line, filter),
  );
}

/** What the floor can take to the table: ready or on the hot table. */
export function readyToServeItems<L extends VisibilityLine>(
  lines: readonly L[],
  filter: VisibilityFilter,
): L[] {
  return lines.filter(
    (line) =>
      (line.statusProductOrder === PRODUCT_ORDER_STATUS.ready ||
        line.statusProductOrder === PRODUCT_ORDER_STATUS.inHotTable) &&
      isLineVisible(line, filter),
  );
}

/** A service event (spec §3). */
export interface VisibilityServiceEvent<L extends { readonly statusProductOrder: number }> {
  readonly serviceEventStatus: number;
  readonly items: readonly L[];
}

/** Pending service: events in status 100 leave, and so do served items (spec §4). */
export function pendingServiceEvents<
  L extends { readonly statusProductOrder: number },
  E extends VisibilityServiceEvent<L>,
>(events: readonly E[]): (E & { items: L[] })[] {
  return events.flatMap((event) => {
    if (event.serviceEventStatus === PRODUCT_ORDER_STATUS.served) return [];
    const items = event.items.filter((line) => line.statusProductOrder !== PRODUCT_ORDER_STATUS.served);
    return [{ ...event, items }];
  });
}

/** A line that needs nothing more from kitchen or floor: served, ready..retired, or out of the flow. */
export function isLineDone(status: number): boolean {
  return (
    status === PRODUCT_ORDER_STATUS.served ||
    (status >= PRODUCT_ORDER_STATUS.ready && status <= PRODUCT_ORDER_STATUS.retired) ||
    status < 0
  );
}

/** A reservation's cart is finished when every order's items are all done (spec §4). */
export function isCartFinished(
  orders: readonly { readonly items: readonly { readonly statusProductOrder: number }[] }[],
): boolean {
  return orders.every((order) => order.items.every((line) => isLineDone(line.statusProductOrder)));
}
