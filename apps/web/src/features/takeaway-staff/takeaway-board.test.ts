import type { StaffTakeawayOrder } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { actionsOf, boardOf, newCount } from './takeaway-board.ts';

function order(extra: Partial<StaffTakeawayOrder>): StaffTakeawayOrder {
  return {
    id: 1,
    reservationId: 10,
    wid: 'w1',
    number: 1,
    mode: 'pickup',
    status: 'received',
    pickupDateTime: '2026-11-20T14:00:00+01:00',
    name: 'Marta',
    itemsCents: 1300,
    deliveryFeeCents: 0,
    totalCents: 1300,
    refusalReason: null,
    lines: [],
    phone: '+34 600 111 222',
    email: 'marta@example.com',
    address: null,
    postalCode: null,
    notes: null,
    paidCents: 0,
    paid: false,
    billIssued: false,
    liveKey: '0123456789abcdef0123456789abcdef',
    payment: { method: 'at_pickup', state: null },
    ...extra,
  };
}

describe('the takeaway board', () => {
  it('groups the day’s orders as they cross the counter, each group by pickup time', () => {
    const board = boardOf([
      order({ id: 1, number: 3, status: 'received', pickupDateTime: '2026-11-20T21:00:00+01:00' }),
      order({ id: 2, number: 1, status: 'received', pickupDateTime: '2026-11-20T13:30:00+01:00' }),
      order({ id: 3, status: 'preparing' }),
      order({ id: 4, status: 'accepted' }),
      order({ id: 5, status: 'out_for_delivery', mode: 'delivery' }),
      order({ id: 6, status: 'delivered' }),
      order({ id: 7, status: 'refused' }),
    ]);
    const ids = (group: Parameters<typeof board.get>[0]) => board.get(group)?.map((entry) => entry.id);
    expect(ids('new')).toEqual([2, 1]);
    expect(ids('kitchen')).toEqual([3, 4]);
    expect(ids('ready')).toEqual([5]);
    expect(ids('handedOver')).toEqual([6]);
    expect(ids('refused')).toEqual([7]);
    expect(newCount([order({}), order({ status: 'accepted' }), order({ id: 2 })])).toBe(2);
  });

  it('offers the moves the server allows, charging at the counter only what is owed', () => {
    expect(actionsOf(order({ status: 'received' }))).toEqual(['accept', 'refuse']);
    expect(actionsOf(order({ status: 'accepted' }))).toEqual(['refuse', 'ready']);
    expect(actionsOf(order({ status: 'preparing' }))).toEqual(['ready']);
    expect(actionsOf(order({ status: 'ready' }))).toEqual(['chargeAndHandOver']);
    expect(actionsOf(order({ status: 'ready', paid: true, paidCents: 1300 }))).toEqual(['issueAndHandOver']);
    expect(actionsOf(order({ status: 'ready', paid: true, paidCents: 1300, billIssued: true }))).toEqual([
      'handOver',
    ]);
    expect(actionsOf(order({ status: 'ready', mode: 'delivery' }))).toEqual(['outForDelivery']);
    expect(actionsOf(order({ status: 'out_for_delivery', mode: 'delivery' }))).toEqual(['chargeAndHandOver']);
    expect(actionsOf(order({ status: 'delivered' }))).toEqual([]);
    expect(actionsOf(order({ status: 'refused' }))).toEqual([]);
  });
});
