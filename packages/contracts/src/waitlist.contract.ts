import { z } from 'zod';
import { okSchema } from './envelope.ts';
import { floorPaxSchema, floorReservationSchema, roleIdSchema, tableIdsSchema } from './floor.contract.ts';
import { phoneSchema } from './wire-input.ts';

/**
 * The walk-in waitlist of the copilot (issue 18 item 9, decision 037): a party no table fits now waits
 * with a quoted wait; staff seat it when a table frees (on the tables they pick, or the best free one) or
 * take it off the list. Every change is a `waitlist.updated` realtime event.
 */
export const WAITLIST_STATUSES = ['waiting', 'seated', 'left', 'cancelled'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];

export const waitlistEntrySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  pax: z.number().int(),
  phone: z.string().nullable(),
  notes: z.string().nullable(),
  /** The wait told to the party when it was put on the list, in minutes (0: now). */
  quotedMinutes: z.number().int(),
  /**
   * The wait as the floor stands now for a waiting party, counting the parties ahead of it (0: a table
   * fits now); null once it is off the list, or when no table of the venue seats it.
   */
  estimatedMinutes: z.number().int().nullable(),
  status: z.enum(WAITLIST_STATUSES),
  reservationId: z.number().int().nullable(),
  /** When the party was put on the list, with its offset. */
  createdAt: z.string(),
});
export type WaitlistEntry = z.infer<typeof waitlistEntrySchema>;

/** POST /world/api/waitlist/add: puts a walk-in party on today's list and quotes its wait. */
export const addToWaitlistRequestSchema = z.strictObject({
  name: z.string().max(60),
  pax: floorPaxSchema,
  phone: phoneSchema.optional(),
  notes: z.string().max(500).optional(),
  roleId: roleIdSchema.optional(),
});
export type AddToWaitlistRequest = z.infer<typeof addToWaitlistRequestSchema>;

/** POST /world/api/waitlist/list: today's waiting parties, first come first. */
export const listWaitlistRequestSchema = z.strictObject({ roleId: roleIdSchema.optional() });

/**
 * POST /world/api/waitlist/seat: the party sits down now, on `tableIds` when staff chose them (any free
 * table, of any size), else on the best table free now; 409 "No se ha podido asignar mesa." when none can
 * be had or a chosen one was taken meanwhile, and 409 when the party is no longer waiting. Accepts
 * `Idempotency-Key`.
 */
export const seatFromWaitlistRequestSchema = z.strictObject({
  entryId: z.number().int().positive(),
  tableIds: tableIdsSchema.optional(),
  roleId: roleIdSchema.optional(),
});

/** POST /world/api/waitlist/remove: the party left on its own (`left`) or staff took it off (`cancelled`). */
export const removeFromWaitlistRequestSchema = z.strictObject({
  entryId: z.number().int().positive(),
  reason: z.enum(['left', 'cancelled']),
  roleId: roleIdSchema.optional(),
});

export const waitlistEntryResponseSchema = okSchema({ entry: waitlistEntrySchema });
export type WaitlistEntryResponse = z.infer<typeof waitlistEntryResponseSchema>;

export const waitlistResponseSchema = okSchema({
  serverTime: z.string(),
  entries: z.array(waitlistEntrySchema),
});
export type WaitlistResponse = z.infer<typeof waitlistResponseSchema>;

export const seatFromWaitlistResponseSchema = okSchema({
  entry: waitlistEntrySchema,
  reservation: floorReservationSchema,
});
