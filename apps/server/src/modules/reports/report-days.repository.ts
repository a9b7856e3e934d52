import { addDays, daysInRange, type DayFacts } from '@sobremesa/domain';
import { and, between, eq, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.ts';
import { reportDays } from '../../db/schema/index.ts';
import { dayFacts } from './day-facts.repository.ts';

/**
 * Closed service days' figures, kept in `report_days` (decision 045). A day missing there is computed and
 * stored under the exclusive side of the lock that the invalidation triggers take shared (migration 0018):
 * the computation sees every writer that forgot the day before it, and a writer after it forgets it again.
 */
const REPORT_DAYS_LOCK_CLASS = 0x5244; // "RD", as in the migration's triggers
/** Days computed under one hold of the lock: the venue's writes wait for at most a month's computation. */
const DAYS_PER_LOCK = 31;

/** Missing days in runs spanning at most DAYS_PER_LOCK days. */
function chunks(days: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const day of days) {
    const run = runs[runs.length - 1];
    if (run && daysInRange(run[0]!, day) <= DAYS_PER_LOCK) run.push(day);
    else runs.push([day]);
  }
  return runs;
}

export async function closedDayFacts(
  db: Database,
  venueId: number,
  timeZone: string,
  from: string,
  to: string,
): Promise<DayFacts[]> {
  const stored = await db
    .select({ day: reportDays.day, facts: reportDays.facts })
    .from(reportDays)
    .where(and(eq(reportDays.venueId, venueId), between(reportDays.day, from, to)));
  const byDay = new Map(stored.map((row) => [row.day, row.facts as DayFacts]));
  const missing: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) if (!byDay.has(day)) missing.push(day);
  for (const chunk of chunks(missing)) {
    const wanted = new Set(chunk);
    const computed = await db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${REPORT_DAYS_LOCK_CLASS}::int, ${venueId}::int)`);
      const fresh = (await dayFacts(tx, venueId, timeZone, chunk[0]!, chunk[chunk.length - 1]!)).filter(
        (facts) => wanted.has(facts.sales.date),
      );
      await tx
        .insert(reportDays)
        .values(fresh.map((facts) => ({ venueId, day: facts.sales.date, facts })))
        .onConflictDoUpdate({
          target: [reportDays.venueId, reportDays.day],
          set: { facts: sql`excluded.facts`, createdAt: sql`now()` },
        });
      return fresh;
    });
    for (const facts of computed) byDay.set(facts.sales.date, facts);
  }
  return [...byDay.values()];
}
