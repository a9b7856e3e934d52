import { z } from 'zod';

/**
 * The fiscal section of /ebitdata (issue 23 item 6): the VERI*FACTU switch, the installation number that
 * names this till in every record, and which of the agency's services the records and QR point at. The
 * issuer's NIF and fiscal name are the venue's `fiscalInfo`, edited in the venue section.
 */

export const AEAT_ENVIRONMENTS = ['production', 'test'] as const;

/** POST /world/api/admin/fiscal/settings. */
export const adminFiscalSettingsUpdateSchema = z.strictObject({
  enabled: z.boolean({ message: 'Indica si VERI*FACTU está activo' }),
  installationNumber: z
    .string({ message: 'Escribe el número de instalación' })
    .trim()
    .min(1, 'Escribe el número de instalación')
    .max(100, 'Como mucho 100 caracteres')
    .regex(/^[A-Za-z0-9._-]+$/, 'Solo letras, números, punto, guion y guion bajo'),
  environment: z.enum(AEAT_ENVIRONMENTS, { message: 'Elige producción o pruebas' }),
});
export type AdminFiscalSettingsUpdate = z.output<typeof adminFiscalSettingsUpdateSchema>;

export const adminFiscalSettingsSchema = z.object({
  enabled: z.boolean(),
  installationNumber: z.string(),
  environment: z.enum(AEAT_ENVIRONMENTS),
});
export type AdminFiscalSettings = z.infer<typeof adminFiscalSettingsSchema>;

/** GET /world/api/admin/fiscal: the settings and the issuer they record for. */
export const adminFiscalResponseSchema = z.object({
  result: z.literal(0),
  settings: adminFiscalSettingsSchema,
  issuer: z.object({
    taxId: z.string(),
    legalName: z.string(),
    /** Whether the NIF's check letter holds: without a valid NIF no record can be issued. */
    taxIdValid: z.boolean(),
  }),
});
export type AdminFiscalResponse = z.infer<typeof adminFiscalResponseSchema>;

export const adminFiscalSettingsResponseSchema = z.object({
  result: z.literal(0),
  settings: adminFiscalSettingsSchema,
});
