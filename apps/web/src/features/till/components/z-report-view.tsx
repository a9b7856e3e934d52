import type { ZReportView as ZReport } from '@sobremesa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { formatCalendarDate, formatNumber } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { saveBlob } from '../../../lib/api-document.ts';
import { newId } from '../../../lib/random-key.ts';
import { zReportQuery, type TillCalls, type ZScope } from '../api/till-api.ts';
import { tillErrorText } from '../till-errors.ts';
import type { PrintReport } from '../till-print.ts';
import { DifferenceLine } from './difference-line.tsx';

export interface ZReportViewProps {
  readonly scope: ZScope;
  readonly roleId: number | null;
  readonly calls: TillCalls;
  readonly money: (cents: number) => string;
  /** Absent when the venue does not print (printEnabled off). */
  readonly printReport?: PrintReport;
}

const METHODS = ['cash', 'card', 'other'] as const;

/**
 * The Z report on screen (decisions 033, 045): the sale by VAT rate with its corrections and cancellations,
 * the money taken by method, tips apart, discounts, voids and losses, the invoices, and the drawer's count
 * against what it should hold. "Imprimir Z" sends the
 * server's printed lines to the receipt printer; "Descargar PDF" saves the same lines as a PDF.
 */
export function ZReportView({ scope, roleId, calls, money, printReport }: ZReportViewProps) {
  const { t } = useTranslation('till');
  const z = useQuery(zReportQuery(roleId, scope));
  const [busy, setBusy] = useState<'print' | 'pdf' | null>(null);

  async function printIt() {
    if (!printReport) return;
    setBusy('print');
    try {
      const { escPosText } = await calls.zText(scope);
      // Each tap is a copy the manager asked for; a retry inside one job prints once.
      const failure = await printReport({ jobId: newId('z'), text: escPosText });
      if (failure) toast.error(t(failure));
      else toast.success(t('z.printed'));
    } catch (error) {
      toast.error(tillErrorText(error, t, 'errors.z'));
    } finally {
      setBusy(null);
    }
  }

  async function download(report: ZReport) {
    setBusy('pdf');
    try {
      saveBlob(await calls.zPdf(scope), `informe-z-${report.logicalDate}.pdf`);
    } catch (error) {
      toast.error(tillErrorText(error, t, 'errors.pdf'));
    } finally {
      setBusy(null);
    }
  }

  if (z.isError)
    return (
      <p className="notice notice--error" role="alert">
        <span className="notice__body">{tillErrorText(z.error, t, 'errors.z')}</span>
      </p>
    );
  if (!z.data) return <p className="muted">{t('status.loading')}</p>;
  const report = z.data;
  return (
    <section className="till-z" aria-label={t('z.heading')} data-kind={report.kind}>
      <div className="till-actions">
        {printReport && (
          <button
            type="button"
            className="button button--primary button--large"
            aria-busy={busy === 'print'}
            disabled={busy !== null}
            onClick={() => void printIt()}
          >
            {t('z.print')}
          </button>
        )}
        <button
          type="button"
          className="button button--large"
          aria-busy={busy === 'pdf'}
          disabled={busy !== null}
          onClick={() => void download(report)}
        >
          {t('z.pdf')}
        </button>
      </div>
      <ZBody report={report} money={money} />
    </section>
  );
}

function ZBody({ report, money }: { readonly report: ZReport; readonly money: (cents: number) => string }) {
  const { t } = useTranslation('till');
  const { locale } = useLocale();
  const rate = (bp: number) => `${formatNumber(bp / 100, locale, { maximumFractionDigits: 2 })} %`;
  const { balance } = report;
  const serviceDay = formatCalendarDate(report.logicalDate, locale, 'long');
  return (
    <div className="till-z__body">
      <p className="till-z__head">
        <strong>{report.kind === 'shift' ? t('z.shift') : t('z.day', { date: serviceDay })}</strong>{' '}
        {t('z.range', { from: report.from, to: report.to })}
      </p>
      <table className="till-z__table">
        <caption>{t('z.sales')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('z.rate')}</th>
            <th scope="col" className="till-amount">
              {t('z.base')}
            </th>
            <th scope="col" className="till-amount">
              {t('z.tax')}
            </th>
            <th scope="col" className="till-amount">
              {t('z.amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.vat.map((line) => (
            <tr key={line.vatRateBp}>
              <th scope="row">{rate(line.vatRateBp)}</th>
              <td className="till-amount">{money(line.baseCents)}</td>
              <td className="till-amount">{money(line.vatCents)}</td>
              <td className="till-amount">{money(line.totalCents)}</td>
            </tr>
          ))}
          <tr>
            <th scope="row">{t('z.total')}</th>
            <td />
            <td />
            <td className="till-amount">
              <strong>{money(report.salesCents)}</strong>
            </td>
          </tr>
          <tr>
            <th scope="row">{t('z.corrections', { n: report.corrections.count })}</th>
            <td />
            <td />
            <td className="till-amount">{money(report.corrections.cents)}</td>
          </tr>
          <tr>
            <th scope="row">{t('z.cancelled', { n: report.cancelled.count })}</th>
            <td />
            <td />
            <td className="till-amount">{money(report.cancelled.cents)}</td>
          </tr>
        </tbody>
      </table>
      <ZTable caption={t('z.collected')}>
        {METHODS.map((method) => (
          <Row key={method} label={t(`methods.${method}`)} value={money(report.paymentsByMethod[method])} />
        ))}
        <Row label={t('z.collectedTotal')} value={money(report.collectedCents)} strong />
      </ZTable>
      <ZTable caption={t('z.tips')}>
        {METHODS.map((method) => (
          <Row key={method} label={t(`methods.${method}`)} value={money(report.tipsByMethod[method])} />
        ))}
      </ZTable>
      <ZTable caption={t('z.other')}>
        <Row label={t('z.discounts')} value={money(report.discountCents)} />
        <Row label={t('z.vouchers')} value={money(report.vouchersCents)} />
        <Row
          label={t('z.voided', { n: report.voidedPayments.count })}
          value={money(report.voidedPayments.cents)}
        />
        <Row
          label={t('z.writtenOff', { n: report.writtenOff.count })}
          value={money(report.writtenOff.cents)}
        />
        <Row label={t('z.tickets')} value={String(report.tickets)} />
        <Row label={t('z.covers')} value={String(report.covers)} />
        <Row label={t('z.average')} value={money(report.averageTicketCents)} />
      </ZTable>
      <ZTable caption={t('z.cash')}>
        <Row label={t('z.float')} value={money(balance.floatCents)} />
        <Row label={t('z.in')} value={money(balance.inCents)} />
        <Row label={t('z.out')} value={money(balance.outCents)} />
        {balance.expectedCashCents !== null && (
          <Row label={t('z.expected')} value={money(balance.expectedCashCents)} />
        )}
        {balance.countedCashCents !== null && (
          <Row label={t('z.counted')} value={money(balance.countedCashCents)} />
        )}
        {balance.cardRecordedCents !== null && (
          <Row label={t('z.cardRecorded')} value={money(balance.cardRecordedCents)} />
        )}
        {balance.cardReaderCents !== null && (
          <Row label={t('z.reader')} value={money(balance.cardReaderCents)} />
        )}
      </ZTable>
      {balance.expectedCashCents !== null && balance.countedCashCents !== null && (
        <DifferenceLine
          className="till-z__cash-difference"
          label={t('z.difference')}
          found={balance.countedCashCents}
          expected={balance.expectedCashCents}
          money={money}
        />
      )}
      {balance.cardRecordedCents !== null && balance.cardReaderCents !== null && (
        <DifferenceLine
          label={t('z.readerDifference')}
          found={balance.cardReaderCents}
          expected={balance.cardRecordedCents}
          money={money}
        />
      )}
    </div>
  );
}

function ZTable({ caption, children }: { readonly caption: string; readonly children: ReactNode }) {
  return (
    <table className="till-z__table">
      <caption>{caption}</caption>
      <tbody>{children}</tbody>
    </table>
  );
}

function Row({
  label,
  value,
  strong,
}: {
  readonly label: string;
  readonly value: string;
  readonly strong?: boolean;
}) {
  return (
    <tr>
      <th scope="row">{label}</th>
      <td className="till-amount">{strong ? <strong>{value}</strong> : value}</td>
    </tr>
  );
}
