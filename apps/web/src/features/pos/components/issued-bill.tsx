import type { BillView } from '@sobremesa/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import type { PosCalls } from '../api/pos-api.ts';
import { posErrorText } from '../pos-errors.ts';
import type { PrintTicket } from '../pos-print.ts';

export interface IssuedBillProps {
  readonly bill: BillView;
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  /** Absent when the venue does not print (printEnabled off). */
  readonly printTicket?: PrintTicket;
  /** Cash was taken: the printer opens the drawer with the ticket. */
  readonly paidInCash: boolean;
}

/** An issued bill (the simplified invoice): its number and total, its PDF, and printing its ticket. */
export function IssuedBill({ bill, calls, money, printTicket, paidInCash }: IssuedBillProps) {
  const { t } = useTranslation('pos');
  const [busy, setBusy] = useState<'pdf' | 'print' | null>(null);

  async function viewPdf() {
    // Opened before the call, while the tap still counts as the user's: a tab opened later is blocked.
    const tab = window.open('', '_blank');
    setBusy('pdf');
    try {
      const url = URL.createObjectURL(await calls.billPdf(bill.id));
      if (tab) {
        tab.location.href = url;
      } else {
        // A blocked pop-up: the PDF is saved instead, and the till stays on screen.
        const link = document.createElement('a');
        link.href = url;
        link.download = `${bill.invoiceNumber ?? bill.id}.pdf`;
        link.click();
      }
      // Long enough for the viewer to read it, and the tablet does not keep every PDF of the day.
      setTimeout(() => URL.revokeObjectURL(url), 120_000);
    } catch (error) {
      tab?.close();
      toast.error(posErrorText(error, t, 'errors.pdf'));
    } finally {
      setBusy(null);
    }
  }

  async function printIt() {
    if (!printTicket) return;
    setBusy('print');
    try {
      const { escPosText } = await calls.printInfo(bill.id);
      const failure = await printTicket({ billId: bill.id, text: escPosText, openCashDrawer: paidInCash });
      if (failure) toast.error(t(failure));
      else toast.success(t('bill.printed'));
    } catch (error) {
      toast.error(posErrorText(error, t, 'print.errors.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="pos-issued" aria-label={t('bill.issuedLabel')} data-bill-id={bill.id}>
      <p className="pos-issued__title" role="status">
        {t('bill.issued', { number: bill.invoiceNumber ?? String(bill.id) })}
      </p>
      <p className="pos-issued__total">
        {t('bill.total')} <strong>{money(bill.totalCents)}</strong>
        {bill.tipCents > 0 && (
          <span className="muted"> · {t('bill.tip', { amount: money(bill.tipCents) })}</span>
        )}
      </p>
      <div className="pos-actions">
        <button type="button" className="button button--large" disabled={busy !== null} onClick={viewPdf}>
          {t('bill.viewPdf')}
        </button>
        {printTicket && (
          <button type="button" className="button button--large" disabled={busy !== null} onClick={printIt}>
            {t('bill.print')}
          </button>
        )}
      </div>
    </section>
  );
}
