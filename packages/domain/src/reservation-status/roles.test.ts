import { describe, expect, it } from 'vitest';
import { COPILOT_VIEWS } from '../copilot-views.ts';
import {
  AUDITED_FLOOR_OPERATIONS,
  FLOOR_ACTORS,
  FLOOR_OPERATIONS,
  FLOOR_ROLE_MATRIX,
  mayPerform,
  operationsOf,
  type FloorActor,
  type FloorOperation,
} from './roles.ts';
import { RESERVATION_ACTIONS } from './status.ts';

/** The matrix written out by hand, one row per actor (decision 007). */
const EXPECTED: Record<FloorActor, readonly FloorOperation[]> = {
  Sala: FLOOR_OPERATIONS,
  '1 en Sala': FLOOR_OPERATIONS,
  admin: FLOOR_OPERATIONS,
  Cocina: ['viewDay', 'searchAccount', 'userDetails', 'staffComments'],
  Barra: [
    'viewDay',
    'searchAccount',
    'userDetails',
    'reviewQr',
    'createWalkIn',
    'createSitIn',
    'createPhoneReservation',
    'waitlist',
    'seat',
    'readyToOrder',
    'requestBill',
    'updatePax',
    'updateTable',
    'staffComments',
    'locationTag',
    'accountQr',
  ],
  Pasante: [
    'viewDay',
    'searchAccount',
    'userDetails',
    'reviewQr',
    'createWalkIn',
    'createSitIn',
    'createPhoneReservation',
    'waitlist',
    'seat',
    'readyToOrder',
    'requestBill',
    'updatePax',
    'updateTable',
    'staffComments',
    'locationTag',
    'accountQr',
  ],
  TPV: [
    'viewDay',
    'searchAccount',
    'userDetails',
    'reviewQr',
    'createWalkIn',
    'createSitIn',
    'createPhoneReservation',
    'waitlist',
    'seat',
    'readyToOrder',
    'requestBill',
    'updatePax',
    'updateTable',
    'staffComments',
    'locationTag',
    'accountQr',
    'close',
    'reactivate',
    'merge',
    'mergeInto',
  ],
};

describe('floor role × action matrix (SEC-02)', () => {
  it('has the six copilot views and admin as actors', () => {
    expect(FLOOR_ACTORS).toEqual([...COPILOT_VIEWS, 'admin']);
  });

  it('rules on every action of the transition table', () => {
    for (const action of RESERVATION_ACTIONS) expect(FLOOR_OPERATIONS).toContain(action);
  });

  const cells = FLOOR_ACTORS.flatMap((actor) =>
    FLOOR_OPERATIONS.map((operation) => [actor, operation] as const),
  );
  it.each(cells)('%s × %s', (actor, operation) => {
    expect(mayPerform(actor, operation)).toBe(EXPECTED[actor].includes(operation));
  });

  it('lists each actor operations in order', () => {
    for (const actor of FLOOR_ACTORS) expect(operationsOf(actor)).toEqual([...EXPECTED[actor]]);
  });

  it('keeps the audited actions away from interns and the kitchen', () => {
    for (const operation of AUDITED_FLOOR_OPERATIONS) {
      expect(mayPerform('Pasante', operation)).toBe(false);
      expect(mayPerform('Cocina', operation)).toBe(false);
      expect(mayPerform('admin', operation)).toBe(true);
    }
    expect(AUDITED_FLOOR_OPERATIONS).toEqual(['noShow', 'cancel', 'close', 'reactivate', 'merge']);
  });

  it('lets every view read the day', () => {
    for (const actor of FLOOR_ACTORS) expect(mayPerform(actor, 'viewDay')).toBe(true);
    expect(Object.keys(FLOOR_ROLE_MATRIX).sort()).toEqual([...FLOOR_OPERATIONS].sort());
  });
});
