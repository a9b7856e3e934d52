import { ESCALATING_TYPES, upsellReminderKey } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import { DEFAULT_NOTIFICATION_SETTINGS } from './notification-settings.ts';
import { drinkLines, escalateOverdue, seatedTables } from './notifications.repository.ts';
import { raiseNotificationOnce } from './raise-notifications.ts';

// The scheduler's work, every venue at once (notifications.scheduler.ts runs it).

/**
 * Marks pending guest requests past their venue's escalation time as escalated and announces each
 * (`notification.escalated`): screens alert again and highlight it. Each escalates once.
 */
export async function escalateOverdueRequests(ctx: AppContext): Promise<number> {
  return ctx.db.transaction(async (tx) => {
    const rows = await escalateOverdue(
      tx,
      ESCALATING_TYPES,
      ctx.clock.now(),
      DEFAULT_NOTIFICATION_SETTINGS.escalateAfterSeconds,
    );
    for (const row of rows) {
      await appendEvent(tx, row.venueId, 'notification.escalated', {
        notificationId: row.id,
        type: row.type,
        reservationId: row.reservationId,
      });
    }
    return rows.length;
  });
}

/**
 * Raises upselling_drinks_reminder for seated tables whose drinks ran out (or were never ordered) longer
 * than the venue's reminder time ago. Idempotent through the reminder's dedupe key, so a restart or a
 * second server never raises one twice.
 */
export async function raiseUpsellReminders(ctx: AppContext): Promise<number> {
  const now = ctx.clock.now();
  const tables = await seatedTables(ctx.db, now, DEFAULT_NOTIFICATION_SETTINGS.upsellReminderMinutes);
  const byVenue = new Map<number, typeof tables>();
  for (const table of tables) byVenue.set(table.venueId, [...(byVenue.get(table.venueId) ?? []), table]);
  let raised = 0;
  for (const [venueId, venueTables] of byVenue) {
    const lines = await drinkLines(
      ctx.db,
      venueId,
      venueTables.map((table) => table.reservationId),
    );
    for (const table of venueTables) {
      const drinks = lines
        .filter((line) => line.reservationId === table.reservationId)
        .map((line) => ({
          id: line.id,
          status: line.status,
          servedAtMs: line.dateServed?.getTime() ?? null,
          createdAtMs: line.createdAt.getTime(),
        }));
      const key = upsellReminderKey(
        { reservationId: table.reservationId, seatedAtMs: table.seatedAt.getTime(), drinks },
        now.getTime(),
        table.reminderMinutes,
      );
      if (!key) continue;
      const done = await ctx.db.transaction((tx) =>
        raiseNotificationOnce(tx, venueId, key, {
          type: 'upselling_drinks_reminder',
          reservationId: table.reservationId,
          at: now,
          data: { reservationId: table.reservationId, withoutDrinks: drinks.length === 0 },
        }),
      );
      if (done) raised += 1;
    }
  }
  return raised;
}
