import type { CopilotRole } from '@sobremesa/contracts';
import { FALLBACK_COPILOT_VIEW, isCopilotView, type CopilotView } from '@sobremesa/domain';

/** The view a role opens; a view this app does not know falls back to Sala (spec §4). */
export function viewOf(role: CopilotRole): CopilotView {
  const name = role.copilotView.name;
  return isCopilotView(name) ? name : FALLBACK_COPILOT_VIEW;
}

/**
 * The role the copilot starts in (spec §6): the one kept in the `selectedRole` cookie if the user still
 * has it, else the one marked active, else the Sala one, else the first. Undefined only without roles.
 */
export function pickRole(
  roles: readonly CopilotRole[],
  storedRoleId: string | null,
): CopilotRole | undefined {
  return (
    roles.find((role) => String(role.id) === storedRoleId) ??
    roles.find((role) => role.active === 1) ??
    roles.find((role) => viewOf(role) === FALLBACK_COPILOT_VIEW) ??
    roles[0]
  );
}
