import {
  layoutZReport,
  printedDateTime,
  serviceDayRange,
  zReportOf,
  type ReceiptWidth,
  type ZBalance,
  type ZReport,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import type { Transaction } from '../../db/database.ts';
import { notFound } from '../../http/app-error.ts';
import { receiptPdf } from '../../lib/receipt-pdf.ts';
import type { Venue } from '../venues/venues.service.ts';
import {
  findOpenShift,
  findShift,
  lastShift,
  shiftsOfDay,
  shiftSums,
  type ShiftRow,
} from './accounting.repository.ts';
import { zSums } from './z-report.repository.ts';

/**
 * The Z report of a shift or a service day (decision 033), as data, as the receipt printer's text and as
 * a PDF with the same lines. It shows everything, blind count or not: it is the manager's reading.
 */

async function shiftBalance(tx: Transaction, venueId: number, shift: ShiftRow): Promise<ZBalance> {
  const sums = await shiftSums(tx, venueId, shift.id);
  const closed = shift.status === 'closed';
  const running =
    shift.floatCents +
    sums.cashTakenCents -
    sums.changeGivenCents +
    sums.cashTipsCents +
    sums.inCents -
    sums.outCents;
  return {
    floatCents: shift.floatCents,
    inCents: sums.inCents,
    outCents: sums.outCents,
    expectedCashCents: closed ? shift.expectedCashCents : running,
    countedCashCents: closed ? shift.countedCashCents : null,
    cardRecordedCents: closed ? shift.cardRecordedCents : sums.cardRecordedCents,
    cardReaderCents: closed ? shift.cardReaderCents : null,
  };
}

/**
 * A day's balance from its shifts: the first float, all movements, the last count, and an expected cash
 * that carries every shift's difference (each shift opened with what the one before counted).
 */
function dayBalance(balances: readonly ZBalance[]): ZBalance {
  const first = balances[0];
  const last = balances.at(-1);
  if (!first || !last)
    return {
      floatCents: 0,
      inCents: 0,
      outCents: 0,
      expectedCashCents: null,
      countedCashCents: null,
      cardRecordedCents: null,
      cardReaderCents: null,
    };
  const differences = balances.reduce(
    (sum, balance) =>
      sum +
      (balance.countedCashCents === null ? 0 : balance.countedCashCents - (balance.expectedCashCents ?? 0)),
    0,
  );
  const lastCounted = last.countedCashCents;
  const readers = balances.map((balance) => balance.cardReaderCents);
  return {
    floatCents: first.floatCents,
    inCents: balances.reduce((sum, balance) => sum + balance.inCents, 0),
    outCents: balances.reduce((sum, balance) => sum + balance.outCents, 0),
    expectedCashCents: lastCounted === null ? last.expectedCashCents : lastCounted - differences,
    countedCashCents: lastCounted,
    cardRecordedCents: balances.reduce((sum, balance) => sum + (balance.cardRecordedCents ?? 0), 0),
    cardReaderCents: readers.some((reader) => reader === null)
      ? null
      : readers.reduce<number>((sum, reader) => sum + (reader ?? 0), 0),
  };
}

/** The Z of `shiftId`, of the service day `date`, or (neither) of the open shift, else the last one. */
export async function zReport(
  ctx: AppContext,
  venue: Venue,
  input: { shiftId?: number; date?: string },
): Promise<ZReport> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const printed = (instant: Date) => printedDateTime(instant, venue.timeZone);
    if (input.date !== undefined) {
      const range = serviceDayRange(input.date, venue.timeZone);
      const shifts = await shiftsOfDay(tx, venue.id, input.date);
      const balances = [];
      for (const shift of shifts) balances.push(await shiftBalance(tx, venue.id, shift));
      const to = range.to < now ? range.to : now;
      return zReportOf(
        {
          kind: 'day',
          venueName: venue.businessName,
          logicalDate: input.date,
          from: printed(range.from),
          to: printed(to),
        },
        await zSums(tx, venue.id, {
          shiftIds: shifts.map((shift) => shift.id),
          unshifted: true,
          from: range.from,
          to: range.to,
        }),
        dayBalance(balances),
      );
    }
    const shift =
      input.shiftId !== undefined
        ? await findShift(tx, venue.id, input.shiftId)
        : ((await findOpenShift(tx, venue.id)) ?? (await lastShift(tx, venue.id)));
    if (!shift) throw notFound();
    const to = shift.closedAt ?? now;
    return zReportOf(
      {
        kind: 'shift',
        venueName: venue.businessName,
        logicalDate: shift.logicalDate,
        from: printed(shift.openedAt),
        to: printed(to),
      },
      // The shift's payments by their shift; its invoices by the time it was open (up to the close).
      await zSums(tx, venue.id, {
        shiftIds: [shift.id],
        unshifted: false,
        from: shift.openedAt,
        to: new Date(to.getTime() + 1),
      }),
      await shiftBalance(tx, venue.id, shift),
    );
  });
}

export function zReportText(z: ZReport, width: ReceiptWidth): string {
  return `${layoutZReport(z, width).join('\n')}\n`;
}

/** The Z as a PDF: the 48-column printed lines in Courier on A4, text kept as text (pdftotext reads it). */
export function zReportPdf(z: ZReport): Promise<Buffer> {
  return receiptPdf({ Title: `Informe Z ${z.logicalDate}`, Author: z.venueName }, layoutZReport(z, 48));
}
