import type { Executor } from '../../db/database.ts';
import { fiscalStatesOfBills } from '../fiscal/fiscal.service.ts';
import { invoicesOfAccounts } from './bill-rows.repository.ts';
import type { BillRow } from './billing.repository.ts';

/**
 * Accounts' tickets and complete invoices, those standing apart from those cancelled in VERI*FACTU
 * (decision 057). An account has at most one standing invoice of its own, a ticket or a complete invoice
 * (a nominative invoice replacing its ticket stands in for it); once that one is cancelled, the account
 * may be invoiced again. Corrective invoices act on an invoice, not on the account, and are left out.
 */
export interface AccountInvoices {
  readonly standing: BillRow[];
  readonly cancelled: BillRow[];
}

/** The invoices of each of `reservationIds` (an account without any has none of either). */
export async function invoicesOfAccountsByState(
  db: Executor,
  venueId: number,
  reservationIds: readonly number[],
): Promise<Map<number, AccountInvoices>> {
  const invoices = await invoicesOfAccounts(db, venueId, reservationIds);
  const states = await fiscalStatesOfBills(
    db,
    venueId,
    invoices.map((row) => row.id),
  );
  const byAccount = new Map<number, AccountInvoices>();
  for (const row of invoices) {
    const account = byAccount.get(row.reservationId) ?? { standing: [], cancelled: [] };
    (states.get(row.id)?.cancelled ? account.cancelled : account.standing).push(row);
    byAccount.set(row.reservationId, account);
  }
  return byAccount;
}

export async function invoicesOfAccount(
  db: Executor,
  venueId: number,
  reservationId: number,
): Promise<AccountInvoices> {
  return (
    (await invoicesOfAccountsByState(db, venueId, [reservationId])).get(reservationId) ?? {
      standing: [],
      cancelled: [],
    }
  );
}
