import type { BillView, FloorReservation } from '@sobremesa/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { paymentInfoQuery, POS_QUERY_KEY, type PosCalls } from '../api/pos-api.ts';
import { posErrorText } from '../pos-errors.ts';
import { parseAmountCents } from '../pos-model.ts';
import type { PrintTicket } from '../pos-print.ts';
import { CashTendered } from './cash-tendered.tsx';
import { IssuedBill } from './issued-bill.tsx';
import { newIdempotencyKey } from '../../../lib/random-key.ts';

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
  const client = useQueryClient();
  const owed = useQuery(paymentInfoQuery(reservation.id, roleId));
  const pending = owed.data?.paymentInfo.pending ?? null;
  const [tendered, setTendered] = useState('');
  const [key] = useState(newIdempotencyKey);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<{ bill: BillView; changeCents: number } | null>(null);
  const tenderedCents = tendered.trim() === '' ? null : parseAmountCents(tendered);
  const short = method === 'cash' && (pending === null || tenderedCents === null || tenderedCents < pending);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (short) return;
    setBusy(true);
    try {
      const reply = await calls.paid(reservation.id, key, {
        paymentMethod: method,
        ...(method === 'cash' && tenderedCents !== null ? { tenderedCents } : {}),
      });
      setDone(reply);
      void client.invalidateQueries({ queryKey: POS_QUERY_KEY });
    } catch (error) {
      toast.error(posErrorText(error, t, 'errors.paid'));
    } finally {
      setBusy(false);
    }
  }

  if (done) {
    return (
      <>
        {done.changeCents > 0 && (
          <p className="pos-change pos-change--big" role="status">
            {t('parts.change', { amount: money(done.changeCents) })}
          </p>
        )}
        <IssuedBill
          bill={done.bill}
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
    <form className="pos-form" onSubmit={(event) => void submit(event)}>
      <p className="pos-bill__row pos-bill__total">
        {t('bill.pending')} <strong>{money(pending)}</strong>
      </p>
      {method === 'cash' && (
        <CashTendered
          amountCents={pending}
          tendered={tendered}
          onTenderedChange={setTendered}
          money={money}
        />
      )}
      <button
        type="submit"
        className="button button--primary button--large button--block"
        disabled={busy || short}
      >
        {t(method === 'card' ? 'fast.confirmCard' : 'fast.confirmCash', { amount: money(pending) })}
      </button>
    </form>
  );
}
