/**
 * The copilot's side of the local print helper (apps/print-helper, spec §7): a WebSocket to
 * ws://localhost:7007 carrying GET_VERSION, OPEN_CASH_DRAWER, PRINT and PRINT_BATCH, each reply matched to its
 * request by `id`. The wire format is the helper's (apps/print-helper/src/protocol.ts); the page only builds
 * requests and reads `status`, so it keeps its own small types instead of shipping zod to the browser.
 */

import { newId } from './random-key.ts';

/** Spec §9: the helper's port and how long the copilot waits for it before saying it is not installed. */
export const PRINT_HELPER_PORT = 7007;
export const DETECTION_TIMEOUT_MS = 1_000;
/** A ticket waits for the printer (5 s in the helper) and for the jobs ahead of it. */
const PRINT_TIMEOUT_MS = 20_000;

export type TicketLine =
  | { readonly separator: true }
  | {
      readonly text: string;
      readonly right?: string;
      readonly align?: 'left' | 'center' | 'right';
      readonly bold?: boolean;
      readonly size?: 'normal' | 'large';
    };

export interface PrintJob {
  /** Kept when a print is retried, so the helper prints it once; made up when absent. */
  readonly jobId?: string;
  /** Spec §5: printing needs a bill with an id. */
  readonly billId?: number | null;
  readonly printer?: string;
  readonly lines?: readonly TicketLine[];
  /** Plain lines, e.g. the `escPosText` of bill/print-info. */
  readonly text?: string;
  readonly copies?: number;
  /** The invoice's VERI*FACTU QR URL, printed with the printer's own QR command (FIS-04). */
  readonly qr?: string;
  /** The guest review page's QR and its line ("Valora tu visita"), printed smaller after the fiscal one. */
  readonly reviewQr?: { readonly url: string; readonly caption: string };
  readonly openCashDrawer?: boolean;
  /** The server's signed ticket (`cash-drawer/ticket`): the helper opens the drawer on nothing else. */
  readonly drawerTicket?: string;
}

/** A kitchen or bar ticket: lines only, on the station's printer or the default one. */
export interface StationTicketJob {
  readonly jobId: string;
  readonly printer?: string;
  readonly lines: readonly TicketLine[];
}

/** A document that is no bill (the Z report): plain lines, printed once per `jobId`, never opening the drawer. */
export interface DocumentJob {
  readonly jobId: string;
  readonly printer?: string;
  readonly text: string;
}

/** The helper's failure codes, and the page's own: no reply, no bill id. */
export type PrintFailure =
  | 'INVALID_REQUEST'
  | 'UNKNOWN_PRINTER'
  | 'PRINTER_UNREACHABLE'
  | 'PRINTER_TIMEOUT'
  | 'PRINTER_ERROR'
  | 'NOT_CONNECTED'
  | 'NO_BILL_ID';

export type PrintOutcome =
  | { readonly ok: true; readonly jobId: string; readonly duplicate: boolean }
  | { readonly ok: false; readonly failure: PrintFailure; readonly detail?: string };

interface HelperReply {
  readonly id: string | null;
  readonly status: 'success' | 'error';
  readonly code?: PrintFailure;
  readonly message?: string;
  readonly version?: string;
  readonly printers?: readonly string[];
  readonly jobId?: string;
  readonly duplicate?: boolean;
}

export type Detection =
  | { readonly found: true; readonly version: string; readonly printers: readonly string[] }
  | { readonly found: false };

class ConnectionLost extends Error {}

export interface PrintHelperClientOptions {
  readonly url: string;
  readonly detectionTimeoutMs?: number;
  /** Told when an open connection closes (the helper was stopped), to look for it again. */
  readonly onClose?: () => void;
}

export interface PrintHelperClient {
  /** Connects and asks GET_VERSION; not found when nothing answers within the detection timeout. */
  detect(): Promise<Detection>;
  print(job: PrintJob): Promise<PrintOutcome>;
  /** A station's ticket (decision 029): no bill; its `jobId` is the server's, so it prints once. */
  printStationTicket(job: StationTicketJob): Promise<PrintOutcome>;
  /** A report's plain lines (the Z's `escPosText`): no bill, so no bill id to ask for. */
  printDocument(job: DocumentJob): Promise<PrintOutcome>;
  /** Opens the drawer with a ticket from `cash-drawer/ticket` (SEC-11). */
  openCashDrawer(ticket: string, printer?: string): Promise<PrintOutcome>;
  close(): void;
}

export function createPrintHelperClient(options: PrintHelperClientOptions): PrintHelperClient {
  const detectionTimeoutMs = options.detectionTimeoutMs ?? DETECTION_TIMEOUT_MS;
  let socket: WebSocket | null = null;
  let opening: Promise<WebSocket> | null = null;
  const pending = new Map<
    string,
    { resolve: (reply: HelperReply) => void; reject: (error: Error) => void }
  >();

  function open(timeoutMs: number): Promise<WebSocket> {
    if (socket?.readyState === WebSocket.OPEN) return Promise.resolve(socket);
    opening ??= new Promise<WebSocket>((resolve, reject) => {
      let candidate: WebSocket;
      try {
        candidate = new WebSocket(options.url);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
        return;
      }
      const timer = setTimeout(() => {
        candidate.close();
        reject(new ConnectionLost('no answer'));
      }, timeoutMs);
      candidate.addEventListener('open', () => {
        clearTimeout(timer);
        socket = candidate;
        resolve(candidate);
      });
      candidate.addEventListener('error', () => {
        clearTimeout(timer);
        reject(new ConnectionLost('refused'));
      });
      candidate.addEventListener('message', (event) => {
        let reply: HelperReply;
        try {
          reply = JSON.parse(String(event.data)) as HelperReply;
        } catch {
          return;
        }
        const waiting = reply.id === null ? undefined : pending.get(reply.id);
        if (!waiting || !reply.id) return;
        pending.delete(reply.id);
        waiting.resolve(reply);
      });
      candidate.addEventListener('close', () => {
        const wasOpen = socket === candidate;
        if (wasOpen) socket = null;
        for (const [id, waiting] of pending) {
          pending.delete(id);
          waiting.reject(new ConnectionLost('closed'));
        }
        if (wasOpen) options.onClose?.();
      });
    }).finally(() => {
      opening = null;
    });
    return opening;
  }

  async function request(message: Record<string, unknown>, timeoutMs: number): Promise<HelperReply> {
    const deadline = Date.now() + timeoutMs;
    const connection = await open(timeoutMs);
    const id = newId('request');
    return new Promise<HelperReply>((resolve, reject) => {
      const timer = setTimeout(
        () => {
          pending.delete(id);
          reject(new ConnectionLost('no reply'));
        },
        Math.max(deadline - Date.now(), 0),
      );
      pending.set(id, {
        resolve: (reply) => {
          clearTimeout(timer);
          resolve(reply);
        },
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
      connection.send(JSON.stringify({ ...message, id }));
    });
  }

  /**
   * Sends a request; a print is sent again once if the connection drops before the reply: the job keeps its
   * id, so the helper prints it at most once either way. The drawer has no such id and is never resent.
   */
  async function send(message: Record<string, unknown>, attempts: 1 | 2): Promise<PrintOutcome> {
    for (let attempt = 1; ; attempt += 1) {
      try {
        const reply = await request(message, PRINT_TIMEOUT_MS);
        if (reply.status === 'success')
          return { ok: true, jobId: reply.jobId ?? '', duplicate: reply.duplicate ?? false };
        return {
          ok: false,
          failure: reply.code ?? 'PRINTER_ERROR',
          ...(reply.message ? { detail: reply.message } : {}),
        };
      } catch (error) {
        if (!(error instanceof ConnectionLost) || attempt >= attempts)
          return { ok: false, failure: 'NOT_CONNECTED' };
      }
    }
  }

  return {
    async detect() {
      try {
        const reply = await request({ action: 'GET_VERSION' }, detectionTimeoutMs);
        if (reply.status !== 'success') return { found: false };
        return { found: true, version: reply.version ?? '', printers: reply.printers ?? [] };
      } catch {
        return { found: false };
      }
    },

    print(job) {
      if (typeof job.billId !== 'number' || !Number.isInteger(job.billId) || job.billId <= 0) {
        return Promise.resolve({ ok: false, failure: 'NO_BILL_ID' });
      }
      const { jobId, ...rest } = job;
      return send({ action: 'PRINT', job: { ...rest, jobId: jobId ?? newId(`bill-${job.billId}`) } }, 2);
    },

    printStationTicket(job) {
      return send({ action: 'PRINT', job }, 2);
    },

    printDocument(job) {
      return send({ action: 'PRINT', job }, 2);
    },

    openCashDrawer(ticket, printer) {
      return send({ action: 'OPEN_CASH_DRAWER', ticket, ...(printer ? { printer } : {}) }, 1);
    },

    close() {
      socket?.close();
      socket = null;
    },
  };
}
