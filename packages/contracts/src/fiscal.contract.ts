import { z } from 'zod';
import { isoDateSchema } from './reservations.contract.ts';

/**
 * VERI*FACTU records on the wire (issue 23, decision 032). Field names are the AEAT's, with the strings
 * exactly as hashed, so an accountant or a check can recompute each Huella.
 */

/** GET /world/api/fiscal/records?from=YYYY-MM-DD&to=YYYY-MM-DD (both days included, venue calendar). */
export const fiscalRecordsQuerySchema = z.strictObject({
  from: isoDateSchema,
  to: isoDateSchema,
  roleId: z.coerce.number().int().positive().optional(),
});
export type FiscalRecordsQuery = z.infer<typeof fiscalRecordsQuerySchema>;

/** Where a record is on its way to the agency. */
export const FISCAL_SUBMISSION_STATES = [
  'pending',
  'sent',
  'accepted',
  'accepted_with_errors',
  'rejected',
] as const;
export const fiscalSubmissionStateSchema = z.enum(FISCAL_SUBMISSION_STATES);
export type FiscalSubmissionState = z.infer<typeof fiscalSubmissionStateSchema>;

const common = {
  id: z.number().int(),
  billId: z.number().int(),
  installationNumber: z.string(),
  seq: z.number().int(),
  FechaHoraHusoGenRegistro: z.string(),
  Huella: z.string(),
  HuellaAnterior: z.string(),
  submission: fiscalSubmissionStateSchema,
};

export const fiscalAltaViewSchema = z.object({
  ...common,
  type: z.literal('alta'),
  IDEmisorFactura: z.string(),
  NumSerieFactura: z.string(),
  FechaExpedicionFactura: z.string(),
  TipoFactura: z.string(),
  CuotaTotal: z.string(),
  ImporteTotal: z.string(),
  /** F3: the ticket replaced; R*: the invoice corrected. */
  FacturaRelacionada: z
    .object({ NumSerieFactura: z.string(), FechaExpedicionFactura: z.string() })
    .nullable(),
  qrUrl: z.string(),
});

export const fiscalAnulacionViewSchema = z.object({
  ...common,
  type: z.literal('anulacion'),
  IDEmisorFacturaAnulada: z.string(),
  NumSerieFacturaAnulada: z.string(),
  FechaExpedicionFacturaAnulada: z.string(),
  qrUrl: z.null(),
});

export const fiscalRecordViewSchema = z.discriminatedUnion('type', [
  fiscalAltaViewSchema,
  fiscalAnulacionViewSchema,
]);
export type FiscalRecordView = z.infer<typeof fiscalRecordViewSchema>;

export const fiscalRecordsResponseSchema = z.object({
  result: z.literal(0),
  records: z.array(fiscalRecordViewSchema),
});
