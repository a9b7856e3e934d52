import { describe, expect, it } from 'vitest';
import { renderTicket } from './escpos.ts';

const cp858 = { codepage: 'cp858', columns: 48 } as const;
const URL =
  'https://www2.agenciatributaria.gob.es/wlpl/TIKE-CONT/ValidarQR?nif=B87654323&numserie=T%2B1-000042&fecha=20-11-2026&importe=23.50';

const GS_K = [0x1d, 0x28, 0x6b];

/** Every GS ( k function in the bytes, as [fn, parameters]. */
function qrFunctions(bytes: Buffer): { fn: number; parameters: Buffer }[] {
  const found: { fn: number; parameters: Buffer }[] = [];
  for (let index = 0; index + 7 <= bytes.length; index += 1) {
    if (bytes[index] !== GS_K[0] || bytes[index + 1] !== GS_K[1] || bytes[index + 2] !== GS_K[2]) continue;
    const length = (bytes[index + 3] ?? 0) + 256 * (bytes[index + 4] ?? 0);
    expect(bytes[index + 5]).toBe(0x31); // cn 49: QR code
    found.push({ fn: bytes[index + 6] ?? 0, parameters: bytes.subarray(index + 7, index + 5 + length) });
    index += 4 + length;
  }
  return found;
}

describe('the VERI*FACTU QR on the printed ticket (FIS-04)', () => {
  it('prints the URL with the printer’s own QR command, error correction M, captions around it', () => {
    const bytes = renderTicket({ text: 'FACTURA SIMPLIFICADA\nTotal 23,50 €', qr: URL }, cp858);
    const functions = qrFunctions(bytes);
    expect(functions.map((entry) => entry.fn)).toEqual([0x41, 0x43, 0x45, 0x50, 0x51]);
    expect([...functions[0]!.parameters]).toEqual([0x32, 0x00]); // model 2
    expect([...functions[2]!.parameters]).toEqual([0x31]); // level M
    const stored = functions[3]!.parameters;
    expect(stored[0]).toBe(0x30);
    expect(stored.subarray(1).toString('utf8')).toBe(URL);
    const text = bytes.toString('latin1');
    const qrAt = text.indexOf('\x1d(k');
    expect(text.lastIndexOf('QR tributario:', qrAt)).toBeGreaterThan(text.indexOf('Total 23,50'));
    expect(text.indexOf('VERI*FACTU', qrAt)).toBeGreaterThan(qrAt);
    // Still one ticket: the cut comes after the QR.
    expect(text.lastIndexOf('\x1dVB\x00')).toBeGreaterThan(text.indexOf('VERI*FACTU'));
  });

  it('prints no QR command on a ticket without one (a bill that is not an invoice)', () => {
    expect(qrFunctions(renderTicket({ text: 'Documento no válido como factura' }, cp858))).toEqual([]);
  });

  it('prints the review QR after the fiscal one, smaller, with its line above, before the cut', () => {
    const review = { url: 'https://casa.example/opinion?t=abc.def', caption: 'Évaluez votre visite' };
    const bytes = renderTicket(
      { text: 'FACTURA SIMPLIFICADA\nTotal 23,50 €', qr: URL, reviewQr: review },
      cp858,
    );
    const functions = qrFunctions(bytes);
    expect(functions.map((entry) => entry.fn)).toEqual([
      0x41, 0x43, 0x45, 0x50, 0x51, 0x41, 0x43, 0x45, 0x50, 0x51,
    ]);
    const stored = functions
      .filter((entry) => entry.fn === 0x50)
      .map((entry) => entry.parameters.subarray(1).toString('utf8'));
    expect(stored).toEqual([URL, review.url]);
    const [fiscalSize, reviewSize] = functions
      .filter((entry) => entry.fn === 0x43)
      .map((entry) => entry.parameters[0]!);
    expect(reviewSize).toBeLessThan(fiscalSize!);
    const text = bytes.toString('latin1');
    const caption = text.indexOf('valuez votre visite');
    expect(caption).toBeGreaterThan(text.indexOf('VERI*FACTU'));
    expect(text.indexOf(review.url)).toBeGreaterThan(caption);
    expect(text.lastIndexOf('\x1dVB\x00')).toBeGreaterThan(text.indexOf(review.url));
  });

  it('prints the review QR alone on a paid ticket without a fiscal record', () => {
    const review = { url: 'https://casa.example/opinion?t=abc', caption: 'Valora tu visita' };
    const stored = qrFunctions(renderTicket({ text: 'Total 4,00 €', reviewQr: review }, cp858)).filter(
      (entry) => entry.fn === 0x50,
    );
    expect(stored.map((entry) => entry.parameters.subarray(1).toString('utf8'))).toEqual([review.url]);
  });
});
