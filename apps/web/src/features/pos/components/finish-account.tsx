import type { BillView, FloorReservation } from '@sobremesa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import { useIssueBill } from '../api/issue-bill.ts';
import { billQuery, type PaymentMethod, type PosCalls } from '../api/pos-api.ts';
import { posErrorText } from '../pos-errors.ts';
import type { SplitPart } from '../pos-model.ts';
import type { PrintTicket } from '../pos-print.ts';
import { BillLines } from './bill-lines.tsx';
import { IssuedBill } from './issued-bill.tsx';
import { PartPayment, type PaidPart } from './part-payment.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { SplitChooser, type Split } from './split-chooser.tsx';
import { VoucherOnAccount } from './voucher-on-account.tsx';

export interface FinishAccountProps {
  /** The account (a table's, or a takeaway order's at the counter). */
  readonly reservation: Pick<FloorReservation, 'id'>;
  readonly roleId: number | null;
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  readonly tipsEnabled: boolean;
  readonly printTicket?: PrintTicket;
  /** Told once the bill is issued (the takeaway counter then hands the order over). */
  readonly onIssued?: (bill: BillView) => void;
}

/** The part paying whatever is still owed (the whole bill, or what a split by items left out). */
const REST_PART = -1;

/**
 * The finish-account overlay (spec §2): the bill with its lines, base and VAT per rate and total; split in
 * equal parts or by items; each part paid on its own by card (with a tip) or cash (change shown); the
 * invoice issued once nothing is owed, with its PDF and ticket. What is owed is the bill query's: every
 * write on the account puts its reply there.
 */
export function FinishAccount({
  reservation,
  roleId,
  calls,
  money,
  tipsEnabled,
  printTicket,
  onIssued,
}: FinishAccountProps) {
  const { t } = useTranslation('pos');
  const bill = useQuery(billQuery(reservation.id, roleId));
  const [split, setSplit] = useState<Split>(null);
  const [paid, setPaid] = useState<ReadonlyMap<number, PaidPart>>(new Map());
  const [closeKey] = useState(newIdempotencyKey);
  const issue = useIssueBill(roleId);

  if (bill.isPending) return <p className="muted">{t('loading')}</p>;
  if (bill.isError) {
    return (
      <p className="notice notice--error" role="alert">
        <span className="notice__body">{posErrorText(bill.error, t, 'errors.generic')}</span>
      </p>
    );
  }
  const guestBill = bill.data.bill;
  const info = bill.data.paymentInfo;
  const unpaidLines = info.lines.filter((line) => !line.paid);
  const splitParts = split?.parts.filter((part) => part.amountCents > 0) ?? [];
  // Lines left out of a split by items stay owed: once every part is paid they are paid as the rest.
  const rest = split !== null && splitParts.every((part) => paid.has(part.part));
  const parts: readonly SplitPart[] = [
    ...splitParts,
    ...(split === null || rest ? [{ part: REST_PART, amountCents: info.pending, productOrderIds: [] }] : []),
  ];

  // How a part was paid is its payment's method now: the cashier may have corrected it since.
  const methodOf = (paymentId: number): PaymentMethod | null =>
    info.payments.find((payment) => payment.id === paymentId)?.method ?? null;
  const changeOf = (outcome: PaidPart) => (methodOf(outcome.paymentId) === 'cash' ? outcome.changeCents : 0);

  function afterVoid(paymentId: number) {
    // The part that payment paid is owed again, and can be taken again as it was.
    setPaid((before) => new Map([...before].filter(([, outcome]) => outcome.paymentId !== paymentId)));
  }

  // What is owed changed under the split, whose parts would no longer add up: what is left is paid whole.
  const afterVoucher = () => setSplit(null);

  function issueBill() {
    issue.mutate(
      { reservationId: reservation.id, idempotencyKey: closeKey },
      {
        onSuccess: (reply) => onIssued?.(reply.bill),
        onError: (error) => toast.error(posErrorText(error, t, 'errors.paid')),
      },
    );
  }

  if (issue.data) {
    return (
      <IssuedBill
        bill={issue.data.bill}
        roleId={roleId}
        calls={calls}
        money={money}
        paidInCash={info.payments.some((payment) => payment.method === 'cash')}
        {...(printTicket ? { printTicket } : {})}
      />
    );
  }

  return (
    <div className="pos-finish">
      {/* What is owed and how to take it come first: the tablet shows them without scrolling. */}
      <section className="pos-due" aria-label={t('bill.due')}>
        {info.discountCents > 0 && (
          <p className="pos-bill__row">
            {t('bill.discount')} <span data-testid="bill-discount">−{money(info.discountCents)}</span>
          </p>
        )}
        <p className="pos-bill__row pos-bill__total">
          {t('bill.total')} <strong data-testid="bill-total">{money(info.total)}</strong>
        </p>
        <p className="pos-bill__row">
          {t('bill.paid')} <span>{money(info.paid)}</span>
        </p>
        <p className="pos-bill__row pos-bill__pending">
          {t('bill.pending')} <strong data-testid="bill-pending">{money(info.pending)}</strong>
        </p>
      </section>
      {info.pending > 0 && paid.size === 0 && (
        <SplitChooser
          reservationId={reservation.id}
          roleId={roleId}
          unpaidLines={unpaidLines}
          money={money}
          split={split}
          onSplit={setSplit}
        />
      )}

      {info.pending > 0 && (
        <ol className="pos-parts" aria-label={t('parts.label')}>
          {parts.map((part) => (
            <PartPayment
              key={`${split?.mode ?? 'whole'}-${part.part}`}
              reservationId={reservation.id}
              roleId={roleId}
              part={part}
              title={
                part.part === REST_PART
                  ? t(split ? 'parts.rest' : 'parts.whole')
                  : t('parts.part', { number: part.part + 1 })
              }
              byItems={split?.mode === 'items' && part.part !== REST_PART}
              paid={paid.get(part.part) ?? null}
              methodOf={methodOf}
              money={money}
              tipsEnabled={tipsEnabled}
              onPaid={(outcome) => setPaid((before) => new Map(before).set(part.part, outcome))}
            />
          ))}
        </ol>
      )}

      {info.payments.length > 0 && (
        <PaymentMethods
          reservationId={reservation.id}
          payments={info.payments}
          roleId={roleId}
          money={money}
          onVoided={afterVoid}
        />
      )}

      {info.pending === 0 && (
        <div className="pos-finish__close">
          {[...paid.entries()].map(([part, outcome]) =>
            changeOf(outcome) > 0 ? (
              <p key={part} className="pos-change" role="status">
                {t('parts.changeGiven', { amount: money(changeOf(outcome)) })}
              </p>
            ) : null,
          )}
          <button
            type="button"
            className="button button--primary button--large button--block"
            disabled={issue.isPending}
            onClick={issueBill}
          >
            {t('bill.issue')}
          </button>
        </div>
      )}
      {info.pending > 0 && (
        <VoucherOnAccount
          reservationId={reservation.id}
          vouchers={info.vouchers}
          roleId={roleId}
          money={money}
          onRedeemed={afterVoucher}
        />
      )}

      <BillLines bill={guestBill} money={money} />
    </div>
  );
}
