import type { OwnerReportResponse } from '@sobremesa/contracts';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../../i18n/euro-format.ts';
import { formatNumber } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { logicalDateQuery } from '../../../lib/config-queries.ts';
import { presetOf, presetRange, RANGE_PRESETS, type ReportRange } from '../report-range.ts';
import { downloadReportCsv, ownerReportQuery, type OwnerReportName } from '../reports-api.ts';
import { ReportChart, type ChartBar } from './report-chart.tsx';

type Figures = OwnerReportResponse['current'];
const TOP_PRODUCTS = 10;

/**
 * /ebitdata/informes (issue 24 item 6, decision 045): the owner's reports of a range beside the previous
 * period: tiles, charts with their tables, the other reports as tables, a CSV of each.
 */
export function AdminReports() {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const id = useId();
  const { data: today } = useSuspenseQuery(logicalDateQuery);
  const [range, setRange] = useState<ReportRange>(() => presetRange('month', today));
  const { data, error, isPending, refetch } = useQuery(ownerReportQuery(range));
  const [csvFailed, setCsvFailed] = useState(false);
  const chosen = presetOf(range, today);
  const euros = (cents: number) => formatEuros(cents, locale);
  const refused = error instanceof ApiError && error.status === 400;

  const download = (report: OwnerReportName) => {
    setCsvFailed(false);
    downloadReportCsv(report, range).catch(() => setCsvFailed(true));
  };
  const section = (report: OwnerReportName, body: ReactNode) => (
    <section className="admin-section report-section" aria-labelledby={`${id}-${report}`}>
      <div className="report-section__head">
        <h2 id={`${id}-${report}`} className="admin-section__title">
          {t(`reports.section.${report}`)}
        </h2>
        <button type="button" className="button" onClick={() => download(report)}>
          {t('reports.csv')} <span className="visually-hidden">{t(`reports.section.${report}`)}</span>
        </button>
      </div>
      {body}
    </section>
  );
  const chart = (report: OwnerReportName, bars: readonly ChartBar[], table: ReactNode) => {
    const top = bars.reduce<ChartBar | null>(
      (best, bar) => (best && best.value >= bar.value ? best : bar),
      null,
    );
    const compared = bars.some((bar) => bar.previous !== undefined)
      ? bars.reduce((total, bar) => total + (bar.previous ?? 0), 0)
      : null;
    return section(
      report,
      bars.length === 0 || !top ? (
        <p className="muted">{t('reports.empty')}</p>
      ) : (
        <>
          <ReportChart
            bars={bars}
            summary={`${t('reports.chartSummary', {
              title: t(`reports.section.${report}`),
              count: bars.length,
              top: top.label,
              value: euros(Math.round(top.value * 100)),
            })}${compared ? ` ${t('reports.chartBefore', { value: euros(Math.round(compared * 100)) })}` : ''}`}
            {...(bars.some((bar) => bar.previous !== undefined) ? { chartKey: t('reports.chartKey') } : {})}
          />
          <details className="report-section__table">
            <summary>{t('reports.asTable')}</summary>
            {table}
          </details>
        </>
      ),
    );
  };

  return (
    <div className="admin-page admin-reports">
      <h1 className="admin-page__title">{t('reports.title')}</h1>
      <p className="muted">{t('reports.intro')}</p>
      <div className="admin-reports__range">
        <div className="admin-reports__presets" role="group" aria-label={t('reports.presets')}>
          {RANGE_PRESETS.map((preset) => (
            <button
              key={preset}
              type="button"
              className="button"
              aria-pressed={chosen === preset}
              onClick={() => setRange(presetRange(preset, today))}
            >
              {t(`reports.preset.${preset}`)}
            </button>
          ))}
        </div>
        <div className="admin-audit__filters">
          <div className="field">
            <label htmlFor={`${id}-from`} className="field__label">
              {t('reports.from')}
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
              {t('reports.to')}
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
      {error && (
        <p className="notice notice--error" role="alert">
          {refused ? error.message : t('reports.error')}{' '}
          {!refused && (
            <button type="button" className="button" onClick={() => void refetch()}>
              {t('reports.retry')}
            </button>
          )}
        </p>
      )}
      {csvFailed && (
        <p className="notice notice--error" role="alert">
          {t('reports.csvFailed')}
        </p>
      )}
      {isPending && <p role="status">{t('reports.loading')}</p>}
      {data && (
        <>
          <p role="status" className="admin-reports__compared">
            {t('reports.comparedWith', { from: data.previous.from, to: data.previous.to })}
          </p>
          <ul className="report-tiles">
            <Tile
              label={t('reports.tile.sales')}
              value={euros(data.current.totals.salesCents)}
              change={data.change.salesBp}
              before={euros(data.before.totals.salesCents)}
            />
            <Tile
              label={t('reports.tile.covers')}
              value={formatNumber(data.current.totals.covers, locale)}
              change={data.change.coversBp}
              before={formatNumber(data.before.totals.covers, locale)}
            />
            <Tile
              label={t('reports.tile.averageTicket')}
              value={euros(data.current.averageTicketCents)}
              change={data.change.averageTicketBp}
              before={euros(data.before.averageTicketCents)}
            />
            <Tile
              label={t('reports.tile.tips')}
              value={euros(data.current.totals.tipsCents)}
              change={data.change.tipsBp}
              before={euros(data.before.totals.tipsCents)}
            />
          </ul>
          <Reports figures={data.current} before={data.before} chart={chart} section={section} />
        </>
      )}
    </div>
  );
}

function Tile({
  label,
  value,
  change,
  before,
}: {
  label: string;
  value: string;
  change: number | null;
  before: string;
}) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const percent =
    change === null
      ? null
      : formatNumber(change / 10_000, locale, {
          style: 'percent',
          maximumFractionDigits: 1,
          signDisplay: 'exceptZero',
        });
  return (
    <li className="report-tile">
      <span className="report-tile__label">{label}</span>
      <strong className="report-tile__value">{value}</strong>
      <span
        className={`report-tile__change${change !== null && change < 0 ? ' report-tile__change--down' : ''}`}
      >
        {percent === null ? t('reports.noChange') : t('reports.change', { value: percent })}
      </span>
      <span className="muted">{t('reports.before', { value: before })}</span>
    </li>
  );
}

interface ReportsProps {
  figures: Figures;
  /** The previous period's, for the sales by day drawn beside it. */
  before: Figures;
  chart: (report: OwnerReportName, bars: readonly ChartBar[], table: ReactNode) => ReactNode;
  section: (report: OwnerReportName, body: ReactNode) => ReactNode;
}

/** The reports of one range: charts where an owner would rather look, tables for the rest. */
function Reports({ figures, before, chart, section }: ReportsProps) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const euros = (cents: number) => formatEuros(cents, locale);
  const number = (value: number) => formatNumber(value, locale);
  const method = (key: string) =>
    key === 'cash' || key === 'card' || key === 'other' ? t(`reports.method.${key}`) : key;
  const activeDays = figures.days.filter((day) => day.salesCents !== 0 || day.invoicedCents !== 0);
  // The same bars while the figures are the same, so a chart is drawn again only when they change.
  const bars = useMemo(
    () => ({
      sales: figures.days.some((day) => day.salesCents !== 0 || day.invoicedCents !== 0)
        ? figures.days.map((day, index) => ({
            label: day.date.slice(5),
            value: day.salesCents / 100,
            previous: (before.days[index]?.salesCents ?? 0) / 100,
          }))
        : [],
      hours: figures.hours.map((row) => ({ label: `${row.key.padStart(2, '0')}h`, value: row.cents / 100 })),
      methods: figures.methods.map((row) => ({ label: method(row.key), value: row.cents / 100 })),
      products: figures.products
        .slice(0, TOP_PRODUCTS)
        .map((row) => ({ label: row.key, value: row.cents / 100 })),
    }),
    // `method` depends on the language only through `t`.
    [figures, before, t],
  );
  return (
    <>
      {chart(
        'sales',
        bars.sales,
        <Table
          head={[
            t('reports.col.day'),
            t('reports.col.sales'),
            t('reports.col.tickets'),
            t('reports.col.covers'),
            t('reports.col.tips'),
          ]}
          rows={activeDays.map((day) => [
            day.date,
            euros(day.salesCents),
            number(day.tickets),
            number(day.covers),
            euros(day.tipsCents),
          ])}
        />,
      )}
      {chart(
        'hours',
        bars.hours,
        <Table
          head={[t('reports.col.hour'), t('reports.col.amount'), t('reports.col.tickets')]}
          rows={figures.hours.map((row) => [
            `${row.key.padStart(2, '0')}:00`,
            euros(row.cents),
            number(row.count),
          ])}
        />,
      )}
      {chart(
        'methods',
        bars.methods,
        <Table
          head={[t('reports.col.method'), t('reports.col.amount'), t('reports.col.payments')]}
          rows={figures.methods.map((row) => [method(row.key), euros(row.cents), number(row.count)])}
        />,
      )}
      {chart(
        'products',
        bars.products,
        <Table
          head={[t('reports.col.product'), t('reports.col.amount'), t('reports.col.units')]}
          rows={figures.products.map((row) => [row.key, euros(row.cents), number(row.count)])}
        />,
      )}
      {section(
        'categories',
        <Table
          head={[t('reports.col.category'), t('reports.col.amount'), t('reports.col.units')]}
          rows={figures.categories.map((row) => [
            row.key || t('reports.noCategory'),
            euros(row.cents),
            number(row.count),
          ])}
        />,
      )}
      {section(
        'vat',
        <Table
          head={[t('reports.col.rate'), t('reports.col.base'), t('reports.col.vat'), t('reports.col.total')]}
          rows={figures.vat.map((row) => [
            formatNumber(row.vatRateBp / 10_000, locale, { style: 'percent', maximumFractionDigits: 2 }),
            euros(row.baseCents),
            euros(row.vatCents),
            euros(row.totalCents),
          ])}
        />,
      )}
      {section(
        'staff',
        <Table
          head={[
            t('reports.col.staff'),
            t('reports.col.amount'),
            t('reports.col.payments'),
            t('reports.col.tips'),
          ]}
          rows={figures.staff.map((row) => [
            row.name || t('reports.noStaff'),
            euros(row.cents),
            number(row.count),
            euros(row.tipsCents),
          ])}
        />,
      )}
      {section(
        'service',
        <dl className="report-figures">
          {(
            [
              ['bookings', number(figures.service.bookings)],
              ['noShows', number(figures.service.noShows)],
              ['cancellations', number(figures.service.cancellations)],
              ['averageTurn', t('reports.minutes', { count: figures.service.averageTurnMinutes })],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt>{t(`reports.service.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>,
      )}
      {section(
        'kitchen',
        <Table
          head={[
            t('reports.col.station'),
            t('reports.col.lines'),
            t('reports.col.median'),
            t('reports.col.p90'),
          ]}
          rows={figures.kitchen.map((row) => [
            row.station,
            number(row.lines),
            t('reports.minutes', { count: row.medianMinutes }),
            t('reports.minutes', { count: row.p90Minutes }),
          ])}
        />,
      )}
    </>
  );
}

function Table({ head, rows }: { head: readonly string[]; rows: readonly (readonly string[])[] }) {
  const { t } = useTranslation('admin');
  if (rows.length === 0) return <p className="muted">{t('reports.empty')}</p>;
  return (
    <div className="admin-audit__scroll">
      <table className="admin-audit__table report-table">
        <thead>
          <tr>
            {head.map((cell) => (
              <th key={cell} scope="col">
                {cell}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, index) => (
            <tr key={`${row[0]}-${index}`}>
              {row.map((cell, column) =>
                column === 0 ? (
                  <th key={column} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={column}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
