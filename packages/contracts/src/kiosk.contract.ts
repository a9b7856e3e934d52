import { z } from 'zod';
import { okSchema } from './envelope.ts';
import { roleIdSchema } from './floor.contract.ts';
import { isoDateSchema, offsetDateTimeSchema } from './reservations.contract.ts';

/**
 * The kiosk at the door and its door log (issue 26, decision 034): a guest shows the QR of their booking
 * (or types its code), or walks in without one. Both calls need a copilot bearer token: the kiosk is a
 * staff-signed tablet (spec §6).
 */

/** Scan result codes (spec §4): 0 success, 1 no reservation, 2 reservation error, -1 error. */
export const KIOSK_SCAN_RESULTS = [0, 1, 2, -1] as const;
export type KioskScanResult = (typeof KIOSK_SCAN_RESULTS)[number];
export const kioskScanResultSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(-1)]);

/**
 * The door log / kiosk scan payload (spec §3): `code` (what the camera read or the guest typed: the
 * QR's link or the booking code), `agent` (the reading device), `type` 1, `text` (a note).
 */
export const kioskScanRequestSchema = z.strictObject({
  code: z.string().min(1).max(512),
  agent: z.string().max(120).optional(),
  type: z.literal(1).optional(),
  text: z.string().max(200).optional(),
  roleId: roleIdSchema.optional(),
});
export type KioskScanRequest = z.infer<typeof kioskScanRequestSchema>;

/** A table as the guest needs it to find it: its name and its room's. */
export const kioskTableSchema = z.object({ name: z.string(), roomName: z.string() });
export type KioskTable = z.infer<typeof kioskTableSchema>;

/**
 * POST /world/api/kiosk/register: `scanResult` says which of the four full-screen results to show:
 * 0 checked in (`tables` empty when none could be given: staff were told, `staffCalled`), 1 no reservation
 * today (cancelled, finished, expired), 2 a reservation of another day (`date`), -1 QR not recognised.
 */
export const kioskRegisterResponseSchema = okSchema({
  scanResult: kioskScanResultSchema,
  name: z.string().nullable(),
  pax: z.number().int().nullable(),
  /** The reservation's service date (yyyy-MM-dd), for a reservation of another day. */
  date: isoDateSchema.nullable(),
  tables: z.array(kioskTableSchema),
  staffCalled: z.boolean(),
});
export type KioskRegisterResponse = z.infer<typeof kioskRegisterResponseSchema>;

/** POST /world/api/kiosk/createwalkin: a party without a booking, by size and a first name. */
export const kioskWalkInRequestSchema = z.strictObject({
  name: z.string().max(40),
  pax: z.number().finite().min(-1000).max(1000),
  roleId: roleIdSchema.optional(),
});
export type KioskWalkInRequest = z.infer<typeof kioskWalkInRequestSchema>;

/** A table given now (`tables`), or none and staff called (`staffCalled`). */
export const kioskWalkInResponseSchema = okSchema({
  name: z.string(),
  pax: z.number().int(),
  tables: z.array(kioskTableSchema),
  staffCalled: z.boolean(),
});
export type KioskWalkInResponse = z.infer<typeof kioskWalkInResponseSchema>;

/** POST /world/doorlog/register: a door device records what it read (no check-in). */
export const doorLogRegisterResponseSchema = okSchema({ id: z.number().int() });

/**
 * POST /world/doorlog/history: the door log of a period (the last day by default). `welkhomeKey` names
 * the door device (its `agent`), `userId` the staff account the device was signed in with.
 */
export const doorLogHistoryRequestSchema = z.strictObject({
  welkhomeKey: z.string().max(120).optional(),
  dateFrom: offsetDateTimeSchema.optional(),
  dateTo: offsetDateTimeSchema.optional(),
  userId: z.number().int().positive().optional(),
  roleId: roleIdSchema.optional(),
});
export type DoorLogHistoryRequest = z.infer<typeof doorLogHistoryRequestSchema>;

export const doorLogEntrySchema = z.object({
  id: z.number().int(),
  /** What was read; a guest capability is never shown, only that it was one (`code` is then empty). */
  code: z.string(),
  agent: z.string(),
  type: z.number().int(),
  text: z.string(),
  result: kioskScanResultSchema.nullable(),
  userId: z.number().int().nullable(),
  reservation: z.object({ wid: z.string(), name: z.string(), pax: z.number().int() }).nullable(),
  createdDateTime: offsetDateTimeSchema,
});
export type DoorLogEntry = z.infer<typeof doorLogEntrySchema>;

export const doorLogHistoryResponseSchema = okSchema({
  dateFrom: offsetDateTimeSchema,
  dateTo: offsetDateTimeSchema,
  entries: z.array(doorLogEntrySchema),
});
export type DoorLogHistoryResponse = z.infer<typeof doorLogHistoryResponseSchema>;
