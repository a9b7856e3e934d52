import { FISCAL_INVOICE_TYPES, type HashFields } from '@sobremesa/domain';
import { z } from 'zod';
import { huellaOf } from '../modules/fiscal/huella.ts';

/**
 * `npm run fiscal:huella`: reads one VERI*FACTU record as JSON on standard input (`type` alta or anulacion
 * and the AEAT field names of its hash input; `Huella` is the previous record's, empty for the first) and
 * prints its Huella on the last line, with the very function the server uses (issue 23).
 */

const text = z.string();
const recordSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('alta'),
    IDEmisorFactura: text,
    NumSerieFactura: text,
    FechaExpedicionFactura: text,
    TipoFactura: z.enum(FISCAL_INVOICE_TYPES),
    CuotaTotal: text,
    ImporteTotal: text,
    Huella: text,
    FechaHoraHusoGenRegistro: text,
  }),
  z.object({
    type: z.literal('anulacion'),
    IDEmisorFacturaAnulada: text,
    NumSerieFacturaAnulada: text,
    FechaExpedicionFacturaAnulada: text,
    Huella: text,
    FechaHoraHusoGenRegistro: text,
  }),
]);

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

try {
  const parsed = recordSchema.safeParse(JSON.parse(await readStdin()));
  if (!parsed.success) {
    process.stderr.write(`Not a record: ${z.prettifyError(parsed.error)}\n`);
    process.exit(1);
  }
  const fields: HashFields = parsed.data;
  process.stdout.write(`${huellaOf(fields).huella}\n`);
} catch (error) {
  process.stderr.write(`Not JSON: ${(error as Error).message}\n`);
  process.exit(1);
}
