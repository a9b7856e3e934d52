import { addDays } from '@sobremesa/domain';
import type { FiscalChainCheckResponse, FiscalRecordView } from '@sobremesa/contracts';
import { FISCAL_SUBMISSION_STATES } from '@sobremesa/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { formatEuros } from '../../../i18n/euro-format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { isServerError, serverMessage } from '../../../lib/api-client.ts';
import { saveBlob } from '../../../lib/api-document.ts';
import { logicalDateQuery } from '../../../lib/config-queries.ts';
import {
  exportFiscalXml,
  fiscalChainCheckQuery,
  fiscalRecordsQuery,
  type FiscalPeriod,
} from '../api/admin-api.ts';
import { FiscalCorrection } from './fiscal-correction.tsx';
import {
  aeatAmountToCents,
  FISCAL_KINDS,
  fiscalKindOf,
  matchesFilter,
  type FiscalFilter,
} from '../fiscal-records-model.ts';
import { DateRangeFields } from './date-range-fields.tsx';

/** The records of a period with their submission state, the chain check and the inspector's XML export. */
export function FiscalRecords() {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const id = useId();
  const { data: today } = useSuspenseQuery(logicalDateQuery);
  // Records are dated by calendar day and a service day runs past midnight: the period first shown ends on
  // the calendar day after the service day, so tonight's late tickets are in it.
  const [range, setRange] = useState<FiscalPeriod>({ from: `${today.slice(0, 8)}01`, to: addDays(today, 1) });
  const [filter, setFilter] = useState<FiscalFilter>({ kind: 'all', state: 'all' });
  const { data, error, isPending } = useQuery(fiscalRecordsQuery(range));
  const chainCheck = useQuery(fiscalChainCheckQuery);
  const chain = chainCheck.isFetching
    ? 'checking'
    : chainCheck.isError
      ? 'failed'
      : (chainCheck.data ?? null);
  const [exportFailure, setExportFailure] = useState<string | null>(null);
  const records = (data?.records ?? []).filter((record) => matchesFilter(record, filter));
  // A refused period is told under its field; any other failure to read the records above the list.
  const periodErrors = Object.fromEntries(
    (isServerError(error) ? error.fields : [])
      .filter((field) => field.path === 'from' || field.path === 'to')
      .map((field) => [field.path, field.message]),
  );
  const periodRefused = Object.keys(periodErrors).length > 0;
  const euros = (amount: string) => {
    const cents = aeatAmountToCents(amount);
    return cents === null ? amount : formatEuros(cents, locale);
  };

  async function exportXml() {
    setExportFailure(null);
    try {
      saveBlob(await exportFiscalXml(range), `verifactu-${range.from}-${range.to}.xml`);
    } catch (failure) {
      setExportFailure(serverMessage(failure, t('fiscal.records.exportFailed')));
    }
  }

  return (
    <AdminSection id="fiscal-records" title={t('fiscal.records.title')}>
      <div className="admin-section__actions">
        <button
          type="button"
          className="button"
          disabled={chain === 'checking'}
          onClick={() => void chainCheck.refetch()}
        >
          {chain === 'checking' ? t('fiscal.chain.checking') : t('fiscal.chain.run')}
        </button>
      </div>
      <div role="status" aria-live="polite">
        {chain !== null && chain !== 'checking' && <ChainVerdict chain={chain} />}
      </div>

      <div className="admin-audit__filters" role="group" aria-label={t('fiscal.records.filters')}>
        <DateRangeFields
          idPrefix={id}
          range={range}
          onChange={setRange}
          fromLabel={t('fiscal.records.from')}
          toLabel={t('fiscal.records.to')}
          errors={periodErrors}
          headingLevel={3}
        />
        <div className="field">
          <label htmlFor={`${id}-kind`} className="field__label">
            {t('fiscal.records.kind')}
          </label>
          <select
            id={`${id}-kind`}
            className="select"
            value={filter.kind}
            onChange={(event) => setFilter({ ...filter, kind: event.target.value as FiscalFilter['kind'] })}
          >
            <option value="all">{t('fiscal.records.all')}</option>
            {FISCAL_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(`fiscal.kinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-state`} className="field__label">
            {t('fiscal.records.state')}
          </label>
          <select
            id={`${id}-state`}
            className="select"
            value={filter.state}
            onChange={(event) => setFilter({ ...filter, state: event.target.value as FiscalFilter['state'] })}
          >
            <option value="all">{t('fiscal.records.all')}</option>
            {FISCAL_SUBMISSION_STATES.map((state) => (
              <option key={state} value={state}>
                {t(`fiscal.states.${state}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="admin-section__actions">
          <button type="button" className="button" onClick={() => void exportXml()}>
            {t('fiscal.records.export')}
          </button>
        </div>
      </div>
      {exportFailure && (
        <p className="notice notice--error" role="alert">
          {exportFailure}
        </p>
      )}

      {error && !periodRefused && (
        <p className="notice notice--error" role="alert">
          {serverMessage(error, t('fiscal.records.failed'))}
        </p>
      )}
      {isPending && <p className="muted">{t('fiscal.records.loading')}</p>}
      {data && <p className="muted">{t('fiscal.records.count', { count: records.length })}</p>}
      {data && records.length > 0 && (
        <div className="admin-audit__scroll">
          <table className="admin-audit__table">
            <caption className="visually-hidden">{t('fiscal.records.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('fiscal.records.seq')}</th>
                <th scope="col">{t('fiscal.records.invoice')}</th>
                <th scope="col">{t('fiscal.records.date')}</th>
                <th scope="col">{t('fiscal.records.kind')}</th>
                <th scope="col">{t('fiscal.records.total')}</th>
                <th scope="col">{t('fiscal.records.tax')}</th>
                <th scope="col">{t('fiscal.records.state')}</th>
                <th scope="col">{t('fiscal.records.huella')}</th>
              </tr>
            </thead>
            <tbody>
              {records.map((record) => (
                <RecordRow
                  key={record.id}
                  record={record}
                  euros={euros}
                  corrected={(data.records ?? []).some((other) => other.correctsRecordId === record.id)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
    </AdminSection>
  );
}

function RecordRow({
  record,
  euros,
  corrected,
}: {
  record: FiscalRecordView;
  euros: (amount: string) => string;
  /** A later record already corrects it: it is not corrected twice. */
  corrected: boolean;
}) {
  const { t } = useTranslation('admin');
  const kind = fiscalKindOf(record);
  const alta = record.type === 'alta' ? record : null;
  const [invoice, issued] =
    record.type === 'alta'
      ? [record.NumSerieFactura, record.FechaExpedicionFactura]
      : [record.NumSerieFacturaAnulada, record.FechaExpedicionFacturaAnulada];
  return (
    <tr>
      <td>
        {record.installationNumber}/{record.seq}
      </td>
      <td>{invoice}</td>
      <td>{issued}</td>
      <td>{kind ? t(`fiscal.kinds.${kind}`) : (alta?.TipoFactura ?? '')}</td>
      <td className="admin-fiscal__amount">{alta ? euros(alta.ImporteTotal) : ''}</td>
      <td className="admin-fiscal__amount">{alta ? euros(alta.CuotaTotal) : ''}</td>
      <td>
        <span className={`admin-fiscal__state admin-fiscal__state--${record.submission}`}>
          {t(`fiscal.states.${record.submission}`)}
        </span>
        {record.submissionCode !== null && (
          <span className="muted admin-fiscal__code">
            {' '}
            {record.submissionCode}
            {record.submissionDescription ? `: ${record.submissionDescription}` : ''}
          </span>
        )}
        {record.submission === 'rejected' && !corrected && <FiscalCorrection record={record} />}
      </td>
      <td>
        <code className="admin-fiscal__huella" title={record.Huella}>
          {record.Huella.slice(0, 12)}…
        </code>
      </td>
    </tr>
  );
}

function ChainVerdict({ chain }: { chain: FiscalChainCheckResponse | 'failed' }) {
  const { t } = useTranslation('admin');
  if (chain === 'failed')
    return (
      <p className="notice notice--error" role="alert">
        {t('fiscal.chain.failed')}
      </p>
    );
  if (chain.chains.length === 0) return <p className="notice">{t('fiscal.chain.none')}</p>;
  const broken = chain.chains.find((one) => one.broken !== null);
  if (broken?.broken)
    return (
      <p className="notice notice--error" role="alert">
        {t('fiscal.chain.broken', { installation: broken.installationNumber, seq: broken.broken.seq })}
      </p>
    );
  const count = chain.chains.reduce((sum, one) => sum + one.records, 0);
  return <p className="notice">{t('fiscal.chain.ok', { count })}</p>;
}
