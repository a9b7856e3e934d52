import { PRODUCT_ORDER_STATUS } from './lifecycle.ts';

/**
 * Courses and firing (decision 010). When a venue fires by course, the first course of a table goes to
 * the kitchen at once and later courses wait ("held") until the floor fires them (dispatch-fireable).
 * Drinks and lines without a dish class are never held: the bar pours as soon as it is asked.
 */

/** What course planning needs of a line. */
export interface CourseLine {
  readonly productType: string;
  readonly dishClassId: number | null;
}

/** Sort order of each dish class of the venue (primeros before segundos before postres). */
export type CourseOrder = ReadonlyMap<number, number>;

function rank(order: CourseOrder, dishClassId: number): number {
  return order.get(dishClassId) ?? Number.MAX_SAFE_INTEGER;
}

/** Lines that follow the course rhythm: food with a dish class. */
export function isCoursed(line: CourseLine): boolean {
  return line.productType !== 'bebida' && line.dishClassId !== null;
}

/**
 * Which new lines to hold: a coursed line after the earliest course waiting for the table (in the new
 * order or already held), or of a course already held (it waits for its firing with the rest). Extra
 * starters ordered while the mains wait go at once; a table whose starters are done gets its mains at
 * once.
 */
export function linesToHold<L extends CourseLine>(
  newLines: readonly L[],
  heldDishClassIds: readonly number[],
  order: CourseOrder,
): boolean[] {
  const coursed = newLines.filter(isCoursed).map((line) => line.dishClassId as number);
  const candidates = [...coursed, ...heldDishClassIds];
  if (candidates.length === 0) return newLines.map(() => false);
  const earliest = Math.min(...candidates.map((id) => rank(order, id)));
  const earliestHeld =
    heldDishClassIds.length > 0
      ? Math.min(...heldDishClassIds.map((id) => rank(order, id)))
      : Number.POSITIVE_INFINITY;
  return newLines.map((line) => {
    if (!isCoursed(line)) return false;
    const position = rank(order, line.dishClassId as number);
    return position > earliest || position >= earliestHeld;
  });
}

/** The next course to fire: the earliest dish class among the held lines, or null when nothing waits. */
export function nextCourseToFire(
  heldLines: readonly { readonly dishClassId: number | null }[],
  order: CourseOrder,
): number | null {
  let best: number | null = null;
  for (const line of heldLines) {
    if (line.dishClassId === null) continue;
    if (best === null || rank(order, line.dishClassId) < rank(order, best)) best = line.dishClassId;
  }
  return best;
}

/** A new line as course planning sees it: `parent` is the position of its menú del día line, if any. */
export interface PlannableLine extends CourseLine {
  readonly parent: number | null;
  readonly status: number;
}

/** How each new line is written: held for a later course, or fired now in the service event `event`. */
export interface CoursePlan {
  readonly lines: readonly {
    readonly held: boolean;
    readonly fired: boolean;
    readonly event: number | null;
  }[];
  /** The service events the order opens, one per course fired now, in order of first appearance. */
  readonly events: readonly { readonly dishClassId: number; readonly status: number }[];
}

/**
 * Plans an order's courses before anything is written (decision 026): later courses are held
 * ({@link linesToHold}); each course going now opens one service event that its lines join, fired now.
 * A menú del día line is no dish (its courses follow the rhythm, it does not), nor is a drink or a line
 * without a dish class: they are neither held nor fired.
 */
export function planCourses(
  lines: readonly PlannableLine[],
  heldDishClassIds: readonly number[],
  order: CourseOrder,
): CoursePlan {
  const headers = new Set(lines.flatMap((line) => (line.parent === null ? [] : [line.parent])));
  const coursed = lines.map((line, index) => (headers.has(index) ? { ...line, dishClassId: null } : line));
  const holds = linesToHold(coursed, heldDishClassIds, order);
  const events: { dishClassId: number; status: number }[] = [];
  const eventOf = new Map<number, number>();
  const planned = coursed.map((line, index) => {
    if (holds[index]) return { held: true, fired: false, event: null };
    if (line.dishClassId === null || line.productType === 'bebida')
      return { held: false, fired: false, event: null };
    let event = eventOf.get(line.dishClassId);
    if (event === undefined) {
      event = events.length;
      events.push({
        dishClassId: line.dishClassId,
        status: Math.max(line.status, PRODUCT_ORDER_STATUS.created),
      });
      eventOf.set(line.dishClassId, event);
    }
    return { held: false, fired: true, event };
  });
  return { lines: planned, events };
}
