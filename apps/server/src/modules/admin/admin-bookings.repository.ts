import { eq } from 'drizzle-orm';
import type { Transaction } from '../../db/database.ts';
import { serviceSchedules } from '../../db/schema/index.ts';

/** One stored row per service and weekday, as the availability engine reads them. */
export type ScheduleRow = Omit<typeof serviceSchedules.$inferInsert, 'id'>;

/** Replaces the venue's weekly schedule with `rows` (the caller holds the venue's row lock). */
export async function replaceServiceSchedules(
  tx: Transaction,
  venueId: number,
  rows: readonly ScheduleRow[],
): Promise<void> {
  await tx.delete(serviceSchedules).where(eq(serviceSchedules.venueId, venueId));
  if (rows.length > 0) await tx.insert(serviceSchedules).values([...rows]);
}
