/** The part of a connection's stream (its `net.Socket`) a batch needs. */
export interface CorkableStream {
  cork(): void;
  uncork(): void;
}

/**
 * Past this many bytes held in one tick (a long replay), they go at once: what a socket has not taken
 * stays measurable by its `bufferedAmount`, and a batch holds no more than this plus the message that
 * crossed it.
 */
export const MAX_HELD_BYTES = 64 * 1024;

/**
 * Holds what is written to a socket in one tick and lets it go at the end of the tick, in one write
 * syscall instead of one per frame: the events of one NOTIFY read (an order's station tickets and
 * `order.created`, several orders under load) reach a kitchen screen together. ws corks the socket
 * around each frame too; corks nest, so its uncork leaves ours in place. Frames and their order are
 * untouched: only when the bytes reach the kernel changes, and never later than the tick's end.
 */
export class WriteBatch {
  private held = false;
  private heldBytes = 0;

  constructor(private readonly stream: CorkableStream) {}

  /** Writes `bytes` through `write`, held with the rest of the tick's. */
  write(bytes: number, write: () => void): void {
    if (!this.held) {
      this.held = true;
      this.stream.cork();
      process.nextTick(this.release);
    }
    write();
    this.heldBytes += bytes;
    if (this.heldBytes >= MAX_HELD_BYTES) this.release();
  }

  private readonly release = (): void => {
    if (!this.held) return;
    this.held = false;
    this.heldBytes = 0;
    this.stream.uncork();
  };
}
