import fs from 'node:fs/promises';
import path from 'node:path';

/** A retried job is recognised for a day: longer than any retry, shorter than any reprint a venue wants. */
export const DEDUPLICATION_WINDOW_MS = 24 * 60 * 60 * 1000;
/** Far more tickets than a venue prints in a day; the oldest are forgotten first beyond it. */
export const MAX_REMEMBERED_JOBS = 10_000;

export interface PrintedJobsOptions {
  /** Where the record is kept, so a restarted helper still knows what it printed; memory only without it. */
  readonly file?: string | undefined;
  readonly windowMs?: number;
  readonly maxEntries?: number;
  readonly now?: () => number;
}

/**
 * The job ids printed lately (ARCHITECTURE §6: a retried job never prints twice). A page retries when a
 * reply is lost (the WebSocket dropped, the tablet slept); the retry carries the same job id and must not
 * print a second ticket. Only printed jobs are remembered: a job the printer refused may be retried.
 */
export class PrintedJobs {
  private readonly printed = new Map<string, number>();
  private readonly inFlight = new Map<string, Promise<void>>();
  private saving: Promise<void> = Promise.resolve();
  private readonly windowMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  private constructor(private readonly options: PrintedJobsOptions) {
    this.windowMs = options.windowMs ?? DEDUPLICATION_WINDOW_MS;
    this.maxEntries = options.maxEntries ?? MAX_REMEMBERED_JOBS;
    this.now = options.now ?? Date.now;
  }

  /** Loads the record from its file (a missing or unreadable file is an empty record). */
  static async open(options: PrintedJobsOptions = {}): Promise<PrintedJobs> {
    const jobs = new PrintedJobs(options);
    if (options.file) {
      try {
        const saved = JSON.parse(await fs.readFile(options.file, 'utf8')) as { jobs?: unknown };
        if (Array.isArray(saved.jobs)) {
          for (const entry of saved.jobs) {
            if (Array.isArray(entry) && typeof entry[0] === 'string' && typeof entry[1] === 'number')
              jobs.printed.set(entry[0], entry[1]);
          }
        }
      } catch {
        // First start, or a file cut short by a power cut: starting empty only risks one duplicate ticket.
      }
      jobs.forgetOld();
    }
    return jobs;
  }

  /** Whether a job id was printed within the window. */
  has(jobId: string): boolean {
    const printedAt = this.printed.get(jobId);
    return printedAt !== undefined && this.now() - printedAt < this.windowMs;
  }

  /**
   * Runs `print` unless the job id was printed already. A second request for a job still printing waits for
   * the first and shares its outcome, so two quick retries never print twice either.
   */
  async once(jobId: string, print: () => Promise<void>): Promise<{ duplicate: boolean }> {
    if (this.has(jobId)) return { duplicate: true };
    const running = this.inFlight.get(jobId);
    if (running) {
      await running;
      return { duplicate: true };
    }
    const attempt = print().then(() => this.remember(jobId));
    this.inFlight.set(jobId, attempt);
    try {
      await attempt;
      return { duplicate: false };
    } finally {
      this.inFlight.delete(jobId);
    }
  }

  /** Waits for pending writes of the record (on shutdown). */
  flush(): Promise<void> {
    return this.saving;
  }

  private remember(jobId: string): void {
    this.printed.set(jobId, this.now());
    this.forgetOld();
    this.save();
  }

  private forgetOld(): void {
    const oldest = this.now() - this.windowMs;
    // A Map iterates in insertion order, which is printing order: stop at the first recent entry.
    for (const [jobId, printedAt] of this.printed) {
      if (printedAt >= oldest && this.printed.size <= this.maxEntries) break;
      this.printed.delete(jobId);
    }
  }

  private save(): void {
    const file = this.options.file;
    if (!file) return;
    const content = JSON.stringify({ jobs: [...this.printed] });
    // Written in turn, each to a temporary file renamed over the record, so a crash never leaves half a file.
    this.saving = this.saving
      .then(async () => {
        await fs.mkdir(path.dirname(file), { recursive: true });
        const temporary = `${file}.${process.pid}.tmp`;
        await fs.writeFile(temporary, content);
        await fs.rename(temporary, file);
      })
      .catch((error: unknown) => {
        // The ticket is printed: a record that could not be written is worth a warning, not a failed print.
        console.warn(`[print-helper] could not save ${file}:`, error);
      });
  }
}
