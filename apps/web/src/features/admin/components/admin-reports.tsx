import { useSuspenseQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { logicalDateQuery } from '../../../lib/config-queries.ts';
import { OwnerReportView } from '../../../components/owner-report/owner-report.tsx';
import type { ReportRange } from '../../../lib/reports-api.ts';
import { presetOf, presetRange, RANGE_PRESETS } from '../report-range.ts';
import { DateRangeFields } from './date-range-fields.tsx';

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
          <DateRangeFields
            idPrefix={id}
            range={range}
            onChange={setRange}
            fromLabel={t('from')}
            toLabel={t('to')}
            headingLevel={2}
          />
        </div>
      </div>
      <OwnerReportView range={range} roleId={null} headingLevel={2} />
    </div>
  );
}
