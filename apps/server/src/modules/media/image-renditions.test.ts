import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderImage, sniffImageType, sourceKeyOf } from './image-renditions.ts';

describe('sniffImageType', () => {
  it('reads JPEG, PNG and WebP from their first bytes and nothing else', async () => {
    const canvas = () => sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } });
    expect(sniffImageType(await canvas().jpeg().toBuffer())).toBe('jpeg');
    expect(sniffImageType(await canvas().png().toBuffer())).toBe('png');
    expect(sniffImageType(await canvas().webp().toBuffer())).toBe('webp');
    expect(sniffImageType(await canvas().gif().toBuffer())).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});

describe('renderImage', () => {
  it('refuses a PNG signature on bytes the decoder reads as something else', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const disguised = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), gif]);
    await expect(renderImage(disguised, 'logo')).rejects.toMatchObject({ status: 400 });
  });

  it('names an upload by its bytes', () => {
    expect(sourceKeyOf(Buffer.from('a'))).toMatch(/^[0-9a-f]{32}$/);
    expect(sourceKeyOf(Buffer.from('a'))).not.toBe(sourceKeyOf(Buffer.from('b')));
  });
});
