import type { BillView } from '@sobremesa/contracts';
import { takeawayTicketLines } from '@sobremesa/domain';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { useNominativeInvoice } from '../api/nominative-invoice.ts';
import type { PosCalls } from '../api/pos-api.ts';
import { posErrorText } from '../pos-errors.ts';
import { openBillPdf } from '../pos-pdf.ts';
import type { PrintTicket } from '../pos-print.ts';
import { NominativeInvoice } from './nominative-invoice.tsx';

/** Bill type of an issued simplified invoice (ticket), the one a nominative invoice can replace. */
const TICKET = 1;

export interface IssuedBillProps {
  readonly bill: BillView;
  readonly roleId: number | null;
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  /** Absent when the venue does not print (printEnabled off). */
  readonly printTicket?: PrintTicket;
  /** Cash was taken: the printer opens the drawer with the ticket. */
  readonly paidInCash: boolean;
}

/**
 * An issued bill: the simplified invoice with its number and total, its PDF and its ticket, and making a
 * nominative invoice from it, which then takes its place on screen (with its own number, PDF and print).
 */
export function IssuedBill(props: IssuedBillProps) {
  const { t } = useTranslation('pos');
  const [asking, setAsking] = useState(false);
  const invoice = useNominativeInvoice(props.roleId);
  const opener = useRef<HTMLButtonElement>(null);
  const cancelled = useRef(false);
  useLayoutEffect(() => {
    // Closing the form puts the focus back on the button that opened it, on screen again (in the task
    // that draws it, decision 018).
    if (!asking && cancelled.current) opener.current?.focus();
  }, [asking]);

  if (invoice.data) {
    // The money went into the drawer with the ticket: printing the invoice does not open it again.
    return <BillDocument {...props} bill={invoice.data.bill} paidInCash={false} />;
  }
  return (
    <>
      <BillDocument {...props} />
      {props.bill.type === TICKET &&
        (asking ? (
          <NominativeInvoice
            ticket={props.bill}
            issuing={invoice}
            onCancel={() => {
              cancelled.current = true;
              setAsking(false);
            }}
          />
        ) : (
          <button
            ref={opener}
            type="button"
            className="button button--large button--block"
            onClick={() => setAsking(true)}
          >
            {t('nominative.open')}
          </button>
        ))}
    </>
  );
}

/** One issued bill: its number and total, its PDF, and printing it. */
function BillDocument({ bill, calls, money, printTicket, paidInCash }: IssuedBillProps) {
  const { t } = useTranslation('pos');
  const [busy, setBusy] = useState<'pdf' | 'print' | null>(null);

  async function viewPdf() {
    setBusy('pdf');
    try {
      await openBillPdf(calls, bill);
    } catch (error) {
      toast.error(posErrorText(error, t, 'errors.pdf'));
    } finally {
      setBusy(null);
    }
  }

  async function printIt() {
    if (!printTicket) return;
    setBusy('print');
    try {
      const { escPosText, qrUrl, reviewQr, takeaway } = await calls.printInfo(bill.id);
      // The drawer opens on a ticket the server gives only to roles that may open it (SEC-11); the
      // bill's ticket prints either way.
      const drawer = paidInCash ? await calls.drawerTicket().catch(() => null) : null;
      const failure = await printTicket({
        billId: bill.id,
        // A takeaway order's ticket starts with its number big: the counter calls the guest by it.
        ...(takeaway ? { lines: takeawayTicketLines(takeaway, escPosText) } : { text: escPosText }),
        ...(qrUrl ? { qr: qrUrl } : {}),
        ...(reviewQr ? { reviewQr } : {}),
        openCashDrawer: drawer !== null,
        ...(drawer ? { drawerTicket: drawer.ticket } : {}),
      });
      if (failure) toast.error(t(failure));
      else toast.success(t(paidInCash && !drawer ? 'bill.printedDrawerShut' : 'bill.printed'));
    } catch (error) {
      toast.error(posErrorText(error, t, 'print.errors.failed'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="pos-issued" aria-label={t('bill.issuedLabel')} data-bill-id={bill.id}>
      <p className="pos-issued__title" role="status">
        {bill.type === TICKET
          ? t('bill.issued', { number: bill.invoiceNumber ?? String(bill.id) })
          : t('nominative.issued', { number: bill.invoiceNumber ?? String(bill.id), name: clientName(bill) })}
      </p>
      <p className="pos-issued__total">
        {t('bill.total')} <strong>{money(bill.totalCents)}</strong>
        {bill.tipCents > 0 && (
          <span className="muted"> · {t('bill.tip', { amount: money(bill.tipCents) })}</span>
        )}
      </p>
      {bill.fiscal && (
        <p className="pos-issued__fiscal">
          {t('bill.fiscal', {
            type: bill.fiscal.type,
            state: t(
              bill.fiscal.cancelled ? 'bill.fiscalCancelled' : `bill.fiscalStates.${bill.fiscal.submission}`,
            ),
          })}
        </p>
      )}
      <div className="pos-actions">
        <button
          type="button"
          className="button button--large"
          disabled={busy !== null}
          onClick={() => void viewPdf()}
        >
          {t('bill.viewPdf')}
        </button>
        {printTicket && (
          <button
            type="button"
            className="button button--large"
            disabled={busy !== null}
            onClick={() => void printIt()}
          >
            {t('bill.print')}
          </button>
        )}
      </div>
    </section>
  );
}

/** The client a nominative invoice is made out to, as its fiscal data names it. */
function clientName(bill: BillView): string {
  const name = bill.clientFiscalInfo?.name;
  return typeof name === 'string' ? name : '';
}
