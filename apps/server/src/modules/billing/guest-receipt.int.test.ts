import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CartSessionOrder, GuestOrderResponse, MenuProduct } from '@sobremesa/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  releaseDemoTables,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * The paid guest's phone (issue 18 item 6, decision 038): `bill/guest-receipt {uid}` gives the account's
 * paid bill as a PDF to the capability's guest only, and `guest-order` says the account is paid and closed.
 */
const RECEIPT = '/world/api/bill/guest-receipt';
const GUEST_ORDER = '/world/api/cartsession/guest-order';
const CREATE = '/world/api/cartsession/createcartsessionorder';

let t: TestApp;
let v: OrderingVenues;
let dish: MenuProduct;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
  dish = productsOf(await demoMenu(t)).find(
    (entry) =>
      entry.isMenu === 'NO' &&
      entry.isUnitary === 'NO' &&
      entry.productOptions.every((type) => type.minChoices === 0),
  )!;
}, 180_000);
afterEach(() => releaseDemoTables(t, v));
afterAll(() => t.close());

async function tableWithOrder() {
  const table = await givenSeatedTable(t, v);
  const response = await post(t, 'demo', CREATE, {
    uid: table.guestUid,
    orderInfo: { reservationId: table.reservationId, source: 2 },
    products: [{ sku: dish.sku, options: [], orderQuantity: 2 }],
  });
  expect(response.statusCode, response.body).toBe(201);
  const order = (response.json() as { cartSessionOrder: CartSessionOrder }).cartSessionOrder;
  return { ...table, order };
}

async function pay(reservationId: number) {
  const paid = await post(
    t,
    'demo',
    '/world/api/reservation/paid-reservation',
    { reservationId, paymentMethod: 'card' },
    { token: v.tokens.tpv },
  );
  expect(paid.statusCode, paid.body).toBe(200);
}

function pdfText(bytes: Buffer): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'guest-receipt-'));
  try {
    const file = path.join(folder, 'receipt.pdf');
    writeFileSync(file, bytes);
    return execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

describe('bill/guest-receipt', () => {
  it('gives the paid table its own invoice as a PDF, privately', async () => {
    const table = await tableWithOrder();
    await pay(table.reservationId);
    const response = await post(t, 'demo', RECEIPT, { uid: table.guestUid });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toContain('application/pdf');
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.headers['content-disposition']).toMatch(/attachment; filename="factura-.+\.pdf"/);
    const text = pdfText(response.rawPayload);
    expect(text).toContain('FACTURA SIMPLIFICADA');
    expect(text).toContain(dish.name);
    const total = (table.order.totalCents / 100).toFixed(2).replace('.', ',');
    expect(text).toMatch(new RegExp(`TOTAL \\(IVA incluido\\) +${total} EUR`));
    // The table's QR capability reads the same receipt.
    expect((await post(t, 'demo', RECEIPT, { uid: table.tableUid })).statusCode).toBe(200);

    // The phone's view of the table says it is paid and closed, with what the bill came to.
    const view = (await post(t, 'demo', GUEST_ORDER, { uid: table.guestUid })).json() as GuestOrderResponse;
    expect(view.closed).toBe(true);
    expect(view.paid).toEqual({ totalCents: table.order.totalCents });
  });

  it('says the account is not paid yet (409) before payment, in the guest’s language', async () => {
    const table = await tableWithOrder();
    const view = (await post(t, 'demo', GUEST_ORDER, { uid: table.guestUid })).json() as GuestOrderResponse;
    expect(view.closed).toBe(false);
    expect(view.paid).toBeNull();
    const early = await post(t, 'demo', RECEIPT, { uid: table.guestUid }, { headers: { 'x-locale': 'es' } });
    expect(early.statusCode).toBe(409);
    expect((early.json() as { message: string }).message).toBe(
      'El tique estará disponible cuando la cuenta esté pagada.',
    );
  });

  it("never gives another table's receipt: their uid opens only their own, another venue knows none", async () => {
    const paidTable = await tableWithOrder();
    await pay(paidTable.reservationId);
    const unpaid = await tableWithOrder();
    // The other table's guest asks with their own capability: their account is not paid.
    expect((await post(t, 'demo', RECEIPT, { uid: unpaid.guestUid })).statusCode).toBe(409);
    const elsewhere = await post(t, 'otra', RECEIPT, { uid: paidTable.guestUid });
    expect(elsewhere.statusCode).toBe(404);
    const unknown = await post(t, 'demo', RECEIPT, { uid: 'z'.repeat(40) });
    expect(unknown.statusCode).toBe(404);
  });

  it('answers bad input with a 400 and a message, never a 500', async () => {
    const table = await tableWithOrder();
    const bodies: unknown[] = [
      {},
      { uid: 42 },
      { uid: 'corto' },
      { uid: `${'x'.repeat(20)}\u0000` },
      { uid: table.guestUid, billId: 1 },
    ];
    for (const body of bodies) {
      const response = await post(t, 'demo', RECEIPT, body, { headers: { 'x-locale': 'es' } });
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect((response.json() as { message?: string }).message).toBeTruthy();
    }
  });
});
