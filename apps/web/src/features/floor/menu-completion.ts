import type { MenuProduct } from '@sobremesa/contracts';
import { isClosedStatus } from '@sobremesa/domain';

type Course = MenuProduct['menuCourses'][number];

/** A course of a menú del día line and what is left of it: how many dishes it still needs and takes. */
export interface OpenCourse {
  readonly course: Course;
  /** Dishes still required before the menu is complete (its minimum less what stands). */
  readonly needed: number;
  /** Dishes it still takes (its maximum less what stands). */
  readonly room: number;
}

/**
 * The courses a menú del día line can still be completed with, counted as the server counts them: each
 * standing course line (not cancelled, rejected or lost) fills the first course offering its dish that
 * still has room. Only courses with room are listed.
 */
export function openCourses(
  courses: readonly Course[],
  children: readonly { productSku: string; statusProductOrder: number }[],
): OpenCourse[] {
  const filled = new Map<number, number>();
  for (const child of children) {
    if (isClosedStatus(child.statusProductOrder)) continue;
    const course = courses.find(
      (candidate) =>
        candidate.items.some((item) => item.sku === child.productSku) &&
        (filled.get(candidate.id) ?? 0) < candidate.maxChoices,
    );
    if (course) filled.set(course.id, (filled.get(course.id) ?? 0) + 1);
  }
  return courses
    .map((course) => {
      const stands = filled.get(course.id) ?? 0;
      return {
        course,
        needed: Math.max(0, course.minChoices - stands),
        room: Math.max(0, course.maxChoices - stands),
      };
    })
    .filter((open) => open.room > 0);
}

/** Whether a menú del día line is missing a required course: what "Completar menú" is offered for. */
export function isIncomplete(open: readonly OpenCourse[]): boolean {
  return open.some((course) => course.needed > 0);
}

/**
 * Whether the picks, course by course, are enough to send: every course gets at least what it needs and
 * no more than it takes, and something is picked. The server checks again (and the dish's stock).
 */
export function picksComplete(open: readonly OpenCourse[], picks: ReadonlyMap<number, readonly string[]>) {
  let any = false;
  for (const { course, needed, room } of open) {
    const count = picks.get(course.id)?.length ?? 0;
    if (count < needed || count > room) return false;
    if (count > 0) any = true;
  }
  return any;
}
