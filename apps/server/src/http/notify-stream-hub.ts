import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../context.ts';
import { EVENT_STREAM_HEARTBEAT_MS, startEventStream } from './event-stream.ts';

type Stream<Scope> = Scope & { readonly response: ServerResponse };

/**
 * What the guests' live channels share (booking availability, menu changes, a takeaway order): the
 * Server-Sent Events streams this instance holds open, each with the scope it asked for, kept open by a
 * heartbeat and fed by one NOTIFY channel that every instance listens to (decisions 006, 014, 041). A hub
 * says only how a notification reads and which of its streams hear it.
 */
export abstract class NotifyStreamHub<Scope extends object> {
  private readonly streams = new Set<Stream<Scope>>();
  private heartbeat: NodeJS.Timeout | undefined;
  private unlisten: (() => Promise<void>) | undefined;

  constructor(
    protected readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
    private readonly channel: string,
  ) {}

  /** Reads one notification of the channel; an empty payload means the LISTEN link was (re)established. */
  protected abstract onNotify(payload: string): void;

  /** What a new stream's `ready` event carries. */
  protected readyData(_scope: Scope): unknown {
    return {};
  }

  async start(): Promise<void> {
    this.unlisten = await this.ctx.handle.listen(this.channel, (payload) => this.onNotify(payload));
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.response.write(': ping\n\n');
    }, EVENT_STREAM_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Streams open on this instance (tests and metrics). */
  get size(): number {
    return this.streams.size;
  }

  /** Starts streaming to a response whose headers the caller has not sent yet. */
  open(response: ServerResponse, scope: Scope): void {
    startEventStream(response, this.readyData(scope));
    const stream: Stream<Scope> = { ...scope, response };
    this.streams.add(stream);
    const forget = () => this.streams.delete(stream);
    response.on('close', forget);
    response.on('error', forget);
  }

  /** Writes an event to the streams `hears` picks, all of them when it is left out. */
  protected broadcast(
    text: string | ((scope: Scope) => string),
    hears: (scope: Scope) => boolean = () => true,
  ): void {
    for (const stream of this.streams) {
      if (!hears(stream)) continue;
      try {
        stream.response.write(typeof text === 'string' ? text : text(stream));
      } catch (error) {
        // A peer gone between its close and our write: it is forgotten, the others still hear.
        this.log.debug({ err: error, channel: this.channel }, 'event stream write failed');
        this.streams.delete(stream);
      }
    }
  }

  /** Ends every stream (before the server closes, so shutdown is not held up by open streams). */
  closeAll(): void {
    for (const stream of this.streams) stream.response.end();
    this.streams.clear();
  }

  async stop(): Promise<void> {
    this.closeAll();
    if (this.heartbeat) clearInterval(this.heartbeat);
    await this.unlisten?.().catch(() => undefined);
  }
}
