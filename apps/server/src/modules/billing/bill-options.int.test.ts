import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BillView } from '@sobremesa/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/test-app.ts';
import {
  demoMenu,
  givenOrderingVenues,
  givenSeatedTable,
  post,
  productsOf,
  type OrderingVenues,
} from '../menus/ordering.fixtures.ts';

/**
 * Issue 18 item 8: a bill showed 12,00 for a gin tonic the menu sells at 9,00, with no line for the
 * Hendrick's the guest chose. Every priced option prints under its dish, on the ticket and in the PDF,
 * and the amounts add up to the total.
 */
let t: TestApp;
let v: OrderingVenues;

beforeAll(async () => {
  t = await buildTestApp();
  v = await givenOrderingVenues(t);
}, 180_000);
afterAll(() => t.close());

const as = (url: string, payload: unknown) => post(t, 'demo', url, payload, { token: v.tokens.tpv });

/** The amounts column of a ticket's line that starts with `start`, in cents. */
function amountOf(text: string, start: RegExp): number {
  const line = text.split('\n').find((candidate) => start.test(candidate.trim()));
  if (!line) throw new Error(`no line ${start} in\n${text}`);
  return Math.round(Number(line.trim().split(/ +/).pop()!.replace('.', '').replace(',', '.')) * 100);
}

describe('priced options on the bill', () => {
  it('prints the chosen gin under the gin tonic, at the menu price plus the supplement', async () => {
    const table = await givenSeatedTable(t, v);
    const ginTonic = productsOf(await demoMenu(t)).find((product) => product.sku === 'VER-02')!;
    const gin = ginTonic.productOptions[0]!;
    const hendricks = gin.options.find((option) => option.name === "Hendrick's")!;
    const ordered = await post(
      t,
      'demo',
      '/world/api/cartsession/createcartsessionorder',
      {
        orderInfo: { reservationId: table.reservationId, source: 1 },
        products: [
          {
            sku: 'VER-02',
            options: [{ optionTypeId: gin.id, productChoiceId: hendricks.id }],
            orderQuantity: 2,
          },
        ],
      },
      { token: v.tokens.sala },
    );
    expect(ordered.statusCode, ordered.body).toBe(201);
    const paid = await as('/world/api/reservation/paid-reservation', {
      reservationId: table.reservationId,
      paymentMethod: 'card',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const bill = (paid.json() as { bill: BillView }).bill;
    expect(bill.totalCents).toBe(2 * (ginTonic.priceCents + hendricks.priceModifierCents));

    const printed = await as('/world/api/bill/print-info', { billId: bill.id, width: 42 });
    expect(printed.statusCode, printed.body).toBe(200);
    const { escPosText } = printed.json() as { escPosText: string };
    const pdf = await as('/world/api/bill/view-bill-pdf', { billId: bill.id });
    expect(pdf.statusCode).toBe(200);
    const folder = mkdtempSync(path.join(tmpdir(), 'bill-options-'));
    let pdfText: string;
    try {
      const file = path.join(folder, 'bill.pdf');
      writeFileSync(file, pdf.rawPayload);
      pdfText = execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }

    for (const text of [escPosText, pdfText]) {
      const dish = amountOf(text, /^\d+ Gin tonic/);
      const option = amountOf(text, /^\+ Hendrick's/);
      expect(dish).toBe(2 * ginTonic.priceCents);
      expect(option).toBe(2 * hendricks.priceModifierCents);
      expect(dish + option).toBe(bill.totalCents);
      expect(text).toContain(`2 x ${(ginTonic.priceCents / 100).toFixed(2).replace('.', ',')}`);
    }
  });
});
