import type { NotificationSettings } from '@sobremesa/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/database.ts';
import type { Venue } from '../venues/venues.service.ts';
import { readSettings, writeSettings } from './notifications.repository.ts';

/** Defaults of a venue without its own timings: a request waits 3 minutes, a dry table 20. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  escalateAfterSeconds: 180,
  upsellReminderMinutes: 20,
};

export async function notificationSettings(db: Executor, venueId: number): Promise<NotificationSettings> {
  const row = await readSettings(db, venueId);
  return row
    ? { escalateAfterSeconds: row.escalateAfterSeconds, upsellReminderMinutes: row.upsellReminderMinutes }
    : DEFAULT_NOTIFICATION_SETTINGS;
}

export async function updateNotificationSettings(
  ctx: AppContext,
  venue: Venue,
  patch: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  return ctx.db.transaction(async (tx) => {
    const next = { ...(await notificationSettings(tx, venue.id)), ...patch };
    await writeSettings(tx, { venueId: venue.id, ...next });
    return next;
  });
}
