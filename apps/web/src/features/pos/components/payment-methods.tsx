import type { PaymentInfo } from '@sobremesa/contracts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import type { PaymentMethod, PosCalls } from '../api/pos-api.ts';
import { posErrorText } from '../pos-errors.ts';
import { FailureNotice } from './failure-notice.tsx';
import { VoidPaymentForm } from './void-payment-form.tsx';

const METHODS: readonly PaymentMethod[] = ['card', 'cash', 'other'];

export interface PaymentMethodsProps {
  readonly reservationId: number;
  readonly payments: PaymentInfo['payments'];
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  readonly onChanged: (next: PaymentInfo) => void;
  /** A payment was voided: what the account owes now, and which payment went. */
  readonly onVoided: (next: PaymentInfo, paymentId: number) => void;
}

/**
 * The account's payments, each with how it was made, and correcting that before the account is paid (a
 * payment taken as card that was paid in cash, so the cash close and the drawer add up), or voiding one
 * taken in error, with the reason the audit keeps.
 */
export function PaymentMethods({
  reservationId,
  payments,
  calls,
  money,
  onChanged,
  onVoided,
}: PaymentMethodsProps) {
  const { t } = useTranslation('pos');
  const headingId = useId();
  const [busy, setBusy] = useState<number | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [voiding, setVoiding] = useState<number | null>(null);

  async function change(paymentId: number, method: PaymentMethod) {
    setBusy(paymentId);
    setFailure(null);
    try {
      const reply = await calls.updatePaymentMethod(reservationId, paymentId, method);
      toast.success(t('payments.changed', { method: t(`methods.${method}`) }));
      onChanged(reply.paymentInfo);
    } catch (error) {
      setFailure(posErrorText(error, t, 'errors.paymentMethod'));
    } finally {
      setBusy(null);
    }
  }

  return (
    <section className="pos-payments" aria-labelledby={headingId}>
      <h3 id={headingId} className="pos-payments__heading">
        {t('payments.heading')}
      </h3>
      <ul className="pos-payments__list">
        {payments.map((payment, index) => (
          <li
            key={payment.id}
            className="pos-payment"
            data-payment-id={payment.id}
            data-method={payment.method}
          >
            <p className="pos-payment__what">
              <span>{t('payments.payment', { number: index + 1 })}</span>
              <strong className="pos-amount">{money(payment.amountCents)}</strong>
              <span className="pos-payment__method">
                {payment.cardLast4
                  ? t('payments.cardEnding', {
                      method: t(`methods.${payment.method}`),
                      last4: payment.cardLast4,
                    })
                  : t(`methods.${payment.method}`)}
              </span>
            </p>
            <div
              className="pos-actions"
              role="group"
              aria-label={t('payments.change', { number: index + 1, amount: money(payment.amountCents) })}
            >
              {METHODS.map((method) => (
                <button
                  key={method}
                  type="button"
                  className="pos-chip"
                  aria-pressed={payment.method === method}
                  aria-busy={busy === payment.id}
                  onClick={() => {
                    // Not disabled while a change is under way: a disabled button would drop the focus.
                    if (busy === null && payment.method !== method) void change(payment.id, method);
                  }}
                >
                  {t(`methods.${method}`)}
                </button>
              ))}
              <button
                type="button"
                className="pos-chip pos-chip--danger"
                aria-label={t('payments.voidOf', { number: index + 1, amount: money(payment.amountCents) })}
                aria-expanded={voiding === payment.id}
                onClick={() => {
                  setFailure(null);
                  setVoiding(voiding === payment.id ? null : payment.id);
                }}
              >
                {t('payments.void')}
              </button>
            </div>
            {voiding === payment.id && (
              <VoidPaymentForm
                label={t('payments.voidOf', { number: index + 1, amount: money(payment.amountCents) })}
                onCancel={() => setVoiding(null)}
                onVoid={async (reason) => {
                  const reply = await calls.voidPayment(reservationId, payment.id, reason);
                  setVoiding(null);
                  toast.success(t('payments.voided', { amount: money(payment.amountCents) }));
                  onVoided(reply.paymentInfo, payment.id);
                }}
              />
            )}
          </li>
        ))}
      </ul>
      <FailureNotice message={failure} />
    </section>
  );
}
