import { randomInt } from 'node:crypto';
import type {
  AdminStaffCapability,
  AdminStaffInvite,
  AdminStaffMember,
  AdminStaffResponse,
} from '@sobremesa/contracts';
import { DEFAULT_LOCALE, formatOffsetDateTime, isLocale } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit, asAdmin, type AuditActor } from '../../db/audit-log.ts';
import type { Transaction } from '../../db/database.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { escapeHtml } from '../../http/html.ts';
import { translate } from '../../i18n/messages.ts';
import type { MailLog } from '../../lib/mailer.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { hashPassword, passwordProblem } from '../../lib/passwords.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import {
  createInvitedAccount,
  forgetMember,
  replaceUserPassword,
  setUserDisabled,
  type StaffPrincipal,
  replaceUserRoles,
} from '../users/users.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  emailTaken,
  insertPasswordLink,
  listStaff,
  lockLivePasswordLink,
  lockStaff,
  pendingInvitees,
  roleAssignments,
  rolesWithStations,
  spendPasswordLink,
  venueRoleIds,
  voidPasswordLinks,
  type StaffRow,
} from './admin-staff.repository.ts';

/** How long an invitation or reset works: a member invited on Friday can still set it up on Monday. */
export const PASSWORD_LINK_TTL_MS = 72 * 3600 * 1000;
/** Staff screens refetch what they show of the team on this event. */
export const STAFF_UPDATED = 'staff.member.updated';
/** The code's alphabet: no 0/O or 1/I/L, so it can be read out and typed on another device. */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** 12 characters of 31: 59 bits, spent on first use, expiring, and the set-password call is rate limited. */
const CODE_LENGTH = 12;

function newCode(): string {
  return Array.from({ length: CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** Codes are typed by hand: case, spaces and dashes do not matter. */
export function normaliseCode(code: string): string {
  return code.toUpperCase().replace(/[\s-]/g, '');
}

function toMember(row: StaffRow, roleIds: number[], pending: boolean): AdminStaffMember {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    isAdmin: row.isAdmin,
    copilotEnabled: row.copilotEnabled,
    disabled: row.disabledAt !== null,
    pending,
    roleIds: [...roleIds].sort((a, b) => a - b),
  };
}

/** The staff section's page: every member with their roles, and the roles to choose from. */
export async function staffPage(ctx: AppContext, venue: Venue): Promise<Omit<AdminStaffResponse, 'result'>> {
  const [rows, assignments, roles, pending] = await Promise.all([
    listStaff(ctx.db, venue.id),
    roleAssignments(ctx.db, venue.id),
    rolesWithStations(ctx.db, venue.id),
    pendingInvitees(ctx.db, venue.id),
  ]);
  return {
    members: rows.map((row) =>
      toMember(
        row,
        assignments
          .filter((assignment) => assignment.userId === row.id)
          .map((assignment) => assignment.roleId),
        pending.has(row.id),
      ),
    ),
    roles,
  };
}

/** The audit row (SEC-11) of a change to a member, in the change's transaction. */
function auditMember(
  tx: Transaction,
  venueId: number,
  by: AuditActor,
  action: string,
  userId: number,
  change: { readonly before?: unknown; readonly after?: unknown } = {},
): Promise<void> {
  return appendAudit(tx, venueId, by, action, 'user', userId, change.before, change.after);
}

async function memberOf(ctx: AppContext, venue: Venue, userId: number): Promise<AdminStaffMember> {
  const page = await staffPage(ctx, venue);
  const member = page.members.find((candidate) => candidate.id === userId);
  if (!member) throw notFound();
  return member;
}

/**
 * A change to a member's access in one transaction, announced to staff screens; once it committed, the
 * member's sessions cached on this instance are dropped, so the change applies to their next call.
 */
async function changeMember(
  ctx: AppContext,
  venue: Venue,
  userId: number,
  change: (tx: Transaction) => Promise<void>,
): Promise<AdminStaffMember> {
  await ctx.db.transaction(async (tx) => {
    await change(tx);
    await appendEvent(tx, venue.id, STAFF_UPDATED, { userId });
  });
  forgetMember(ctx, venue.id, userId);
  return memberOf(ctx, venue, userId);
}

async function checkRoles(tx: Transaction, venueId: number, roleIds: readonly number[]): Promise<number[]> {
  const unique = [...new Set(roleIds)];
  const known = await venueRoleIds(tx, venueId, unique);
  const index = unique.findIndex((roleId) => !known.has(roleId));
  if (index >= 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'admin_staff_role_unknown', {
      fields: [{ path: `roleIds.${index}`, message: 'Not a role of this venue' }],
    });
  }
  return unique;
}

interface PendingCapability {
  readonly code: string;
  readonly expiresAt: Date;
}

/** A new capability for the member, voiding their earlier ones; only its hash is stored. */
async function issueCapability(
  ctx: AppContext,
  tx: Transaction,
  venueId: number,
  userId: number,
  purpose: 'invite' | 'reset',
): Promise<PendingCapability> {
  const now = ctx.clock.now();
  // A link is read by no one but the member, so it carries a full random token; a code is read out.
  const code = ctx.mailer.enabled ? newToken() : newCode();
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_TTL_MS);
  const voided = await voidPasswordLinks(tx, venueId, userId);
  // A reset of an invitation never used is still the invitation: the member has no password yet.
  const kind = voided.includes('invite') ? 'invite' : purpose;
  await insertPasswordLink(tx, { venueId, userId, codeHash: hashToken(code), purpose: kind, expiresAt });
  return { code, expiresAt };
}

/** Sends the link after the transaction committed, or hands the code back to be shown once. */
function deliver(
  ctx: AppContext,
  venue: Venue,
  member: { name: string; email: string },
  capability: PendingCapability,
  origin: string,
  log: MailLog,
): AdminStaffCapability {
  if (!ctx.mailer.enabled) {
    return {
      delivery: 'code',
      code: capability.code,
      expiresAt: formatOffsetDateTime(capability.expiresAt, venue.timeZone),
    };
  }
  const locale = isLocale(venue.defaultLocale) ? venue.defaultLocale : DEFAULT_LOCALE;
  const link = `${origin}/login?code=${encodeURIComponent(capability.code)}`;
  const params = {
    venue: venue.businessName,
    name: member.name,
    link,
    hours: PASSWORD_LINK_TTL_MS / 3600_000,
  };
  const text = translate('staff_password_email_body', locale, params);
  ctx.mailer.sendInBackground(
    {
      to: member.email,
      subject: translate('staff_password_email_subject', locale, params),
      text,
      html: `<p>${escapeHtml(text).replace(/\n/g, '<br>')}</p>`,
      language: locale,
    },
    log,
    { purpose: 'staff-password' },
  );
  return { delivery: 'email' };
}

/**
 * Invites a member (admin only): an account with no usable password, the chosen copilot roles, and a
 * set-password capability sent by email, or shown once as a code when the venue has no SMTP. Audited.
 */
export async function inviteMember(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  invite: AdminStaffInvite,
  origin: string,
  log: MailLog,
): Promise<{ member: AdminStaffMember; capability: AdminStaffCapability }> {
  // The unusable password is hashed outside the transaction: argon2 takes a while.
  const placeholder = await hashPassword(newToken());
  const { userId, capability } = await ctx.db.transaction(async (tx) => {
    const roleIds = await checkRoles(tx, venue.id, invite.roleIds);
    if (await emailTaken(tx, venue.id, invite.email)) {
      throw new AppError(409, 'CONFLICT', 'admin_staff_email_taken', {
        fields: [{ path: 'email', message: 'Already a member' }],
      });
    }
    const user = await createInvitedAccount(tx, {
      venueId: venue.id,
      email: invite.email,
      name: invite.name,
      passwordHash: placeholder,
    });
    await replaceUserRoles(tx, venue.id, user.id, roleIds);
    const issued = await issueCapability(ctx, tx, venue.id, user.id, 'invite');
    await auditMember(tx, venue.id, asAdmin(staff), 'staff.invite', user.id, {
      after: { name: invite.name, email: invite.email, roleIds },
    });
    await appendEvent(tx, venue.id, STAFF_UPDATED, { userId: user.id });
    return { userId: user.id, capability: issued };
  });
  const member = await memberOf(ctx, venue, userId);
  return { member, capability: deliver(ctx, venue, member, capability, origin, log) };
}

/** Sets the copilot roles a member may take (their stations and notification types come with them). */
export async function setMemberRoles(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  userId: number,
  roleIds: readonly number[],
): Promise<AdminStaffMember> {
  return changeMember(ctx, venue, userId, async (tx) => {
    if (!(await lockStaff(tx, venue.id, userId))) throw notFound();
    const checked = await checkRoles(tx, venue.id, roleIds);
    const before = (await roleAssignments(tx, venue.id))
      .filter((row) => row.userId === userId)
      .map((row) => row.roleId)
      .sort((a, b) => a - b);
    await replaceUserRoles(tx, venue.id, userId, checked);
    await auditMember(tx, venue.id, asAdmin(staff), 'staff.roles.update', userId, {
      before: { roleIds: before },
      after: { roleIds: [...checked].sort((a, b) => a - b) },
    });
  });
}

/**
 * Disables or enables a member. Disabling ends every session of theirs and tells every instance to close
 * their sockets in the same commit (SEC-05); an admin cannot disable themselves.
 */
export async function setMemberDisabled(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  userId: number,
  disabled: boolean,
): Promise<AdminStaffMember> {
  if (disabled && userId === staff.userId) {
    throw new AppError(409, 'CONFLICT', 'admin_staff_self', {
      fields: [{ path: 'id', message: 'Not your own account' }],
    });
  }
  return changeMember(ctx, venue, userId, async (tx) => {
    const row = await lockStaff(tx, venue.id, userId);
    if (!row) throw notFound();
    await setUserDisabled(tx, venue.id, row, disabled, ctx.clock.now());
    await auditMember(tx, venue.id, asAdmin(staff), disabled ? 'staff.disable' : 'staff.enable', userId, {
      before: { disabled: row.disabledAt !== null },
      after: { disabled },
    });
  });
}

/**
 * A password reset by the admin: a new capability by email or code. The current password keeps working
 * until the member sets a new one, so a mistaken reset locks no one out in the middle of a service.
 */
export async function resetMemberPassword(
  ctx: AppContext,
  venue: Venue,
  staff: StaffPrincipal,
  userId: number,
  origin: string,
  log: MailLog,
): Promise<{ member: AdminStaffMember; capability: AdminStaffCapability }> {
  const capability = await ctx.db.transaction(async (tx) => {
    if (!(await lockStaff(tx, venue.id, userId))) throw notFound();
    const issued = await issueCapability(ctx, tx, venue.id, userId, 'reset');
    await auditMember(tx, venue.id, asAdmin(staff), 'staff.password.reset', userId, {
      after: { delivery: ctx.mailer.enabled ? 'email' : 'code' },
    });
    return issued;
  });
  const member = await memberOf(ctx, venue, userId);
  return { member, capability: deliver(ctx, venue, member, capability, origin, log) };
}

const PASSWORD_MESSAGES = {
  too_short: 'password_too_short',
  too_long: 'password_too_long',
  common: 'password_common',
} as const;

/**
 * Spends a set-password capability: the member's new password (SEC-03 rules, common and demo passwords
 * refused) replaces the old one and every session they had ends. A disabled member's code does nothing.
 */
export async function setPasswordWithCode(
  ctx: AppContext,
  venue: Venue,
  input: { code: string; password: string },
): Promise<void> {
  const problem = passwordProblem(input.password);
  if (problem) {
    throw new AppError(400, 'VALIDATION_FAILED', PASSWORD_MESSAGES[problem], {
      fields: [{ path: 'password', message: problem }],
    });
  }
  const passwordHash = await hashPassword(input.password);
  const invalid = () =>
    new AppError(400, 'VALIDATION_FAILED', 'set_password_code_invalid', {
      fields: [{ path: 'code', message: 'Unknown, spent or expired' }],
    });
  const userId = await ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const candidates = [input.code.trim(), normaliseCode(input.code)];
    let link;
    for (const candidate of candidates) {
      link ??= await lockLivePasswordLink(tx, venue.id, hashToken(candidate), now);
    }
    if (!link) throw invalid();
    const member = await lockStaff(tx, venue.id, link.userId);
    if (!member || member.disabledAt) throw invalid();
    await spendPasswordLink(tx, link.id, now);
    await replaceUserPassword(tx, venue.id, member.id, passwordHash, now);
    await auditMember(
      tx,
      venue.id,
      { principal: { userId: member.id }, actor: 'staff' },
      link.purpose === 'invite' ? 'staff.password.set' : 'staff.password.reset.done',
      member.id,
    );
    await appendEvent(tx, venue.id, STAFF_UPDATED, { userId: member.id });
    return member.id;
  });
  forgetMember(ctx, venue.id, userId);
}
