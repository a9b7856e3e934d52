import { createHash } from 'node:crypto';
import sharp from 'sharp';
import { AppError } from '../../http/app-error.ts';

/** What an upload is for; each purpose has its own renditions. */
export type ImagePurpose = 'logo' | 'favicon' | 'product';

/** Uploads larger than this are refused before any decoding (a phone photo is 2 to 6 MB). */
export const MAX_IMAGE_BYTES = 8 * 1024 * 1024;

/** Decoding a bigger canvas than this is refused: a small file can declare a huge one (a decompression bomb). */
const MAX_INPUT_PIXELS = 50_000_000;

export type ImageFormat = 'webp' | 'png';

export interface Rendition {
  readonly width: number;
  readonly format: ImageFormat;
  readonly contentType: string;
  readonly bytes: Buffer;
  readonly hash: string;
}

interface RenditionSpec {
  readonly width: number;
  readonly format: ImageFormat;
  /** `inside` keeps the picture's proportions; `square` pads it to a transparent square (icons). */
  readonly fit: 'inside' | 'square';
}

/**
 * The sizes each purpose is kept at (decision 061): a product photo for the sheet (1200) and the menu
 * card (400); a logo at 512; a favicon as the browser tab (32), Apple's home screen (180) and the web
 * app manifest's two (192, 512) want it, PNG because every browser takes a PNG icon.
 */
export const RENDITIONS: Record<ImagePurpose, readonly RenditionSpec[]> = {
  product: [
    { width: 1200, format: 'webp', fit: 'inside' },
    { width: 400, format: 'webp', fit: 'inside' },
  ],
  logo: [{ width: 512, format: 'webp', fit: 'inside' }],
  favicon: [
    { width: 32, format: 'png', fit: 'square' },
    { width: 180, format: 'png', fit: 'square' },
    { width: 192, format: 'png', fit: 'square' },
    { width: 512, format: 'png', fit: 'square' },
  ],
};

/** The rendition a purpose's single URL names (the product card derives the 400 one from it). */
export const MAIN_WIDTH: Record<ImagePurpose, number> = { product: 1200, logo: 512, favicon: 192 };

type SourceType = 'jpeg' | 'png' | 'webp';

/**
 * The upload's real type from its first bytes, whatever the request said. SVG is not among them: it is
 * a document that can carry scripts, and the venue's pages would serve it on their own origin.
 */
export function sniffImageType(bytes: Buffer): SourceType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (
    bytes.length >= 8 &&
    bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))
  )
    return 'png';
  if (
    bytes.length >= 12 &&
    bytes.toString('latin1', 0, 4) === 'RIFF' &&
    bytes.toString('latin1', 8, 12) === 'WEBP'
  )
    return 'webp';
  return null;
}

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The name of one upload in its URLs: its bytes' SHA-256, shortened (128 bits). */
export function sourceKeyOf(bytes: Buffer): string {
  return sha256(bytes).slice(0, 32);
}

function refused(messageKey: 'image_type_refused' | 'image_unreadable' | 'image_too_large'): AppError {
  const status = messageKey === 'image_too_large' ? 413 : 400;
  return new AppError(status, status === 413 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_FAILED', messageKey, {
    fields: [{ path: '(body)', message: messageKey }],
    params: { max: MAX_IMAGE_BYTES / (1024 * 1024) },
  });
}

/**
 * Decodes an upload (JPEG, PNG or WebP, checked by its bytes) and re-encodes it at the purpose's sizes.
 * Nothing of the file passes through as it came: EXIF (a phone's GPS position, its camera), ICC and XMP
 * are dropped by re-encoding, after the EXIF orientation is applied to the pixels. A picture is never
 * enlarged; an icon is padded to a square on a transparent ground.
 */
export async function renderImage(bytes: Buffer, purpose: ImagePurpose): Promise<Rendition[]> {
  if (bytes.length > MAX_IMAGE_BYTES) throw refused('image_too_large');
  const type = sniffImageType(bytes);
  if (!type) throw refused('image_type_refused');
  const input = () => sharp(bytes, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' });
  try {
    const metadata = await input().metadata();
    if (metadata.format !== type) throw refused('image_type_refused');
    return await Promise.all(
      RENDITIONS[purpose].map(async (spec) => {
        const pipeline = input()
          .rotate()
          .resize(
            spec.fit === 'square'
              ? {
                  width: spec.width,
                  height: spec.width,
                  fit: 'contain',
                  background: { r: 0, g: 0, b: 0, alpha: 0 },
                }
              : { width: spec.width, height: spec.width, fit: 'inside', withoutEnlargement: true },
          );
        const out =
          spec.format === 'png'
            ? await pipeline.png({ compressionLevel: 9 }).toBuffer()
            : await pipeline.webp({ quality: 80 }).toBuffer();
        return {
          width: spec.width,
          format: spec.format,
          contentType: spec.format === 'png' ? 'image/png' : 'image/webp',
          bytes: out,
          hash: sha256(out),
        };
      }),
    );
  } catch (error) {
    if (error instanceof AppError) throw error;
    // The library's own messages (a truncated file, a canvas over the pixel limit) are for the log only.
    throw refused('image_unreadable');
  }
}
