import {
  hashInput,
  verifyChain,
  type AltaHashFields,
  type ChainLink,
  type HashFields,
} from '@sobremesa/domain';
import { describe, expect, it } from 'vitest';
import { huellaOf, sha256Hex } from './huella.ts';

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
const EXAMPLE_HUELLA = '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60';

describe('the Huella (FIS-01)', () => {
  it('is the AEAT worked example value', () => {
    expect(huellaOf({ type: 'alta', ...EXAMPLE }).huella).toBe(EXAMPLE_HUELLA);
  });

  it('ignores spaces around values, as the AEAT trims them', () => {
    expect(huellaOf({ type: 'alta', ...EXAMPLE, NumSerieFactura: ' 12345678/G33 ' }).huella).toBe(
      EXAMPLE_HUELLA,
    );
  });
});

const sha256 = sha256Hex;
describe('chains built from the worked example (FIS-02)', () => {
  const link = (fields: HashFields): ChainLink => {
    const storedInput = hashInput(fields);
    return { fields, storedInput, huella: sha256(storedInput) };
  };
  const first = link({ type: 'alta', ...EXAMPLE });
  const second = link({
    type: 'alta',
    ...EXAMPLE,
    NumSerieFactura: '12345679/G34',
    Huella: first.huella,
    FechaHoraHusoGenRegistro: '2024-01-01T19:20:35+01:00',
  });
  const third = link({
    type: 'anulacion',
    IDEmisorFacturaAnulada: '89890001K',
    NumSerieFacturaAnulada: '12345679/G34',
    FechaExpedicionFacturaAnulada: '01-01-2024',
    Huella: second.huella,
    FechaHoraHusoGenRegistro: '2024-01-01T19:25:00+01:00',
  });

  it('verifies a chain whose first link is the AEAT example', () => {
    expect(first.huella).toBe(EXAMPLE_HUELLA);
    expect(second.storedInput).toContain(`&Huella=${EXAMPLE_HUELLA}&`);
    expect(verifyChain([first, second, third], sha256)).toEqual({
      ok: true,
      count: 3,
      lastHuella: third.huella,
    });
  });

  it('finds the link where an amount was edited, a link was dropped or a hash forged', () => {
    const edited = { ...second, fields: { ...second.fields, ImporteTotal: '1.00' } as HashFields };
    expect(verifyChain([first, edited, third], sha256)).toEqual({
      ok: false,
      index: 1,
      reason: 'input_mismatch',
    });
    expect(verifyChain([first, third], sha256)).toEqual({ ok: false, index: 1, reason: 'previous_mismatch' });
    const forged = { ...second, huella: EXAMPLE_HUELLA };
    expect(verifyChain([first, forged, third], sha256)).toEqual({
      ok: false,
      index: 1,
      reason: 'hash_mismatch',
    });
  });
});
