import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
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

      <section className="card admin-section" aria-labelledby="fiscal-issuer">
        <h2 id="fiscal-issuer" className="admin-section__title">
          {t('fiscal.issuer.title')}
        </h2>
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
      </section>

      <section className="card admin-section" aria-labelledby="fiscal-settings">
        <h2 id="fiscal-settings" className="admin-section__title">
          {t('fiscal.settings.title')}
        </h2>
        <FiscalSettingsForm saved={data.settings} />
      </section>

      <FiscalCertificate timeZone={venueConfig.timeZone} />

      <FiscalRecords />
    </div>
  );
}
