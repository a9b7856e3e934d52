import type { IssuedInvoice } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { useState } from 'react';
import { toast } from '../../../components/toast/toast-store.ts';
import { formatDate } from '../../../i18n/format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { PosCalls } from '../api/pos-api.ts';
import { invoiceKind } from '../invoice-correction.ts';
import { posErrorText } from '../pos-errors.ts';
import { openBillPdf } from '../pos-pdf.ts';

export interface InvoiceEntryProps {
  readonly invoice: IssuedInvoice;
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  /** Found by number, from any day: the date is shown with the time. */
  readonly showDate: boolean;
  readonly mayCorrect: boolean;
  readonly onCorrect: () => void;
  readonly onCancel: () => void;
  readonly onReissue: () => void;
}

/** A local date and time as the server sends them (`2026-11-20 13:05:00`), in the tablet's language. */
function localWhen(dateTime: string, locale: Locale): { date: string; time: string } {
  const [year, month, day] = dateTime.slice(0, 10).split('-').map(Number);
  return {
    date: formatDate(Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1), locale, 'UTC'),
    time: dateTime.slice(11, 16),
  };
}

/**
 * One issued invoice in the list: number, kind, time, table and total; its state in words (cancelled, when
 * and why, replaced or issued again, what it corrects and why, the corrections standing against it, each with its
 * PDF); and its actions. The action buttons name the invoice for a screen reader, as several are on screen at once.
 */
export function InvoiceEntry(props: InvoiceEntryProps) {
  const { invoice, calls, money, showDate, mayCorrect, onCorrect, onCancel, onReissue } = props;
  const { t } = useTranslation('pos');
  const { locale } = useLocale();
  const [opening, setOpening] = useState<number | null>(null);
  const { bill } = invoice;
  const number = bill.invoiceNumber ?? String(bill.id);
  const issued = bill.issuedDateTime ? localWhen(bill.issuedDateTime, locale) : null;
  const cancelledAt = bill.fiscal?.cancelledDateTime
    ? localWhen(bill.fiscal.cancelledDateTime, locale)
    : null;

  async function viewPdf(target: { readonly id: number; readonly invoiceNumber: string | null }) {
    setOpening(target.id);
    try {
      await openBillPdf(calls, target);
    } catch (error) {
      toast.error(posErrorText(error, t, 'errors.pdf'));
    } finally {
      setOpening(null);
    }
  }

  return (
    <li className={cancelledAt ? 'pos-invoice pos-invoice--cancelled' : 'pos-invoice'} data-bill-id={bill.id}>
      <div className="pos-invoice__who">
        <strong className="pos-invoice__number">{number}</strong>
        <span>{t(`invoices.kinds.${invoiceKind(bill.type)}`)}</span>
        {issued && <span>{showDate ? `${issued.date} ${issued.time}` : issued.time}</span>}
        {invoice.table && <span>{t('invoices.table', { table: invoice.table })}</span>}
      </div>
      <strong className="pos-invoice__total">{money(bill.totalCents)}</strong>
      {(cancelledAt ||
        invoice.corrects ||
        invoice.replaces ||
        invoice.replacedBy ||
        invoice.reissuedAs ||
        invoice.corrections.length > 0) && (
        <ul className="pos-invoice__states">
          {cancelledAt && (
            <li className="pos-invoice__cancelled">
              {t('invoices.cancelledAt', { date: cancelledAt.date, time: cancelledAt.time })}
            </li>
          )}
          {bill.fiscal?.cancellationReason && (
            <li>{t('invoices.reason', { reason: bill.fiscal.cancellationReason })}</li>
          )}
          {invoice.corrects && <li>{t('invoices.corrects', { number: invoice.corrects })}</li>}
          {bill.correctionReason && <li>{t('invoices.reason', { reason: bill.correctionReason })}</li>}
          {invoice.replaces && <li>{t('invoices.replaces', { number: invoice.replaces })}</li>}
          {invoice.replacedBy && <li>{t('invoices.replacedBy', { number: invoice.replacedBy })}</li>}
          {invoice.reissuedAs && <li>{t('invoices.reissuedAs', { number: invoice.reissuedAs })}</li>}
          {invoice.corrections.map((correction) => (
            <li key={correction.billId} className="pos-invoice__correction">
              <span>
                {t('invoices.correctedBy', {
                  number: correction.invoiceNumber,
                  amount: money(correction.totalCents),
                })}
              </span>
              <button
                type="button"
                className="button"
                disabled={opening !== null}
                aria-label={t('invoices.viewPdfOf', { number: correction.invoiceNumber })}
                onClick={() =>
                  void viewPdf({ id: correction.billId, invoiceNumber: correction.invoiceNumber })
                }
              >
                {t('invoices.viewPdf')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="pos-actions pos-invoice__actions">
        <button
          type="button"
          className="button button--large"
          disabled={opening !== null}
          aria-label={t('invoices.viewPdfOf', { number })}
          onClick={() => void viewPdf(bill)}
        >
          {t('invoices.viewPdf')}
        </button>
        {mayCorrect && invoice.correctable && (
          <button
            type="button"
            className="button button--large"
            aria-label={t('invoices.correctOf', { number })}
            onClick={onCorrect}
          >
            {t('invoices.correct')}
          </button>
        )}
        {mayCorrect && invoice.cancellable && (
          <button
            type="button"
            className="button button--large pos-invoice__cancel"
            aria-label={t('invoices.cancelOf', { number })}
            onClick={onCancel}
          >
            {t('invoices.cancel')}
          </button>
        )}
        {mayCorrect && invoice.reissuable && (
          <button
            type="button"
            className="button button--large button--primary"
            aria-label={t('invoices.reissueOf', { number })}
            onClick={onReissue}
          >
            {t('invoices.reissue')}
          </button>
        )}
      </div>
    </li>
  );
}
