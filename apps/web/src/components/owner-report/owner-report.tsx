import type { OwnerReportResponse } from '@sobremesa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useId, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { formatEuros } from '../../i18n/euro-format.ts';
import { formatCalendarDate, formatNumber } from '../../i18n/format.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { ApiError } from '../../lib/api-client.ts';
import { ReportChart, type ChartBar } from './report-chart.tsx';
import {
  downloadReportCsv,
  ownerReportQuery,
  type OwnerReportName,
  type ReportRange,
} from '../../lib/reports-api.ts';
import './reports.css';

type Figures = OwnerReportResponse['current'];
const TOP_PRODUCTS = 10;

export interface OwnerReportViewProps {
  readonly range: ReportRange;
  /** The copilot's selected role (the TPV reads today only); null for the admin. */
  readonly roleId: number | null;
  /** The sections' heading level: 2 under a page's title, 3 inside an overlay's. */
  readonly headingLevel: 2 | 3;
}

/**
 * The owner's reports of a range beside the previous period (issue 24 item 6, decision 045): tiles, charts
 * with their tables, the other reports as tables, a CSV of each. Shown by the admin's /ebitdata/informes with
 * its range picker and by the TPV's "Informe del día" for today.
 */
export function OwnerReportView({ range, roleId, headingLevel }: OwnerReportViewProps) {
  const { t } = useTranslation('reports');
  const { locale } = useLocale();
  const id = useId();
  const { data, error, isPending, refetch } = useQuery(ownerReportQuery(range, roleId));
  const [csvFailed, setCsvFailed] = useState(false);
  const euros = (cents: number) => formatEuros(cents, locale);
  const refused = error instanceof ApiError && (error.status === 400 || error.status === 403);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  const download = (report: OwnerReportName) => {
    setCsvFailed(false);
    downloadReportCsv(report, range, roleId).catch(() => setCsvFailed(true));
  };
  const section = (report: OwnerReportName, body: ReactNode) => (
    <section className="report-section" aria-labelledby={`${id}-${report}`}>
      <div className="report-section__head">
        <Heading id={`${id}-${report}`} className="report-section__title">
          {t(`section.${report}`)}
        </Heading>
        <button type="button" className="button" onClick={() => download(report)}>
          {t('csv')} <span className="visually-hidden">{t(`section.${report}`)}</span>
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
        <p className="muted">{t('empty')}</p>
      ) : (
        <>
          <ReportChart
            bars={bars}
            summary={`${t('chartSummary', {
              title: t(`section.${report}`),
              count: bars.length,
              top: top.label,
              value: euros(Math.round(top.value * 100)),
            })}${compared ? ` ${t('chartBefore', { value: euros(Math.round(compared * 100)) })}` : ''}`}
            {...(bars.some((bar) => bar.previous !== undefined) ? { chartKey: t('chartKey') } : {})}
          />
          <details className="report-section__table">
            <summary>{t('asTable')}</summary>
            {table}
          </details>
        </>
      ),
    );
  };

  return (
    <div className="owner-report">
      {error && (
        <p className="notice notice--error" role="alert">
          {refused ? error.message : t('error')}{' '}
          {!refused && (
            <button type="button" className="button" onClick={() => void refetch()}>
              {t('retry')}
            </button>
          )}
        </p>
      )}
      {csvFailed && (
        <p className="notice notice--error" role="alert">
          {t('csvFailed')}
        </p>
      )}
      {isPending && <p role="status">{t('loading')}</p>}
      {data && (
        <>
          <p role="status" className="report-compared">
            {t('comparedWith', {
              from: formatCalendarDate(data.previous.from, locale),
              to: formatCalendarDate(data.previous.to, locale),
            })}
          </p>
          <ul className="report-tiles">
            <Tile
              label={t('tile.sales')}
              value={euros(data.current.totals.salesCents)}
              change={data.change.salesBp}
              before={euros(data.before.totals.salesCents)}
            />
            <Tile
              label={t('tile.covers')}
              value={formatNumber(data.current.totals.covers, locale)}
              change={data.change.coversBp}
              before={formatNumber(data.before.totals.covers, locale)}
            />
            <Tile
              label={t('tile.averageTicket')}
              value={euros(data.current.averageTicketCents)}
              change={data.change.averageTicketBp}
              before={euros(data.before.averageTicketCents)}
            />
            <Tile
              label={t('tile.tips')}
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
  const { t } = useTranslation('reports');
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
        {percent === null ? t('noChange') : t('change', { value: percent })}
      </span>
      <span className="muted">{t('before', { value: before })}</span>
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

/** A day on which something was sold or money taken. */
const hasActivity = (day: Figures['days'][number]) => day.salesCents !== 0 || day.collectedCents !== 0;

/** The reports of one range: charts where an owner would rather look, tables for the rest. */
function Reports({ figures, before, chart, section }: ReportsProps) {
  const { t } = useTranslation('reports');
  const { locale } = useLocale();
  const euros = (cents: number) => formatEuros(cents, locale);
  const number = (value: number) => formatNumber(value, locale);
  const method = useCallback(
    (key: string) => (key === 'cash' || key === 'card' || key === 'other' ? t(`method.${key}`) : key),
    [t],
  );
  const activeDays = figures.days.filter(hasActivity);
  // The same bars while the figures are the same, so a chart is drawn again only when they change.
  const bars = useMemo(
    () => ({
      sales: figures.days.some(hasActivity)
        ? figures.days.map((day, index) => ({
            label: formatCalendarDate(day.date, locale, 'dayMonthShort'),
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
    [figures, before, method, locale],
  );
  return (
    <>
      {chart(
        'sales',
        bars.sales,
        <Table
          head={[
            t('col.day'),
            t('col.sales'),
            t('col.tickets'),
            t('col.covers'),
            t('col.collected'),
            t('col.tips'),
          ]}
          rows={activeDays.map((day) => [
            formatCalendarDate(day.date, locale),
            euros(day.salesCents),
            number(day.tickets),
            number(day.covers),
            euros(day.collectedCents),
            euros(day.tipsCents),
          ])}
        />,
      )}
      {chart(
        'hours',
        bars.hours,
        <Table
          head={[t('col.hour'), t('col.amount'), t('col.tickets')]}
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
          head={[t('col.method'), t('col.amount'), t('col.payments')]}
          rows={figures.methods.map((row) => [method(row.key), euros(row.cents), number(row.count)])}
        />,
      )}
      {chart(
        'products',
        bars.products,
        <Table
          head={[t('col.product'), t('col.amount'), t('col.units')]}
          rows={figures.products.map((row) => [row.key, euros(row.cents), number(row.count)])}
        />,
      )}
      {section(
        'categories',
        <Table
          head={[t('col.category'), t('col.amount'), t('col.units')]}
          rows={[
            ...figures.categories.map((row) => [
              row.key || t('noCategory'),
              euros(row.cents),
              number(row.count),
            ]),
            // The discounts as a row of their own: the column adds up to the sales.
            ...(figures.totals.discountCents === 0
              ? []
              : [[t('discounts'), euros(-figures.totals.discountCents), '']]),
          ]}
        />,
      )}
      {section(
        'vat',
        <Table
          head={[t('col.rate'), t('col.base'), t('col.vat'), t('col.total')]}
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
          head={[t('col.staff'), t('col.amount'), t('col.payments'), t('col.tips')]}
          rows={figures.staff.map((row) => [
            row.name || t('noStaff'),
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
              ['averageTurn', t('minutes', { count: figures.service.averageTurnMinutes })],
            ] as const
          ).map(([key, value]) => (
            <div key={key}>
              <dt>{t(`service.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>,
      )}
      {section(
        'kitchen',
        <Table
          head={[t('col.station'), t('col.lines'), t('col.median'), t('col.p90')]}
          rows={figures.kitchen.map((row) => [
            row.station,
            number(row.lines),
            t('minutes', { count: row.medianMinutes }),
            t('minutes', { count: row.p90Minutes }),
          ])}
        />,
      )}
    </>
  );
}

function Table({ head, rows }: { head: readonly string[]; rows: readonly (readonly string[])[] }) {
  const { t } = useTranslation('reports');
  if (rows.length === 0) return <p className="muted">{t('empty')}</p>;
  return (
    <div className="report-table__scroll">
      <table className="report-table">
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
