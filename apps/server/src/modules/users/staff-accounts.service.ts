import type { Executor } from '../../db/database.ts';
import { userCopilotRoles } from '../../db/schema/index.ts';
import { AppError } from '../../http/app-error.ts';
import type { MessageKey } from '../../i18n/messages.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { newPublicId } from '../../lib/tokens.ts';
import { insertUser, type UserRow } from './users.repository.ts';

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
  if (roleIds.length > 0) {
    const activeRoleId = account.activeRoleId ?? roleIds[0];
    await db.insert(userCopilotRoles).values(
      roleIds.map((copilotRoleId) => ({
        venueId: account.venueId,
        userId: user.id,
        copilotRoleId,
        isActive: copilotRoleId === activeRoleId,
      })),
    );
  }
  return user;
}
