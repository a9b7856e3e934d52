import type { CopilotRole } from '@sobremesa/contracts';
import {
  COPILOT_VIEWS,
  mayBill,
  mayOrder,
  mayPerform,
  mayUseKitchenOperation,
  NOTIFICATION_TYPES,
  receivedTypes,
  type BillingActor,
  type BillingOperation,
  type FloorActor,
  type FloorOperation,
  type KitchenOperation,
  type OrderingActor,
  type OrderingOperation,
} from '@sobremesa/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context.ts';
import { actingRole } from '../modules/copilot-roles/copilot-roles.service.ts';
import { memberRoles, type StaffPrincipal } from '../modules/users/users.service.ts';
import { AppError, forbidden } from './app-error.ts';
import { matchedNoRoute } from './route-access.ts';
import { parseInput } from './validation.ts';

/**
 * Which copilot roles may call a staff route (SEC-02, decision 063), declared next to `access` in the
 * route's config and checked here, once, with one refusal: 403 `forbidden_role`.
 *
 * A staff call acts in one role: the `roleId` of its body (its query for a GET), one of the caller's own
 * roles (403 `role_not_assigned` otherwise), else their preselected role. The domain's matrix of the
 * named area then says whether that role's view (or admin) may perform the operation:
 * - `floor` (decision 007), `ordering` (009), `kitchen` (010; `null`: any role with a view, the lines
 *   are checked one by one later), `billing` (012);
 * - `notifications` (011): any role, or an admin without one; the caller carries the types it reads;
 * - `fiscalRecords` (056): the admin, or the point of sale (`TPV`).
 */
export type RouteRoles =
  | RolesOf<'floor', FloorOperation | ((input: RoleInput) => FloorOperation)>
  | RolesOf<'ordering', OrderingOperation>
  | RolesOf<'kitchen', KitchenOperation | null>
  | RolesOf<'billing', BillingOperation>
  | RolesOf<'notifications', 'read'>
  | RolesOf<'fiscalRecords', 'read'>;

interface RolesOf<M extends string, O> {
  readonly matrix: M;
  readonly operation: O;
  /**
   * For a public route with a staff form (a guest call otherwise): the check applies only when this says
   * the request is the staff form.
   */
  readonly when?: (input: RoleInput) => boolean;
  /** `ignored`: the call acts in the caller's preselected role whatever `roleId` it carries. */
  readonly roleId?: 'ignored';
}

/** The body (or a GET's query) as received: what an operation or a `when` may look at before parsing. */
export type RoleInput = Readonly<Record<string, unknown>>;

/** Who acts on the floor: the staff member, the matrix column that applies and the role they act in. */
export interface FloorCaller {
  readonly principal: StaffPrincipal;
  readonly actor: FloorActor;
  /** The selected (or preselected) copilot role; null for an admin without roles. */
  readonly roleId: number | null;
}

/** Who orders: as on the floor, but an admin who chose a role with a view acts in that view. */
export interface OrderingCaller {
  readonly principal: StaffPrincipal;
  readonly actor: OrderingActor;
  readonly roleId: number | null;
}

/** Who works the kitchen and bar boards: an ordering caller and the role itself (its stations). */
export interface KitchenCaller extends OrderingCaller {
  readonly role: CopilotRole | undefined;
}

/** Who acts on an account. */
export interface BillingCaller {
  readonly principal: StaffPrincipal;
  readonly actor: BillingActor;
  readonly roleId: number | null;
}

/** Who reads notifications: the role whose types apply (null: an admin without roles sees every type). */
export interface NotificationReader {
  readonly principal: StaffPrincipal;
  readonly role: CopilotRole | null;
  readonly types: readonly string[];
}

interface Callers {
  floor: FloorCaller;
  ordering: OrderingCaller;
  kitchen: KitchenCaller;
  billing: BillingCaller;
  notifications: NotificationReader;
  fiscalRecords: { readonly principal: StaffPrincipal };
}

type Acting = { [M in keyof Callers]: { readonly matrix: M; readonly caller: Callers[M] } }[keyof Callers];

/** What the check found for a request: its caller, or the refusal the route answers once its input parsed. */
type RoleCheck = { readonly acting: Acting } | { readonly refusal: unknown };

declare module 'fastify' {
  interface FastifyContextConfig {
    roles?: RouteRoles;
  }
  interface FastifyRequest {
    roleCheck: RoleCheck | null;
    /** Set once the handler asked for its caller (`actingAs`). */
    roleCheckRead: boolean;
  }
}

/** Resolves the role a staff member acts in and checks it against the rule: the one place a role is refused. */
async function resolveActing(
  ctx: AppContext,
  principal: StaffPrincipal,
  roleId: number | undefined,
  rule: RouteRoles,
  input: RoleInput = {},
): Promise<Acting> {
  // The fiscal records never depended on the role an admin names (decision 056).
  if (rule.matrix === 'fiscalRecords' && principal.isAdmin)
    return { matrix: rule.matrix, caller: { principal } };
  const { role, view } = actingRole(await memberRoles(ctx, principal), roleId);
  const refused = forbidden('forbidden_role');
  const ownRoleId = role?.id ?? null;
  // An admin orders as admin unless they chose a role that opens a view.
  const orderingActor = principal.isAdmin && (roleId === undefined || !view) ? 'admin' : view;
  switch (rule.matrix) {
    case 'floor': {
      const actor = principal.isAdmin ? 'admin' : view;
      const operation = typeof rule.operation === 'function' ? rule.operation(input) : rule.operation;
      if (!actor || !mayPerform(actor, operation)) throw refused;
      return { matrix: rule.matrix, caller: { principal, actor, roleId: ownRoleId } };
    }
    case 'billing': {
      const actor = principal.isAdmin ? 'admin' : view;
      if (!actor || !mayBill(actor, rule.operation)) throw refused;
      return { matrix: rule.matrix, caller: { principal, actor, roleId: ownRoleId } };
    }
    case 'ordering':
      if (!orderingActor || !mayOrder(orderingActor, rule.operation)) throw refused;
      return { matrix: rule.matrix, caller: { principal, actor: orderingActor, roleId: ownRoleId } };
    case 'kitchen':
      if (!orderingActor) throw refused;
      if (rule.operation !== null && !mayUseKitchenOperation(orderingActor, rule.operation)) throw refused;
      return { matrix: rule.matrix, caller: { principal, actor: orderingActor, roleId: ownRoleId, role } };
    case 'notifications': {
      if (!role) {
        if (!principal.isAdmin) throw refused;
        return { matrix: rule.matrix, caller: { principal, role: null, types: NOTIFICATION_TYPES } };
      }
      const types = receivedTypes({
        view: view ?? 'Sala',
        notificationTypes: role.notificationTypes.map((type) => type.name),
      });
      return { matrix: rule.matrix, caller: { principal, role, types } };
    }
    case 'fiscalRecords':
      if (view !== 'TPV') throw refused;
      return { matrix: rule.matrix, caller: { principal } };
  }
}

/** A body's `roleId` as the contracts take it (null: none); a GET's query carries it as text. */
const bodyRoleId = z.object({ roleId: z.number().int().positive().nullable().optional() });
const queryRoleId = z.object({ roleId: z.coerce.number().int().positive().optional() });

/**
 * Checks the declared roles of the matched route after authentication (so after its access level), in
 * one read before the handler runs. The handler asks for its caller with `actingAs` once it has parsed
 * its input, so a request both malformed and refused still gets the 400 of its input, as every route
 * answered before the check moved here. A handler of a route that declares roles and never asks is a
 * defect: its reply is withheld (500), so the first test that calls it fails.
 */
export function registerRouteRoles(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('roleCheck', null);
  app.decorateRequest('roleCheckRead', false);
  app.addHook('preHandler', async (request) => {
    if (matchedNoRoute(request)) return;
    const rule = request.routeOptions.config.roles;
    if (!rule || !request.staff) return;
    // The input as received: a declared body has been parsed by now (decision 067).
    const source = request.method === 'GET' ? request.query : request.receivedBody;
    const input: RoleInput = typeof source === 'object' && source !== null ? (source as RoleInput) : {};
    if (rule.when && !rule.when(input)) return;
    try {
      const chosen =
        rule.roleId === 'ignored'
          ? undefined
          : (parseInput(request.method === 'GET' ? queryRoleId : bodyRoleId, { roleId: input.roleId })
              .roleId ?? undefined);
      request.roleCheck = {
        acting: await resolveActing(ctx, request.staff, chosen, rule, input),
      };
    } catch (error) {
      if (!(error instanceof AppError) || error.status >= 500) throw error;
      request.roleCheck = { refusal: error };
    }
  });
  app.addHook('onSend', async (request, reply) => {
    const rule = request.routeOptions.config.roles;
    if (!rule || request.roleCheckRead || request.roleCheck === null || reply.statusCode >= 400) return;
    throw new Error(
      `${request.method} ${request.routeOptions.url} declares roles but never asked for its caller`,
    );
  });
}

/**
 * The caller in their preselected role when `rule` admits them, else null: for a call that asks it as a
 * question rather than a gate (may whoever hands over an order paid online also invoice it?).
 */
export async function callerIfAdmitted<M extends keyof Callers>(
  ctx: AppContext,
  principal: StaffPrincipal,
  rule: RouteRoles & { readonly matrix: M },
): Promise<Callers[M] | null> {
  try {
    return (await resolveActing(ctx, principal, undefined, rule)).caller as Callers[M];
  } catch (error) {
    if (error instanceof AppError && error.status === 403) return null;
    throw error;
  }
}

/**
 * The caller the route's declared roles let through, asked once the handler has parsed its input: the
 * role's refusal (403) or a `roleId` no contract takes (400) is thrown here. Without a check for the route
 * (it declared other roles, or none), 403.
 */
export function actingAs<M extends keyof Callers>(request: FastifyRequest, matrix: M): Callers[M] {
  request.roleCheckRead = true;
  const check = request.roleCheck;
  if (check && 'refusal' in check) throw check.refusal;
  if (!check || check.acting.matrix !== matrix) throw forbidden('forbidden_role');
  return check.acting.caller as Callers[M];
}

/** The options of a copilot route open to the roles `roles` admits: `app.post(path, copilotAs(...), handler)`. */
export function copilotAs(roles: RouteRoles): { config: { access: 'copilot'; roles: RouteRoles } } {
  return { config: { access: 'copilot', roles } };
}

/** A route's declared roles as the API reference shows them: who the same rule admits (decision 067). */
export interface RolesDescription {
  readonly matrix: RouteRoles['matrix'];
  /** The matrix's operation; absent when the body decides it (a walk-in seated at once or not). */
  readonly operation?: string;
  /** The copilot views, and `admin`, the rule admits; absent when it depends on the body. */
  readonly admits?: readonly string[];
  /** The check applies only to the call's staff form (a guest call otherwise). */
  readonly staffFormOnly: boolean;
  /** The call acts in the caller's preselected role whatever `roleId` it carries. */
  readonly roleIdIgnored: boolean;
}

const ACTORS = [...COPILOT_VIEWS, 'admin'] as const;

/** Who `rule` admits, read from the same domain matrices the check asks. */
export function describeRoles(rule: RouteRoles): RolesDescription {
  const base = {
    matrix: rule.matrix,
    staffFormOnly: rule.when !== undefined,
    roleIdIgnored: rule.roleId === 'ignored',
  };
  switch (rule.matrix) {
    case 'floor': {
      const operation = rule.operation;
      if (typeof operation === 'function') return base;
      return { ...base, operation, admits: ACTORS.filter((actor) => mayPerform(actor, operation)) };
    }
    case 'billing': {
      const operation = rule.operation;
      return { ...base, operation, admits: ACTORS.filter((actor) => mayBill(actor, operation)) };
    }
    case 'ordering': {
      const operation = rule.operation;
      return { ...base, operation, admits: ACTORS.filter((actor) => mayOrder(actor, operation)) };
    }
    case 'kitchen': {
      const operation = rule.operation;
      if (operation === null) return { ...base, admits: ACTORS };
      return {
        ...base,
        operation,
        admits: ACTORS.filter((actor) => mayUseKitchenOperation(actor, operation)),
      };
    }
    case 'notifications':
      return { ...base, operation: rule.operation, admits: ACTORS };
    case 'fiscalRecords':
      return { ...base, operation: rule.operation, admits: ['TPV', 'admin'] };
  }
}
