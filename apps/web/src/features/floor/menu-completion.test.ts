import type { MenuProduct } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { isIncomplete, openCourses, picksComplete } from './menu-completion.ts';

type Course = MenuProduct['menuCourses'][number];
const course = (id: number, skus: string[], min = 1, max = 1): Course => ({
  id,
  name: `C${id}`,
  dishClass: null,
  minChoices: min,
  maxChoices: max,
  items: skus.map((sku, index) => ({
    productId: id * 10 + index,
    sku,
    name: sku,
    supplementCents: 0,
    available: true,
  })),
});
const courses = [course(1, ['A', 'B']), course(2, ['C', 'D']), course(3, ['E'], 0, 2)];
const child = (productSku: string, statusProductOrder = 1) => ({ productSku, statusProductOrder });

describe('a menú del día line’s open courses', () => {
  it('counts standing course lines and leaves out voided ones', () => {
    const open = openCourses(courses, [child('A', -4), child('C'), child('E')]);
    expect(open.map((entry) => [entry.course.id, entry.needed, entry.room])).toEqual([
      [1, 1, 1],
      [3, 0, 1],
    ]);
    expect(isIncomplete(open)).toBe(true);
  });

  it('is complete when every required course stands', () => {
    const open = openCourses(courses, [child('B'), child('D')]);
    expect(isIncomplete(open)).toBe(false);
  });

  it('fills the first course with room that offers the dish', () => {
    const shared = [course(1, ['A']), course(2, ['A'])];
    expect(openCourses(shared, [child('A')]).map((entry) => entry.course.id)).toEqual([2]);
  });

  it('accepts picks only between what each course needs and takes', () => {
    const open = openCourses(courses, [child('C')]);
    expect(picksComplete(open, new Map())).toBe(false);
    expect(picksComplete(open, new Map([[3, ['E']]]))).toBe(false);
    expect(picksComplete(open, new Map([[1, ['A']]]))).toBe(true);
    expect(picksComplete(open, new Map([[1, ['A', 'B']]]))).toBe(false);
  });
});
