import { describe, expect, it } from 'vitest';
import { wireInputIssues } from './wire-input.ts';

describe('the wire rules every input meets (decision 021)', () => {
  it('takes ordinary input', () => {
    expect(
      wireInputIssues({
        name: 'Ana García 👩‍🍳',
        pax: 4,
        amountCents: 12_000,
        lines: [{ id: 2_147_483_647, comment: 'sin gluten' }],
        phone: '0034 612 345 670',
        sku: '4006381333931',
        expectedVersion: 1_795_622_056_679,
      }),
    ).toEqual([]);
  });

  it('takes issued capabilities whose digits happen to pass the card check, but not the same text typed', () => {
    // Dashes out, this UUID holds 4111111111111111: a guest link like it was refused as a card number.
    const wid = 'a0e1c2d3-4111-1111-1111-111111111111';
    expect(
      wireInputIssues({
        uid: wid,
        reservationWid: wid,
        reservationWids: [wid],
        t: wid,
        holdToken: wid,
        welKey: wid,
        // A reservation named by its wid in a guest's order, or in a path such as /reservation/:id/close.
        orderInfo: { reservationId: wid },
        id: wid,
      }),
    ).toEqual([]);
    expect(wireInputIssues({ comments: wid, names: [wid] }).map(({ path }) => path)).toEqual([
      'comments',
      'names.0',
    ]);
  });

  it('names every part that no route may take', () => {
    expect(
      wireInputIssues({
        name: 'a\u0000b',
        note: 'x\ud800',
        ['k\u0000']: 1,
        lines: [{ id: 2 ** 31 }, { id: -(2 ** 31) - 1 }, { id: 1e300 }],
        comment: 'pago 4111 1111 1111 1111',
        expectedVersion: 2 ** 60,
      }).map(({ path, cardNumber }) => [path, cardNumber ?? false]),
    ).toEqual([
      ['name', false],
      ['note', false],
      ['k\u0000', false],
      ['lines.0.id', false],
      ['lines.1.id', false],
      ['lines.2.id', false],
      ['comment', true],
      ['expectedVersion', false],
    ]);
  });
});
