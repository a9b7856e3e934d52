import type { Executor, Transaction } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { newPublicId } from '../../lib/tokens.ts';
import { announceRevoked } from './session-revocation.ts';
import { insertUserRoles } from './user-roles.repository.ts';
import { insertUser, revokeUserSessions, updateUser, type UserRow } from './users.repository.ts';

export interface NewStaffAccount {
  readonly venueId: number;
  readonly email: string;
  readonly name: string;
  readonly password: string;
  readonly isAdmin?: boolean;
  readonly copilotEnabled?: boolean;
  /** Copilot roles the account may take; the first is preselected unless `activeRoleId` says otherwise. */
  readonly roleIds?: readonly number[];
  readonly activeRoleId?: number;
  /** Only the demo seed sets this: its accounts may use the published demo password. */
  readonly demoSeed?: boolean;
}

const PASSWORD_MESSAGES: Record<'too_short' | 'too_long' | 'common', MessageKey> = {
  too_short: 'password_too_short',
  too_long: 'password_too_long',
  common: 'password_common',
};

/**
 * Creates a staff account with a SEC-03 password (hashed with argon2id exactly as typed: never trimmed)
 * and its copilot roles.
 */
export async function createStaffAccount(db: Executor, account: NewStaffAccount): Promise<UserRow> {
  const problem = passwordProblem(account.password, { demoSeed: account.demoSeed });
  if (problem) {
    throw new AppError(400, 'VALIDATION_FAILED', PASSWORD_MESSAGES[problem], {
      fields: [{ path: 'password', message: problem }],
    });
  }
  const user = await insertUser(db, {
    venueId: account.venueId,
    email: account.email.trim(),
    name: account.name.trim(),
    passwordHash: await hashPassword(account.password),
    isAdmin: account.isAdmin ?? false,
    copilotEnabled: account.copilotEnabled ?? true,
    welKey: newPublicId(),
    hostCode: newPublicId(6),
  });
  const roleIds = account.roleIds ?? [];
  await insertUserRoles(db, account.venueId, user.id, roleIds, account.activeRoleId ?? roleIds[0]);
  return user;
}

/** An account the admin invites: its password is one no one knows, until the member sets theirs. */
export interface InvitedAccount {
  readonly venueId: number;
  readonly email: string;
  readonly name: string;
  readonly passwordHash: string;
}

export function createInvitedAccount(tx: Transaction, account: InvitedAccount): Promise<UserRow> {
  return insertUser(tx, { ...account, welKey: newPublicId(), hostCode: newPublicId(6) });
}

/**
 * Disables or enables a member (a member disabled already keeps the date they were first disabled).
 * Disabling ends every session of theirs and tells every instance in the same commit (SEC-05); the caller
 * drops the member from this instance's session cache (`forgetMember`) once it committed.
 */
export async function setUserDisabled(
  tx: Transaction,
  venueId: number,
  user: Pick<UserRow, 'id' | 'disabledAt'>,
  disabled: boolean,
  now: Date,
): Promise<void> {
  await updateUser(tx, venueId, user.id, { disabledAt: disabled ? (user.disabledAt ?? now) : null });
  if (disabled) await announceRevoked(tx, await revokeUserSessions(tx, venueId, user.id, now));
}

/** A member's new password: every session they had ends, announced as {@link setUserDisabled} does. */
export async function replaceUserPassword(
  tx: Transaction,
  venueId: number,
  userId: number,
  passwordHash: string,
  now: Date,
): Promise<void> {
  await updateUser(tx, venueId, userId, { passwordHash });
  await announceRevoked(tx, await revokeUserSessions(tx, venueId, userId, now));
}
