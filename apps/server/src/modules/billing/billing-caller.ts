import { mayBill, type BillingActor, type BillingOperation } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../http/app-error.ts';
import { actingRole } from '../copilot-roles/copilot-roles.service.ts';
import type { StaffPrincipal } from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';

/**
 * Who acts on an account (SEC-02): the staff member, the view of their role, and the billing matrix.
 */

/** The staff member acting, the view of the role they act in, and that role's id. */
export interface BillingCaller {
  readonly principal: StaffPrincipal;
  readonly actor: BillingActor;
  readonly roleId: number | null;
}

/**
 * Resolves who acts and checks the billing matrix of the domain before anything is read: `roleId` must
 * be one of the user's roles (403 otherwise); without it their preselected role applies. An admin may do
 * everything; anyone else acts in their role's view; no role, nothing (fail closed).
 */
export async function billingCaller(
  ctx: AppContext,
  venue: Venue,
  principal: StaffPrincipal,
  roleId: number | undefined,
  operation: BillingOperation,
): Promise<BillingCaller> {
  const { role, view } = await actingRole(ctx.db, venue.id, principal.userId, roleId);
  const actor: BillingActor | undefined = principal.isAdmin ? 'admin' : view;
  if (!actor || !mayBill(actor, operation)) throw forbidden('forbidden_role');
  return { principal, actor, roleId: role?.id ?? null };
}
