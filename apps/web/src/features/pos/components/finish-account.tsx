import type { BillView, FloorReservation, PaymentInfo } from '@sobremesa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { billQuery, POS_QUERY_KEY, type PaymentMethod, type PosCalls } from '../api/pos-api.ts';
import { paymentErrorText, posErrorText } from '../pos-errors.ts';
import { parseAmountCents, type SplitPart } from '../pos-model.ts';
import type { PrintTicket } from '../pos-print.ts';
import { CashTendered } from './cash-tendered.tsx';
import { IssuedBill } from './issued-bill.tsx';
import { PaymentMethods } from './payment-methods.tsx';
import { VoucherOnAccount } from './voucher-on-account.tsx';
import { newIdempotencyKey } from '../../../lib/random-key.ts';

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

type Split = { readonly mode: 'equal' | 'items'; readonly parts: readonly SplitPart[] } | null;

/** A paid part: its payment (whose method may be corrected later) and the change given back. */
interface PaidPart {
  readonly paymentId: number;
  readonly changeCents: number;
  readonly tipCents: number;
}

const PAID_LABELS = { card: 'parts.paidCard', cash: 'parts.paidCash', other: 'parts.paidOther' } as const;

/** The part paying whatever is still owed (the whole bill, or what a split by items left out). */
const REST_PART = -1;

const rate = (vatRateBp: number) => `${vatRateBp / 100} %`;

/**
 * The finish-account overlay (spec §2): the bill with its lines, base and VAT per rate and total; split in
 * equal parts or by items; each part paid on its own by card (with a tip) or cash (change shown); the
 * invoice issued once nothing is owed, with its PDF and ticket.
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
  const client = useQueryClient();
  const bill = useQuery(billQuery(reservation.id, roleId));
  const [latest, setLatest] = useState<PaymentInfo | null>(null);
  const [split, setSplit] = useState<Split>(null);
  const [paid, setPaid] = useState<ReadonlyMap<number, PaidPart>>(new Map());
  const [issued, setIssued] = useState<BillView | null>(null);
  const [closeKey] = useState(newIdempotencyKey);
  const [closing, setClosing] = useState(false);

  if (bill.isPending) return <p className="muted">{t('loading')}</p>;
  if (bill.isError) {
    return (
      <p className="notice notice--error" role="alert">
        <span className="notice__body">{posErrorText(bill.error, t, 'errors.generic')}</span>
      </p>
    );
  }
  const guestBill = bill.data.bill;
  const info = latest ?? bill.data.paymentInfo;
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

  function changed(next: PaymentInfo) {
    setLatest(next);
    void client.invalidateQueries({ queryKey: [...POS_QUERY_KEY, 'day'] });
  }

  function afterPayment(part: number, next: PaymentInfo, outcome: PaidPart) {
    changed(next);
    setPaid((before) => new Map(before).set(part, outcome));
  }

  function afterVoid(next: PaymentInfo, paymentId: number) {
    changed(next);
    // The part that payment paid is owed again, and can be taken again as it was.
    setPaid((before) => new Map([...before].filter(([, outcome]) => outcome.paymentId !== paymentId)));
  }

  function afterVoucher(next: PaymentInfo) {
    changed(next);
    // What is owed changed under the split, whose parts would no longer add up: what is left is paid whole.
    setSplit(null);
    // The guest's bill (lines, VAT per rate, discount) is made again with the voucher off.
    void client.invalidateQueries({ queryKey: [...POS_QUERY_KEY, 'bill', reservation.id] });
  }

  async function issue() {
    setClosing(true);
    try {
      const reply = await calls.paid(reservation.id, closeKey);
      setIssued(reply.bill);
      void client.invalidateQueries({ queryKey: POS_QUERY_KEY });
      onIssued?.(reply.bill);
    } catch (error) {
      toast.error(posErrorText(error, t, 'errors.paid'));
    } finally {
      setClosing(false);
    }
  }

  if (issued) {
    return (
      <IssuedBill
        bill={issued}
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
          calls={calls}
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
              part={part}
              title={
                part.part === REST_PART
                  ? t(split ? 'parts.rest' : 'parts.whole')
                  : t('parts.part', { number: part.part + 1 })
              }
              byItems={split?.mode === 'items' && part.part !== REST_PART}
              paid={paid.get(part.part) ?? null}
              methodOf={methodOf}
              calls={calls}
              money={money}
              tipsEnabled={tipsEnabled}
              onPaid={(next, outcome) => afterPayment(part.part, next, outcome)}
            />
          ))}
        </ol>
      )}

      {info.payments.length > 0 && (
        <PaymentMethods
          reservationId={reservation.id}
          payments={info.payments}
          calls={calls}
          money={money}
          onChanged={changed}
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
            disabled={closing}
            onClick={() => void issue()}
          >
            {t('bill.issue')}
          </button>
        </div>
      )}
      {info.pending > 0 && (
        <VoucherOnAccount
          reservationId={reservation.id}
          vouchers={info.vouchers}
          calls={calls}
          money={money}
          onRedeemed={afterVoucher}
        />
      )}

      <section className="pos-bill" aria-label={t('bill.label')}>
        <table className="pos-bill__lines">
          <thead>
            <tr>
              <th scope="col">{t('bill.units')}</th>
              <th scope="col">{t('bill.product')}</th>
              <th scope="col">{t('bill.vat')}</th>
              <th scope="col" className="pos-amount">
                {t('bill.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {guestBill.lines.map((line, index) => (
              <tr key={line.productOrderId ?? `d${index}`}>
                <td>{line.units}</td>
                <td>{line.description}</td>
                <td>{rate(line.vatRateBp)}</td>
                <td className="pos-amount">{money(line.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <table className="pos-bill__taxes" aria-label={t('bill.taxes')}>
          <thead>
            <tr>
              <th scope="col">{t('bill.vatRate')}</th>
              <th scope="col" className="pos-amount">
                {t('bill.base')}
              </th>
              <th scope="col" className="pos-amount">
                {t('bill.vatAmount')}
              </th>
              <th scope="col" className="pos-amount">
                {t('bill.amount')}
              </th>
            </tr>
          </thead>
          <tbody>
            {guestBill.taxLines.map((tax) => (
              <tr key={tax.vatRateBp} data-vat-rate={tax.vatRateBp}>
                <td>{t('bill.vatOf', { rate: rate(tax.vatRateBp) })}</td>
                <td className="pos-amount">{money(tax.baseCents)}</td>
                <td className="pos-amount">{money(tax.vatCents)}</td>
                <td className="pos-amount">{money(tax.totalCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}

interface SplitChooserProps {
  readonly reservationId: number;
  readonly calls: PosCalls;
  readonly unpaidLines: PaymentInfo['lines'];
  readonly money: (cents: number) => string;
  readonly split: Split;
  readonly onSplit: (split: Split) => void;
}

/** Splitting what is still owed: in equal parts, or by items (each line tapped into a part). */
function SplitChooser({ reservationId, calls, unpaidLines, money, split, onSplit }: SplitChooserProps) {
  const { t } = useTranslation('pos');
  const [mode, setMode] = useState<'whole' | 'equal' | 'items'>(split?.mode ?? 'whole');
  const [count, setCount] = useState(2);
  const [assignments, setAssignments] = useState<ReadonlyMap<number, number>>(new Map());
  const [busy, setBusy] = useState(false);

  async function apply() {
    setBusy(true);
    try {
      const reply = await calls.split(
        reservationId,
        mode === 'equal'
          ? { mode: 'equal', parts: count }
          : {
              mode: 'items',
              parts: count,
              assignments: [...assignments].map(([productOrderId, part]) => ({ productOrderId, part })),
            },
      );
      onSplit(reply.split);
    } catch (error) {
      toast.error(posErrorText(error, t, 'errors.generic'));
    } finally {
      setBusy(false);
    }
  }

  function choose(next: 'whole' | 'equal' | 'items') {
    setMode(next);
    if (next === 'whole') onSplit(null);
  }

  return (
    <section className="pos-split" aria-label={t('split.label')}>
      <div className="pos-actions" role="group" aria-label={t('split.mode')}>
        {(['whole', 'equal', 'items'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="pos-chip"
            aria-pressed={mode === option}
            onClick={() => choose(option)}
          >
            {t(`split.${option}`)}
          </button>
        ))}
      </div>
      {mode !== 'whole' && (
        <>
          <div className="pos-stepper" role="group" aria-label={t('split.parts')}>
            <button
              type="button"
              className="button button--large"
              aria-label={t('split.fewer')}
              disabled={count <= 2}
              onClick={() => setCount(count - 1)}
            >
              −
            </button>
            <output aria-live="polite">{t('split.count', { count })}</output>
            <button
              type="button"
              className="button button--large"
              aria-label={t('split.more')}
              disabled={count >= 20}
              onClick={() => setCount(count + 1)}
            >
              +
            </button>
          </div>
          {mode === 'items' && (
            <ul className="pos-split__lines">
              {unpaidLines.map((line) => (
                <li key={line.productOrderId} className="pos-split__line">
                  <span>
                    {line.units}× {line.name} · {money(line.totalCents)}
                  </span>
                  <span role="group" aria-label={t('split.lineParts', { name: line.name })}>
                    {Array.from({ length: count }, (_, part) => (
                      <button
                        key={part}
                        type="button"
                        className="pos-chip"
                        aria-pressed={assignments.get(line.productOrderId) === part}
                        onClick={() => setAssignments(new Map(assignments).set(line.productOrderId, part))}
                      >
                        {t('parts.part', { number: part + 1 })}
                      </button>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="button button--primary button--large"
            disabled={busy || (mode === 'items' && assignments.size === 0)}
            onClick={() => void apply()}
          >
            {t('split.apply')}
          </button>
        </>
      )}
    </section>
  );
}

interface PartPaymentProps {
  readonly reservationId: number;
  readonly part: SplitPart;
  readonly title: string;
  readonly byItems: boolean;
  readonly paid: PaidPart | null;
  readonly methodOf: (paymentId: number) => PaymentMethod | null;
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  readonly tipsEnabled: boolean;
  readonly onPaid: (next: PaymentInfo, outcome: PaidPart) => void;
}

/** One part of the bill, paid by card (with an optional tip) or cash (the change shown before taking it). */
function PartPayment(props: PartPaymentProps) {
  const { part, money, paid } = props;
  const paidMethod = paid ? props.methodOf(paid.paymentId) : null;
  const { t } = useTranslation('pos');
  const [method, setMethod] = useState<'card' | 'cash' | null>(null);
  const [tip, setTip] = useState('');
  const [tendered, setTendered] = useState('');
  // One key per attempt at this part: a retry after a lost reply is taken once (REL-03).
  const [key, setKey] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);

  const tipCents = tip.trim() === '' ? 0 : parseAmountCents(tip);
  const tenderedCents = tendered.trim() === '' ? null : parseAmountCents(tendered);
  const cashShort = method === 'cash' && (tenderedCents === null || tenderedCents < part.amountCents);
  const invalid = method === null || tipCents === null || (method === 'card' ? false : cashShort);

  async function take() {
    if (method === null || tipCents === null) return;
    setBusy(true);
    try {
      const reply = await props.calls.pay(
        {
          reservationId: props.reservationId,
          method,
          ...(props.byItems ? { productOrderIds: part.productOrderIds } : { amountCents: part.amountCents }),
          ...(method === 'cash' && tenderedCents !== null ? { tenderedCents } : {}),
          ...(method === 'card' && tipCents > 0 ? { tipCents } : {}),
        },
        key,
      );
      toast.success(
        reply.changeCents > 0
          ? t('parts.paidWithChange', { amount: money(reply.changeCents) })
          : t('parts.paidToast'),
      );
      props.onPaid(reply.paymentInfo, {
        paymentId: reply.payment.id,
        changeCents: reply.changeCents,
        tipCents: reply.tip?.amountCents ?? 0,
      });
    } catch (error) {
      toast.error(paymentErrorText(error, t));
      setKey(newIdempotencyKey());
    } finally {
      setBusy(false);
    }
  }

  return (
    <li className="pos-part" data-part={part.part} data-paid={paid ? 'true' : 'false'}>
      <p className="pos-part__head">
        <span>{props.title}</span> <strong>{money(part.amountCents)}</strong>
      </p>
      {paid ? (
        <p className="pos-part__done" role="status">
          {paidMethod ? t(PAID_LABELS[paidMethod]) : t('parts.paidToast')}
          {paid.tipCents > 0 && ` · ${t('bill.tip', { amount: money(paid.tipCents) })}`}
          {paidMethod === 'cash' &&
            paid.changeCents > 0 &&
            ` · ${t('parts.change', { amount: money(paid.changeCents) })}`}
        </p>
      ) : (
        <>
          <div className="pos-actions" role="group" aria-label={t('parts.method', { part: props.title })}>
            <button
              type="button"
              className="pos-chip"
              aria-pressed={method === 'card'}
              onClick={() => setMethod('card')}
            >
              {t('methods.card')}
            </button>
            <button
              type="button"
              className="pos-chip"
              aria-pressed={method === 'cash'}
              onClick={() => setMethod('cash')}
            >
              {t('methods.cash')}
            </button>
          </div>
          {method === 'card' && props.tipsEnabled && (
            <label className="field pos-field">
              <span>{t('parts.tip')}</span>
              <input
                className="input"
                inputMode="decimal"
                autoComplete="off"
                value={tip}
                aria-invalid={tipCents === null}
                onChange={(event) => setTip(event.target.value)}
              />
            </label>
          )}
          {method === 'cash' && (
            <CashTendered
              amountCents={part.amountCents}
              tendered={tendered}
              onTenderedChange={setTendered}
              money={money}
            />
          )}
          <button
            type="button"
            className="button button--primary button--large"
            disabled={busy || invalid}
            onClick={() => void take()}
          >
            {t('parts.take', {
              amount: money(part.amountCents + (method === 'card' && tipCents ? tipCents : 0)),
            })}
          </button>
        </>
      )}
    </li>
  );
}
