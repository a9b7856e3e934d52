import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** What a phone's camera would read from a QR code PNG: its text, or undefined when none can be read. */
export function readQrPng(png: Uint8Array): string | undefined {
  const image = PNG.sync.read(Buffer.from(png));
  return jsQR(new Uint8ClampedArray(image.data), image.width, image.height)?.data;
}
