import {
  adminFiscalSettingsResponseSchema,
  fiscalCertificateResponseSchema,
  fiscalCorrectionResponseSchema,
  type AdminFiscalSettings,
} from '@sobremesa/contracts';
import { api } from '../../../lib/api.ts';
import { useWriteThenRead } from '../../../lib/write-then-read.ts';
import { ADMIN_QUERY_KEY, adminFiscalQuery, fiscalCertificateQuery } from './admin-api.ts';

export const fiscalCalls = {
  /** The PKCS#12 file (base64) with its passphrase, stored encrypted by the server (decision 056). */
  uploadCertificate: (body: { pkcs12: string; passphrase: string }) =>
    api.request(fiscalCertificateResponseSchema, '/world/api/fiscal/certificate', { method: 'PUT', body }),
  saveSettings: (body: AdminFiscalSettings) =>
    api.request(adminFiscalSettingsResponseSchema, '/world/api/admin/fiscal/settings', { body }),
  /** A new record for one the agency rejected (Subsanación, decision 056). */
  correctRecord: (id: number, body: { issuerName?: string; recipient?: { name: string; nif: string } }) =>
    api.request(fiscalCorrectionResponseSchema, `/world/api/fiscal/records/${id}/correction`, { body }),
};

/** The certificate's upload: what it names is read again before it resolves. */
export const useCertificateUpload = () => useWriteThenRead([fiscalCertificateQuery.queryKey]);

/** The VERI*FACTU settings' save: the fiscal page is read again. */
export const useFiscalSettingsWrite = () => useWriteThenRead([adminFiscalQuery.queryKey]);

/** A correction adds a record: every period's records are read again. */
export const useRecordCorrection = () => useWriteThenRead([[...ADMIN_QUERY_KEY, 'fiscal', 'records']]);
