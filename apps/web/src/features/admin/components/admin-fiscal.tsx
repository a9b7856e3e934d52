import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Link } from 'react-router';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { venueConfigQuery } from '../../../lib/config-queries.ts';
import { adminFiscalQuery } from '../api/admin-api.ts';
import { FiscalCertificate } from './fiscal-certificate.tsx';
import { FiscalRecords } from './fiscal-records.tsx';
import { FiscalSettingsForm } from './fiscal-settings-form.tsx';

/** /ebitdata/fiscal: VERI*FACTU's settings, the issuer, and the records with their checks (issue 23 item 6). */
export function AdminFiscal() {
  const { t } = useTranslation('admin');
  const { data } = useSuspenseQuery(adminFiscalQuery);
  const { data: venueConfig } = useSuspenseQuery(venueConfigQuery);
  const { issuer } = data;

  return (
    <div className="admin-page">
      <h1 className="admin-page__title">{t('fiscal.title')}</h1>
      <p className="muted">{t('fiscal.intro')}</p>

      <AdminSection id="fiscal-issuer" title={t('fiscal.issuer.title')}>
        <dl className="admin-fiscal__issuer">
          <dt>{t('fiscal.issuer.taxId')}</dt>
          <dd>{issuer.taxId || t('fiscal.issuer.missing')}</dd>
          <dt>{t('fiscal.issuer.legalName')}</dt>
          <dd>{issuer.legalName || t('fiscal.issuer.missing')}</dd>
        </dl>
        {!issuer.taxIdValid && (
          <p className="notice notice--error" role="alert">
            {t('fiscal.issuer.invalid')}
          </p>
        )}
        <p>
          <Link to="/ebitdata">{t('fiscal.issuer.edit')}</Link>
        </p>
      </AdminSection>

      <AdminSection id="fiscal-settings" title={t('fiscal.settings.title')}>
        <FiscalSettingsForm saved={data.settings} />
      </AdminSection>

      <FiscalCertificate timeZone={venueConfig.timeZone} />

      <FiscalRecords />
    </div>
  );
}
