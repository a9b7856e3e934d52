import { useQuery } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { fiscalCertificateQuery } from '../api/admin-api.ts';
import { fiscalCalls, useCertificateUpload } from '../api/fiscal-writes.ts';
import { writeFailure } from './write-failure.ts';
import { SaveFooter } from './save-footer.tsx';

/** The file's bytes as base64, as the server takes a PKCS#12 file inside JSON. */
async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

/**
 * The venue's qualified certificate for sending records to the agency (decision 056): whom it names and
 * until when, and uploading a new one (.p12 or .pfx with its passphrase). The key never comes back.
 */
export function FiscalCertificate({ timeZone }: { readonly timeZone: string }) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const id = useId();
  const status = useQuery(fiscalCertificateQuery);
  const [file, setFile] = useState<File | null>(null);
  const [passphrase, setPassphrase] = useState('');
  const [missingFile, setMissingFile] = useState(false);
  const { run, busy: saving, error } = useCertificateUpload();
  const failure = missingFile ? t('fiscal.certificate.chooseFile') : error && writeFailure(error, t);
  const date = (at: string) => formatDate(new Date(at), locale, timeZone);

  function submit(event: FormEvent) {
    event.preventDefault();
    setMissingFile(!file);
    if (!file) return;
    run(
      async () => fiscalCalls.uploadCertificate({ pkcs12: await base64Of(file), passphrase }),
      () => {
        setPassphrase('');
        toast.success(t('fiscal.certificate.saved'));
      },
    );
  }

  const certificate = status.data?.certificate;
  return (
    <AdminSection id="fiscal-certificate" title={t('fiscal.certificate.title')}>
      <div role="status">
        {certificate?.present === false && <p>{t('fiscal.certificate.none')}</p>}
        {certificate?.present && (
          <dl className="admin-fiscal__issuer">
            <dt>{t('fiscal.certificate.subject')}</dt>
            <dd>
              {certificate.subject} ({certificate.subjectNif})
            </dd>
            <dt>{t('fiscal.certificate.validUntil')}</dt>
            <dd>
              {date(certificate.notAfter)}
              {certificate.expired && <strong> · {t('fiscal.certificate.expired')}</strong>}
            </dd>
            <dt>{t('fiscal.certificate.uploaded')}</dt>
            <dd>{date(certificate.uploadedAt)}</dd>
          </dl>
        )}
        {certificate?.present && certificate.expired && (
          <p className="notice notice--error">
            <span className="notice__body">{t('fiscal.certificate.expiredNotice')}</span>
          </p>
        )}
        {certificate?.present && certificate.expiresSoon && (
          <p className="notice notice--warning">
            <span className="notice__body">
              {t('fiscal.certificate.expiresSoon', { date: date(certificate.notAfter) })}
            </span>
          </p>
        )}
      </div>
      <form className="admin-section__form" noValidate onSubmit={submit}>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-file`}>
            {t('fiscal.certificate.file')}
          </label>
          <input
            id={`${id}-file`}
            type="file"
            className="input"
            accept=".p12,.pfx,application/x-pkcs12"
            onChange={(event) => setFile(event.target.files?.[0] ?? null)}
          />
        </div>
        <div className="field">
          <label className="field__label" htmlFor={`${id}-passphrase`}>
            {t('fiscal.certificate.passphrase')}
          </label>
          <input
            id={`${id}-passphrase`}
            type="password"
            className="input"
            autoComplete="off"
            value={passphrase}
            onChange={(event) => setPassphrase(event.target.value)}
          />
        </div>
        <SaveFooter failure={failure} busy={saving} label={t('fiscal.certificate.upload')} />
      </form>
    </AdminSection>
  );
}
