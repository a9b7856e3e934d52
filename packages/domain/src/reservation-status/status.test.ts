import { describe, expect, it } from 'vitest';
import {
  RESERVATION_ACTIONS,
  RESERVATION_STATES,
  RESERVATION_STATUS_CODES,
  RESERVATION_STATUS_CODE_LIST,
  STATUS_CODE_OF_STATE,
  allowedActions,
  checkTransition,
  holdsTables,
  isAccountClosed,
  isDeactivatedState,
  reservationStateOf,
  type ReservationAction,
  type ReservationState,
} from './status.ts';

/**
 * The transition table written out by hand (decision 007): every allowed (state, action) → next state.
 * The test walks all 8 × 14 pairs, so any change to the table must change this list too.
 */
const EXPECTED: Record<ReservationState, Partial<Record<ReservationAction, ReservationState>>> = {
  held: {},
  confirmed: {
    seat: 'seated',
    updatePax: 'confirmed',
    updateTable: 'confirmed',
    staffComments: 'confirmed',
    locationTag: 'confirmed',
    accountQr: 'confirmed',
    noShow: 'no_show',
    cancel: 'cancelled',
    merge: 'merged',
    mergeInto: 'confirmed',
  },
  seated: {
    readyToOrder: 'seated',
    requestBill: 'for_payment',
    updatePax: 'seated',
    updateTable: 'seated',
    staffComments: 'seated',
    locationTag: 'seated',
    accountQr: 'seated',
    close: 'finished',
    merge: 'merged',
    mergeInto: 'seated',
  },
  for_payment: {
    updatePax: 'for_payment',
    updateTable: 'for_payment',
    staffComments: 'for_payment',
    locationTag: 'for_payment',
    accountQr: 'for_payment',
    close: 'finished',
    merge: 'merged',
    mergeInto: 'for_payment',
  },
  no_show: { reactivate: 'confirmed' },
  cancelled: { reactivate: 'confirmed' },
  finished: { reactivate: 'seated' },
  merged: {},
};

const PAIRS = RESERVATION_STATES.flatMap((state) =>
  RESERVATION_ACTIONS.map((action) => [state, action] as const),
);

describe('reservation status codes (spec §4)', () => {
  it('uses the spec codes: 1 active, 7 for payment, 10 excluded, -4 no-show, negative finished', () => {
    expect(RESERVATION_STATUS_CODES.active).toBe(1);
    expect(RESERVATION_STATUS_CODES.forPayment).toBe(7);
    expect(RESERVATION_STATUS_CODES.excluded).toBe(10);
    expect(RESERVATION_STATUS_CODES.noShow).toBe(-4);
    for (const code of [
      RESERVATION_STATUS_CODES.cancelled,
      RESERVATION_STATUS_CODES.closed,
      RESERVATION_STATUS_CODES.merged,
    ]) {
      expect(code).toBeLessThan(0);
    }
    expect([...RESERVATION_STATUS_CODE_LIST].sort((a, b) => a - b)).toEqual([-4, -3, -2, -1, 1, 7, 10]);
  });

  it.each([
    [{ status: 10, menuAccessEnabled: false }, 'held'],
    [{ status: 1, menuAccessEnabled: false }, 'confirmed'],
    [{ status: 1, menuAccessEnabled: true }, 'seated'],
    [{ status: 1, menuAccessEnabled: false, seatedAt: new Date(0) }, 'seated'],
    [{ status: 7, menuAccessEnabled: true }, 'for_payment'],
    [{ status: -4, menuAccessEnabled: false }, 'no_show'],
    [{ status: -1, menuAccessEnabled: false }, 'cancelled'],
    [{ status: -2, menuAccessEnabled: true, finishedAt: new Date(0) }, 'finished'],
    [{ status: -2, menuAccessEnabled: true }, 'finished'],
    [{ status: 1, menuAccessEnabled: true, finishedAt: new Date(0) }, 'finished'],
    [{ status: -3, menuAccessEnabled: true, finishedAt: new Date(0), mergedIntoId: 9 }, 'merged'],
    [{ status: -3, menuAccessEnabled: false }, 'merged'],
    [{ status: -4, menuAccessEnabled: false, finishedAt: new Date(0) }, 'no_show'],
  ] as const)('derives %o as %s', (facts, state) => {
    expect(reservationStateOf(facts)).toBe(state);
  });

  it('writes every state with its spec code', () => {
    for (const state of RESERVATION_STATES) {
      const code = STATUS_CODE_OF_STATE[state];
      expect(RESERVATION_STATUS_CODE_LIST).toContain(code);
      expect(code < 0).toBe(isDeactivatedState(state));
    }
    expect(STATUS_CODE_OF_STATE.seated).toBe(1);
    expect(STATUS_CODE_OF_STATE.confirmed).toBe(1);
    expect(STATUS_CODE_OF_STATE.for_payment).toBe(7);
    expect(STATUS_CODE_OF_STATE.no_show).toBe(-4);
  });

  it('knows which states hold tables', () => {
    expect(RESERVATION_STATES.filter(holdsTables)).toEqual(['held', 'confirmed', 'seated', 'for_payment']);
  });
});

describe('transition table: every state × action', () => {
  it.each(PAIRS)('%s + %s', (state, action) => {
    const check = checkTransition(state, action);
    const expected = EXPECTED[state][action];
    if (expected !== undefined) {
      expect(check).toEqual({ allowed: true, from: state, to: expected });
    } else {
      expect(check.allowed).toBe(false);
    }
  });

  it('refuses with the right reason: not_found for holds, finished for ended ones, invalid_transition else', () => {
    for (const [state, action] of PAIRS) {
      const check = checkTransition(state, action);
      if (check.allowed) continue;
      const reason =
        state === 'held'
          ? 'not_found'
          : isDeactivatedState(state) && action !== 'reactivate'
            ? 'finished'
            : 'invalid_transition';
      expect(check, `${state} + ${action}`).toEqual({ allowed: false, from: state, reason });
    }
  });

  it('counts: 31 allowed pairs, 81 refused', () => {
    const allowed = PAIRS.filter(([state, action]) => checkTransition(state, action).allowed);
    expect(allowed).toHaveLength(31);
    expect(PAIRS.length - allowed.length).toBe(81);
  });

  it('lets only negative states be reactivated, and never a merged account', () => {
    for (const state of RESERVATION_STATES) {
      expect(checkTransition(state, 'reactivate').allowed).toBe(
        isDeactivatedState(state) && state !== 'merged',
      );
    }
    expect(checkTransition('seated', 'reactivate')).toEqual({
      allowed: false,
      from: 'seated',
      reason: 'invalid_transition',
    });
  });

  it('refuses every action but reactivate on a finished reservation as finished (409 "La reserva ha finalizado")', () => {
    for (const action of RESERVATION_ACTIONS) {
      if (action === 'reactivate') continue;
      expect(checkTransition('finished', action)).toEqual({
        allowed: false,
        from: 'finished',
        reason: 'finished',
      });
    }
  });

  it('lists allowed actions per state in a stable order', () => {
    expect(allowedActions('confirmed')).toEqual([
      'seat',
      'updatePax',
      'updateTable',
      'staffComments',
      'locationTag',
      'accountQr',
      'noShow',
      'cancel',
      'merge',
      'mergeInto',
    ]);
    expect(allowedActions('no_show')).toEqual(['reactivate']);
    expect(allowedActions('held')).toEqual([]);
    expect(allowedActions('merged')).toEqual([]);
  });

  it('never leads to a held state, and every target is a known state', () => {
    for (const [state, action] of PAIRS) {
      const check = checkTransition(state, action);
      if (!check.allowed) continue;
      expect(check.to).not.toBe('held');
      expect(RESERVATION_STATES).toContain(check.to);
    }
  });
});

describe('isAccountClosed', () => {
  const open = { status: RESERVATION_STATUS_CODES.active, finishedAt: null };
  it('is open while active or for payment with no finish time and no merge', () => {
    expect(isAccountClosed(open)).toBe(false);
    expect(
      isAccountClosed({ ...open, status: RESERVATION_STATUS_CODES.forPayment, mergedIntoId: null }),
    ).toBe(false);
  });
  it('is closed on any negative code, a finish time or a merge', () => {
    for (const status of [
      RESERVATION_STATUS_CODES.cancelled,
      RESERVATION_STATUS_CODES.closed,
      RESERVATION_STATUS_CODES.merged,
      RESERVATION_STATUS_CODES.noShow,
    ])
      expect(isAccountClosed({ ...open, status })).toBe(true);
    expect(isAccountClosed({ ...open, finishedAt: new Date('2026-03-01T23:00:00Z') })).toBe(true);
    expect(isAccountClosed({ ...open, mergedIntoId: 7 })).toBe(true);
  });
});
