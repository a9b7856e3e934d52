import fastifyWebsocket from '@fastify/websocket';
import { REALTIME_PATH } from '@sobremesa/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../http/app-error.ts';
import { StreamGate, streamLimits } from '../../http/event-stream.ts';
import { requestOrigin } from '../../http/security.ts';
import { RealtimeHub, type StaffSessions } from './realtime-hub.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The realtime hub of this instance; tests drive its heartbeat directly. */
    realtime: RealtimeHub;
  }
}

/** Sockets one address may hold on one instance: every tablet and till of a venue behind one router. */
export const MAX_SOCKETS_PER_ADDRESS = 64;

/** Client messages are a hello with a token or a ping; anything larger is not ours (closed with 1009). */
const MAX_CLIENT_MESSAGE_BYTES = 4 * 1024;

/**
 * SEC-07: a browser always sends Origin on a WebSocket handshake, and a page of another site must not
 * open a socket here. Refused before the upgrade, so a foreign page never holds an open socket.
 * No Origin at all is a non-browser client (tablet app, test tool), which has no ambient credentials.
 */
async function refuseForeignOrigin(request: FastifyRequest): Promise<void> {
  const origin = request.headers.origin;
  if (origin !== undefined && origin !== requestOrigin(request)) {
    throw new AppError(403, 'CROSS_SITE_REQUEST', 'cross_site_request');
  }
}

/**
 * The staff WebSocket endpoint (ARCHITECTURE §4). The upgrade goes through the app's onRequest hooks
 * first, so the venue is resolved from Host (unknown 404, suspended 423) before anything else; the
 * token comes in the first message, never in the URL, and `sessions` checks it.
 */
export async function registerRealtime(
  app: FastifyInstance,
  ctx: AppContext,
  sessions: StaffSessions,
): Promise<void> {
  const hub = new RealtimeHub(ctx, app.log, sessions);
  app.decorate('realtime', hub);
  // Before @fastify/websocket's own preClose, so clients get 1001 (going away) and reconnect elsewhere.
  app.addHook('preClose', () => hub.closeAll());
  app.addHook('onClose', () => hub.stop());

  await app.register(fastifyWebsocket, {
    options: { maxPayload: MAX_CLIENT_MESSAGE_BYTES },
    // The hub has said goodbye (1001) to every signed-in socket and cut it after its grace; a socket still
    // signing in is cut too, rather than left to ws's 30 s closing handshake, which held up shutdown.
    preClose(done) {
      for (const client of this.websocketServer.clients) client.terminate();
      this.websocketServer.close(() => done());
    },
    // A peer that vanishes or breaks framing is routine on mobile networks: not an error of ours.
    errorHandler(error, socket, request) {
      request.log.debug({ err: error }, 'realtime socket error');
      socket.terminate();
    },
  });

  // An upgrade refused by a hook that ran before @fastify/websocket's (unknown or suspended venue) leaves
  // a socket that Node's HTTP parser no longer reads and nobody closes: close it once the refusal is
  // sent, or it lingers (a cheap way to exhaust the server) and holds up shutdown.
  app.addHook('onResponse', async (request) => {
    if (request.headers.upgrade) request.raw.socket.destroy();
  });

  // Counted from before the upgrade until the connection closes, whatever the handshake's outcome; a socket
  // that never says hello is closed after 5 s and a silent one at the next heartbeat (the hub's idle rules).
  const sockets = new StreamGate(streamLimits(MAX_SOCKETS_PER_ADDRESS, ctx.settings.streamLimits));
  const admitSocket = async (request: FastifyRequest) => sockets.admit(request.ip, request.raw.socket);
  app.get(
    REALTIME_PATH,
    {
      websocket: true,
      config: { access: 'public', stream: true },
      onRequest: [refuseForeignOrigin, admitSocket],
    },
    (socket, request) => hub.accept(socket, request.venue.id, request.raw.socket),
  );

  await hub.start();
}
