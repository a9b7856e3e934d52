import type { CopilotRole, StaffUser } from '@sobremesa/contracts';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import { listUserRoles } from '../copilot-roles/copilot-roles.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { countLoginAttempt } from './login-throttle.ts';
import { sessionCacheOf } from './session-cache.ts';
import { announceRevoked, SESSION_REVOKED_CHANNEL } from './session-revocation.ts';
import { verifyPassword } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  findLiveSession,
  findUserByEmail,
  findUserById,
  insertSession,
  revokeSession,
  touchSession,
  updateUser,
  type UserRow,
} from './users.repository.ts';

/**
 * Staff accounts: a new one under SEC-03's password rules (venue:create, the demo seed), and what admin's
 * staff section changes of a member (an invitation, disabling, a new password).
 */
export {
  createInvitedAccount,
  createStaffAccount,
  replaceUserPassword,
  setUserDisabled,
  type InvitedAccount,
  type NewStaffAccount,
} from './staff-accounts.service.ts';
export { replaceUserRoles } from './user-roles.repository.ts';

/** A staff tablet stays signed in through a week of services; any session ends after 30 days. */
export const SESSION_IDLE_MS = 7 * 24 * 3600 * 1000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600 * 1000;
/** Sliding expiry is written at most once a minute per session, keeping writes off every request. */
const SESSION_TOUCH_INTERVAL_MS = 60 * 1000;

/** NOTIFY channel announcing revoked sessions, so every instance closes their sockets (SEC-05). */
export { SESSION_REVOKED_CHANNEL } from './session-revocation.ts';

/** The caller behind a valid bearer token. */
export interface StaffPrincipal {
  readonly sessionId: number;
  readonly userId: number;
  readonly venueId: number;
  readonly isAdmin: boolean;
  readonly copilotEnabled: boolean;
}

/** Loads the signed-in user as the spec's User (with copilot roles). */
export async function describeUser(ctx: AppContext, user: UserRow): Promise<StaffUser> {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    welKey: user.welKey,
    hostCode: user.hostCode,
    isAdmin: user.isAdmin,
    copilotRoles: await listUserRoles(ctx.db, user.venueId, user.id),
  };
}

/**
 * Signs a staff member in: throttled before the password is checked (login-throttle.ts), constant-time
 * on unknown accounts, and on success issues a new random token whose hash is stored. `requireCopilot` is the copilot login, refused for staff without
 * copilot access (403 with the spec's message).
 */
export async function login(
  ctx: AppContext,
  input: {
    venueId: number;
    email: string;
    password: string;
    ip: string;
    userAgent?: string;
    requireCopilot: boolean;
  },
): Promise<{ user: StaffUser; token: string; expiresAt: Date }> {
  const user = await findUserByEmail(ctx.db, input.venueId, input.email);
  const attempt = await countLoginAttempt(ctx, { ...input, userId: user?.id });
  const passwordMatches = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !passwordMatches || user.disabledAt) {
    throw new AppError(401, 'INVALID_CREDENTIALS', 'invalid_credentials');
  }
  await attempt.succeeded(user.id);
  if (input.requireCopilot && !user.copilotEnabled) throw forbidden('forbidden_copilot');

  const token = newToken();
  const now = ctx.clock.now();
  const expiresAt = new Date(now.getTime() + SESSION_IDLE_MS);
  await insertSession(ctx.db, {
    venueId: user.venueId,
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt,
    absoluteExpiresAt: new Date(now.getTime() + SESSION_ABSOLUTE_MS),
    lastUsedAt: now,
    userAgent: input.userAgent?.slice(0, 300) ?? null,
  });
  return { user: await describeUser(ctx, user), token, expiresAt };
}

/** Resolves a bearer token to its principal in this venue, sliding its expiry; undefined when not valid. */
export async function authenticate(
  ctx: AppContext,
  venueId: number,
  token: string,
): Promise<StaffPrincipal | undefined> {
  const now = ctx.clock.now();
  const tokenHash = hashToken(token);
  const sessions = sessionCacheOf(ctx.handle, SESSION_REVOKED_CHANNEL);
  let session = sessions.get(venueId, tokenHash);
  if (!session) {
    const found = await findLiveSession(ctx.db, venueId, tokenHash, now);
    if (!found) return undefined;
    session = {
      sessionId: found.session.id,
      userId: found.user.id,
      venueId: found.user.venueId,
      isAdmin: found.user.isAdmin,
      copilotEnabled: found.user.copilotEnabled,
      lastUsedAt: found.session.lastUsedAt,
      expiresAt: found.session.expiresAt,
      absoluteExpiresAt: found.session.absoluteExpiresAt,
    };
    sessions.set(tokenHash, session);
  } else if (
    session.expiresAt.getTime() <= now.getTime() ||
    session.absoluteExpiresAt.getTime() <= now.getTime()
  ) {
    sessions.forgetSession(session.sessionId);
    return undefined;
  }
  if (now.getTime() - session.lastUsedAt.getTime() > SESSION_TOUCH_INTERVAL_MS) {
    const slid = new Date(Math.min(now.getTime() + SESSION_IDLE_MS, session.absoluteExpiresAt.getTime()));
    await touchSession(ctx.db, session.sessionId, now, slid);
    session.lastUsedAt = now;
    session.expiresAt = slid;
  }
  return {
    sessionId: session.sessionId,
    userId: session.userId,
    venueId: session.venueId,
    isAdmin: session.isAdmin,
    copilotEnabled: session.copilotEnabled,
  };
}

/** Revokes the caller's session and tells every instance to close its sockets. */
export async function logout(ctx: AppContext, principal: StaffPrincipal): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    await revokeSession(tx, principal.sessionId, ctx.clock.now());
    await announceRevoked(tx, [principal.sessionId]);
  });
  forgetSessions(ctx, [principal.sessionId]);
}

/**
 * The caller's copilot roles, for the role their call is checked in (decision 054): kept with their session a
 * few seconds, so a tablet's burst of calls reads them once.
 */
export async function memberRoles(
  ctx: AppContext,
  principal: StaffPrincipal,
): Promise<readonly CopilotRole[]> {
  const sessions = sessionCacheOf(ctx.handle, SESSION_REVOKED_CHANNEL);
  const kept = sessions.rolesOf(principal.venueId, principal.userId);
  if (kept) return kept;
  const roles = await listUserRoles(ctx.db, principal.venueId, principal.userId);
  sessions.keepRoles(principal.venueId, principal.userId, roles);
  return roles;
}

/** Drops revoked sessions from this instance's cache at once (others hear the NOTIFY). */
export function forgetSessions(ctx: AppContext, sessionIds: readonly number[]): void {
  const sessions = sessionCacheOf(ctx.handle, SESSION_REVOKED_CHANNEL);
  for (const id of sessionIds) sessions.forgetSession(id);
}

/** Drops a member's sessions from this instance's cache (their access changed). */
export function forgetMember(ctx: AppContext, venueId: number, userId: number): void {
  sessionCacheOf(ctx.handle, SESSION_REVOKED_CHANNEL).forgetUser(venueId, userId);
}

export async function currentUser(ctx: AppContext, principal: StaffPrincipal): Promise<StaffUser> {
  const user = await findUserById(ctx.db, principal.venueId, principal.userId);
  if (!user) throw new AppError(401, 'UNAUTHENTICATED', 'unauthenticated');
  return describeUser(ctx, user);
}

/** Renames the caller; staff screens showing the name hear of it through the realtime log. */
export async function renameUser(
  ctx: AppContext,
  principal: StaffPrincipal,
  name: string,
): Promise<StaffUser> {
  await ctx.db.transaction(async (tx) => {
    await updateUser(tx, principal.venueId, principal.userId, { name });
    await appendEvent(tx, principal.venueId, 'staff.user.renamed', { userId: principal.userId, name });
  });
  return currentUser(ctx, principal);
}
