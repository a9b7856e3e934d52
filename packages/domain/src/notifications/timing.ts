/** Spec §9: pause between the alert sound and the message audio. */
export const ALERT_TO_MESSAGE_MS = 700;
/** Spec §9: speech starts this long after the alert. */
export const SPEECH_AFTER_ALERT_MS = 600;
/** Spec §9: the default notification mode (minutes): every notification is spoken. */
export const DEFAULT_NOTIFICATION_MODE = 0;

/** Spec §9: the spoken notification gap = notification mode (minutes) × 60 s; a bad mode counts as 0. */
export function spokenGapMs(mode: number): number {
  return Number.isFinite(mode) && mode > 0 ? Math.floor(mode) * 60_000 : 0;
}

/** Whether a message may be spoken now, given when the last one was (null: never). */
export function maySpeak(mode: number, lastSpokenAtMs: number | null, nowMs: number): boolean {
  return lastSpokenAtMs === null || nowMs - lastSpokenAtMs >= spokenGapMs(mode);
}

/** One step of an alert, relative to the moment the alert sound starts. */
export interface AlertStep {
  readonly atMs: number;
  readonly kind: 'sound' | 'message' | 'speech';
}

/**
 * The alert's schedule: the sound at once; when the notification has its own message audio it
 * follows 700 ms later, and the spoken text starts 600 ms after the alert (spec §9). Speech is left
 * out inside the gap of the notification mode.
 */
export function alertPlan(options: { hasMessageAudio: boolean; speak: boolean }): AlertStep[] {
  const steps: AlertStep[] = [{ atMs: 0, kind: 'sound' }];
  if (options.hasMessageAudio) steps.push({ atMs: ALERT_TO_MESSAGE_MS, kind: 'message' });
  if (options.speak) steps.push({ atMs: SPEECH_AFTER_ALERT_MS, kind: 'speech' });
  return steps.sort((a, b) => a.atMs - b.atMs);
}

/**
 * Spec §4: the sound turns on when the first notification arrives in an empty list or a new one arrives.
 * `previous` is the ids shown before (null on the first load, where only alerts not yet played ring).
 */
export function shouldSound(
  previous: readonly number[] | null,
  next: readonly { id: number; played: boolean }[],
): boolean {
  if (previous === null) return next.some((notification) => !notification.played);
  const known = new Set(previous);
  return next.some((notification) => !known.has(notification.id));
}

/** Types that ask a person to come: left unanswered they escalate. */
export const ESCALATING_TYPES: readonly string[] = [
  'ticket_request',
  'call_staff',
  'customer_ready_to_order',
  'kiosk_walk_in',
  'kiosk_qr_scan',
];

/** Whether a pending request has waited past the escalation time. */
export function isOverdue(
  notification: { type: string; status: number; createdAtMs: number },
  nowMs: number,
  escalateAfterSeconds: number,
): boolean {
  return (
    notification.status === 0 &&
    ESCALATING_TYPES.includes(notification.type) &&
    nowMs - notification.createdAtMs >= escalateAfterSeconds * 1000
  );
}
