import { describe, expect, it } from 'vitest';
import { allocateCents, splitByItems, splitEqually } from './allocation.ts';
import { changeCents, checkPayment, remainingCents } from './payments.ts';
import { BILLING_OPERATIONS, mayBill } from './roles.ts';
import { billTotals, discountCents, divideHalfUp, vatIncluded, type BillLineInput } from './totals.ts';

/** A seeded generator (mulberry32): property loops that fail the same way every run. */
function seeded(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return { int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)) };
}

const RATES = [0, 400, 1000, 2100];
const RUNS = 2000;

function randomLines(random: ReturnType<typeof seeded>): BillLineInput[] {
  return Array.from({ length: random.int(1, 12) }, () => ({
    units: random.int(1, 6),
    unitPriceCents: random.int(0, 4_000),
    vatRateBp: RATES[random.int(0, RATES.length - 1)] ?? 1000,
  }));
}

describe('bill totals and VAT (REL-04)', () => {
  it('works out VAT once per rate, half up, with base + VAT = total', () => {
    // 3 cañas at 2,50 (21 %) and 2 raciones at 6,50 (10 %).
    const totals = billTotals([
      { units: 3, unitPriceCents: 250, vatRateBp: 2100 },
      { units: 2, unitPriceCents: 650, vatRateBp: 1000 },
    ]);
    expect(totals.totalCents).toBe(2050);
    expect(totals.taxLines).toEqual([
      { vatRateBp: 1000, baseCents: 1182, vatCents: 118, totalCents: 1300 },
      { vatRateBp: 2100, baseCents: 620, vatCents: 130, totalCents: 750 },
    ]);
    expect(totals.baseCents + totals.vatCents).toBe(2050);
  });

  it('rounds the VAT of a group, not of each line', () => {
    // Per line, 1 cent at 10 % has VAT round(0.0909) = 0; the group of 11 has 1 cent of VAT.
    const lines = Array.from({ length: 11 }, () => ({ units: 1, unitPriceCents: 1, vatRateBp: 1000 }));
    expect(billTotals(lines).vatCents).toBe(1);
  });

  it('rounds exact halves up', () => {
    expect(divideHalfUp(5, 10)).toBe(1);
    expect(divideHalfUp(4, 10)).toBe(0);
    expect(divideHalfUp(15, 10)).toBe(2);
    // 1,05 at 5 %: 105 × 500 / 10500 = 5 exactly.
    expect(vatIncluded(105, 500)).toBe(5);
  });

  it('refuses floats, negative prices and impossible rates', () => {
    expect(() => billTotals([{ units: 1, unitPriceCents: 1.5, vatRateBp: 1000 }])).toThrow(RangeError);
    expect(() => billTotals([{ units: 1, unitPriceCents: -1, vatRateBp: 1000 }])).toThrow(RangeError);
    expect(() => billTotals([{ units: 0, unitPriceCents: 100, vatRateBp: 1000 }])).toThrow(RangeError);
    expect(() => billTotals([{ units: 1, unitPriceCents: 100, vatRateBp: 10001 }])).toThrow(RangeError);
  });

  it('takes discounts off before VAT, spread over the rates, never below zero', () => {
    const lines = [
      { units: 1, unitPriceCents: 1000, vatRateBp: 1000 },
      { units: 1, unitPriceCents: 1000, vatRateBp: 2100 },
    ];
    const tenPercent = billTotals(lines, [{ kind: 'percent', percentBp: 1000 }]);
    expect(tenPercent.discountCents).toBe(200);
    expect(tenPercent.totalCents).toBe(1800);
    expect(tenPercent.taxLines.map((line) => line.totalCents)).toEqual([900, 900]);
    expect(billTotals(lines, [{ kind: 'amount', amountCents: 5000 }]).totalCents).toBe(0);
    expect(discountCents(999, [{ kind: 'percent', percentBp: 5000 }])).toBe(500);
  });

  it('property: lines add up to the total, base + VAT = total per rate and overall', () => {
    const random = seeded(20261122);
    for (let run = 0; run < RUNS; run += 1) {
      const lines = randomLines(random);
      const discount =
        random.int(0, 2) === 0
          ? []
          : [
              { kind: 'percent' as const, percentBp: random.int(1, 10000) },
              { kind: 'amount' as const, amountCents: random.int(1, 500) },
            ];
      const totals = billTotals(lines, discount);
      const gross = lines.reduce((sum, line) => sum + line.units * line.unitPriceCents, 0);
      expect(totals.grossCents).toBe(gross);
      expect(totals.totalCents).toBe(gross - totals.discountCents);
      expect(totals.baseCents + totals.vatCents).toBe(totals.totalCents);
      for (const tax of totals.taxLines) {
        expect(tax.baseCents + tax.vatCents).toBe(tax.totalCents);
        expect(tax.vatCents).toBe(Math.round((tax.totalCents * tax.vatRateBp) / (10000 + tax.vatRateBp)));
      }
      expect(totals.taxLines.reduce((sum, tax) => sum + tax.totalCents, 0)).toBe(totals.totalCents);
    }
  });
});

describe('splits', () => {
  it('splits in equal parts that differ by at most a cent and add up', () => {
    expect(splitEqually(1000, 3)).toEqual([334, 333, 333]);
    expect(splitEqually(2, 4)).toEqual([1, 1, 0, 0]);
    expect(() => splitEqually(1000, 0)).toThrow(RangeError);
  });

  it('splits by items, spreading a discount over the parts', () => {
    // Part 0 had 30,00 of lines, part 1 10,00; a 10 % discount leaves 36,00 owed.
    expect(splitByItems([2000, 1000, 1000], [0, 0, 1], 2, 3600)).toEqual([2700, 900]);
    expect(() => splitByItems([100], [2], 2, 100)).toThrow(RangeError);
  });

  it('property: every split adds up to the total, parts within a cent of their exact share', () => {
    const random = seeded(7);
    for (let run = 0; run < RUNS; run += 1) {
      const total = random.int(0, 500_000);
      const parts = random.int(1, 12);
      const equal = splitEqually(total, parts);
      expect(equal.reduce((sum, part) => sum + part, 0)).toBe(total);
      expect(Math.max(...equal) - Math.min(...equal)).toBeLessThanOrEqual(1);

      const lineTotals = Array.from({ length: random.int(1, 10) }, () => random.int(0, 5_000));
      const partOf = lineTotals.map(() => random.int(0, parts - 1));
      const gross = lineTotals.reduce((sum, value) => sum + value, 0);
      const owed = gross === 0 ? 0 : random.int(0, gross);
      const byItems = splitByItems(lineTotals, partOf, parts, owed);
      expect(byItems.reduce((sum, part) => sum + part, 0)).toBe(owed);
      byItems.forEach((part, index) => {
        const weight = lineTotals.reduce((sum, value, line) => sum + (partOf[line] === index ? value : 0), 0);
        if (gross > 0) expect(Math.abs(part - (owed * weight) / gross)).toBeLessThan(1);
      });

      const weights = Array.from({ length: random.int(1, 8) }, () => random.int(0, 1000));
      const allocated = weights.some((weight) => weight > 0) ? allocateCents(total, weights) : [];
      if (allocated.length > 0) expect(allocated.reduce((sum, part) => sum + part, 0)).toBe(total);
    }
  });
});

describe('payments', () => {
  it('gives change for cash and refuses short cash', () => {
    expect(changeCents(1830, 5000)).toBe(3170);
    expect(changeCents(1830)).toBe(0);
    expect(() => changeCents(1830, 1000)).toThrow(RangeError);
    expect(checkPayment(1830, 1830, 'cash', 1000)).toBe('tendered_short');
  });

  it('never lets payments go past what is owed', () => {
    expect(checkPayment(1000, 600, 'card')).toBeNull();
    expect(checkPayment(1000, 1001, 'card')).toBe('exceeds_remaining');
    expect(checkPayment(0, 1, 'card')).toBe('nothing_owed');
    expect(checkPayment(1000, 0, 'card')).toBe('not_positive');
    expect(remainingCents(1000, [600, 300])).toBe(100);
    expect(remainingCents(1000, [600, 600])).toBe(0);
  });

  it('property: a sequence of accepted payments never exceeds the total', () => {
    const random = seeded(42);
    for (let run = 0; run < RUNS; run += 1) {
      const total = random.int(1, 100_000);
      const paid: number[] = [];
      for (let attempt = 0; attempt < 10; attempt += 1) {
        const amount = random.int(1, total);
        if (checkPayment(remainingCents(total, paid), amount, 'card') === null) paid.push(amount);
      }
      expect(paid.reduce((sum, amount) => sum + amount, 0)).toBeLessThanOrEqual(total);
    }
  });
});

describe('billing roles (SEC-02)', () => {
  it('lets Pasante read and request the bill but not take payments or discount', () => {
    expect(mayBill('Pasante', 'viewBill')).toBe(true);
    expect(mayBill('Pasante', 'requestTicket')).toBe(true);
    expect(mayBill('Pasante', 'takePayment')).toBe(false);
    expect(mayBill('Pasante', 'discount')).toBe(false);
    expect(mayBill('TPV', 'takePayment')).toBe(true);
    expect(mayBill('TPV', 'discount')).toBe(true);
    expect(mayBill('Barra', 'discount')).toBe(false);
  });

  it('lets only the head of the room, the point of sale and the admin void a payment', () => {
    expect(mayBill('1 en Sala', 'voidPayment')).toBe(true);
    expect(mayBill('TPV', 'voidPayment')).toBe(true);
    expect(mayBill('Sala', 'voidPayment')).toBe(false);
    expect(mayBill('Barra', 'voidPayment')).toBe(false);
    expect(mayBill('Pasante', 'voidPayment')).toBe(false);
  });

  it('opens the cash drawer for the point of sale, the head of the room and the admin only (SEC-11)', () => {
    const allowed = ['1 en Sala', 'TPV', 'admin'];
    for (const actor of ['Sala', '1 en Sala', 'Cocina', 'Barra', 'TPV', 'Pasante', 'admin'] as const)
      expect(mayBill(actor, 'openDrawer')).toBe(allowed.includes(actor));
  });

  it('lets only the head of the room, the point of sale and the admin correct or cancel an invoice', () => {
    const allowed = ['1 en Sala', 'TPV', 'admin'];
    for (const actor of ['Sala', '1 en Sala', 'Cocina', 'Barra', 'TPV', 'Pasante', 'admin'] as const)
      expect(mayBill(actor, 'correctInvoice')).toBe(allowed.includes(actor));
  });

  it('keeps Cocina out of billing and lets admin do everything', () => {
    for (const operation of BILLING_OPERATIONS) {
      expect(mayBill('Cocina', operation)).toBe(false);
      expect(mayBill('admin', operation)).toBe(true);
    }
  });
});
