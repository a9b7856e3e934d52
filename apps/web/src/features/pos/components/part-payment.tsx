import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import type { PaymentMethod } from '../api/pos-api.ts';
import { useTakePayment } from '../api/take-payment.ts';
import { paymentErrorText } from '../pos-errors.ts';
import type { SplitPart } from '../pos-model.ts';
import { PaymentForm } from './payment-form.tsx';

/** A paid part: its payment (whose method may be corrected later) and the change given back. */
export interface PaidPart {
  readonly paymentId: number;
  readonly changeCents: number;
  readonly tipCents: number;
}

const PAID_LABELS = { card: 'parts.paidCard', cash: 'parts.paidCash', other: 'parts.paidOther' } as const;

export interface PartPaymentProps {
  readonly reservationId: number;
  readonly roleId: number | null;
  readonly part: SplitPart;
  readonly title: string;
  readonly byItems: boolean;
  readonly paid: PaidPart | null;
  readonly methodOf: (paymentId: number) => PaymentMethod | null;
  readonly money: (cents: number) => string;
  readonly tipsEnabled: boolean;
  /** Told once the payment is taken; what the account owes now is already in its bill's query. */
  readonly onPaid: (outcome: PaidPart) => void;
}

/** One part of the bill, paid by card (with an optional tip) or cash (the change shown before taking it). */
export function PartPayment(props: PartPaymentProps) {
  const { part, money, paid } = props;
  const paidMethod = paid ? props.methodOf(paid.paymentId) : null;
  const { t } = useTranslation('pos');
  // One key per attempt at this part: a retry after a lost reply is taken once (REL-03).
  const [key, setKey] = useState(newIdempotencyKey);
  const takePayment = useTakePayment(props.roleId);

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
        <PaymentForm
          className="pos-part__form"
          amountCents={part.amountCents}
          methods={['card', 'cash']}
          methodsLabel={t('parts.method', { part: props.title })}
          tipsEnabled={props.tipsEnabled}
          busy={takePayment.isPending}
          money={money}
          submitLabel={(_, totalCents) => t('parts.take', { amount: money(totalCents) })}
          onSubmit={({ method, tipCents, tenderedCents }) =>
            takePayment.mutate(
              {
                payment: {
                  reservationId: props.reservationId,
                  method,
                  ...(props.byItems
                    ? { productOrderIds: part.productOrderIds }
                    : { amountCents: part.amountCents }),
                  ...(tenderedCents !== null ? { tenderedCents } : {}),
                  ...(method === 'card' && tipCents > 0 ? { tipCents } : {}),
                },
                idempotencyKey: key,
              },
              {
                onSuccess: (reply) => {
                  toast.success(
                    reply.changeCents > 0
                      ? t('parts.paidWithChange', { amount: money(reply.changeCents) })
                      : t('parts.paidToast'),
                  );
                  props.onPaid({
                    paymentId: reply.payment.id,
                    changeCents: reply.changeCents,
                    tipCents: reply.tip?.amountCents ?? 0,
                  });
                },
                onError: (error) => {
                  toast.error(paymentErrorText(error, t));
                  setKey(newIdempotencyKey());
                },
              },
            )
          }
        />
      )}
    </li>
  );
}
