import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { HashFields } from '@sobremesa/domain';
import jsQR from 'jsqr';
import type { FiscalRecordRow } from './fiscal.repository.ts';

/** Helpers of the fiscal tests: a record's hash fields from its columns, the QR read off a PDF, XSD checks. */

/** The hash fields of a stored record, rebuilt from its AEAT columns. */
export function fieldsOf(row: FiscalRecordRow): HashFields {
  if (row.kind === 'anulacion')
    return {
      type: 'anulacion',
      IDEmisorFacturaAnulada: row.issuerNif,
      NumSerieFacturaAnulada: row.numSerie,
      FechaExpedicionFacturaAnulada: row.fechaExpedicion,
      Huella: row.huellaAnterior,
      FechaHoraHusoGenRegistro: row.fechaHoraHuso,
    };
  return {
    type: 'alta',
    IDEmisorFactura: row.issuerNif,
    NumSerieFactura: row.numSerie,
    FechaExpedicionFactura: row.fechaExpedicion,
    TipoFactura: row.invoiceType as 'F1',
    CuotaTotal: row.cuotaTotal ?? '',
    ImporteTotal: row.importeTotal ?? '',
    Huella: row.huellaAnterior,
    FechaHoraHusoGenRegistro: row.fechaHoraHuso,
  };
}

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
