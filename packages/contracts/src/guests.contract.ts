import { z } from 'zod';
import { LOCALES } from '@sobremesa/domain';
import { okSchema } from './envelope.ts';
import { phoneSchema } from './wire-input.ts';
import { capabilitySchema } from './reservations.contract.ts';

/**
 * Guest identity calls of spec §7 "Users". A guest never logs in: their `uid` is a capability minted
 * with a reservation (decision 006). Replies never reveal whether an email is known to the venue.
 */

/** The guest behind a `uid` (spec §3 "User": name, id, hostCode). */
export const guestUserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  locale: z.string().nullable(),
  /** The reservation this uid belongs to (its wid), and whether the guest is its host. */
  reservationWid: z.string().nullable(),
  isHost: z.boolean(),
  /** The allergens the guest declared (user/updateallergens), so their phone shows them again; user/find only. */
  allergensId: z.array(z.number().int()).optional(),
});
export type GuestUser = z.infer<typeof guestUserSchema>;

/** POST /world/api/user/find {uid}. */
export const findUserRequestSchema = z.strictObject({ uid: capabilitySchema });
export const findUserResponseSchema = okSchema({ user: guestUserSchema });

/**
 * POST /world/user/register: register through an invitation ("register via invitation", spec §6): the
 * reservation's `reservationWid` and its invitation code `hostCode` (the check-in code of its QR) let a
 * companion join with their own name and contact; the reply's `uid` is their own capability.
 */
export const registerUserRequestSchema = z.strictObject({
  reservationWid: z.string().min(1).max(64),
  hostCode: capabilitySchema,
  name: z.string().max(120).optional(),
  email: z.string().max(254).optional(),
  phone: phoneSchema.optional(),
  locale: z.enum(LOCALES).optional(),
  consent: z.boolean().optional(),
});
export const registerUserResponseSchema = okSchema({
  uid: z.string(),
  expiresAt: z.string(),
  user: guestUserSchema,
});

/**
 * POST /world/user/remindnumber {email, noMail}: emails the guest their upcoming reservations with fresh
 * links. The reply is the same whether or not the address has bookings (no enumeration); `noMail: true`
 * sends nothing (a dry run). When the venue sends no email (no SMTP) the reply says `emailStatus: 'disabled'`,
 * for every address alike.
 */
export const remindNumberRequestSchema = z.strictObject({
  email: z.string().max(254),
  noMail: z.union([z.boolean(), z.literal(0), z.literal(1)]).optional(),
});
/** `emailStatus: 'disabled'` when the venue sends no email; nothing else, whoever the address is. */
export const remindNumberResponseSchema = okSchema({ emailStatus: z.literal('disabled').optional() });
export type RemindNumberResponse = z.infer<typeof remindNumberResponseSchema>;

/** POST /world/api/user/sendpass {uid}: sends the reservation's confirmation (QR, calendar, link) again. */
export const sendPassRequestSchema = z.strictObject({ uid: capabilitySchema });
export const sendPassResponseSchema = okSchema({ emailStatus: z.enum(['sending', 'disabled', 'no_email']) });
