import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { fieldProblem, type Failure } from './floor-failure.ts';
import { nextTableName } from './table-names.ts';

const t = ((key: string) => `t:${key}`) as unknown as TFunction<'admin'>;

describe('nextTableName', () => {
  it('takes the number after the count, skipping numbers in use', () => {
    expect(nextTableName([{ name: '1' }, { name: '2' }])).toBe('3');
    expect(nextTableName([{ name: '1' }, { name: '3' }])).toBe('4');
    expect(nextTableName([{ name: 'Barra' }, { name: ' 3 ' }])).toBe('4');
    expect(nextTableName([])).toBe('1');
  });
});

describe('fieldProblem', () => {
  const invalid: Failure = {
    status: 400,
    message: 'Revisa los datos',
    fields: [{ path: 'maxPax', message: 'No puede ser menor que el mínimo' }],
  };
  const taken: Failure = {
    status: 409,
    message: 'Ya hay una mesa con ese nombre.',
    fields: [{ path: 'name', message: 'Already used' }],
  };

  it("shows this screen's rule, in the admin's language, at a malformed field", () => {
    expect(fieldProblem(invalid, 'maxPax', t)).toBe('t:floorPlan.invalid.maxPax');
  });

  it("shows the server's localised message at a field in conflict", () => {
    expect(fieldProblem(taken, 'name', t)).toBe('Ya hay una mesa con ese nombre.');
  });

  it('shows nothing at a field the server did not name', () => {
    expect(fieldProblem(taken, 'maxPax', t)).toBeNull();
    expect(fieldProblem(null, 'name', t)).toBeNull();
  });
});
