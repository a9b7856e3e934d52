import { describe, expect, it } from 'vitest';
import {
  formatAmount,
  formatInvoiceNumber,
  formatRate,
  layoutReceipt,
  receiptText,
  splitLineOptions,
  takeawayHeading,
  takeawayTicketLines,
  wrapText,
} from './receipt-layout.ts';
import { cents } from '../money.ts';
import { billTotals } from './totals.ts';

const lines = [
  { units: 4, description: 'Croquetas de jamón ibérico', unitPriceCents: 200, vatRateBp: 1000 },
  { units: 2, description: 'Caña de cerveza', unitPriceCents: 250, vatRateBp: 2100 },
];
const totals = billTotals(lines);
const ticket = {
  kind: 'simplified' as const,
  issuer: {
    businessName: 'Casa Sobremesa',
    legalName: 'Casa Sobremesa Hostelería S.L.',
    taxId: 'B87654323',
    address: 'Calle del Almendro, 12',
    postalCode: '28005',
    city: 'Madrid',
  },
  invoiceNumber: formatInvoiceNumber('T', 42),
  dateTime: '22/11/2026 14:05',
  table: 'M4',
  lines: lines.map((line) => ({ ...line, totalCents: line.units * line.unitPriceCents })),
  discountCents: 0,
  taxLines: totals.taxLines,
  totalCents: totals.totalCents,
  payments: [{ method: 'cash' as const, amountCents: 1300, tenderedCents: 2000, changeCents: 700 }],
  tipCents: 100,
};

describe('ticket layout', () => {
  it('formats amounts and rates the Spanish way', () => {
    expect(formatAmount(123450)).toBe('1.234,50');
    expect(formatAmount(5)).toBe('0,05');
    expect(formatRate(1000)).toBe('10%');
    expect(formatRate(550)).toBe('5,5%');
    expect(formatInvoiceNumber('T', 42)).toBe('T-000042');
  });

  it('never prints past the paper width', () => {
    for (const width of [42, 48] as const) {
      const printed = layoutReceipt(
        { ...ticket, lines: [{ ...ticket.lines[0]!, description: 'x'.repeat(90) }] },
        width,
      );
      expect(Math.max(...printed.map((line) => line.length))).toBeLessThanOrEqual(width);
    }
    expect(wrapText('uno dos tres', 7)).toEqual(['uno dos', 'tres']);
  });

  it('carries what a simplified invoice must show (RD 1619/2012 art. 7)', () => {
    const text = receiptText(ticket, 42);
    expect(text).toContain('FACTURA SIMPLIFICADA');
    expect(text).toContain('T-000042');
    expect(text).toContain('22/11/2026 14:05');
    expect(text).toContain('NIF: B87654323');
    expect(text).toContain('Calle del Almendro, 12');
    expect(text).toMatch(/4 Croquetas de jamón ibérico +8,00/);
    expect(text).toMatch(/10% +7,27 +0,73 +8,00/);
    expect(text).toMatch(/21% +4,13 +0,87 +5,00/);
    expect(text).toMatch(/TOTAL \(IVA incluido\) +13,00 EUR/);
    expect(text).toMatch(/Cambio +7,00/);
    expect(text).toMatch(/Propina \(fuera de factura\) +1,00/);
  });

  it('names a takeaway order by its number under the title, and a table bill by none', () => {
    const pickup = receiptText({ ...ticket, table: null, takeaway: { number: 12, mode: 'pickup' } }, 42);
    expect(pickup).toMatch(/PARA LLEVAR: +PEDIDO 12\n/);
    expect(pickup).not.toContain('Mesa:');
    expect(receiptText({ ...ticket, table: null, takeaway: { number: 3, mode: 'delivery' } }, 48)).toMatch(
      /A DOMICILIO: +PEDIDO 3\n/,
    );
    expect(receiptText(ticket, 48)).not.toContain('PEDIDO');
    expect(takeawayHeading({ number: 7, mode: 'pickup' })).toEqual({
      mode: 'PARA LLEVAR',
      number: 'PEDIDO 7',
    });
  });

  it('prints a takeaway ticket with the order number big above the ticket’s text', () => {
    const text = receiptText({ ...ticket, table: null, takeaway: { number: 12, mode: 'pickup' } }, 48);
    const lines = takeawayTicketLines({ number: 12, mode: 'pickup' }, text);
    expect(lines.slice(0, 3)).toEqual([
      { text: 'PARA LLEVAR', align: 'center', bold: true },
      { text: 'PEDIDO 12', align: 'center', bold: true, size: 'large' },
      { separator: true },
    ]);
    expect(lines.slice(3).map((line) => ('text' in line ? line.text : ''))).toEqual(
      text.replace(/\n$/, '').split('\n'),
    );
  });

  it('says a corrective invoice is one, what it corrects, how and why (RD 1619/2012 art. 15)', () => {
    const corrective = {
      ...ticket,
      kind: 'corrective' as const,
      invoiceNumber: formatInvoiceNumber('R', 3),
      lines: [{ units: -2, description: 'Caña de cerveza', unitPriceCents: 250, totalCents: -500 }],
      discountCents: -50,
      taxLines: [{ vatRateBp: 2100, baseCents: cents(-372), vatCents: cents(-78), totalCents: cents(-450) }],
      totalCents: -450,
      payments: [],
      tipCents: 0,
      rectifies: {
        invoiceNumber: 'T-000042',
        issuedDate: '20/11/2026',
        type: 'R5' as const,
        reason: 'Cobradas dos cañas que la mesa no tomó',
      },
    };
    for (const width of [42, 48] as const) {
      const printed = layoutReceipt(corrective, width);
      expect(Math.max(...printed.map((line) => line.length))).toBeLessThanOrEqual(width);
      const text = printed.join('\n');
      expect(text).toContain('FACTURA RECTIFICATIVA');
      expect(text).toMatch(/Rectifica a: +T-000042\n +de fecha: +20\/11\/2026/);
      expect(text).toContain('Tipo: R5, factura simplificada');
      expect(text.replace(/\s+/g, ' ')).toContain(
        'Rectificación por diferencias: los importes son la diferencia con la factura rectificada',
      );
      expect(text.replace(/\s+/g, ' ')).toContain('Motivo: Cobradas dos cañas que la mesa no tomó');
      expect(text).toMatch(/-2 Caña de cerveza +-5,00\n +-2 x 2,50/);
      expect(text).toMatch(/Descuento +0,50/);
      expect(text).toMatch(/TOTAL \(IVA incluido\) +-4,50 EUR/);
    }
    expect(receiptText({ ...ticket, discountCents: 100 }, 48)).toMatch(/Descuento +-1,00/);
    const unknownGround = { ...corrective.rectifies, type: null, reason: null };
    const text = receiptText({ ...corrective, rectifies: unknownGround }, 48);
    expect(text).not.toContain('Tipo:');
    expect(text).not.toContain('Motivo:');
  });

  it('marks a cancelled invoice at its top and its foot, with the date it was cancelled', () => {
    const text = receiptText({ ...ticket, cancelledAt: '23/11/2026 09:15' }, 48);
    const printed = text.split('\n');
    const heading = printed.indexOf(printed.find((line) => line.includes('FACTURA SIMPLIFICADA'))!);
    expect(printed[heading + 2]).toContain('*** FACTURA ANULADA ***');
    expect(text).toMatch(/Anulada el: +23\/11\/2026 09:15/);
    expect(text).toContain('FACTURA ANULADA - SIN VALIDEZ');
    expect(text).not.toContain('Gracias por su visita');
    expect(receiptText(ticket, 48)).not.toContain('ANULADA');
    expect(receiptText(ticket, 48)).not.toContain('RECTIFICATIVA');
  });

  it('marks a bill as no invoice', () => {
    const text = receiptText({ ...ticket, kind: 'bill', invoiceNumber: null }, 48);
    expect(text).toContain('CUENTA');
    expect(text).toContain('Documento no válido como factura');
    expect(text).not.toContain('FACTURA SIMPLIFICADA');
  });
});

describe('priced options on the ticket (issue 18)', () => {
  const steak = {
    units: 2,
    description: 'Solomillo de ternera',
    unitPriceCents: 2600,
    totalCents: 5200,
    options: [
      { name: 'Foie', unitPriceCents: 300 },
      { name: 'Al punto', unitPriceCents: 0 },
    ],
  };

  it("prints each priced option under its dish, so the amounts add up to the line and the dish shows the menu's price", () => {
    const printed = layoutReceipt({ ...ticket, lines: [steak] }, 42);
    const at = printed.findIndex((line) => line.startsWith('2 Solomillo'));
    expect(printed[at]).toMatch(/ 46,00$/);
    expect(printed[at + 1]).toBe('  2 x 23,00');
    expect(printed[at + 2]).toMatch(/^ {2}\+ Foie +6,00$/);
    expect(printed.some((line) => line.includes('Al punto'))).toBe(false);
    const amounts = [printed[at]!, printed[at + 2]!].map((line) =>
      Number(line.split(' ').pop()!.replace('.', '').replace(',', '.')),
    );
    expect(amounts.reduce((sum, value) => sum + value, 0) * 100).toBe(steak.totalCents);
  });

  it('prints a line whole when its options do not fit in its price (a dish given away)', () => {
    const free = { ...steak, unitPriceCents: 0, totalCents: 0 };
    expect(splitLineOptions(free)).toEqual({ dishUnitCents: 0, options: [] });
    const printed = layoutReceipt({ ...ticket, lines: [free] }, 48);
    expect(printed.some((line) => line.includes('Foie'))).toBe(false);
  });
});
