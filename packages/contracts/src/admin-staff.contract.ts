import { z } from 'zod';
import { okSchema } from './envelope.ts';
import { idParamSchema } from './wire-input.ts';

/**
 * The admin area's staff section (/ebitdata/equipo, issue 22 item 5): members, their copilot roles (each
 * role carries its elaboration stations and notification types), invitations, disabling and password resets.
 */

export const adminStaffMemberSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  isAdmin: z.boolean(),
  copilotEnabled: z.boolean(),
  disabled: z.boolean(),
  /** True until the member has set a password of their own. */
  pending: z.boolean(),
  roleIds: z.array(z.number().int()),
});
export type AdminStaffMember = z.infer<typeof adminStaffMemberSchema>;

export const adminStaffRoleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  view: z.string(),
  elaborationStations: z.array(z.object({ id: z.number().int(), name: z.string() })),
  notificationTypes: z.array(z.string()),
});
export type AdminStaffRole = z.infer<typeof adminStaffRoleSchema>;

/** GET /world/api/admin/staff: the venue's members and the roles they may be given. */
export const adminStaffResponseSchema = okSchema({
  members: z.array(adminStaffMemberSchema),
  roles: z.array(adminStaffRoleSchema),
});
export type AdminStaffResponse = z.infer<typeof adminStaffResponseSchema>;

const roleIdsSchema = z.array(idParamSchema).max(20);

/** POST /world/api/admin/staff/invite. */
export const adminStaffInviteSchema = z.strictObject({
  name: z.string().trim().min(1).max(80),
  email: z.string().trim().toLowerCase().max(254).email(),
  roleIds: roleIdsSchema,
});
export type AdminStaffInvite = z.output<typeof adminStaffInviteSchema>;

/** POST /world/api/admin/staff/:id/roles: the whole set of roles the member may take. */
export const adminStaffRolesSchema = z.strictObject({ roleIds: roleIdsSchema });

/**
 * How a set-password capability reached the member: by email (`sent`), or as a code the admin reads out
 * from this one answer (`code`; it is never shown again).
 */
export const adminStaffCapabilitySchema = z.discriminatedUnion('delivery', [
  z.object({ delivery: z.literal('email') }),
  z.object({ delivery: z.literal('code'), code: z.string(), expiresAt: z.string() }),
]);
export type AdminStaffCapability = z.infer<typeof adminStaffCapabilitySchema>;

export const adminStaffMemberResponseSchema = okSchema({ member: adminStaffMemberSchema });
export const adminStaffCapabilityResponseSchema = okSchema({
  member: adminStaffMemberSchema,
  capability: adminStaffCapabilitySchema,
});
export type AdminStaffCapabilityResponse = z.infer<typeof adminStaffCapabilityResponseSchema>;

/** POST /world/api/user/set-password: the invitee's or reset member's code (or link's) and new password. */
export const setPasswordRequestSchema = z.strictObject({
  code: z.string().trim().min(8).max(100),
  password: z.string().max(200),
});
