import { z } from 'zod';

/**
 * The messages the copilot and the helper exchange over the WebSocket (spec §7: GET_VERSION,
 * OPEN_CASH_DRAWER, PRINT, PRINT_BATCH; replies carry `status` success or error). One JSON object per
 * message; every reply repeats the request's `id` so the page matches it to its request.
 */

const text = z.string().max(500);
const drawerTicket = z.string().min(1).max(2_000);

/** One line of a ticket: a text, optionally with a right-hand column (an amount), or a separator rule. */
export const ticketLineSchema = z.union([
  z.strictObject({ separator: z.literal(true) }),
  z.strictObject({
    text,
    /** A right-aligned column on the same line, e.g. "12,50 €". */
    right: text.optional(),
    align: z.enum(['left', 'center', 'right']).optional(),
    bold: z.boolean().optional(),
    /** `large` is double width and height: the venue name and the total. */
    size: z.enum(['normal', 'large']).optional(),
  }),
]);
export type TicketLine = z.infer<typeof ticketLineSchema>;

export const printJobSchema = z
  .strictObject({
    /**
     * Chosen by the page and kept when it retries: the same id is printed once (see printed-jobs.ts).
     * Absent, the helper gives the job an id of its own, and such a job cannot be deduplicated.
     */
    jobId: z.string().min(1).max(120).optional(),
    /** The bill the ticket is for, when it is one. */
    billId: z.number().int().positive().optional(),
    /** A printer name from the helper's configuration; the default printer when absent. */
    printer: z.string().min(1).max(60).optional(),
    /** Structured lines, or `text`: plain lines as `bill/print-info` returns them (`escPosText`). */
    lines: z.array(ticketLineSchema).min(1).max(500).optional(),
    text: z.string().min(1).max(50_000).optional(),
    copies: z.number().int().min(1).max(5).optional(),
    /**
     * The invoice's VERI*FACTU QR (FIS-04): printed below the ticket with the printer's own QR command,
     * "QR tributario:" above and "VERI*FACTU" below.
     */
    qr: z.string().min(1).max(700).optional(),
    /** The guest review page's QR and its line, printed smaller after the fiscal QR (issue 26). */
    reviewQr: z
      .strictObject({ url: z.string().min(1).max(700), caption: z.string().min(1).max(60) })
      .optional(),
    /** Opens the cash drawer wired to this printer after the ticket (cash payments), with `drawerTicket`. */
    openCashDrawer: z.boolean().optional(),
    /** The server's signed ticket for opening the drawer (SEC-11): required with `openCashDrawer`. */
    drawerTicket: drawerTicket.optional(),
  })
  .refine((job) => (job.lines === undefined) !== (job.text === undefined), {
    message: 'a job carries either lines or text',
  })
  .refine((job) => !job.openCashDrawer || job.drawerTicket !== undefined, {
    message: 'opening the cash drawer needs a drawerTicket from the server',
    path: ['drawerTicket'],
  });
export type PrintJob = z.infer<typeof printJobSchema>;

const requestId = z.string().min(1).max(120);

export const requestSchema = z.discriminatedUnion('action', [
  z.strictObject({ id: requestId, action: z.literal('GET_VERSION') }),
  z.strictObject({
    id: requestId,
    action: z.literal('OPEN_CASH_DRAWER'),
    printer: z.string().min(1).max(60).optional(),
    /** The server's signed ticket (SEC-11): the drawer opens on nothing else. */
    ticket: drawerTicket,
  }),
  z.strictObject({ id: requestId, action: z.literal('PRINT'), job: printJobSchema }),
  z.strictObject({
    id: requestId,
    action: z.literal('PRINT_BATCH'),
    jobs: z.array(printJobSchema).min(1).max(50),
  }),
]);
export type HelperRequest = z.infer<typeof requestSchema>;
export type HelperAction = HelperRequest['action'];

/** Why something failed, for the page to choose its words; `message` carries the technical detail. */
export type ErrorCode =
  | 'INVALID_REQUEST'
  | 'UNKNOWN_PRINTER'
  | 'PRINTER_UNREACHABLE'
  | 'PRINTER_TIMEOUT'
  | 'PRINTER_ERROR'
  | 'DRAWER_NOT_ALLOWED';

export interface JobResult {
  readonly jobId: string;
  readonly status: 'success' | 'error';
  /** True when the job id had already been printed: nothing was sent to the printer again. */
  readonly duplicate?: boolean;
  readonly code?: ErrorCode;
  readonly message?: string;
}

export interface HelperReply {
  readonly id: string | null;
  readonly action: HelperAction | null;
  readonly status: 'success' | 'error';
  readonly code?: ErrorCode;
  readonly message?: string;
  /** GET_VERSION: the helper's version and the printers it knows. */
  readonly version?: string;
  readonly printers?: readonly string[];
  /** PRINT: the job's result; PRINT_BATCH: one per job, in order. */
  readonly jobId?: string;
  readonly duplicate?: boolean;
  readonly results?: readonly JobResult[];
}
