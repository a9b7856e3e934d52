import type { TakeawayPause } from '@sobremesa/contracts';
import { formatOffsetDateTime } from '@sobremesa/domain';
import type { AppContext } from '../../context.ts';
import { appendAudit } from '../../db/audit-log.ts';
import { notifyTakeawayChanged, type OrderingCaller } from '../menus/menus.service.ts';
import { appendEvent } from '../realtime/realtime.service.ts';
import type { Venue } from '../venues/venues.service.ts';
import { readSettings, writePausedUntil, type TakeawaySettingsRow } from './takeaway-settings.repository.ts';

/**
 * "Until resumed" is a pause with no end: the column keeps an instant no service reaches, so the guest
 * form's check (`paused_until` in the future) needs nothing new.
 */
const UNTIL_RESUMED = new Date('9999-01-01T00:00:00Z');

/** The pause as staff see it: none once its instant has passed. */
export function pauseOf(settings: TakeawaySettingsRow, venue: Venue, now: Date): TakeawayPause {
  const until = settings.pausedUntil;
  if (until === null || until.getTime() <= now.getTime()) return { pausedUntil: null, untilResumed: false };
  const untilResumed = until.getTime() >= UNTIL_RESUMED.getTime();
  return { pausedUntil: untilResumed ? null : formatOffsetDateTime(until, venue.timeZone), untilResumed };
}

/**
 * Pauses online orders for some minutes or until resumed (`minutes` null), or resumes them (`resume`):
 * the change is audited with who made it and announced, so every tablet shows it at once, and the takeaway
 * page a guest opens next shows it too.
 */
export function setTakeawayPause(
  ctx: AppContext,
  venue: Venue,
  caller: OrderingCaller,
  change: { readonly minutes: number | null } | 'resume',
): Promise<TakeawayPause> {
  return ctx.db.transaction(async (tx) => {
    const now = ctx.clock.now();
    const before = pauseOf(await readSettings(tx, venue.id), venue, now);
    const until =
      change === 'resume'
        ? null
        : change.minutes === null
          ? UNTIL_RESUMED
          : new Date(now.getTime() + change.minutes * 60_000);
    await writePausedUntil(tx, venue.id, until);
    const after = pauseOf(await readSettings(tx, venue.id), venue, now);
    await appendAudit(
      tx,
      venue.id,
      caller,
      change === 'resume' ? 'takeaway.resume' : 'takeaway.pause',
      'takeaway_settings',
      venue.id,
      before,
      { ...after, roleId: caller.roleId },
    );
    await appendEvent(tx, venue.id, 'takeaway.paused', after);
    await notifyTakeawayChanged(tx, venue.id);
    return after;
  });
}
