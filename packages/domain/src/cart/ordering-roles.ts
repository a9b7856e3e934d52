import type { CopilotView } from '../copilot-views.ts';

/**
 * Who may do what with menus and orders (SEC-02). Guests act through their capability; staff through
 * the copilot role they act as (or as admin). A role not listed may not.
 */
export const ORDERING_OPERATIONS = [
  'takeOrder',
  'processOrder',
  'viewMenuProducts',
  'editMenuProduct',
  'setAvailability',
  'setTopChoice',
] as const;
export type OrderingOperation = (typeof ORDERING_OPERATIONS)[number];
export type OrderingActor = CopilotView | 'admin';

const MATRIX: Record<OrderingOperation, readonly OrderingActor[]> = {
  takeOrder: ['admin', 'Sala', '1 en Sala', 'Barra', 'TPV'],
  processOrder: ['admin', 'Sala', '1 en Sala', 'Barra', 'TPV'],
  viewMenuProducts: ['admin', 'Sala', '1 en Sala', 'Cocina', 'Barra', 'TPV', 'Pasante'],
  editMenuProduct: ['admin', '1 en Sala'],
  setAvailability: ['admin', 'Sala', '1 en Sala', 'Cocina', 'Barra', 'Pasante'],
  setTopChoice: ['admin', '1 en Sala'],
};

/** Whether an actor may perform an ordering operation. */
export function mayOrder(actor: OrderingActor, operation: OrderingOperation): boolean {
  return MATRIX[operation].includes(actor);
}
