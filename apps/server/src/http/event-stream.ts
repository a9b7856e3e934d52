import type { EventEmitter } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from './app-error.ts';

/** How often an open Server-Sent Events stream gets a comment, so proxies and phones keep it open. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;

/**
 * What one address may hold open on one instance, and for how long (decision 021). A stream whose peer
 * stops reading stops taking its heartbeats: when nothing more reached the socket in a whole `idleMs`, it is
 * cut. Every stream
 * also ends after `maxLifetimeMs`; browsers' EventSource reconnects on its own 2 s later, so a guest never
 * notices, but no address keeps a socket forever.
 */
export interface StreamLimits {
  readonly maxPerAddress: number;
  readonly idleMs: number;
  readonly maxLifetimeMs: number;
}

const DEFAULT_STREAM_LIMITS: Omit<StreamLimits, 'maxPerAddress'> = {
  idleMs: 3 * EVENT_STREAM_HEARTBEAT_MS,
  maxLifetimeMs: 30 * 60_000,
};

/** An endpoint's limits: its own share per address, the common timeouts, and any override of the settings. */
export function streamLimits(maxPerAddress: number, overrides: Partial<StreamLimits> = {}): StreamLimits {
  return { maxPerAddress, ...DEFAULT_STREAM_LIMITS, ...overrides };
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route streams (SSE or WebSocket): the route-table sweep reads only its headers. */
    stream?: boolean;
  }
}

/**
 * Counts the streams each address holds open on one endpoint. A stream is counted from the moment it is
 * admitted until its socket or response closes, whatever happens in between, so a failure after admission
 * cannot leave an uncounted socket behind.
 */
export class StreamGate {
  private readonly open = new Map<string, number>();

  constructor(readonly limits: StreamLimits) {}

  /** Streams `address` holds open now. */
  countFrom(address: string): number {
    return this.open.get(address) ?? 0;
  }

  /**
   * Admits one more stream of `address`, released when `until` emits close; a 429 with Retry-After when the
   * address already holds its share. Synchronous from check to count, so parallel requests cannot overshoot.
   */
  admit(address: string, until: EventEmitter): void {
    const count = this.countFrom(address);
    if (count >= this.limits.maxPerAddress) {
      throw new AppError(429, 'RATE_LIMITED', 'rate_limited', {
        params: { seconds: 30 },
        headers: { 'retry-after': '30' },
      });
    }
    this.open.set(address, count + 1);
    until.once('close', () => {
      const left = this.countFrom(address) - 1;
      if (left > 0) this.open.set(address, left);
      else this.open.delete(address);
    });
  }
}

/** One Server-Sent Events message. */
export function eventText(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/**
 * Starts a Server-Sent Events reply on a response whose headers are not sent yet (the guest live channels:
 * booking availability, menu changes). The browser reconnects 2 s after a drop; `ready` carries `data`.
 */
export function startEventStream(response: ServerResponse, ready: unknown): void {
  response.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    connection: 'keep-alive',
    // Nginx and similar proxies would otherwise buffer the stream.
    'x-accel-buffering': 'no',
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  response.write(`retry: 2000\n\n${eventText('ready', ready)}`);
}

/**
 * The one way a route hands its reply over to a stream (lint forbids `reply.hijack` elsewhere): everything
 * that can refuse (input, venue, the address's share) runs before, as ordinary 4xx replies; after the
 * hijack nothing throws, since a failure there could no longer be answered and would leave the socket
 * open. `open` registers the response with the endpoint's subscribers.
 */
export function hijackForEventStream(
  request: FastifyRequest,
  reply: FastifyReply,
  gate: StreamGate,
  open: (response: ServerResponse) => void,
): void {
  const response = reply.raw;
  gate.admit(request.ip, response);
  reply.hijack();
  // Idle: nothing reached the peer for a whole period (heartbeats go every 20 s); it no longer reads.
  const socket = request.raw.socket;
  let written = -1;
  const idle = setInterval(() => {
    if (socket.bytesWritten === written) response.destroy();
    written = socket.bytesWritten;
  }, gate.limits.idleMs);
  const lifetime = setTimeout(() => response.end(), gate.limits.maxLifetimeMs);
  idle.unref();
  lifetime.unref();
  response.once('close', () => {
    clearInterval(idle);
    clearTimeout(lifetime);
  });
  try {
    open(response);
  } catch (error) {
    request.log.warn({ err: error }, 'event stream could not start');
    response.destroy();
  }
}
