import type { Executor } from '../../db/database.ts';
import { recordOfBill } from './fiscal.repository.ts';

/**
 * What other modules use of VERI*FACTU (issue 23, decision 032): billing records every invoice it issues
 * and prints each one's QR. The rules stay here, so TicketBAI can follow as a module of its own.
 */
export { recordCancellation, recordIssuedInvoice } from './fiscal-recorder.ts';

/** The AEAT checking URL printed as the QR of an invoice, or null when it has no record (VERI*FACTU off). */
export async function qrUrlOfBill(db: Executor, venueId: number, billId: number): Promise<string | null> {
  return (await recordOfBill(db, venueId, billId, 'alta'))?.qrUrl ?? null;
}

export { fiscalSettingsOf, saveFiscalSettings, type FiscalSettings } from './fiscal-settings.ts';
export { fiscalStatesOfBills, type BillFiscalState } from './fiscal-records.ts';
