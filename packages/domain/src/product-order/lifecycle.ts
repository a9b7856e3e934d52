/**
 * The product-order (order line) lifecycle of spec §4 as a transition table (decision 010).
 *
 * Kitchen flow: accepted → preparing → ready → (hot table) → served. Voids (cancel, reject) and losses
 * leave the flow for good. Statuses 4 consuming, 5 consumed and 6 retired exist in the spec's codes and
 * count as "done" for a finished cart; no call moves a line into them, but a line found there can still
 * be served or written off.
 */
export const PRODUCT_ORDER_STATUS = {
  created: 0,
  accepted: 1,
  preparing: 2,
  ready: 3,
  consuming: 4,
  consumed: 5,
  retired: 6,
  inHotTable: 7,
  served: 100,
  cancelled: -1,
  error: -2,
  loss: -3,
  rejected: -4,
} as const;

export type ProductOrderStatus = (typeof PRODUCT_ORDER_STATUS)[keyof typeof PRODUCT_ORDER_STATUS];

/** A status by its name above (`inHotTable`, `loss`…), what screens label it by. */
export type ProductOrderStatusName = keyof typeof PRODUCT_ORDER_STATUS;

const STATUS_NAMES = new Map(
  Object.entries(PRODUCT_ORDER_STATUS).map(([name, code]) => [
    code as number,
    name as ProductOrderStatusName,
  ]),
);

/** The name of a status code, or null for a code the spec does not have. */
export function productOrderStatusName(status: number): ProductOrderStatusName | null {
  return STATUS_NAMES.get(status) ?? null;
}

/** Every status code, for enumerating the table. */
export const PRODUCT_ORDER_STATUSES: readonly ProductOrderStatus[] = Object.values(PRODUCT_ORDER_STATUS);

/** Whether a number is one of the spec's product order status codes. */
export function isProductOrderStatus(value: number): value is ProductOrderStatus {
  return (PRODUCT_ORDER_STATUSES as readonly number[]).includes(value);
}

/** The calls that change a line's status (spec §7 "Orders"). */
export const LINE_STATUS_ACTIONS = [
  'startPreparation',
  'finishPreparation',
  'serve',
  'addToHotTable',
  'removeFromHotTable',
  'reject',
  'cancel',
  'markAsLoss',
] as const;
export type LineStatusAction = (typeof LINE_STATUS_ACTIONS)[number];

const S = PRODUCT_ORDER_STATUS;

/**
 * From which statuses each action may start, and where it leads. Anything not listed is refused, which
 * is also what stops two tablets applying the same action twice: the second finds the line moved on.
 *
 * - startPreparation from ready is the kitchen's "undo" of a bump: the line goes back on the board.
 * - finishPreparation from accepted lets the bar pour a drink without a separate "start" tap.
 * - serve from accepted or preparing covers what the floor hands over itself (a bottle of water).
 */
export const LINE_TRANSITIONS: Readonly<
  Record<LineStatusAction, { readonly from: readonly ProductOrderStatus[]; readonly to: ProductOrderStatus }>
> = {
  startPreparation: { from: [S.accepted, S.ready], to: S.preparing },
  finishPreparation: { from: [S.accepted, S.preparing], to: S.ready },
  addToHotTable: { from: [S.preparing, S.ready], to: S.inHotTable },
  removeFromHotTable: { from: [S.inHotTable], to: S.ready },
  serve: {
    from: [S.accepted, S.preparing, S.ready, S.consuming, S.consumed, S.retired, S.inHotTable],
    to: S.served,
  },
  reject: { from: [S.created, S.accepted], to: S.rejected },
  cancel: { from: [S.created, S.accepted, S.preparing, S.ready, S.inHotTable], to: S.cancelled },
  markAsLoss: {
    from: [S.preparing, S.ready, S.consuming, S.consumed, S.retired, S.inHotTable, S.served],
    to: S.loss,
  },
};

/** Actions the kitchen cannot apply to a line still held for a later course. */
const NEEDS_FIRED: readonly LineStatusAction[] = [
  'startPreparation',
  'finishPreparation',
  'addToHotTable',
  'serve',
];

/** The facts of a line the lifecycle needs. */
export interface LifecycleLine {
  readonly status: number;
  readonly held: boolean;
  readonly datePreparing: Date | null;
}

export type LineTransitionRefusal = 'not_allowed_from_status' | 'held';

export type LineTransitionOutcome =
  | { readonly ok: true; readonly status: ProductOrderStatus; readonly datePreparing: Date | null }
  | { readonly ok: false; readonly reason: LineTransitionRefusal };

/** Where an action leads from a status, or null when the table refuses it. */
export function nextStatus(action: LineStatusAction, from: number): ProductOrderStatus | null {
  const rule = LINE_TRANSITIONS[action];
  return (rule.from as readonly number[]).includes(from) ? rule.to : null;
}

/**
 * Applies an action to a line: the new status and the preparing date, stamped the first time the line
 * becomes preparing and never moved afterwards (spec §4), so the kitchen timer survives an undo.
 */
export function applyLineAction(
  line: LifecycleLine,
  action: LineStatusAction,
  now: Date,
): LineTransitionOutcome {
  const to = nextStatus(action, line.status);
  if (to === null) return { ok: false, reason: 'not_allowed_from_status' };
  if (line.held && NEEDS_FIRED.includes(action)) return { ok: false, reason: 'held' };
  const datePreparing = to === S.preparing && line.datePreparing === null ? now : line.datePreparing;
  return { ok: true, status: to, datePreparing };
}

/** Voids and write-offs: they go to the audit log (SEC-11). */
export function isVoidOrLoss(action: LineStatusAction): boolean {
  return action === 'cancel' || action === 'reject' || action === 'markAsLoss';
}

/** A line out of the flow for good: cancelled, error, loss, rejected. */
export function isClosedStatus(status: number): boolean {
  return status < 0;
}
