import type { FloorReservation, GetByDayResponse } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { amountFieldText, openAccounts, parseAmountCents, quickCashAmounts, soldItems } from './pos-model.ts';

function reservation(overrides: Partial<FloorReservation> & { id: number }): FloorReservation {
  return {
    wid: `w${overrides.id}`,
    status: 1,
    table: `S${overrides.id}`,
    requestedPaymentMethod: null,
    name: 'Mesa',
    cartSession: null,
    seatedDateTime: '2026-11-27T21:00:00+01:00',
    paymentInfo: { total: 1000, paid: 0, pending: 1000, bills: [] },
    ...overrides,
  } as FloorReservation;
}

const dayOf = (reservations: FloorReservation[]) => ({ reservations }) as unknown as GetByDayResponse;

function line(sku: string, name: string, units: number, priceCents: number, statusProductOrder = 1) {
  return { productSku: sku, name, units, priceCents, statusProductOrder, isGhost: false };
}

describe('open accounts', () => {
  it('lists seated and for-payment accounts, those asking for the bill first', () => {
    const day = dayOf([
      reservation({ id: 1 }),
      reservation({ id: 2, status: 7 }),
      reservation({ id: 3, status: -1 }),
      reservation({ id: 4, requestedPaymentMethod: 'card' }),
      reservation({ id: 5, status: 0 }),
    ]);
    const accounts = openAccounts(day);
    expect(accounts.map((account) => account.reservation.id)).toEqual([2, 4, 1]);
    expect(accounts.map((account) => account.askingForBill)).toEqual([true, true, false]);
  });

  it('leaves out bookings whose guests have not come, unless something was ordered for them', () => {
    const coming = reservation({ id: 1, seatedDateTime: null });
    const preOrdered = reservation({
      id: 2,
      seatedDateTime: null,
      cartSession: { id: 2, productOrders: [line('A', 'Agua', 1, 200)] },
    } as Partial<FloorReservation> & { id: number });
    const seated = reservation({ id: 3 });
    expect(openAccounts(dayOf([coming, preOrdered, seated])).map((a) => a.reservation.id)).toEqual([2, 3]);
  });
});

describe('sold items', () => {
  it('adds the day’s units per product, best sellers first, cancelled lines left out', () => {
    const day = dayOf([
      reservation({
        id: 1,
        cartSession: { id: 1, productOrders: [line('A', 'Agua', 1, 200), line('B', 'Bravas', 1, 650)] },
      } as Partial<FloorReservation> & { id: number }),
      reservation({
        id: 2,
        cartSession: { id: 2, productOrders: [line('B', 'Bravas', 2, 650), line('A', 'Agua', 5, 200, -1)] },
      } as Partial<FloorReservation> & { id: number }),
    ]);
    expect(soldItems(day, 'top')).toEqual([
      { sku: 'B', name: 'Bravas', units: 3, totalCents: 1950 },
      { sku: 'A', name: 'Agua', units: 1, totalCents: 200 },
    ]);
    expect(soldItems(day, 'name').map((item) => item.name)).toEqual(['Agua', 'Bravas']);
  });
});

describe('amounts typed on the till', () => {
  it('reads euros with a comma or a point as cents', () => {
    expect(parseAmountCents('20')).toBe(2000);
    expect(parseAmountCents('20,5')).toBe(2050);
    expect(parseAmountCents('20.50')).toBe(2050);
    expect(parseAmountCents(' 1.234,56 € ')).toBe(123456);
    expect(parseAmountCents(',75')).toBe(75);
  });

  it('refuses what is not an amount', () => {
    expect(parseAmountCents('')).toBeNull();
    expect(parseAmountCents('abc')).toBeNull();
    expect(parseAmountCents('-5')).toBeNull();
    expect(parseAmountCents('1,234')).toBe(123400);
  });
});

describe('quick cash on the till', () => {
  it('offers the exact amount, then the 10, 20 and 50 notes that cover it', () => {
    expect(quickCashAmounts(725)).toEqual([725, 1000, 2000, 5000]);
    expect(quickCashAmounts(1725)).toEqual([1725, 2000, 5000]);
    expect(quickCashAmounts(2000)).toEqual([2000, 5000]);
    expect(quickCashAmounts(6400)).toEqual([6400]);
  });

  it('writes an amount back the way it is typed, and reads it back the same', () => {
    expect(amountFieldText(2000)).toBe('20');
    expect(amountFieldText(1725)).toBe('17,25');
    expect(amountFieldText(5)).toBe('0,05');
    for (const cents of [0, 5, 90, 1725, 2000, 123456])
      expect(parseAmountCents(amountFieldText(cents))).toBe(cents);
  });
});
