import type { FloorReservation } from '@sobremesa/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import { useIssueBill } from '../api/issue-bill.ts';
import { paymentInfoQuery, type PosCalls } from '../api/pos-api.ts';
import { posErrorText } from '../pos-errors.ts';
import type { PrintTicket } from '../pos-print.ts';
import { IssuedBill } from './issued-bill.tsx';
import { PaymentForm } from './payment-form.tsx';

export interface FastPaidProps {
  readonly method: 'card' | 'cash';
  readonly reservation: FloorReservation;
  readonly roleId: number | null;
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  readonly printTicket?: PrintTicket;
}

/**
 * The fast-paid-by-card and fast-paid-by-cash overlays (spec §2): everything still owed taken in one
 * payment and the invoice issued in the same call (paid-reservation with a payment method).
 */
export function FastPaid({ method, reservation, roleId, calls, money, printTicket }: FastPaidProps) {
  const { t } = useTranslation('pos');
  const owed = useQuery(paymentInfoQuery(reservation.id, roleId));
  const pending = owed.data?.paymentInfo.pending ?? null;
  const [key] = useState(newIdempotencyKey);
  const issue = useIssueBill(roleId);

  if (issue.data) {
    const done = issue.data;
    return (
      <>
        {done.changeCents > 0 && (
          <p className="pos-change pos-change--big" role="status">
            {t('parts.change', { amount: money(done.changeCents) })}
          </p>
        )}
        <IssuedBill
          bill={done.bill}
          roleId={roleId}
          calls={calls}
          money={money}
          paidInCash={method === 'cash'}
          {...(printTicket ? { printTicket } : {})}
        />
      </>
    );
  }

  if (pending === null) {
    return owed.isError ? (
      <p className="notice notice--error" role="alert">
        <span className="notice__body">{posErrorText(owed.error, t, 'errors.generic')}</span>
      </p>
    ) : (
      <p className="muted">{t('loading')}</p>
    );
  }

  return (
    <PaymentForm
      className="pos-form"
      submitClassName="button button--primary button--large button--block"
      amountCents={pending}
      methods={[method]}
      tipsEnabled={false}
      busy={issue.isPending}
      money={money}
      submitLabel={() =>
        t(method === 'card' ? 'fast.confirmCard' : 'fast.confirmCash', { amount: money(pending) })
      }
      onSubmit={({ tenderedCents }) =>
        issue.mutate(
          {
            reservationId: reservation.id,
            idempotencyKey: key,
            fast: { paymentMethod: method, ...(tenderedCents !== null ? { tenderedCents } : {}) },
          },
          { onError: (error) => toast.error(posErrorText(error, t, 'errors.paid')) },
        )
      }
    >
      <p className="pos-bill__row pos-bill__total">
        {t('bill.pending')} <strong>{money(pending)}</strong>
      </p>
    </PaymentForm>
  );
}
