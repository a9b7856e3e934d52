import type { PaymentInfo } from '@sobremesa/contracts';
import { useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { FailureNotice } from '../../../components/failure-notice.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import type { PaymentMethod } from '../api/pos-api.ts';
import { useUpdatePaymentMethod } from '../api/update-payment-method.ts';
import { posErrorText } from '../pos-errors.ts';
import { VoidPaymentForm } from './void-payment-form.tsx';

const METHODS: readonly PaymentMethod[] = ['card', 'cash', 'other'];

export interface PaymentMethodsProps {
  readonly reservationId: number;
  readonly payments: PaymentInfo['payments'];
  readonly roleId: number | null;
  readonly money: (cents: number) => string;
  /** A payment was voided: the part it paid is owed again. */
  readonly onVoided: (paymentId: number) => void;
}

/**
 * The account's payments, each with how it was made, and correcting that before the account is paid (a
 * payment taken as card that was paid in cash, so the cash close and the drawer add up), or voiding one
 * taken in error, with the reason the audit keeps.
 */
export function PaymentMethods({ reservationId, payments, roleId, money, onVoided }: PaymentMethodsProps) {
  const { t } = useTranslation('pos');
  const headingId = useId();
  const update = useUpdatePaymentMethod(roleId);
  const [voiding, setVoiding] = useState<number | null>(null);
  const busy = update.isPending ? update.variables.paymentId : null;
  const failure = update.isError ? posErrorText(update.error, t, 'errors.paymentMethod') : null;

  function change(paymentId: number, method: PaymentMethod) {
    update.mutate(
      { reservationId, paymentId, method },
      { onSuccess: () => toast.success(t('payments.changed', { method: t(`methods.${method}`) })) },
    );
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
                    if (busy === null && payment.method !== method) change(payment.id, method);
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
                  update.reset();
                  setVoiding(voiding === payment.id ? null : payment.id);
                }}
              >
                {t('payments.void')}
              </button>
            </div>
            {voiding === payment.id && (
              <VoidPaymentForm
                label={t('payments.voidOf', { number: index + 1, amount: money(payment.amountCents) })}
                payment={{ reservationId, paymentId: payment.id }}
                roleId={roleId}
                onCancel={() => setVoiding(null)}
                onVoided={() => {
                  setVoiding(null);
                  toast.success(t('payments.voided', { amount: money(payment.amountCents) }));
                  onVoided(payment.id);
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
