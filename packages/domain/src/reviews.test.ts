import { describe, expect, it } from 'vitest';
import { reviewOutcome } from './reviews.ts';

describe('review outcome', () => {
  it('offers the public link from four stars and keeps three or fewer private', () => {
    expect([1, 2, 3, 4, 5].map(reviewOutcome)).toEqual(['private', 'private', 'private', 'public', 'public']);
  });
});
