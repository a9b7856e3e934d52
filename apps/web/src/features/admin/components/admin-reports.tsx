import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { logicalDateQuery } from '../../../lib/config-queries.ts';
import { OwnerReportView } from '../../reports/owner-report.tsx';
import type { ReportRange } from '../../reports/reports-api.ts';
import { presetOf, presetRange, RANGE_PRESETS } from '../report-range.ts';

/**
 * /ebitdata/informes (issue 24 item 6, decision 045): the owner's reports of a range chosen by preset or by
 * dates, beside the previous period.
 */
export function AdminReports() {
  const { t } = useTranslation('reports');
  const id = useId();
  const { data: today } = useSuspenseQuery(logicalDateQuery);
  const [range, setRange] = useState<ReportRange>(() => presetRange('month', today));
  const chosen = presetOf(range, today);

  return (
    <div className="admin-page admin-reports">
      <h1 className="admin-page__title">{t('title')}</h1>
      <p className="muted">{t('intro')}</p>
      <div className="admin-reports__range">
        <div className="admin-reports__presets" role="group" aria-label={t('presets')}>
          {RANGE_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="button"
              aria-pressed={chosen === preset}
              onClick={() => setRange(presetRange(preset, today))}
            >
              {t(`preset.${preset}`)}
            </button>
          ))}
        </div>
        <div className="admin-audit__filters">
          <div className="field">
            <label htmlFor={`${id}-from`} className="field__label">
              {t('from')}
            </label>
            <input
              id={`${id}-from`}
              type="date"
              className="input"
              value={range.from}
              max={range.to}
              required
              onChange={(event) => event.target.value && setRange({ ...range, from: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`${id}-to`} className="field__label">
              {t('to')}
            </label>
            <input
              id={`${id}-to`}
              type="date"
              className="input"
              value={range.to}
              min={range.from}
              required
              onChange={(event) => event.target.value && setRange({ ...range, to: event.target.value })}
            />
          </div>
        </div>
      </div>
      <OwnerReportView range={range} roleId={null} headingLevel={2} />
    </div>
  );
}
