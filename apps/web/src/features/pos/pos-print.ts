/** The `pos` messages of a failed print (the keys the print service's `printFailureKey` answers). */
export type PrintFailureKey =
  | 'print.errors.billWithoutId'
  | 'print.errors.notConnected'
  | 'print.errors.printerUnreachable'
  | 'print.errors.printerTimeout'
  | 'print.errors.unknownPrinter'
  | 'print.errors.failed';

export type PosTicketLine =
  | { readonly separator: true }
  | {
      readonly text: string;
      readonly align?: 'left' | 'center' | 'right';
      readonly bold?: boolean;
      readonly size?: 'normal' | 'large';
    };

/** A bill's ticket: the server's text, or (a takeaway order's, with its number big) the helper's lines. */
export type PosPrintJob = PosPrintJobBase &
  ({ readonly text: string } | { readonly lines: readonly PosTicketLine[] });

interface PosPrintJobBase {
  readonly billId: number;
  readonly openCashDrawer: boolean;
  /** With `openCashDrawer`: the server's ticket (`cash-drawer/ticket`), which the print helper checks. */
  readonly drawerTicket?: string;
}

/**
 * Prints a bill's ticket through the local print helper; answers null when printed, else the failure's
 * message key. Given by the route (features do not import each other).
 */
export type PrintTicket = (job: PosPrintJob) => Promise<PrintFailureKey | null>;
