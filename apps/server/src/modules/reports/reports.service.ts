import { changeBp, logicalDate, previousPeriod, sumDays, daysInRange } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden } from '../../http/app-error.ts';
import type { BillingCaller } from '../billing/billing-caller.ts';
import type { Venue } from '../venues/venues.service.ts';
import { salesByDay } from './reports.repository.ts';

/** The longest range one report reads: a year and a day (a leap year's comparison included). */
export const MAX_REPORT_DAYS = 366;

/**
 * Sales by service day for a range, with its totals and the previous period of the same length beside
 * them. The admin reads any range; the till's other roles read only the current service day.
 */
export async function salesReport(
  ctx: AppContext,
  venue: Venue,
  caller: BillingCaller,
  range: { from: string; to: string },
) {
  const today = logicalDate(ctx.clock.now(), venue.timeZone);
  if (caller.actor !== 'admin' && (range.from !== today || range.to !== today)) throw forbidden();
  const days = daysInRange(range.from, range.to);
  if (days < 1 || days > MAX_REPORT_DAYS)
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: [{ path: 'to', message: `From 1 to ${MAX_REPORT_DAYS} days, not before from` }],
    });
  const previous = previousPeriod(range.from, range.to);
  const [current, before] = await Promise.all([
    salesByDay(ctx.db, venue.id, venue.timeZone, range.from, range.to),
    salesByDay(ctx.db, venue.id, venue.timeZone, previous.from, previous.to),
  ]);
  const totals = sumDays(current);
  const previousTotals = sumDays(before);
  return {
    range,
    previous,
    days: current,
    totals,
    previousTotals,
    change: {
      salesBp: changeBp(totals.salesCents, previousTotals.salesCents),
      ticketsBp: changeBp(totals.tickets, previousTotals.tickets),
      coversBp: changeBp(totals.covers, previousTotals.covers),
    },
  };
}
