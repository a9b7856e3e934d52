/**
 * How long a party of at least `fromPax` guests keeps its table. A list of rules is read as steps: the rule
 * with the largest `fromPax` not above the party size applies.
 */
export interface StayRule {
  /** Smallest party size this rule applies to (≥ 1). */
  readonly fromPax: number;
  /** Planned stay in minutes (> 0). */
  readonly minutes: number;
}

/**
 * Default stays, as casual-dining venues plan them: 1-2 pax 90 min, 3-4 pax 105 min, 5-6 pax 120 min,
 * 7 or more 150 min.
 */
export const DEFAULT_STAY_RULES: readonly StayRule[] = [
  { fromPax: 1, minutes: 90 },
  { fromPax: 3, minutes: 105 },
  { fromPax: 5, minutes: 120 },
  { fromPax: 7, minutes: 150 },
];

/** Default turnover buffer between two table bookings of one table: clearing and laying it takes 15 minutes. */
export const DEFAULT_BUFFER_MINUTES = 15;

/** Default shortest stay offered when a later booking cuts the planned one: an hour ... */
export const DEFAULT_MINIMUM_STAY_MINUTES = 60;

/** ... and never less than 75 % of the planned stay (whichever is longer, capped at the planned stay). */
export const DEFAULT_MINIMUM_STAY_RATIO = 0.75;

/**
 * The planned stay in minutes for a party of `pax` guests.
 * @throws RangeError when no rule applies (rules empty, or the smallest `fromPax` is above `pax`).
 */
export function stayMinutesFor(pax: number, rules: readonly StayRule[] = DEFAULT_STAY_RULES): number {
  let chosen: StayRule | undefined;
  for (const rule of rules) {
    if (rule.fromPax <= pax && (chosen === undefined || rule.fromPax > chosen.fromPax)) chosen = rule;
  }
  if (chosen === undefined) throw new RangeError(`No stay rule applies to a party of ${pax}`);
  return chosen.minutes;
}

/**
 * The shortest stay worth offering when a later table booking limits the planned one: the longer of
 * `minimumMinutes` and `ratio` × the planned stay (rounded up to a whole minute), never longer than the
 * planned stay itself. With the defaults: 90 → 68, 105 → 79, 120 → 90, 150 → 113 minutes.
 */
export function minimumStayMinutesFor(
  plannedMinutes: number,
  minimumMinutes: number = DEFAULT_MINIMUM_STAY_MINUTES,
  ratio: number = DEFAULT_MINIMUM_STAY_RATIO,
): number {
  return Math.min(plannedMinutes, Math.max(minimumMinutes, Math.ceil(plannedMinutes * ratio)));
}
