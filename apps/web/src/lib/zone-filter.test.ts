import { describe, expect, it } from 'vitest';
import { roomVisible } from './zone-filter.ts';

describe('roomVisible', () => {
  it('shows every room when the filter is off or empty', () => {
    expect(roomVisible('Terraza', false, ['Sala'])).toBe(true);
    expect(roomVisible('Terraza', true, [])).toBe(true);
  });
  it('shows only the selected rooms when enabled', () => {
    expect(roomVisible('Terraza', true, ['Sala'])).toBe(false);
    expect(roomVisible('Sala', true, ['Sala'])).toBe(true);
  });
});
