import {
  addDays,
  changeBp,
  daysInRange,
  logicalDate,
  previousPeriod,
  sumFacts,
  type DayFacts,
  type RangeFigures,
} from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import type { BillingCaller } from '../../http/route-roles.ts';
import type { Venue } from '../venues/venues.service.ts';
import { dayFacts } from './day-facts.repository.ts';
import { closedDayFacts } from './report-days.repository.ts';

/** The longest range one report reads: a year and a day (a leap year's comparison included). */
export const MAX_REPORT_DAYS = 366;

type Range = { from: string; to: string };

/**
 * The figures of a range: closed days from `report_days` (computed once, decision 045), today and later
 * computed live, so nothing stored can miss a payment taken a minute ago.
 */
export async function rangeFigures(ctx: AppContext, venue: Venue, range: Range): Promise<RangeFigures> {
  const today = logicalDate(ctx.clock.now(), venue.timeZone);
  const lastClosed = addDays(today, -1);
  const parts: Promise<DayFacts[]>[] = [];
  if (range.from <= lastClosed)
    parts.push(
      closedDayFacts(
        ctx.db,
        venue.id,
        venue.timeZone,
        range.from,
        range.to < lastClosed ? range.to : lastClosed,
      ),
    );
  if (range.to >= today)
    parts.push(dayFacts(ctx.db, venue.id, venue.timeZone, range.from > today ? range.from : today, range.to));
  return sumFacts((await Promise.all(parts)).flat());
}

/** The admin reads any range up to a year; the till's other roles only the current service day. */
function checkedRange(ctx: AppContext, venue: Venue, caller: BillingCaller, range: Range): Range {
  const today = logicalDate(ctx.clock.now(), venue.timeZone);
  if (caller.actor !== 'admin' && (range.from !== today || range.to !== today)) throw forbidden();
  const days = daysInRange(range.from, range.to);
  // Named by the labels the reports page gives its two dates, as the fiscal records' period is.
  const problem =
    days < 1
      ? 'La fecha «Hasta» no puede ser anterior a «Desde»'
      : days > MAX_REPORT_DAYS
        ? 'Entre «Desde» y «Hasta», como mucho un año'
        : null;
  if (problem)
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [{ path: 'to', message: problem }],
    });
  return range;
}

/** A range's owner reports beside the previous period of the same length. */
export async function ownerReport(ctx: AppContext, venue: Venue, caller: BillingCaller, asked: Range) {
  const range = checkedRange(ctx, venue, caller, asked);
  const previous = previousPeriod(range.from, range.to);
  const [current, before] = await Promise.all([
    rangeFigures(ctx, venue, range),
    rangeFigures(ctx, venue, previous),
  ]);
  return {
    range,
    previous,
    current,
    before,
    change: {
      salesBp: changeBp(current.totals.salesCents, before.totals.salesCents),
      ticketsBp: changeBp(current.totals.tickets, before.totals.tickets),
      coversBp: changeBp(current.totals.covers, before.totals.covers),
      averageTicketBp: changeBp(current.averageTicketCents, before.averageTicketCents),
      tipsBp: changeBp(current.totals.tipsCents, before.totals.tipsCents),
    },
  };
}

/** One range's figures alone (a CSV export), under the same checks. */
export async function ownerFigures(ctx: AppContext, venue: Venue, caller: BillingCaller, asked: Range) {
  return rangeFigures(ctx, venue, checkedRange(ctx, venue, caller, asked));
}

/** Sales by service day for a range, with its totals and the previous period's (decision 033). */
export async function salesReport(ctx: AppContext, venue: Venue, caller: BillingCaller, asked: Range) {
  const report = await ownerReport(ctx, venue, caller, asked);
  return {
    range: report.range,
    previous: report.previous,
    days: report.current.days.filter(
      (day) => day.salesCents !== 0 || day.collectedCents !== 0 || day.tipsCents !== 0,
    ),
    totals: report.current.totals,
    previousTotals: report.before.totals,
    change: {
      salesBp: report.change.salesBp,
      ticketsBp: report.change.ticketsBp,
      coversBp: report.change.coversBp,
    },
  };
}
