import { PRODUCT_ORDER_STATUS } from './lifecycle.ts';

/**
 * Where a table's meal stands, for the floor plan's tile (issue 18 item 5, decision 026): ordered (dishes
 * asked for that no station has started, including courses held until the floor fires them), fired (a
 * station is cooking or pouring something, or it waits at the pass to go out), served (everything asked
 * for has reached the table). Asking for the bill is the table's own state, not a course state.
 */
export const COURSE_STATES = ['ordered', 'fired', 'served'] as const;

/** One course state. */
export type CourseState = (typeof COURSE_STATES)[number];

/** What the rule reads of a line. */
export interface CourseStateLine {
  readonly statusProductOrder: number;
}

const STARTED: readonly number[] = [
  PRODUCT_ORDER_STATUS.preparing,
  PRODUCT_ORDER_STATUS.ready,
  PRODUCT_ORDER_STATUS.inHotTable,
];
const WAITING: readonly number[] = [PRODUCT_ORDER_STATUS.created, PRODUCT_ORDER_STATUS.accepted];

/**
 * The course state of a table's lines, or null when nothing stands ordered (no lines, or only voided
 * ones). What needs the floor's attention first wins: something started still has to be carried out, so
 * a table with a main cooking reads "fired" even when its next course waits; a table whose starters are
 * served and whose mains wait unfired reads "ordered" (the floor fires them).
 */
export function courseStateOf(lines: readonly CourseStateLine[]): CourseState | null {
  const live = lines.filter((line) => line.statusProductOrder >= 0);
  if (live.length === 0) return null;
  if (live.some((line) => STARTED.includes(line.statusProductOrder))) return 'fired';
  if (live.some((line) => WAITING.includes(line.statusProductOrder))) return 'ordered';
  return 'served';
}
