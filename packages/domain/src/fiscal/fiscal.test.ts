import { describe, expect, it } from 'vitest';
import {
  fiscalAmount,
  fiscalDate,
  fiscalInvoiceType,
  fiscalQrUrl,
  fiscalTimestamp,
  hashInput,
  type AltaHashFields,
} from './index.ts';

// The AEAT's worked example (../shared/data/verifactu-example.md).
const EXAMPLE: AltaHashFields = {
  IDEmisorFactura: '89890001K',
  NumSerieFactura: '12345678/G33',
  FechaExpedicionFactura: '01-01-2024',
  TipoFactura: 'F1',
  CuotaTotal: '12.35',
  ImporteTotal: '123.45',
  Huella: '',
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
};
const EXAMPLE_INPUT =
  'IDEmisorFactura=89890001K&NumSerieFactura=12345678/G33&FechaExpedicionFactura=01-01-2024&TipoFactura=F1&CuotaTotal=12.35&ImporteTotal=123.45&Huella=&FechaHoraHusoGenRegistro=2024-01-01T19:20:30+01:00';
const PREVIOUS = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';

describe('the record hash (FIS-01)', () => {
  it('gives the AEAT worked example its published input string', () => {
    expect(hashInput({ type: 'alta', ...EXAMPLE })).toBe(EXAMPLE_INPUT);
  });

  it('trims values, so stray spaces cannot change the hash', () => {
    const padded = { ...EXAMPLE, IDEmisorFactura: ' 89890001K ', ImporteTotal: '123.45 ' };
    expect(hashInput({ type: 'alta', ...padded })).toBe(EXAMPLE_INPUT);
  });

  it('hashes a cancellation over its five fields in the AEAT order', () => {
    const input = hashInput({
      type: 'anulacion',
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: '12345678/G33',
      FechaExpedicionFacturaAnulada: '01-01-2024',
      Huella: PREVIOUS,
      FechaHoraHusoGenRegistro: '2024-01-01T19:30:30+01:00',
    });
    expect(input).toBe(
      `IDEmisorFacturaAnulada=89890001K&NumSerieFacturaAnulada=12345678/G33&FechaExpedicionFacturaAnulada=01-01-2024&Huella=${PREVIOUS}&FechaHoraHusoGenRegistro=2024-01-01T19:30:30+01:00`,
    );
  });
});

describe('amounts, dates and times formatted once', () => {
  it('writes amounts with a dot and two decimals', () => {
    expect(fiscalAmount(12345)).toBe('123.45');
    expect(fiscalAmount(1235)).toBe('12.35');
    expect(fiscalAmount(1000)).toBe('10.00');
    expect(fiscalAmount(5)).toBe('0.05');
    expect(fiscalAmount(-800)).toBe('-8.00');
    expect(() => fiscalAmount(1.5)).toThrow(RangeError);
  });

  it('dates an invoice with the venue calendar day, also after midnight', () => {
    expect(fiscalDate(new Date('2026-03-01T00:30:00Z'), 'Europe/Madrid')).toBe('01-03-2026');
    expect(fiscalDate(new Date('2026-02-28T22:59:59Z'), 'Europe/Madrid')).toBe('28-02-2026');
    expect(fiscalDate(new Date('2026-02-28T23:00:00Z'), 'Atlantic/Canary')).toBe('28-02-2026');
  });

  it('stamps records in local time with the offset right across both DST changes (FIS-03)', () => {
    const madrid = (iso: string) => fiscalTimestamp(new Date(iso), 'Europe/Madrid');
    // Spring forward: 29 March 2026, 02:00 CET becomes 03:00 CEST.
    expect(madrid('2026-03-29T00:59:59Z')).toBe('2026-03-29T01:59:59+01:00');
    expect(madrid('2026-03-29T01:00:00Z')).toBe('2026-03-29T03:00:00+02:00');
    // Fall back: 25 October 2026, 03:00 CEST becomes 02:00 CET; 02:30 happens twice.
    expect(madrid('2026-10-25T00:30:00Z')).toBe('2026-10-25T02:30:00+02:00');
    expect(madrid('2026-10-25T01:30:00Z')).toBe('2026-10-25T02:30:00+01:00');
    expect(fiscalTimestamp(new Date('2026-07-01T12:00:00Z'), 'Atlantic/Canary')).toBe(
      '2026-07-01T13:00:00+01:00',
    );
  });
});

describe('the record type of each document', () => {
  it('records tickets as F2 up to 3,000 EUR and refuses them above (an F1 is needed)', () => {
    expect(fiscalInvoiceType({ billType: 1, replacesTicket: false, totalCents: 300_000 })).toBe('F2');
    expect(fiscalInvoiceType({ billType: 1, replacesTicket: false, totalCents: 300_001 })).toBe(
      'simplified_over_limit',
    );
  });

  it('records complete invoices as F1, those replacing a ticket as F3, corrections as R1-R5', () => {
    expect(fiscalInvoiceType({ billType: 2, replacesTicket: false, totalCents: 500_000 })).toBe('F1');
    expect(fiscalInvoiceType({ billType: 2, replacesTicket: true, totalCents: 2_000 })).toBe('F3');
    for (const ground of [1, 2, 3, 4] as const)
      expect(
        fiscalInvoiceType({
          billType: 3,
          replacesTicket: false,
          rectifies: { simplified: false, ground },
          totalCents: -100,
        }),
      ).toBe(`R${ground}`);
    expect(
      fiscalInvoiceType({
        billType: 3,
        replacesTicket: false,
        rectifies: { simplified: true, ground: 1 },
        totalCents: -100,
      }),
    ).toBe('R5');
  });
});

describe('the QR URL (FIS-04)', () => {
  it('carries the four values in order, URL-encoded, so a + in a series survives', () => {
    const url = fiscalQrUrl('test', {
      nif: '89890001K',
      numserie: '12345678&G33+A/1',
      fecha: '01-01-2024',
      importe: '241.40',
    });
    expect(url).toBe(
      'https://prewww2.aeat.es/wlpl/TIKE-CONT/ValidarQR?nif=89890001K&numserie=12345678%26G33%2BA%2F1&fecha=01-01-2024&importe=241.40',
    );
    const numserie = url.split('&numserie=')[1]?.split('&')[0] ?? '';
    expect(decodeURIComponent(numserie)).toBe('12345678&G33+A/1');
  });
});
