import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import { XSD_FOLDER } from './xsd-check.ts';

/** Helpers of the fiscal tests: the QRs read off a PDF, and XSD checks. */

/**
 * Every QR on a PDF's pages, top to bottom: each page rendered to grey pixels with poppler's pdftoppm,
 * jsQR reads one code, that code is painted white, and the page is read again until none is left.
 */
export function qrsOfPdf(pdf: Buffer): string[] {
  const folder = mkdtempSync(path.join(tmpdir(), 'fiscal-qr-'));
  try {
    writeFileSync(path.join(folder, 'bill.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-gray', 'bill.pdf', 'page'], { cwd: folder });
    const pages = readdirSync(folder)
      .filter((name) => name.endsWith('.pgm'))
      .sort();
    return pages.flatMap((page) => qrsOfImage(readFileSync(path.join(folder, page))));
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

function qrsOfImage(image: Buffer): string[] {
  // A binary PGM: "P5\n<width> <height>\n<max>\n" and one byte a pixel.
  const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.toString('latin1', 0, 50));
  if (!header) throw new Error('not a PGM image');
  const [width, height] = [Number(header[1]), Number(header[2])];
  const grey = image.subarray(header[0].length);
  const rgba = new Uint8ClampedArray(width * height * 4);
  for (let index = 0; index < width * height; index += 1) {
    rgba.set([grey[index]!, grey[index]!, grey[index]!, 255], index * 4);
  }
  const found: { data: string; top: number }[] = [];
  for (let code = jsQR(rgba, width, height); code; code = jsQR(rgba, width, height)) {
    const { topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner } = code.location;
    const corners = [topLeftCorner, topRightCorner, bottomLeftCorner, bottomRightCorner];
    const xs = corners.map((corner) => corner.x);
    const ys = corners.map((corner) => corner.y);
    const left = Math.max(Math.floor(Math.min(...xs)) - 20, 0);
    const right = Math.min(Math.ceil(Math.max(...xs)) + 20, width - 1);
    const top = Math.max(Math.floor(Math.min(...ys)) - 20, 0);
    const bottom = Math.min(Math.ceil(Math.max(...ys)) + 20, height - 1);
    for (let y = top; y <= bottom; y += 1)
      rgba.fill(255, (y * width + left) * 4, (y * width + right + 1) * 4);
    found.push({ data: code.data, top });
  }
  return found.sort((a, b) => a.top - b.top).map((entry) => entry.data);
}

const XSD = XSD_FOLDER;

/** Validates a document with Debian's xmllint against one of the AEAT schemas: '' when valid, else the errors. */
export function xsdErrors(
  document: string,
  schema: 'SuministroLR.xsd' | 'SuministroInformacion.xsd',
): string {
  const folder = mkdtempSync(path.join(tmpdir(), 'fiscal-xml-'));
  try {
    const file = path.join(folder, 'document.xml');
    writeFileSync(file, document);
    execFileSync('xmllint', ['--noout', '--schema', path.join(XSD, schema), file], { stdio: 'pipe' });
    return '';
  } catch (error) {
    return String((error as { stderr?: Buffer }).stderr ?? error);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}
