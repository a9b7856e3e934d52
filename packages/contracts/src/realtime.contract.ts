import { z } from 'zod';

/**
 * The staff WebSocket protocol, versioned so an old tablet meets an explicit `incompatible` reply
 * rather than misreading messages. Clients authenticate in their first message, so the token never
 * travels in a URL (and so never in an access log).
 */
export const REALTIME_PROTOCOL_VERSION = 1;
export const REALTIME_PATH = '/world/ws';

export const clientHelloSchema = z.strictObject({
  type: z.literal('hello'),
  v: z.number().int(),
  token: z.string().min(1).max(512),
  /** Last sequence the client applied; omitted on a first connection. */
  lastSeq: z.number().int().min(0).optional(),
  roleId: z.number().int().optional(),
});
export const clientPingSchema = z.strictObject({ type: z.literal('ping') });
export const clientMessageSchema = z.discriminatedUnion('type', [clientHelloSchema, clientPingSchema]);
export type ClientMessage = z.infer<typeof clientMessageSchema>;

/**
 * What every version's hello has in common. The server reads it before the strict schema, so a hello
 * of another version (whose fields may differ) is answered `incompatible`, not refused as malformed.
 */
export const clientHelloEnvelopeSchema = z.looseObject({ type: z.literal('hello'), v: z.number().int() });

/**
 * One outbox event as streamed to staff screens, as the wire carries it. Its typed form, a union keyed
 * by topic, is `RealtimeEvent` (`realtime-events.contract.ts`).
 */
export const realtimeEventSchema = z.object({
  type: z.literal('event'),
  seq: z.number().int().positive(),
  topic: z.string(),
  payload: z.unknown(),
  at: z.string(),
});
export type RealtimeEventEnvelope = z.infer<typeof realtimeEventSchema>;

export const serverMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('welcome'), v: z.number().int(), seq: z.number().int().min(0) }),
  realtimeEventSchema,
  /** The client is too far behind (or ahead, after a restore): drop local state, refetch, continue from `seq`. */
  z.object({ type: z.literal('resync'), seq: z.number().int().min(0) }),
  z.object({ type: z.literal('pong') }),
  /** Sent every few seconds; `seq` is the last event sent on this socket. Browsers cannot see ws pings. */
  z.object({ type: z.literal('heartbeat'), seq: z.number().int().min(0) }),
  z.object({ type: z.literal('incompatible'), v: z.number().int() }),
  /** Says why the server is about to close the socket (for logs and developer tools). */
  z.object({ type: z.literal('error'), code: z.string(), message: z.string() }),
]);
export type ServerMessage = z.infer<typeof serverMessageSchema>;

/** Connection states the spec names for backend sync (spec §4). */
export const CONNECTION_STATES = ['idle', 'connecting', 'connected', 'error'] as const;
export type ConnectionState = (typeof CONNECTION_STATES)[number];

/** WebSocket close codes the server uses (4000-4999 are application codes). */
export const CLOSE_CODES = {
  unauthenticated: 4401,
  forbidden: 4403,
  badMessage: 4400,
  helloTimeout: 4408,
  tokenRevoked: 4409,
  /** After an `incompatible` reply: the client must be updated (reloaded) before it connects again. */
  incompatible: 4426,
} as const;

/** Closes after which reconnecting cannot help: the user must sign in again or the app must reload. */
export const TERMINAL_CLOSE_CODES: readonly number[] = [
  CLOSE_CODES.unauthenticated,
  CLOSE_CODES.forbidden,
  CLOSE_CODES.tokenRevoked,
  CLOSE_CODES.incompatible,
];
