import { REALTIME_PATH, REALTIME_PROTOCOL_VERSION, type ServerMessage } from '@sobremesa/contracts';
import WebSocket from 'ws';

const WAIT_MS = 5_000;

/** How a socket ended: the close code and reason the client saw. */
export interface SocketClose {
  readonly code: number;
  readonly reason: string;
}

/**
 * A real WebSocket client for the realtime tests: queues what the server sends so a test reads it in
 * order, and records how the socket closed.
 */
export class TestSocket {
  readonly received: ServerMessage[] = [];
  private read = 0;
  private wake: (() => void) | undefined;
  closeInfo: SocketClose | undefined;
  readonly closed: Promise<SocketClose>;

  private constructor(readonly ws: WebSocket) {
    this.closed = new Promise((resolve) => {
      ws.on('close', (code, reason) => {
        this.closeInfo = { code, reason: reason.toString() };
        this.wake?.();
        resolve(this.closeInfo);
      });
    });
    ws.on('message', (data) => {
      this.received.push(JSON.parse(String(data)) as ServerMessage);
      this.wake?.();
    });
  }

  /**
   * Opens a socket to a server on 127.0.0.1 as if it were the venue's host. Rejects with the HTTP
   * status when the upgrade is refused.
   */
  static open(
    port: number,
    host: string,
    options: { origin?: string; autoPong?: boolean; path?: string } = {},
  ): Promise<TestSocket> {
    const ws = new WebSocket(`ws://127.0.0.1:${port}${options.path ?? REALTIME_PATH}`, {
      headers: { host, ...(options.origin ? { origin: options.origin } : {}) },
      autoPong: options.autoPong ?? true,
    });
    const socket = new TestSocket(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(socket));
      ws.once('unexpected-response', (_request, response) => {
        reject(new Error(`upgrade refused: ${response.statusCode}`));
        ws.terminate();
      });
      ws.once('error', reject);
    });
  }

  /** Opens a socket and says hello; resolves once the server answered `welcome`. */
  static async connect(
    port: number,
    host: string,
    hello: { token: string; lastSeq?: number; roleId?: number },
  ): Promise<{ socket: TestSocket; welcome: Extract<ServerMessage, { type: 'welcome' }> }> {
    const socket = await TestSocket.open(port, host);
    socket.hello(hello);
    const welcome = await socket.next();
    if (welcome.type !== 'welcome') throw new Error(`expected welcome, got ${JSON.stringify(welcome)}`);
    return { socket, welcome };
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  hello(hello: { token: string; lastSeq?: number; roleId?: number }): void {
    this.send({ type: 'hello', v: REALTIME_PROTOCOL_VERSION, ...hello });
  }

  /** The next message not read yet, waiting for it if need be. */
  async next(timeoutMs = WAIT_MS): Promise<ServerMessage> {
    const deadline = Date.now() + timeoutMs;
    while (this.read >= this.received.length) {
      if (this.closeInfo)
        throw new Error(`socket closed (${this.closeInfo.code}) while waiting for a message`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error('no message in time');
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
    }
    return this.received[this.read++]!;
  }

  /** Reads `count` messages, which must all be events, and returns them. */
  async events(count: number): Promise<Extract<ServerMessage, { type: 'event' }>[]> {
    const events: Extract<ServerMessage, { type: 'event' }>[] = [];
    while (events.length < count) {
      const message = await this.next();
      if (message.type !== 'event') throw new Error(`expected an event, got ${JSON.stringify(message)}`);
      events.push(message);
    }
    return events;
  }

  /** Resolves with the close, failing when the socket is still open after the wait. */
  async closedWithin(timeoutMs = WAIT_MS): Promise<SocketClose> {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error('socket still open')), timeoutMs);
    });
    try {
      return await Promise.race([this.closed, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Messages received so far that were not read. */
  unread(): ServerMessage[] {
    return this.received.slice(this.read);
  }

  async close(): Promise<void> {
    if (this.ws.readyState === WebSocket.CLOSED) return;
    this.ws.close();
    await this.closed;
  }
}
