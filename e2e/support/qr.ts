import jsQR from 'jsqr';
import type { Locator } from 'playwright-core';

/**
 * The text a QR image on the page encodes, read from its pixels as a phone's camera would. The image is
 * drawn at least 400 pixels wide without smoothing, so a vector QR (an SVG of one unit a module) reads as
 * well as a bitmap one. Throws when no code can be read: a QR that does not scan is a failure.
 */
export async function qrText(image: Locator): Promise<string> {
  const pixels = await image.evaluate(async (element) => {
    const picture = element as HTMLImageElement;
    await picture.decode();
    const scale = Math.max(1, Math.ceil(400 / picture.naturalWidth));
    const canvas = document.createElement('canvas');
    canvas.width = picture.naturalWidth * scale;
    canvas.height = picture.naturalHeight * scale;
    const context = canvas.getContext('2d')!;
    context.imageSmoothingEnabled = false;
    context.fillStyle = '#fff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(picture, 0, 0, canvas.width, canvas.height);
    const { data, width, height } = context.getImageData(0, 0, canvas.width, canvas.height);
    let text = '';
    for (const byte of data) text += String.fromCharCode(byte);
    return { rgba: btoa(text), width, height };
  });
  const decoded = jsQR(
    new Uint8ClampedArray(Buffer.from(pixels.rgba, 'base64')),
    pixels.width,
    pixels.height,
  );
  if (!decoded) throw new Error('the QR could not be read');
  return decoded.data;
}
