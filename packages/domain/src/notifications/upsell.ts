/** Product order statuses of a drink still on its way (spec §4): created, accepted, preparing, ready, hot table. */
const ON_ITS_WAY = new Set([0, 1, 2, 3, 7]);

/** A drink line of a seated table, as the reminder rule sees it. */
export interface DrinkLine {
  readonly id: number;
  readonly status: number;
  /** When it reached the table (served), or null. */
  readonly servedAtMs: number | null;
  readonly createdAtMs: number;
}

/**
 * Whether a seated table is due an upselling_drinks_reminder, and under which key. Due once no drink
 * is on its way and the last one served (or, with none ordered, the seating) is older than the
 * reminder time. The key names that moment (the last drink line, or "none"), so a reminder is raised
 * once per dry spell however often the scheduler runs, and again after the next round runs out.
 */
export function upsellReminderKey(
  table: { reservationId: number; seatedAtMs: number; drinks: readonly DrinkLine[] },
  nowMs: number,
  reminderMinutes: number,
): string | null {
  const live = table.drinks.filter((line) => line.status >= 0);
  if (live.some((line) => ON_ITS_WAY.has(line.status))) return null;
  const last = live.reduce<DrinkLine | null>(
    (latest, line) => (latest === null || line.id > latest.id ? line : latest),
    null,
  );
  const since = last ? (last.servedAtMs ?? last.createdAtMs) : table.seatedAtMs;
  if (nowMs - since < reminderMinutes * 60_000) return null;
  return `upsell:${table.reservationId}:${last ? last.id : 'none'}`;
}
