/** The `pos` messages of a failed print (the keys the print service's `printFailureKey` answers). */
export type PrintFailureKey =
  | 'print.errors.billWithoutId'
  | 'print.errors.notConnected'
  | 'print.errors.printerUnreachable'
  | 'print.errors.printerTimeout'
  | 'print.errors.unknownPrinter'
  | 'print.errors.failed';

export interface PosPrintJob {
  readonly billId: number;
  readonly text: string;
  readonly openCashDrawer: boolean;
  /** With `openCashDrawer`: the server's ticket (`cash-drawer/ticket`), which the print helper checks. */
  readonly drawerTicket?: string;
}

/**
 * Prints a bill's ticket through the local print helper; answers null when printed, else the failure's
 * message key. Given by the route (features do not import each other).
 */
export type PrintTicket = (job: PosPrintJob) => Promise<PrintFailureKey | null>;
