import type { CopilotRole } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { pickRole, viewOf } from './role-selection.ts';

function makeRole(overrides: Partial<CopilotRole> & { view?: string } = {}): CopilotRole {
  const { view = 'Sala', ...rest } = overrides;
  return {
    id: 1,
    name: view,
    active: 0,
    copilotView: { name: view },
    elaborationStations: [],
    notificationTypes: [],
    requirementProductCopilotRoles: [],
    ...rest,
  };
}

const sala = makeRole({ id: 1, view: 'Sala' });
const cocina = makeRole({ id: 2, view: 'Cocina', active: 1 });
const barra = makeRole({ id: 3, view: 'Barra' });

describe('role selection', () => {
  it('keeps the role stored in the selectedRole cookie', () => {
    expect(pickRole([sala, cocina, barra], '3')).toBe(barra);
  });

  it('preselects the active role without a stored choice, or when the stored role is gone', () => {
    expect(pickRole([sala, cocina, barra], null)).toBe(cocina);
    expect(pickRole([sala, cocina, barra], '99')).toBe(cocina);
  });

  it('falls back to the Sala role, then the first role', () => {
    expect(pickRole([barra, sala], null)).toBe(sala);
    expect(pickRole([barra], 'x')).toBe(barra);
    expect(pickRole([], '1')).toBeUndefined();
  });

  it('opens an unknown view as Sala', () => {
    expect(viewOf(makeRole({ view: 'Sumiller' }))).toBe('Sala');
    expect(viewOf(makeRole({ view: '1 en Sala' }))).toBe('1 en Sala');
  });
});
