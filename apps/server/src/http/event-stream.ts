import type { ServerResponse } from 'node:http';

/** How often an open Server-Sent Events stream gets a comment, so proxies and phones keep it open. */
export const EVENT_STREAM_HEARTBEAT_MS = 20_000;

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
