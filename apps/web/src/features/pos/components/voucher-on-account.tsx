import { voucherSetError, type PaymentInfo } from '@sobremesa/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '../../../components/toast/toast-store.ts';
import { isServerError } from '../../../lib/api-client.ts';
import type { PosCalls } from '../api/pos-api.ts';
import { FailureNotice } from './failure-notice.tsx';

export interface VoucherOnAccountProps {
  readonly reservationId: number;
  readonly vouchers: PaymentInfo['vouchers'];
  readonly calls: PosCalls;
  readonly money: (cents: number) => string;
  readonly onRedeemed: (next: PaymentInfo) => void;
}

/**
 * Redeeming a voucher (gift card, prepaid menu) on the account: the code as the guest shows it (the server
 * compares it without case), what it took off, and the vouchers already on the account.
 */
export function VoucherOnAccount({
  reservationId,
  vouchers,
  calls,
  money,
  onRedeemed,
}: VoucherOnAccountProps) {
  const { t } = useTranslation('pos');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function redeem(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    if (code.trim() === '') {
      setFailure(t('voucher.empty'));
      input.current?.focus();
      return;
    }
    setBusy(true);
    setFailure(null);
    try {
      const reply = await calls.redeemVoucher(reservationId, code.trim());
      setCode('');
      toast.success(
        t('voucher.redeemed', { code: reply.voucherSet.code, amount: money(reply.voucherSet.amountCents) }),
      );
      onRedeemed(reply.paymentInfo);
    } catch (error) {
      // Spec §8: the reply's message, or 'Unknown error' when there is none.
      setFailure(voucherSetError(isServerError(error) ? { message: error.message } : null));
      input.current?.focus();
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="pos-voucher" aria-labelledby={`${id}-heading`}>
      <h3 id={`${id}-heading`} className="pos-voucher__heading">
        {t('voucher.heading')}
      </h3>
      {vouchers.length > 0 && (
        <ul className="pos-voucher__list" aria-label={t('voucher.list')}>
          {vouchers.map((voucher) => (
            <li key={voucher.id} className="pos-bill__row" data-voucher-code={voucher.code}>
              {t('voucher.item', { code: voucher.code })} <span>−{money(voucher.amountCents)}</span>
            </li>
          ))}
        </ul>
      )}
      <form className="pos-voucher__form" onSubmit={(event) => void redeem(event)} noValidate>
        <div className="field pos-field pos-voucher__field">
          <label htmlFor={`${id}-code`}>{t('voucher.code')}</label>
          <input
            ref={input}
            id={`${id}-code`}
            className="input"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            maxLength={64}
            aria-invalid={failure !== null}
            aria-describedby={failure ? `${id}-error` : undefined}
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
        </div>
        <button type="submit" className="button button--primary button--large" aria-busy={busy}>
          {t('voucher.redeem')}
        </button>
      </form>
      <FailureNotice message={failure} id={`${id}-error`} />
    </section>
  );
}
