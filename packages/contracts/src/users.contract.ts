import { z } from 'zod';
import { okSchema } from './envelope.ts';
import { copilotRoleSchema } from './config.contract.ts';

/** POST /world/api/user/login and /logincopilot. */
export const loginRequestSchema = z.strictObject({
  userEmail: z.string().trim().min(3).max(254),
  password: z.string().min(1).max(1024),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** The signed-in staff member (spec §3 "User"); `token` only in login replies. */
export const staffUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  welKey: z.string(),
  hostCode: z.string(),
  isAdmin: z.boolean(),
  copilotRoles: z.array(copilotRoleSchema),
});
export type StaffUser = z.infer<typeof staffUserSchema>;

export const loginResponseSchema = okSchema({
  user: staffUserSchema.extend({ token: z.string() }),
  expiresAt: z.string(),
});
export const currentUserResponseSchema = okSchema({ user: staffUserSchema });

/** POST /world/api/user/update-user-name. */
export const updateUserNameRequestSchema = z.strictObject({ userName: z.string().trim().min(1).max(120) });
