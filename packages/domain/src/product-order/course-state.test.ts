import { describe, expect, it } from 'vitest';
import { courseStateOf } from './course-state.ts';
import { PRODUCT_ORDER_STATUS as S } from './lifecycle.ts';

const lines = (...statuses: number[]) => statuses.map((statusProductOrder) => ({ statusProductOrder }));

describe('courseStateOf', () => {
  it('is null before anything is ordered, and when every line was voided or written off', () => {
    expect(courseStateOf([])).toBeNull();
    expect(courseStateOf(lines(S.cancelled, S.rejected, S.loss, S.error))).toBeNull();
  });

  it('reads "ordered" while no station has started the table’s dishes', () => {
    expect(courseStateOf(lines(S.created, S.accepted))).toBe('ordered');
  });

  it('reads "fired" once a station starts something, until it is carried out', () => {
    expect(courseStateOf(lines(S.accepted, S.preparing))).toBe('fired');
    expect(courseStateOf(lines(S.served, S.ready))).toBe('fired');
    expect(courseStateOf(lines(S.inHotTable))).toBe('fired');
  });

  it('reads "served" when everything asked for reached the table, voids aside', () => {
    expect(courseStateOf(lines(S.served, S.served, S.cancelled))).toBe('served');
    expect(courseStateOf(lines(S.consuming, S.consumed, S.retired))).toBe('served');
  });

  it('reads "ordered" again when the starters are served and the mains wait to be fired', () => {
    expect(courseStateOf(lines(S.served, S.accepted))).toBe('ordered');
  });
});
