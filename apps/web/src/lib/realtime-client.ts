import {
  CLOSE_CODES,
  REALTIME_PROTOCOL_VERSION,
  serverMessageSchema,
  TERMINAL_CLOSE_CODES,
  type ClientMessage,
  type ConnectionState,
  type RealtimeEvent,
} from '@sobremesa/contracts';

/** Timing of the client; exported so tests can tell its timers apart. */
export const REALTIME_CLIENT_TIMING = {
  /** First reconnect delay bound; it doubles per failed attempt (full jitter: a random delay below it). */
  baseDelayMs: 500,
  maxDelayMs: 30_000,
  /** The server sends a heartbeat every 15 s: this long without any message means the link is dead. */
  silenceMs: 40_000,
  /** A connection that stayed up this long resets the backoff; a flapping one keeps backing off. */
  stableMs: 10_000,
} as const;

export interface RealtimeClientOptions {
  /** The WebSocket address (systemconfig's `websocket_url`). */
  readonly url: string;
  /** The current staff token; null when signed out (the client then stops with `error`). */
  readonly getToken: () => string | null;
  readonly roleId?: number;
  /** The seq the caller's data is current to; without it the first `welcome` counts as a resync. */
  readonly initialSeq?: number;
  /** Each event once, in seq order. */
  onEvent(event: RealtimeEvent): void;
  /** Local state is stale: refetch it; events continue after `seq`. */
  onResync(seq: number): void;
  onStateChange(state: ConnectionState): void;
  /** The server ended the session (revoked, expired or the member disabled: SEC-05). */
  onSessionEnded?(): void;
  readonly WebSocketImpl?: typeof WebSocket;
  readonly random?: () => number;
  readonly setTimer?: (callback: () => void, ms: number) => unknown;
  readonly clearTimer?: (handle: unknown) => void;
}

export interface RealtimeClient {
  start(): void;
  stop(): void;
  readonly state: ConnectionState;
  /** The last seq delivered (0 before any is known). */
  readonly lastSeq: number;
}

/**
 * The staff screens' link to the realtime stream (ARCHITECTURE §4), framework-free so it is tested
 * against a real socket. It authenticates in its first message, resumes from its last seq, delivers
 * each event once and in order, and reconnects with exponential backoff and full jitter.
 *
 * States: `idle` until started and after `stop`; `connecting` while a connection is being made;
 * `connected` once the server welcomed it; `error` when the link is really lost: a reconnect failed,
 * the first connection failed, or the server refused the session (then it stops retrying). A single
 * drop goes back to `connecting` for one immediate retry, so a server restart does not flash the
 * reconnect modal.
 */
export function createRealtimeClient(options: RealtimeClientOptions): RealtimeClient {
  const SocketImpl = options.WebSocketImpl ?? WebSocket;
  const random = options.random ?? Math.random;
  const setTimer = options.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const clearTimer =
    options.clearTimer ?? ((handle: unknown) => clearTimeout(handle as ReturnType<typeof setTimeout>));

  let state: ConnectionState = 'idle';
  let lastSeq: number | undefined = options.initialSeq;
  let running = false;
  let socket: WebSocket | undefined;
  let welcomed = false;
  /** Failed attempts since the last stable connection; sets the backoff bound. */
  let attempt = 0;
  let retryTimer: unknown;
  let silenceTimer: unknown;
  let stableTimer: unknown;

  function setState(next: ConnectionState): void {
    if (state === next) return;
    state = next;
    options.onStateChange(next);
  }

  function clearTimers(): void {
    for (const timer of [retryTimer, silenceTimer, stableTimer]) if (timer !== undefined) clearTimer(timer);
    retryTimer = silenceTimer = stableTimer = undefined;
  }

  function armSilenceTimer(): void {
    if (silenceTimer !== undefined) clearTimer(silenceTimer);
    silenceTimer = setTimer(() => {
      silenceTimer = undefined;
      // A half-open TCP link may never report its end: drop it without waiting for a closing handshake.
      dropSocket();
      linkLost();
    }, REALTIME_CLIENT_TIMING.silenceMs);
  }

  /** Detaches the current socket so nothing it still reports reaches this client, and closes it. */
  function dropSocket(): void {
    const current = socket;
    socket = undefined;
    if (!current) return;
    current.onopen = current.onmessage = current.onclose = current.onerror = null;
    if (current.readyState === current.CONNECTING || current.readyState === current.OPEN) current.close();
  }

  function send(message: ClientMessage): void {
    socket?.send(JSON.stringify(message));
  }

  function connect(): void {
    retryTimer = undefined;
    const token = options.getToken();
    if (!token) return giveUp();
    welcomed = false;
    const current = new SocketImpl(options.url);
    socket = current;
    armSilenceTimer();
    current.onopen = () => {
      send({
        type: 'hello',
        v: REALTIME_PROTOCOL_VERSION,
        token,
        ...(lastSeq === undefined ? {} : { lastSeq }),
        ...(options.roleId === undefined ? {} : { roleId: options.roleId }),
      });
    };
    current.onmessage = (message: MessageEvent) => {
      armSilenceTimer();
      if (typeof message.data === 'string') receive(message.data);
    };
    current.onclose = (close: CloseEvent) => {
      socket = undefined;
      if (TERMINAL_CLOSE_CODES.includes(close.code)) {
        giveUp();
        if (close.code === CLOSE_CODES.tokenRevoked) options.onSessionEnded?.();
        return;
      }
      linkLost();
    };
  }

  function receive(data: string): void {
    let raw: unknown;
    try {
      raw = JSON.parse(data);
    } catch {
      return;
    }
    // A message this version does not know is skipped; the protocol version guards real breaks.
    const parsed = serverMessageSchema.safeParse(raw);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'welcome':
        welcomed = true;
        setState('connected');
        stableTimer = setTimer(() => {
          stableTimer = undefined;
          attempt = 0;
        }, REALTIME_CLIENT_TIMING.stableMs);
        // Without a known seq the caller's data may predate this point: treat it as a resync.
        if (lastSeq === undefined) {
          lastSeq = message.seq;
          options.onResync(message.seq);
        }
        return;
      case 'event':
        // The server sends each seq once per socket; a reconnect may overlap what was already applied.
        if (lastSeq !== undefined && message.seq <= lastSeq) return;
        lastSeq = message.seq;
        // The envelope is checked here; its payload is what the server's typed `appendEvent` wrote for
        // its topic (decision 063), so the union keyed by topic describes it.
        options.onEvent(message as RealtimeEvent);
        return;
      case 'resync':
        lastSeq = message.seq;
        options.onResync(message.seq);
        return;
      case 'heartbeat':
      case 'pong':
      case 'incompatible':
      case 'error':
        // heartbeat and pong only prove the link is alive; incompatible and error precede a close.
        return;
    }
  }

  /** The socket ended or went silent: retry, once at once after a working link, then with backoff. */
  function linkLost(): void {
    clearTimers();
    if (!running) return;
    setState(welcomed ? 'connecting' : 'error');
    const bound = Math.min(
      REALTIME_CLIENT_TIMING.maxDelayMs,
      REALTIME_CLIENT_TIMING.baseDelayMs * 2 ** attempt,
    );
    attempt += 1;
    retryTimer = setTimer(connect, Math.floor(random() * bound));
  }

  /** Signed out, session ended or client too old: retrying cannot help. */
  function giveUp(): void {
    clearTimers();
    dropSocket();
    running = false;
    setState('error');
  }

  return {
    start() {
      if (running) return;
      running = true;
      attempt = 0;
      setState('connecting');
      connect();
    },
    stop() {
      running = false;
      clearTimers();
      dropSocket();
      setState('idle');
    },
    get state() {
      return state;
    },
    get lastSeq() {
      return lastSeq ?? 0;
    },
  };
}
