import type { CopilotView } from '../copilot-views.ts';

/** Who acts on bills and payments (SEC-02): the copilot view of the selected role, or admin. */
export type BillingActor = CopilotView | 'admin';

/**
 * The billing operations:
 * - `viewBill`: read what is owed, the bills, their PDF and print text;
 * - `requestTicket`: send the account to payment (status 7), as the floor's `requestBill`;
 * - `takePayment`: payments, payment method, tips, paying lines, closing the account as paid;
 * - `discount`: promotions and vouchers (they lower what is owed, so they are audited);
 * - `invoice`: the nominative invoice of a ticket and the client search;
 * - `correctInvoice`: a corrective invoice or the cancellation of an invoice issued in error (decision 057);
 * - `openDrawer`: a ticket that opens the cash drawer (SEC-11, decision 023);
 * - `runTill`: the till cycle: counts, cash in and out, closes, reopening, the Z report (decision 033).
 */
export const BILLING_OPERATIONS = [
  'viewBill',
  'requestTicket',
  'takePayment',
  'voidPayment',
  'discount',
  'invoice',
  'correctInvoice',
  'openDrawer',
  'runTill',
] as const;
export type BillingOperation = (typeof BILLING_OPERATIONS)[number];

const FRONT: readonly BillingActor[] = ['Sala', '1 en Sala', 'Barra', 'TPV', 'Pasante', 'admin'];
const CASHIERS: readonly BillingActor[] = ['Sala', '1 en Sala', 'Barra', 'TPV', 'admin'];

/**
 * The role × billing action matrix (SEC-02). Front of house may read a bill and send a table to payment
 * (as on the floor); taking money and issuing invoices is for the room, the bar and the point of sale;
 * discounts for the room and the point of sale only. Voiding a payment takes money back off the till, so
 * only the head of the room (1 en Sala), the point of sale and the admin may. Pasante (intern) takes no
 * payment and gives no discount; Cocina takes no part in billing.
 */
export const BILLING_ROLE_MATRIX: { readonly [O in BillingOperation]: readonly BillingActor[] } = {
  viewBill: FRONT,
  requestTicket: FRONT,
  takePayment: CASHIERS,
  voidPayment: ['1 en Sala', 'TPV', 'admin'],
  discount: ['Sala', '1 en Sala', 'TPV', 'admin'],
  invoice: CASHIERS,
  // A correction hands money back and changes what was declared: as voiding a payment.
  correctInvoice: ['1 en Sala', 'TPV', 'admin'],
  // The drawer holds the till's cash: the point of sale, the head of the room and the admin (SEC-11).
  openDrawer: ['1 en Sala', 'TPV', 'admin'],
  runTill: ['1 en Sala', 'TPV', 'admin'],
};

/** Whether `actor` may perform a billing operation. */
export function mayBill(actor: BillingActor, operation: BillingOperation): boolean {
  return BILLING_ROLE_MATRIX[operation].includes(actor);
}
