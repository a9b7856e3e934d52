import {
  CLOSE_CODES,
  type ConnectionState,
  type RealtimeEvent,
  type ServerMessage,
} from '@sobremesa/contracts';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket as NodeWebSocket, WebSocketServer, type WebSocket as ServerSocket } from 'ws';
import { createRealtimeClient, REALTIME_CLIENT_TIMING, type RealtimeClient } from './realtime-client.ts';

/** One connection the real test server accepted, with the hello the client sent on it. */
interface Accepted {
  readonly socket: ServerSocket;
  readonly hello: Record<string, unknown>;
}

let server: WebSocketServer;
let url: string;
let accepted: Accepted[];
let connections: number;
let waiters: (() => void)[];
let client: RealtimeClient | undefined;

beforeEach(async () => {
  accepted = [];
  connections = 0;
  waiters = [];
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  url = `ws://127.0.0.1:${(server.address() as { port: number }).port}/world/ws`;
  server.on('connection', (socket) => {
    connections += 1;
    socket.once('message', (data) => {
      accepted.push({ socket, hello: JSON.parse(String(data)) as Record<string, unknown> });
      for (const wake of waiters.splice(0)) wake();
    });
  });
});

afterEach(async () => {
  client?.stop();
  client = undefined;
  for (const socket of server.clients) socket.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** Waits until the server has received the hello of connection number `count` (1-based). */
// Neither wait has a deadline of its own: on a busy machine only the test's timeout may end it.
async function helloNumber(count: number): Promise<Accepted> {
  while (accepted.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
  return accepted[count - 1]!;
}

async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}

function serverSend(socket: ServerSocket, message: ServerMessage): void {
  socket.send(JSON.stringify(message));
}

function event(seq: number): ServerMessage {
  return { type: 'event', seq, topic: 'test.event', payload: { seq }, at: '2026-11-20T12:00:00.000Z' };
}

/**
 * Real timers, shortened so a test runs in milliseconds: reconnect delays run after 5 ms, the
 * stable-connection timer after `stableAfterMs`, the silence timer after `silenceAfterMs`. Every
 * requested delay is recorded, so a test reads the backoff the client chose.
 */
function fastTimers(options: { silenceAfterMs?: number; stableAfterMs?: number } = {}) {
  const requested: number[] = [];
  return {
    requested,
    /** The reconnect delays asked for, in order. */
    retries: () =>
      requested.filter(
        (ms) => ms !== REALTIME_CLIENT_TIMING.silenceMs && ms !== REALTIME_CLIENT_TIMING.stableMs,
      ),
    setTimer(callback: () => void, ms: number): unknown {
      requested.push(ms);
      let actual = 5;
      if (ms === REALTIME_CLIENT_TIMING.silenceMs) actual = options.silenceAfterMs ?? ms;
      if (ms === REALTIME_CLIENT_TIMING.stableMs) actual = options.stableAfterMs ?? ms;
      return setTimeout(callback, actual);
    },
    clearTimer(handle: unknown): void {
      clearTimeout(handle as ReturnType<typeof setTimeout>);
    },
  };
}

function startClient(
  overrides: Partial<Parameters<typeof createRealtimeClient>[0]> = {},
  timers = fastTimers(),
) {
  const states: ConnectionState[] = [];
  const events: RealtimeEvent[] = [];
  const resyncs: number[] = [];
  client = createRealtimeClient({
    url,
    getToken: () => 'staff-token',
    onEvent: (received) => events.push(received),
    onResync: (seq) => resyncs.push(seq),
    onStateChange: (state) => states.push(state),
    WebSocketImpl: NodeWebSocket as unknown as typeof WebSocket,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    ...overrides,
  });
  client.start();
  return { client, states, events, resyncs, timers };
}

describe('realtime client', () => {
  it('says hello first, with its token, seq and role, and delivers each event once, in order', async () => {
    const { client, states, events, resyncs } = startClient({ initialSeq: 4, roleId: 7 });
    const { socket, hello } = await helloNumber(1);
    expect(hello).toEqual({ type: 'hello', v: 1, token: 'staff-token', lastSeq: 4, roleId: 7 });

    serverSend(socket, { type: 'welcome', v: 1, seq: 6 });
    for (const seq of [5, 5, 4, 6, 6]) serverSend(socket, event(seq));
    serverSend(socket, { type: 'heartbeat', seq: 6 });
    await until(() => events.length === 2 && client.state === 'connected');
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(events.map((received) => received.seq)).toEqual([5, 6]);
    expect(client.lastSeq).toBe(6);
    expect(resyncs).toEqual([]);
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('treats the first welcome as a resync when it knows no seq yet', async () => {
    const { client, events, resyncs } = startClient();
    const { socket, hello } = await helloNumber(1);
    expect(hello).toEqual({ type: 'hello', v: 1, token: 'staff-token' });

    serverSend(socket, { type: 'welcome', v: 1, seq: 9 });
    serverSend(socket, event(10));
    await until(() => events.length === 1);
    expect(resyncs).toEqual([9]);
    expect(client.lastSeq).toBe(10);
  });

  it('refetches on resync, continues from its seq, and resumes from it after a drop', async () => {
    const { events, resyncs } = startClient({ initialSeq: 3 });
    const first = await helloNumber(1);
    serverSend(first.socket, { type: 'welcome', v: 1, seq: 3 });
    serverSend(first.socket, { type: 'resync', seq: 20 });
    serverSend(first.socket, event(15));
    serverSend(first.socket, event(21));
    await until(() => events.length === 1);
    expect(resyncs).toEqual([20]);
    expect(events.map((received) => received.seq)).toEqual([21]);

    first.socket.close(1011);
    const second = await helloNumber(2);
    expect(second.hello).toMatchObject({ lastSeq: 21 });
  });

  it('goes back to connecting for one retry after a drop, and to error only when retrying fails', async () => {
    const { states } = startClient({ initialSeq: 0 });
    const first = await helloNumber(1);
    serverSend(first.socket, { type: 'welcome', v: 1, seq: 0 });
    await until(() => states.at(-1) === 'connected');

    first.socket.terminate();
    const second = await helloNumber(2);
    serverSend(second.socket, { type: 'welcome', v: 1, seq: 0 });
    await until(() => states.length === 4);
    expect(states).toEqual(['connecting', 'connected', 'connecting', 'connected']);

    // Now the server is down for a while: its next two attempts fail before any welcome.
    second.socket.close(1001);
    (await helloNumber(3)).socket.close(1011);
    (await helloNumber(4)).socket.close(1011);
    const fifth = await helloNumber(5);
    expect(states.slice(4)).toEqual(['connecting', 'error']);
    serverSend(fifth.socket, { type: 'welcome', v: 1, seq: 0 });
    await until(() => states.at(-1) === 'connected');
    expect(states).toEqual([
      'connecting',
      'connected',
      'connecting',
      'connected',
      'connecting',
      'error',
      'connected',
    ]);
  });

  it('backs off exponentially with full jitter, capped at 30 s', async () => {
    // The server accepts and at once drops every connection, as one restarting in a loop does.
    server.on('connection', (socket) => socket.close(1011));
    const randoms = [0.999, 0.5, 0.01, 0.75, 0.999, 0.999, 0.999, 0.999, 0.999, 0];
    let draw = 0;
    const { timers, states } = startClient({ random: () => randoms[draw++ % randoms.length]! });
    await until(() => timers.retries().length >= randoms.length);
    client!.stop();

    const bounds = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000, 30_000];
    const delays = timers.retries().slice(0, bounds.length);
    delays.forEach((delay, index) => {
      expect(delay).toBeGreaterThanOrEqual(0);
      expect(delay).toBeLessThan(bounds[index]!);
      expect(delay).toBe(Math.floor(randoms[index]! * bounds[index]!));
    });
    // It never connected, so it reported error once and stayed there while retrying.
    expect(states).toEqual(['connecting', 'error', 'idle']);
  });

  it('resets the backoff after a stable connection, but not after one that drops at once', async () => {
    const timers = fastTimers({ stableAfterMs: 30 });
    let stayUpMs = 0;
    server.on('connection', (socket) => {
      serverSend(socket, { type: 'welcome', v: 1, seq: 0 });
      setTimeout(() => socket.close(1011), stayUpMs);
    });
    startClient({ initialSeq: 0, random: () => 0.999 }, timers);
    await until(() => timers.retries().length >= 3);
    expect(timers.retries().slice(0, 3)).toEqual([499, 999, 1_998]);

    stayUpMs = 100;
    const before = timers.retries().length;
    await until(() => timers.retries().length >= before + 4);
    // Once connections hold past the stable time, every drop starts again from the base bound.
    expect(timers.retries().slice(-2)).toEqual([499, 499]);
  });

  it('treats 40 s without any message as a dead link and reconnects', async () => {
    const { states } = startClient({ initialSeq: 0 }, fastTimers({ silenceAfterMs: 60 }));
    const first = await helloNumber(1);
    serverSend(first.socket, { type: 'welcome', v: 1, seq: 0 });
    // The server keeps the TCP connection but never says anything again.
    const second = await helloNumber(2);
    expect(second.hello).toMatchObject({ type: 'hello', lastSeq: 0 });
    expect(states).toEqual(['connecting', 'connected', 'connecting']);
  });

  it.each([
    CLOSE_CODES.unauthenticated,
    CLOSE_CODES.forbidden,
    CLOSE_CODES.tokenRevoked,
    CLOSE_CODES.incompatible,
  ])('stops retrying after a %i close and reports error', async (code) => {
    let sessionEnded = 0;
    const { client, states } = startClient({ initialSeq: 0, onSessionEnded: () => (sessionEnded += 1) });
    const first = await helloNumber(1);
    serverSend(first.socket, { type: 'welcome', v: 1, seq: 0 });
    await until(() => client.state === 'connected');
    first.socket.close(code, 'refused');
    await until(() => client.state === 'error');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(connections).toBe(1);
    expect(states).toEqual(['connecting', 'connected', 'error']);
    // Only a session the server ended signs the screen out.
    expect(sessionEnded).toBe(code === CLOSE_CODES.tokenRevoked ? 1 : 0);

    // Signing in again starts it anew.
    client.start();
    await helloNumber(2);
  });

  it('does not connect without a token', async () => {
    const { client, states } = startClient({ getToken: () => null });
    expect(client.state).toBe('error');
    expect(states).toEqual(['connecting', 'error']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toBe(0);
  });

  it('closes its socket and stays idle after stop', async () => {
    const { client, states } = startClient({ initialSeq: 0 });
    const first = await helloNumber(1);
    const closed = new Promise<number>((resolve) => first.socket.once('close', (code) => resolve(code)));
    client.stop();
    expect(await closed).toBe(1005);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(connections).toBe(1);
    expect(client.state).toBe('idle');
    expect(states).toEqual(['connecting', 'idle']);
  });
});
