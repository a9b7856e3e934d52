import { INVOICE_NUMBER_PATTERN, type IssuedInvoice } from '@sobremesa/contracts';
import { correctedUnitsOf, formatInvoiceNumber, serviceDayRange, type IsoDate } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { fiscalStatesOfBills } from '../fiscal/fiscal.service.ts';
import { displayedTables } from '../reservations/reservations.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { invoicesOfAccountsByState } from './account-invoices.ts';
import { billViews } from './billing-account.ts';
import {
  billsByIds,
  invoicesActingOn,
  invoicesIssuedBetween,
  invoicesNumbered,
  linesOfBills,
} from './bill-rows.repository.ts';
import type { BillRow } from './billing.repository.ts';

/**
 * The invoices the TPV finds to correct or cancel (decision 057): a service day's, or those of a printed
 * number whatever their day, newest first, each with what stands against it and what may still be done to
 * it. What the list offers the writes check again, under the account's lock.
 */

/** A number typed without its series may be in several; a page of them is enough to pick from. */
const NUMBER_MATCHES = 20;

const printedNumber = (row: BillRow) =>
  row.series && row.number ? formatInvoiceNumber(row.series, row.number) : String(row.id);

/** The series and number a typed invoice number names (the contract has checked its shape). */
function typedNumber(typed: string): { series: string; number: number } {
  const [, series = '', number = '0'] = INVOICE_NUMBER_PATTERN.exec(typed) ?? [];
  return { series, number: Number(number) };
}

export async function issuedInvoices(
  ctx: AppContext,
  venue: Venue,
  query: { readonly date: IsoDate; readonly number: string },
): Promise<IssuedInvoice[]> {
  const { db } = ctx;
  const range = serviceDayRange(query.date, venue.timeZone);
  const rows = query.number
    ? await invoicesNumbered(db, venue.id, typedNumber(query.number), NUMBER_MATCHES)
    : await invoicesIssuedBetween(db, venue.id, range.from, range.to);
  const ids = rows.map((row) => row.id);
  const acting = await invoicesActingOn(db, venue.id, ids);
  const states = await fiscalStatesOfBills(
    db,
    venue.id,
    acting.map((row) => row.id),
  );
  // A cancelled correction or nominative invoice counts as never issued.
  const standing = acting.filter((row) => !states.get(row.id)?.cancelled);
  const correctionLines = await linesOfBills(
    db,
    venue.id,
    standing.filter((row) => row.type === 3).map((row) => row.id),
  );
  const related = new Map(
    (
      await billsByIds(
        db,
        venue.id,
        rows.flatMap((row) => [row.rectifiesBillId ?? [], row.replacesBillId ?? []].flat()),
      )
    ).map((row) => [row.id, printedNumber(row)]),
  );
  const tables = await displayedTables(db, venue, [...new Set(rows.map((row) => row.reservationId))]);
  const accounts = await invoicesOfAccountsByState(db, venue.id, [
    ...new Set(rows.map((row) => row.reservationId)),
  ]);
  const views = await billViews(db, venue, rows);
  return views.map((bill) => {
    const corrections = standing.filter((row) => row.type === 3 && row.rectifiesBillId === bill.id);
    const replacement = standing.find((row) => row.type === 2 && row.replacesBillId === bill.id);
    const ofCorrections = new Set(corrections.map((row) => row.id));
    const corrected = correctedUnitsOf(
      bill.lines,
      correctionLines.filter((line) => ofCorrections.has(line.billId)),
    );
    const unitsLeft =
      bill.type === 3
        ? []
        : bill.lines.map((line, index) => ({
            billLineId: line.id,
            units: line.units - (corrected[index] ?? 0),
          }));
    const open = !bill.fiscal?.cancelled && !replacement;
    const cancelledTicket = bill.type === 1 && bill.fiscal?.cancelled === true;
    const accountStanding = accounts.get(bill.reservationId)?.standing ?? [];
    const reissued = cancelledTicket
      ? accountStanding.find((row) => row.id > bill.id && row.replacesBillId === null)
      : undefined;
    const names = tables
      .filter((table) => table.reservationId === bill.reservationId)
      .map((table) => table.name);
    return {
      bill,
      table: names.length > 0 ? names.join('+') : null,
      corrects: bill.rectifiesBillId === null ? null : (related.get(bill.rectifiesBillId) ?? null),
      replaces: bill.replacesBillId === null ? null : (related.get(bill.replacesBillId) ?? null),
      replacedBy: replacement ? printedNumber(replacement) : null,
      corrections: corrections.map((row) => ({
        billId: row.id,
        invoiceNumber: printedNumber(row),
        totalCents: row.totalCents,
      })),
      unitsLeft,
      correctable: open && bill.type !== 3 && unitsLeft.some((line) => line.units > 0),
      cancellable: open && bill.fiscal !== null && corrections.length === 0,
      reissuable: cancelledTicket && accountStanding.length === 0,
      reissuedAs: reissued ? printedNumber(reissued) : null,
    };
  });
}
