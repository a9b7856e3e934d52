import type { CopilotRole } from '@sobremesa/contracts';
import { storage } from '../../lib/storage.ts';
import { createCopilotStore, useStoreState, type CopilotState } from './copilot-store.ts';
import { pickRole } from './role-selection.ts';

/** The page's copilot store; the chosen role is kept as `selectedRole` (cookie and local storage, spec §3). */
export const copilotStore = createCopilotStore((roleId) => storage.set('selectedRole', String(roleId)));

/**
 * Puts the copilot in its starting role once the user's roles are known (spec §6). A role this page already
 * chose (coming back from another screen) stays, with the filters that went with it.
 */
export function startCopilotSession(roles: readonly CopilotRole[]): CopilotRole | undefined {
  const current = roles.find((role) => role.id === copilotStore.getState().roleId);
  if (current) return current;
  const role = pickRole(roles, storage.get('selectedRole'));
  if (role) copilotStore.selectRole(role.id);
  return role;
}

export function useCopilotState<T>(select: (state: CopilotState) => T): T {
  return useStoreState(copilotStore, select);
}
