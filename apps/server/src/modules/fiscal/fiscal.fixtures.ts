import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import jsQR from 'jsqr';

/** Helpers of the fiscal tests: the QR read off a PDF, and XSD checks. */

/** Renders the first page of a PDF to grey pixels with poppler's pdftoppm and decodes the QR on it. */
export function qrOfPdf(pdf: Buffer): string | null {
  const folder = mkdtempSync(path.join(tmpdir(), 'fiscal-qr-'));
  try {
    writeFileSync(path.join(folder, 'bill.pdf'), pdf);
    execFileSync('pdftoppm', ['-r', '150', '-gray', '-f', '1', '-l', '1', 'bill.pdf', 'page'], {
      cwd: folder,
    });
    const image = readFileSync(
      path.join(
        folder,
        readdirSync(folder).find((name) => name.endsWith('.pgm'))!,
      ),
    );
    // A binary PGM: "P5\n<width> <height>\n<max>\n" and one byte a pixel.
    const header = /^P5\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(image.toString('latin1', 0, 50));
    if (!header) throw new Error('not a PGM image');
    const [width, height] = [Number(header[1]), Number(header[2])];
    const grey = image.subarray(header[0].length);
    const rgba = new Uint8ClampedArray(width * height * 4);
    for (let index = 0; index < width * height; index += 1) {
      rgba.set([grey[index]!, grey[index]!, grey[index]!, 255], index * 4);
    }
    return jsQR(rgba, width, height)?.data ?? null;
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
}

// The AEAT's schemas, copied unchanged from ../shared/data/aeat (see aeat-xsd/README.md).
const XSD = path.join(path.dirname(fileURLToPath(import.meta.url)), 'aeat-xsd');

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
