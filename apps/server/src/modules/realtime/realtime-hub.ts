import {
  CLOSE_CODES,
  clientHelloEnvelopeSchema,
  clientMessageSchema,
  REALTIME_PROTOCOL_VERSION,
  type ClientMessage,
  type ServerMessage,
} from '@sobremesa/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import type { AppContext } from '../../context.ts';
import { EVENTS_CHANNEL, latestSeq, parseNotifiedEvent } from './outbox.repository.ts';
import { VenueFeed, type FeedSubscriber } from './venue-feed.ts';
import { WriteBatch, type CorkableStream } from './write-batch.ts';

/** Browsers cannot see ws pings, so the app-level heartbeat goes at the same pace (client gives up at 40 s). */
const HEARTBEAT_INTERVAL_MS = 15_000;
/** Safety net under NOTIFY: a lost notification delays an event by at most this much. */
const POLL_INTERVAL_MS = 5_000;
const HELLO_TIMEOUT_MS = 5_000;
/** Further behind than this, replaying costs more than the client refetching its screens. */
const MAX_REPLAY_EVENTS = 1_000;
/**
 * A client that does not read its socket is dropped rather than buffered without bound; it resumes later.
 * Counted with the bytes its batch holds this tick (at most `MAX_HELD_BYTES`, 64 KB), so a slow socket is
 * closed at most that much sooner than without batching, and a socket that reads is never near it.
 */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long shutdown waits for closing handshakes before cutting the remaining sockets. */
const CLOSE_GRACE_MS = 1_000;

/** Standard close codes (RFC 6455 §7.4.1). */
const GOING_AWAY = 1001;
const INTERNAL_ERROR = 1011;
const TRY_AGAIN_LATER = 1013;

/** Who a socket belongs to, fixed at the handshake (SEC-07). */
interface SocketBinding {
  readonly sessionId: number;
  readonly userId: number;
  readonly roleId: number | undefined;
  /** Kept to re-check the session on every heartbeat (revoked, expired, user disabled). */
  readonly token: string;
}

type Phase = 'awaiting-hello' | 'authenticating' | 'live' | 'closed';

/** One staff socket: its handshake state, binding and stream position. */
class Connection implements FeedSubscriber {
  phase: Phase = 'awaiting-hello';
  binding: SocketBinding | undefined;
  lastSentSeq = 0;
  pumping = false;
  /** Cleared on each ws ping and set by the pong: a socket still cleared at the next beat is dead. */
  alive = true;
  private readonly events: WriteBatch;

  constructor(
    readonly socket: WebSocket,
    readonly venueId: number,
    stream: CorkableStream,
  ) {
    this.events = new WriteBatch(stream);
  }

  get closed(): boolean {
    return this.phase === 'closed';
  }

  get isOpen(): boolean {
    return this.phase !== 'closed' && this.socket.readyState === this.socket.OPEN;
  }

  send(message: ServerMessage): void {
    if (this.isOpen) this.socket.send(JSON.stringify(message));
  }

  deliver(seq: number, message: Buffer): boolean {
    if (!this.isOpen) return false;
    // A Buffer is sent as a binary frame unless told otherwise; the client reads text frames only.
    this.events.write(message.length, () => this.socket.send(message, { binary: false }));
    this.lastSentSeq = seq;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.close(TRY_AGAIN_LATER, 'too far behind');
      return false;
    }
    return true;
  }

  resync(seq: number): void {
    this.send({ type: 'resync', seq });
    this.lastSentSeq = seq;
  }

  /** Closes with a reason the client can act on; an `error` message first says why, for developer tools. */
  refuse(code: number, errorCode: string, message: string): void {
    this.send({ type: 'error', code: errorCode, message });
    this.close(code, message);
  }

  close(code: number, reason: string): void {
    if (this.phase === 'closed') return;
    this.phase = 'closed';
    if (this.socket.readyState === this.socket.OPEN || this.socket.readyState === this.socket.CONNECTING) {
      this.socket.close(code, reason);
    }
  }
}

/**
 * The realtime hub of one server instance (ARCHITECTURE §4): authenticates staff sockets, keeps one
 * outbox cursor per venue with sockets here, fed by NOTIFY (PostgreSQL across instances, in-process
 * on PGlite) and a slow poll, and drops dead peers and revoked sessions.
 */
/**
 * How the hub checks a staff token and role and hears of ended sessions: the users and copilot-roles
 * modules answer, handed in by app.ts, so realtime (which every module writes events through) depends on
 * no module.
 */
export interface StaffSessions {
  /** The NOTIFY channel a logout or a removed member's session id is announced on. */
  readonly revokedChannel: string;
  /** The session behind a token in this venue, sliding its expiry; undefined when not valid. */
  authenticate(
    venueId: number,
    token: string,
  ): Promise<{ sessionId: number; userId: number; copilotEnabled: boolean } | undefined>;
  /** Whether the staff member may act as the copilot role they said hello with. */
  holdsRole(venueId: number, userId: number, roleId: number): Promise<boolean>;
}

export class RealtimeHub {
  private readonly connections = new Set<Connection>();
  private readonly feeds = new Map<number, VenueFeed>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly unlisteners: (() => Promise<void>)[] = [];
  private closing = false;
  /** Set while sessions are re-checked; a slow database must not stack one round on another. */
  private revalidating = false;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly sessions: StaffSessions,
  ) {}

  /** Subscribes to the two channels and starts the heartbeat and poll timers. */
  async start(): Promise<void> {
    this.unlisteners.push(
      await this.ctx.handle.listen(EVENTS_CHANNEL, (payload) => this.onEventsNotified(payload)),
    );
    this.unlisteners.push(
      await this.ctx.handle.listen(this.sessions.revokedChannel, (payload) => this.onSessionRevoked(payload)),
    );
    // unref: the HTTP server keeps the process alive, these timers never should on their own.
    this.timers.push(
      setInterval(() => {
        this.heartbeat().catch((error: unknown) =>
          this.log.warn({ err: error }, 'realtime heartbeat failed'),
        );
      }, HEARTBEAT_INTERVAL_MS).unref(),
    );
    this.timers.push(setInterval(() => this.refreshAll(), POLL_INTERVAL_MS).unref());
  }

  /**
   * Takes a socket whose upgrade passed the venue and Origin checks; it must say `hello` first. `stream`
   * is the connection ws writes to (the upgrade request's socket): ws keeps its own reference private.
   */
  accept(socket: WebSocket, venueId: number, stream: CorkableStream): void {
    const connection = new Connection(socket, venueId, stream);
    if (this.closing) return connection.close(GOING_AWAY, 'server shutting down');
    this.connections.add(connection);
    const helloTimer = setTimeout(
      () => connection.refuse(CLOSE_CODES.helloTimeout, 'HELLO_TIMEOUT', 'hello expected'),
      HELLO_TIMEOUT_MS,
    );
    socket.on('pong', () => {
      connection.alive = true;
    });
    socket.on('message', (data, isBinary) => {
      if (connection.phase === 'awaiting-hello') clearTimeout(helloTimer);
      this.onMessage(connection, data, isBinary);
    });
    socket.on('close', () => {
      clearTimeout(helloTimer);
      connection.phase = 'closed';
      this.connections.delete(connection);
      const feed = this.feeds.get(venueId);
      if (!feed) return;
      feed.remove(connection);
      if (feed.size === 0) this.feeds.delete(venueId);
    });
  }

  private onMessage(connection: Connection, data: RawData, isBinary: boolean): void {
    if (connection.closed) return;
    if (isBinary) return connection.refuse(CLOSE_CODES.badMessage, 'BAD_MESSAGE', 'text frames only');
    let raw: unknown;
    try {
      raw = JSON.parse(String(data));
    } catch {
      return connection.refuse(CLOSE_CODES.badMessage, 'BAD_MESSAGE', 'not JSON');
    }
    if (connection.phase === 'awaiting-hello') {
      const envelope = clientHelloEnvelopeSchema.safeParse(raw);
      if (envelope.success && envelope.data.v !== REALTIME_PROTOCOL_VERSION) {
        connection.send({ type: 'incompatible', v: REALTIME_PROTOCOL_VERSION });
        return connection.close(CLOSE_CODES.incompatible, 'protocol version not supported');
      }
      // A hello without a token is a signed-out client, not a malformed one.
      if (envelope.success && (envelope.data.token === undefined || envelope.data.token === '')) {
        return connection.refuse(CLOSE_CODES.unauthenticated, 'UNAUTHENTICATED', 'token required');
      }
    }
    const parsed = clientMessageSchema.safeParse(raw);
    if (!parsed.success) {
      const fields = parsed.error.issues.map((issue) => issue.path.join('.') || issue.code).join(', ');
      return connection.refuse(
        CLOSE_CODES.badMessage,
        'BAD_MESSAGE',
        `invalid message: ${fields}`.slice(0, 120),
      );
    }
    const message = parsed.data;
    if (message.type === 'ping') {
      if (connection.phase === 'awaiting-hello') {
        return connection.refuse(CLOSE_CODES.badMessage, 'BAD_MESSAGE', 'hello must come first');
      }
      return connection.send({ type: 'pong' });
    }
    if (connection.phase !== 'awaiting-hello') {
      return connection.refuse(CLOSE_CODES.badMessage, 'BAD_MESSAGE', 'hello sent twice');
    }
    connection.phase = 'authenticating';
    this.handshake(connection, message).catch((error: unknown) => {
      this.log.error({ err: error }, 'realtime handshake failed');
      connection.close(INTERNAL_ERROR, 'internal error');
    });
  }

  /** Authenticates the hello, binds the socket, replies `welcome` and starts the stream (RT-02). */
  private async handshake(
    connection: Connection,
    hello: Extract<ClientMessage, { type: 'hello' }>,
  ): Promise<void> {
    const { venueId } = connection;
    // The token is looked up in this venue only: another venue's token is unknown here (SEC-01).
    const principal = await this.sessions.authenticate(venueId, hello.token);
    if (connection.closed) return;
    if (!principal)
      return connection.refuse(CLOSE_CODES.unauthenticated, 'UNAUTHENTICATED', 'unauthenticated');
    if (!principal.copilotEnabled)
      return connection.refuse(CLOSE_CODES.forbidden, 'FORBIDDEN', 'copilot access required');
    if (hello.roleId !== undefined) {
      const holds = await this.sessions.holdsRole(venueId, principal.userId, hello.roleId);
      if (connection.closed) return;
      if (!holds) {
        return connection.refuse(CLOSE_CODES.forbidden, 'FORBIDDEN', 'role not assigned to this user');
      }
    }
    const latest = await latestSeq(this.ctx.handle.realtimeDb, venueId);
    if (connection.closed) return;

    connection.binding = {
      sessionId: principal.sessionId,
      userId: principal.userId,
      roleId: hello.roleId,
      token: hello.token,
    };
    connection.send({ type: 'welcome', v: REALTIME_PROTOCOL_VERSION, seq: latest });
    const from = hello.lastSeq;
    if (from === undefined) {
      connection.lastSentSeq = latest;
    } else if (from > latest || latest - from > MAX_REPLAY_EVENTS) {
      connection.resync(latest);
    } else {
      // Replayed by the feed; an outbox that no longer holds `from + 1` turns into a resync there.
      connection.lastSentSeq = from;
    }
    connection.phase = 'live';

    let feed = this.feeds.get(venueId);
    if (!feed) {
      feed = new VenueFeed(this.ctx.handle.realtimeDb, venueId, latest, (error) =>
        this.log.warn({ err: error }, 'realtime feed read failed'),
      );
      this.feeds.set(venueId, feed);
    }
    feed.add(connection);
    // Events committed while this handshake ran may have been announced before the feed existed.
    void feed.refresh();
  }

  private onEventsNotified(payload: string): void {
    // An empty payload means the LISTEN link was re-established: anything may have been missed.
    if (payload === '') return this.refreshAll();
    const notified = parseNotifiedEvent(payload);
    if (!notified) return;
    const feed = this.feeds.get(notified.venueId);
    if (!feed || notified.seq <= feed.head) return;
    if (notified.event) feed.offer(notified.event);
    else void feed.refresh();
  }

  private refreshAll(): void {
    for (const feed of this.feeds.values()) void feed.refresh();
  }

  /** Closes a signed-out session's sockets at once, on whichever instance they are (SEC-05). */
  private onSessionRevoked(payload: string): void {
    if (payload === '') {
      void this.revalidateSessions();
      return;
    }
    const sessionId = Number(payload);
    for (const connection of this.connections) {
      if (connection.binding?.sessionId === sessionId) {
        connection.refuse(CLOSE_CODES.tokenRevoked, 'SESSION_ENDED', 'session ended');
      }
    }
  }

  /**
   * One heartbeat round, run by the timer (and by tests, which do not wait 15 s): terminates sockets
   * that did not answer the last ws ping, pings the others, sends the app-level heartbeat browsers can
   * see, and re-checks every bound session.
   */
  async heartbeat(): Promise<void> {
    for (const connection of this.connections) {
      if (!connection.alive) {
        connection.phase = 'closed';
        connection.socket.terminate();
        continue;
      }
      connection.alive = false;
      connection.socket.ping();
      if (connection.phase === 'live') connection.send({ type: 'heartbeat', seq: connection.lastSentSeq });
    }
    await this.revalidateSessions();
  }

  /** Closes the sockets whose session was revoked, expired or lost copilot access; one query per session. */
  private async revalidateSessions(): Promise<void> {
    if (this.revalidating) return;
    this.revalidating = true;
    try {
      await this.closeEndedSessions();
    } finally {
      this.revalidating = false;
    }
  }

  private async closeEndedSessions(): Promise<void> {
    const bySession = new Map<number, Connection[]>();
    for (const connection of this.connections) {
      if (connection.phase !== 'live' || !connection.binding) continue;
      const group = bySession.get(connection.binding.sessionId);
      if (group) group.push(connection);
      else bySession.set(connection.binding.sessionId, [connection]);
    }
    for (const group of bySession.values()) {
      const [first] = group as [Connection, ...Connection[]];
      let principal;
      try {
        principal = await this.sessions.authenticate(first.venueId, first.binding!.token);
      } catch (error) {
        // A database hiccup is not a revocation; logouts still arrive by NOTIFY.
        this.log.warn({ err: error }, 'realtime session check failed');
        continue;
      }
      if (principal?.copilotEnabled) continue;
      for (const connection of group)
        connection.refuse(CLOSE_CODES.tokenRevoked, 'SESSION_ENDED', 'session ended');
    }
  }

  /** Refuses new sockets and closes the open ones with 1001, cutting those that do not finish in time. */
  async closeAll(): Promise<void> {
    this.closing = true;
    const open = [...this.connections];
    const closed = open.map(
      (connection) =>
        new Promise<void>((resolve) => {
          if (connection.socket.readyState === connection.socket.CLOSED) return resolve();
          connection.socket.once('close', () => resolve());
          connection.close(GOING_AWAY, 'server shutting down');
        }),
    );
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.all(closed),
      new Promise<void>((resolve) => {
        grace = setTimeout(resolve, CLOSE_GRACE_MS);
      }),
    ]);
    clearTimeout(grace);
    for (const connection of open) connection.socket.terminate();
  }

  /** Stops the timers and the subscriptions; the database may close after this. */
  async stop(): Promise<void> {
    this.closing = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers.length = 0;
    await Promise.all(this.unlisteners.splice(0).map((unlisten) => unlisten()));
    this.feeds.clear();
  }
}
