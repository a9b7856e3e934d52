import { describe, expect, it } from 'vitest';
import { COPILOT_VIEWS } from '../copilot-views.ts';
import type { OrderingActor } from '../cart/ordering-roles.ts';
import {
  allowedLineOperations,
  KITCHEN_OPERATIONS,
  isPricedLine,
  lineAllows,
  mayActOnLine,
  mayUseKitchenOperation,
  mayWriteOff,
  WRITE_OFF_OPERATIONS,
  type KitchenOperation,
  type OperableLine,
} from './kitchen-roles.ts';

const ACTORS: readonly OrderingActor[] = ['admin', ...COPILOT_VIEWS];

/** The decided matrix (decision 010), written out: who may, and on which lines. */
const EXPECTED: Record<KitchenOperation, Partial<Record<OrderingActor, 'all' | 'comida' | 'bebida'>>> = {
  startPreparation: { admin: 'all', Cocina: 'comida', Barra: 'bebida', Pasante: 'comida' },
  finishPreparation: { admin: 'all', Cocina: 'comida', Barra: 'bebida', Pasante: 'comida' },
  addToHotTable: { admin: 'all', Cocina: 'comida', Pasante: 'comida' },
  removeFromHotTable: { admin: 'all', Cocina: 'comida', Pasante: 'comida' },
  serve: { admin: 'all', Sala: 'all', '1 en Sala': 'all', Pasante: 'comida', Barra: 'bebida' },
  reject: { admin: 'all', Sala: 'all', '1 en Sala': 'all', Cocina: 'comida', Barra: 'bebida' },
  cancel: { admin: 'all', Sala: 'all', '1 en Sala': 'all', TPV: 'all' },
  markAsLoss: {
    admin: 'all',
    Sala: 'all',
    '1 en Sala': 'all',
    Cocina: 'comida',
    Barra: 'bebida',
    Pasante: 'comida',
  },
  dispatchFireable: { admin: 'all', Sala: 'all', '1 en Sala': 'all', Cocina: 'all', Pasante: 'all' },
  updateDishClass: { admin: 'all', Sala: 'all', '1 en Sala': 'all', Cocina: 'comida', Pasante: 'comida' },
  completeMenu: { admin: 'all', Sala: 'all', '1 en Sala': 'all', Barra: 'all', TPV: 'all' },
  markAsPaid: { admin: 'all', Sala: 'all', '1 en Sala': 'all', Barra: 'all', TPV: 'all' },
  moveReservation: { admin: 'all', Sala: 'all', '1 en Sala': 'all', Barra: 'all', TPV: 'all' },
  toggleMenuIncluded: { admin: 'all', Sala: 'all', '1 en Sala': 'all', TPV: 'all' },
};

const cases = KITCHEN_OPERATIONS.flatMap((operation) =>
  ACTORS.flatMap((actor) =>
    (['comida', 'bebida'] as const).map((type) => {
      const scope = EXPECTED[operation][actor];
      return [operation, actor, type, scope === 'all' || scope === type] as const;
    }),
  ),
);

describe('role × action matrix (SEC-02)', () => {
  it.each(cases)('%s by %s on %s: %s', (operation, actor, type, expected) => {
    expect(mayActOnLine(actor, operation, type)).toBe(expected);
  });
  it('the kitchen never voids a guest order and the till never touches the stoves', () => {
    expect(mayUseKitchenOperation('Cocina', 'cancel')).toBe(false);
    expect(mayUseKitchenOperation('TPV', 'startPreparation')).toBe(false);
    expect(mayUseKitchenOperation('TPV', 'serve')).toBe(false);
  });
});

const line = (changes: Partial<OperableLine> = {}): OperableLine => ({
  status: 1,
  held: false,
  productType: 'comida',
  paid: false,
  isMenu: false,
  modifyDishClass: true,
  billRequested: false,
  ...changes,
});

describe('operations a line allows now', () => {
  it('the kitchen sees start, finish and loss-free actions on an accepted dish', () => {
    expect(allowedLineOperations('Cocina', line())).toEqual([
      'startPreparation',
      'finishPreparation',
      'reject',
      'updateDishClass',
    ]);
  });
  it('Sala can serve what is on the hot table, void it or write it off, but not cook it', () => {
    expect(allowedLineOperations('Sala', line({ status: 7 }))).toEqual([
      'serve',
      'cancel',
      'markAsLoss',
      'markAsPaid',
      'moveReservation',
      'toggleMenuIncluded',
    ]);
  });
  it('a held line can be fired, voided or moved to another course, not cooked', () => {
    const held = line({ held: true });
    expect(lineAllows(held, 'startPreparation')).toBe(false);
    expect(lineAllows(held, 'serve')).toBe(false);
    expect(lineAllows(held, 'dispatchFireable')).toBe(true);
    expect(lineAllows(held, 'cancel')).toBe(true);
    expect(lineAllows(line(), 'dispatchFireable')).toBe(false);
  });
  it('a dish class changes only before cooking and when the product allows it', () => {
    expect(lineAllows(line({ status: 2 }), 'updateDishClass')).toBe(false);
    expect(lineAllows(line({ modifyDishClass: false }), 'updateDishClass')).toBe(false);
    expect(lineAllows(line({ status: 0 }), 'updateDishClass')).toBe(true);
  });
  it('paid or voided lines cannot be paid, moved or re-priced again; only menus are completed', () => {
    for (const operation of ['markAsPaid', 'moveReservation', 'toggleMenuIncluded'] as const) {
      expect(lineAllows(line({ paid: true }), operation)).toBe(false);
      expect(lineAllows(line({ status: -1 }), operation)).toBe(false);
      expect(lineAllows(line({ status: 100 }), operation)).toBe(true);
    }
    expect(lineAllows(line(), 'completeMenu')).toBe(false);
    expect(lineAllows(line({ isMenu: true }), 'completeMenu')).toBe(true);
    // A menú del día itself is not covered by a menu: only its courses and other dishes are toggled.
    expect(lineAllows(line({ isMenu: true }), 'toggleMenuIncluded')).toBe(false);
  });
});

/** Decision 022: taking a priced line off the bill is a discount. */
const DISCOUNTERS: readonly OrderingActor[] = ['admin', 'Sala', '1 en Sala', 'TPV'];

describe('write-offs of a line the table counts on paying (SEC-02, decision 022)', () => {
  const priced = [
    ['served', line({ status: 100 })],
    ['paid', line({ status: 3, paid: true })],
    ['in a requested bill', line({ status: 1, billRequested: true })],
  ] as const;

  it.each(priced)('a line %s is priced', (_, pricedLine) => {
    expect(isPricedLine(pricedLine)).toBe(true);
  });

  const cases = priced.flatMap(([state, pricedLine]) =>
    WRITE_OFF_OPERATIONS.flatMap((operation) =>
      ACTORS.map((actor) => [operation, state, actor, pricedLine, DISCOUNTERS.includes(actor)] as const),
    ),
  );
  it.each(cases)('%s of a line %s by %s: %s', (operation, _, actor, pricedLine, expected) => {
    expect(mayWriteOff(actor, operation, pricedLine)).toBe(expected);
  });

  it('before it is priced, the line is not a discount: the kitchen may refuse or write off its own', () => {
    for (const actor of ACTORS)
      for (const operation of WRITE_OFF_OPERATIONS)
        expect(mayWriteOff(actor, operation, line({ status: 2 }))).toBe(true);
  });

  it('Pasante writes off a served dish no more; the kitchen refuses before cooking, not once billed', () => {
    expect(allowedLineOperations('Pasante', line({ status: 100 }))).not.toContain('markAsLoss');
    expect(allowedLineOperations('Pasante', line({ status: 3 }))).toContain('markAsLoss');
    expect(allowedLineOperations('Pasante', line({ status: 1 }))).not.toContain('reject');
    expect(allowedLineOperations('Cocina', line({ status: 1 }))).toContain('reject');
    expect(allowedLineOperations('Cocina', line({ status: 1, billRequested: true }))).not.toContain('reject');
    expect(allowedLineOperations('Cocina', line({ status: 2 }))).not.toContain('reject');
    expect(allowedLineOperations('Barra', line({ status: 100, productType: 'bebida' }))).not.toContain(
      'markAsLoss',
    );
    expect(allowedLineOperations('Sala', line({ status: 100 }))).toContain('markAsLoss');
  });
});
