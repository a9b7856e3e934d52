import { describe, expect, it } from 'vitest';
import { cardPictureUrl } from './card-picture-url.ts';

describe('cardPictureUrl', () => {
  it('takes the 400 px rendition of an uploaded photo and leaves other pictures alone', () => {
    const key = '0123456789abcdef0123456789abcdef';
    expect(cardPictureUrl(`/media/${key}-1200.webp`)).toBe(`/media/${key}-400.webp`);
    expect(cardPictureUrl('/img/tortilla.jpg')).toBe('/img/tortilla.jpg');
    expect(cardPictureUrl(`/media/${key}-512.webp`)).toBe(`/media/${key}-512.webp`);
  });
});
