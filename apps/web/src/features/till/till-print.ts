/** The `till` messages of a failed print (the keys the print service's `printFailureKey` answers). */
export type TillPrintFailureKey =
  | 'print.errors.billWithoutId'
  | 'print.errors.notConnected'
  | 'print.errors.printerUnreachable'
  | 'print.errors.printerTimeout'
  | 'print.errors.unknownPrinter'
  | 'print.errors.failed';

/**
 * Prints a report's plain lines (the Z) through the local print helper; null when printed, else the
 * failure's message key. Given by the route (features do not import each other).
 */
export type PrintReport = (job: {
  readonly jobId: string;
  readonly text: string;
}) => Promise<TillPrintFailureKey | null>;
