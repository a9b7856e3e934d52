import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type RawData } from 'ws';
import type { HelperConfig, PrinterConfig } from './config.ts';
import { DrawerTickets } from './drawer-ticket.ts';
import { renderDrawerPulse, renderTicket } from './escpos.ts';
import { isAllowedOrigin } from './origin.ts';
import { PrintedJobs } from './printed-jobs.ts';
import {
  requestSchema,
  type ErrorCode,
  type HelperReply,
  type HelperRequest,
  type JobResult,
  type PrintJob,
} from './protocol.ts';
import { PrinterError, send } from './transports.ts';

/** The helper's version, as GET_VERSION reports it (the copilot shows it). */
export const VERSION = (
  JSON.parse(fs.readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/** Only ever reachable from this machine: printers are not for the rest of the network to drive. */
export const BIND_HOST = '127.0.0.1';

/** Requests are small JSON documents; a whole batch of long tickets stays well below this. */
const MAX_MESSAGE_BYTES = 1024 * 1024;

export interface PrintHelper {
  /** The port it listens on (the configured one, or the one the system chose for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

export interface StartOptions {
  readonly log?: (line: string) => void;
  /** The clock drawer tickets are checked against (tests move it). */
  readonly now?: () => number;
}

class RequestError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/**
 * Starts the WebSocket server of the helper (ARCHITECTURE §6) on 127.0.0.1 and the configured port: one
 * JSON request per message, one reply per request carrying its `id` and `status` success or error.
 */
export async function startPrintHelper(
  config: HelperConfig,
  options: StartOptions = {},
): Promise<PrintHelper> {
  const log = options.log ?? ((line: string) => console.log(`[print-helper] ${line}`));
  const printedJobs = await PrintedJobs.open({ file: config.stateFile });
  // One job at a time per printer: most receipt printers take a single connection, and tickets must come
  // out whole and in order.
  const queues = new Map<string, Promise<unknown>>();
  const drawerTickets = new DrawerTickets(config.serverPublicKey, options.now);
  if (!drawerTickets.pinned) log('no server public key is pinned: the cash drawer will not open');

  /** The drawer opens only on a ticket the venue's server signed, once, before it expires (SEC-11). */
  function checkDrawerTicket(ticket: string): void {
    const outcome = drawerTickets.accept(ticket);
    if (!outcome.ok) throw new RequestError('DRAWER_NOT_ALLOWED', `drawer ticket refused: ${outcome.reason}`);
  }

  function printerNamed(name: string | undefined): [string, PrinterConfig] {
    const chosen = name ?? config.defaultPrinter;
    const printer = chosen === undefined ? undefined : config.printers[chosen];
    if (chosen === undefined || !printer) {
      throw new RequestError(
        'UNKNOWN_PRINTER',
        chosen === undefined ? 'no printer is configured' : `no printer named "${chosen}" is configured`,
      );
    }
    return [chosen, printer];
  }

  function enqueue(printerName: string, task: () => Promise<void>): Promise<void> {
    const previous = queues.get(printerName) ?? Promise.resolve();
    const next = previous.catch(() => undefined).then(task);
    queues.set(printerName, next);
    return next;
  }

  async function runJob(job: PrintJob): Promise<JobResult> {
    const jobId = job.jobId ?? randomUUID();
    try {
      const [printerName, printer] = printerNamed(job.printer);
      const bytes = renderTicket(job, { codepage: printer.codepage, columns: printer.columns });
      // The drawer ticket is spent only when the job really prints: a retry of a printed job is a duplicate.
      const { duplicate } = await printedJobs.once(jobId, () => {
        if (job.openCashDrawer) checkDrawerTicket(job.drawerTicket ?? '');
        return enqueue(printerName, () => send(printer.transport, bytes, printer.timeoutMs));
      });
      log(`${duplicate ? 'already printed' : 'printed'} job ${jobId} on ${printerName}`);
      return { jobId, status: 'success', duplicate };
    } catch (error) {
      const code =
        error instanceof PrinterError || error instanceof RequestError ? error.code : 'PRINTER_ERROR';
      const message = error instanceof Error ? error.message : String(error);
      log(`job ${jobId} failed: ${code} ${message}`);
      return { jobId, status: 'error', code, message };
    }
  }

  async function handle(request: HelperRequest): Promise<HelperReply> {
    const base = { id: request.id, action: request.action };
    switch (request.action) {
      case 'GET_VERSION':
        return { ...base, status: 'success', version: VERSION, printers: Object.keys(config.printers) };
      case 'OPEN_CASH_DRAWER': {
        checkDrawerTicket(request.ticket);
        const [printerName, printer] = printerNamed(request.printer);
        await enqueue(printerName, () => send(printer.transport, renderDrawerPulse(), printer.timeoutMs));
        log(`opened the cash drawer of ${printerName}`);
        return { ...base, status: 'success' };
      }
      case 'PRINT': {
        const { status, ...result } = await runJob(request.job);
        return { ...base, status, ...result };
      }
      case 'PRINT_BATCH': {
        const results: JobResult[] = [];
        // In order, one after the other: a batch is a sequence of tickets (the bill, then its copy).
        for (const job of request.jobs) results.push(await runJob(job));
        const failed = results.find((result) => result.status === 'error');
        return failed
          ? { ...base, status: 'error', code: failed.code, message: failed.message, results }
          : { ...base, status: 'success', results };
      }
    }
  }

  async function reply(data: RawData): Promise<HelperReply> {
    let message: unknown;
    try {
      message = JSON.parse(data.toString());
    } catch {
      return { id: null, action: null, status: 'error', code: 'INVALID_REQUEST', message: 'not JSON' };
    }
    const parsed = requestSchema.safeParse(message);
    if (!parsed.success) {
      const raw = message as { id?: unknown; action?: unknown };
      return {
        id: typeof raw?.id === 'string' ? raw.id : null,
        action: null,
        status: 'error',
        code: 'INVALID_REQUEST',
        message: parsed.error.issues
          .map((issue) => `${issue.path.join('.') || 'request'}: ${issue.message}`)
          .join('; '),
      };
    }
    try {
      return await handle(parsed.data);
    } catch (error) {
      const code =
        error instanceof PrinterError || error instanceof RequestError ? error.code : 'PRINTER_ERROR';
      const text = error instanceof Error ? error.message : String(error);
      log(`${parsed.data.action} failed: ${code} ${text}`);
      return { id: parsed.data.id, action: parsed.data.action, status: 'error', code, message: text };
    }
  }

  const server = new WebSocketServer({
    host: BIND_HOST,
    port: config.port,
    maxPayload: MAX_MESSAGE_BYTES,
    verifyClient: (
      { origin }: { origin: string | undefined },
      done: (ok: boolean, code?: number) => void,
    ) => {
      const allowed = isAllowedOrigin(origin || undefined, config);
      if (!allowed) log(`refused a connection from ${origin}`);
      done(allowed, 403);
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });

  server.on('connection', (socket) => {
    socket.on('message', (data) => {
      void reply(data).then((answer) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(answer));
      });
    });
  });

  return {
    port: (server.address() as AddressInfo).port,
    async close() {
      for (const client of server.clients) client.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await Promise.allSettled(queues.values());
      await printedJobs.flush();
    },
  };
}
