import type { BillView } from '@sobremesa/contracts';
import type { TestApp } from '../../test/test-app.ts';
import { givenPaidTicket, type OrderingVenues } from '../menus/ordering.fixtures.ts';

/** The calls and the ticket the corrective-invoice tests share (decision 057). */
export const CORRECT = '/world/api/bill/create-corrective-invoice';
export const CANCEL = '/world/api/bill/cancel-invoice';
export const NOMINATIVE = '/world/api/bill/create-nominative-invoice';
export const CLIENT = {
  name: 'Construcciones Ría S.L.',
  taxId: 'B15000009',
  address: 'Rúa Nova 3',
  city: 'Vigo',
};

/** A table with 2 × Patatas bravas (6,50, 10 %) and 3 × Cerveza gallega (3,50, 21 %), paid by card: 23,50. */
export const paidTicket = (t: TestApp, v: OrderingVenues) =>
  givenPaidTicket(t, v, [
    { sku: 'ENT-02', orderQuantity: 2 },
    { sku: 'CER-03', orderQuantity: 3 },
  ]);

/** The ticket's beer line. */
export function beerLine(bill: BillView) {
  const line = bill.lines.find((one) => one.unitPriceCents === 350);
  if (!line) throw new Error('no beer line on the bill');
  return line;
}
