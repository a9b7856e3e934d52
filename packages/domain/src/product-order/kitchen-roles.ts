import { mayBill } from '../billing/roles.ts';
import type { OrderingActor } from '../cart/ordering-roles.ts';
import {
  LINE_STATUS_ACTIONS,
  isClosedStatus,
  nextStatus,
  PRODUCT_ORDER_STATUS,
  type LineStatusAction,
} from './lifecycle.ts';

/**
 * Who may do what with order lines (SEC-02, decision 010). The spec leaves it open; this is how a
 * kitchen runs: Cocina starts and finishes food, Barra drinks, Pasante runs the pass (hot table) and
 * hands food over, Sala serves, voids and moves lines between accounts, TPV charges.
 */
export const KITCHEN_OPERATIONS = [
  ...LINE_STATUS_ACTIONS,
  'dispatchFireable',
  'updateDishClass',
  'completeMenu',
  'markAsPaid',
  'moveReservation',
  'toggleMenuIncluded',
] as const;
export type KitchenOperation = (typeof KITCHEN_OPERATIONS)[number];

/** Which lines an actor may touch with an operation: every line, only food, or only drinks. */
export type LineScope = 'all' | 'comida' | 'bebida';

const FLOOR = { admin: 'all', Sala: 'all', '1 en Sala': 'all' } as const;

export const KITCHEN_MATRIX: Readonly<
  Record<KitchenOperation, Readonly<Partial<Record<OrderingActor, LineScope>>>>
> = {
  startPreparation: { admin: 'all', Cocina: 'comida', Barra: 'bebida', Pasante: 'comida' },
  finishPreparation: { admin: 'all', Cocina: 'comida', Barra: 'bebida', Pasante: 'comida' },
  addToHotTable: { admin: 'all', Cocina: 'comida', Pasante: 'comida' },
  removeFromHotTable: { admin: 'all', Cocina: 'comida', Pasante: 'comida' },
  serve: { ...FLOOR, Pasante: 'comida', Barra: 'bebida' },
  // The kitchen and the bar refuse what they cannot make; the pass (an intern) refuses nothing (decision 022).
  reject: { ...FLOOR, Cocina: 'comida', Barra: 'bebida' },
  cancel: { ...FLOOR, TPV: 'all' },
  markAsLoss: { ...FLOOR, Cocina: 'comida', Barra: 'bebida', Pasante: 'comida' },
  dispatchFireable: { ...FLOOR, Cocina: 'all', Pasante: 'all' },
  updateDishClass: { ...FLOOR, Cocina: 'comida', Pasante: 'comida' },
  completeMenu: { ...FLOOR, Barra: 'all', TPV: 'all' },
  markAsPaid: { ...FLOOR, Barra: 'all', TPV: 'all' },
  moveReservation: { ...FLOOR, Barra: 'all', TPV: 'all' },
  toggleMenuIncluded: { ...FLOOR, TPV: 'all' },
};

/** Whether an actor may use an operation at all (on some line). */
export function mayUseKitchenOperation(actor: OrderingActor, operation: KitchenOperation): boolean {
  return KITCHEN_MATRIX[operation][actor] !== undefined;
}

/** Whether an actor may apply an operation to a line of this product type (comida or bebida). */
export function mayActOnLine(
  actor: OrderingActor,
  operation: KitchenOperation,
  productType: string,
): boolean {
  const scope = KITCHEN_MATRIX[operation][actor];
  return scope === 'all' || (scope !== undefined && scope === productType);
}

/** The facts of a line that decide which operations apply to it now. */
export interface OperableLine {
  readonly status: number;
  readonly held: boolean;
  readonly productType: string;
  readonly paid: boolean;
  readonly isMenu: boolean;
  readonly modifyDishClass: boolean;
  /** The line's account asked for its bill (status 7): its price is on the ticket the table was given. */
  readonly billRequested: boolean;
}

/** The operations that take a line off what the table pays: a void, a rejection, a write-off. */
export const WRITE_OFF_OPERATIONS: readonly KitchenOperation[] = ['reject', 'cancel', 'markAsLoss'];

/**
 * Whether the table already counts on paying the line: it was served, paid, or priced into a bill the
 * table asked for. Taking such a line off is a discount (decision 022).
 */
export function isPricedLine(line: Pick<OperableLine, 'status' | 'paid' | 'billRequested'>): boolean {
  return line.status === PRODUCT_ORDER_STATUS.served || line.paid || line.billRequested;
}

/**
 * SEC-02, decision 022: a priced line is taken off the bill only by a role that may discount (admin, Sala,
 * 1 en Sala, TPV). Before that the kitchen may still refuse a dish it cannot make, or write off one it
 * spoiled before it reached the table, as the matrix lets it.
 */
export function mayWriteOff(
  actor: OrderingActor,
  operation: KitchenOperation,
  line: Pick<OperableLine, 'status' | 'paid' | 'billRequested'>,
): boolean {
  return !WRITE_OFF_OPERATIONS.includes(operation) || !isPricedLine(line) || mayBill(actor, 'discount');
}

const STATUS_ACTIONS: readonly string[] = LINE_STATUS_ACTIONS;

function isStatusAction(operation: KitchenOperation): operation is LineStatusAction {
  return STATUS_ACTIONS.includes(operation);
}

/** Whether the line's state allows an operation, whoever asks (the transition table and its kin). */
export function lineAllows(line: OperableLine, operation: KitchenOperation): boolean {
  if (isStatusAction(operation)) {
    const action = operation;
    if (nextStatus(action, line.status) === null) return false;
    return !(
      line.held &&
      (action === 'startPreparation' ||
        action === 'finishPreparation' ||
        action === 'addToHotTable' ||
        action === 'serve')
    );
  }
  switch (operation) {
    case 'dispatchFireable':
      return line.held && !isClosedStatus(line.status);
    case 'updateDishClass':
      return (
        line.modifyDishClass &&
        (line.status === PRODUCT_ORDER_STATUS.created || line.status === PRODUCT_ORDER_STATUS.accepted)
      );
    case 'completeMenu':
      return line.isMenu && !isClosedStatus(line.status) && !line.paid;
    case 'markAsPaid':
    case 'moveReservation':
      return !isClosedStatus(line.status) && !line.paid;
    case 'toggleMenuIncluded':
      // A menú del día itself is not a dish a menu covers.
      return !line.isMenu && !isClosedStatus(line.status) && !line.paid;
  }
}

/** The operations an actor may apply to a line right now: what the screens offer as buttons. */
export function allowedLineOperations(actor: OrderingActor, line: OperableLine): KitchenOperation[] {
  return KITCHEN_OPERATIONS.filter(
    (operation) =>
      mayActOnLine(actor, operation, line.productType) &&
      lineAllows(line, operation) &&
      mayWriteOff(actor, operation, line),
  );
}
