import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../config/env.ts';
import { huellaOf } from '../modules/fiscal/huella.ts';

/** Runs `npm run fiscal:huella` as an accountant would, with `input` on standard input. */
function huellaCli(input: string) {
  const run = spawnSync('npm', ['run', 'fiscal:huella'], { cwd: repoRoot, input, encoding: 'utf8' });
  return { status: run.status, lastLine: run.stdout.trimEnd().split('\n').at(-1), stderr: run.stderr };
}

const EXAMPLE = {
  type: 'alta',
  IDEmisorFactura: '89890001K',
  NumSerieFactura: '12345678/G33',
  FechaExpedicionFactura: '01-01-2024',
  TipoFactura: 'F1',
  CuotaTotal: '12.35',
  ImporteTotal: '123.45',
  Huella: '',
  FechaHoraHusoGenRegistro: '2024-01-01T19:20:30+01:00',
};

describe('npm run fiscal:huella', () => {
  it('prints the AEAT worked example Huella on its last line, and a cancellation the server’s', () => {
    expect(huellaCli(JSON.stringify(EXAMPLE))).toMatchObject({
      status: 0,
      lastLine: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
    });
    const anulacion = {
      type: 'anulacion',
      IDEmisorFacturaAnulada: '89890001K',
      NumSerieFacturaAnulada: '12345678/G33',
      FechaExpedicionFacturaAnulada: '01-01-2024',
      Huella: '3C464DAF61ACB827C65FDA19F352A4E3BDC2C640E9E9FC4CC058073F38F12F60',
      FechaHoraHusoGenRegistro: '2024-01-01T19:25:00+01:00',
    } as const;
    expect(huellaCli(JSON.stringify(anulacion)).lastLine).toBe(huellaOf(anulacion).huella);
  });

  it('refuses what is not a record, saying why, with a failing exit status', () => {
    const missing = huellaCli(JSON.stringify({ ...EXAMPLE, ImporteTotal: undefined }));
    expect(missing.status).not.toBe(0);
    expect(missing.stderr).toContain('ImporteTotal');
    expect(huellaCli('{not json').status).not.toBe(0);
  });
});
