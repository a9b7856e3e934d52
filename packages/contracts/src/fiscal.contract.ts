import { z } from 'zod';
import { okSchema } from './envelope.ts';
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
  /** The agency's error code and text for a record accepted with errors or rejected (decision 056). */
  submissionCode: z.string().nullable(),
  submissionDescription: z.string().nullable(),
  /** A correction after a rejection: the record it corrects (Subsanacion S, RechazoPrevio S). */
  correctsRecordId: z.number().int().nullable(),
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

/** PUT /world/api/fiscal/certificate: the venue's qualified certificate as a PKCS#12 file (base64). */
export const fiscalCertificateUploadSchema = z.strictObject({
  pkcs12: z.base64().min(1).max(160_000),
  passphrase: z.string().max(500),
});
export type FiscalCertificateUpload = z.infer<typeof fiscalCertificateUploadSchema>;

/** What the admin sees of the stored certificate: who it names and until when, never the key. */
export const fiscalCertificateStatusSchema = z.discriminatedUnion('present', [
  z.object({ present: z.literal(false) }),
  z.object({
    present: z.literal(true),
    subject: z.string(),
    /** The NIF the certificate names (organizationIdentifier VATES-…, or a person's serialNumber IDCES-…). */
    subjectNif: z.string(),
    issuer: z.string(),
    serialNumber: z.string(),
    notBefore: z.string(),
    notAfter: z.string(),
    expired: z.boolean(),
    /** Not expired yet, but within the days the owner is warned (30): a new one must be uploaded soon. */
    expiresSoon: z.boolean(),
    uploadedAt: z.string(),
  }),
]);
export type FiscalCertificateStatus = z.infer<typeof fiscalCertificateStatusSchema>;

/** GET and PUT /world/api/fiscal/certificate's reply (decision 056). */
export const fiscalCertificateResponseSchema = okSchema({ certificate: fiscalCertificateStatusSchema });

/**
 * POST /world/api/fiscal/records/:id/correction: a new record for a record the agency rejected, with what
 * made it fail set right (the recipient or the issuer's name); the amounts and the invoice stay.
 */
export const fiscalCorrectionSchema = z.strictObject({
  issuerName: z.string().trim().min(1).max(120).optional(),
  recipient: z
    .strictObject({ name: z.string().trim().min(1).max(120), nif: z.string().trim().min(1).max(9) })
    .optional(),
});
export type FiscalCorrection = z.infer<typeof fiscalCorrectionSchema>;

/** The correcting record, as the records list shows it. */
export const fiscalCorrectionResponseSchema = okSchema({ record: fiscalRecordViewSchema });

/** GET /world/api/fiscal/chain-check: each chain of the venue, and the first link that does not verify. */
export const fiscalChainCheckResponseSchema = okSchema({
  ok: z.boolean(),
  chains: z.array(
    z.object({
      issuerNif: z.string(),
      installationNumber: z.string(),
      records: z.number().int(),
      ok: z.boolean(),
      broken: z.object({ seq: z.number().int(), reason: z.string() }).nullable(),
    }),
  ),
});
export type FiscalChainCheckResponse = z.infer<typeof fiscalChainCheckResponseSchema>;
