import { voucherSetError, type PaymentInfo } from '@sobremesa/contracts';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { FailureNotice } from '../../../components/failure-notice.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { isServerError } from '../../../lib/api-client.ts';
import { useRedeemVoucher } from '../api/redeem-voucher.ts';

export interface VoucherOnAccountProps {
  readonly reservationId: number;
  readonly vouchers: PaymentInfo['vouchers'];
  readonly roleId: number | null;
  readonly money: (cents: number) => string;
  readonly onRedeemed: () => void;
}

/**
 * Redeeming a voucher (gift card, prepaid menu) on the account: the code as the guest shows it (the server
 * compares it without case), what it took off, and the vouchers already on the account.
 */
export function VoucherOnAccount({
  reservationId,
  vouchers,
  roleId,
  money,
  onRedeemed,
}: VoucherOnAccountProps) {
  const { t } = useTranslation('pos');
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [code, setCode] = useState('');
  const [empty, setEmpty] = useState(false);
  const redemption = useRedeemVoucher(roleId);
  const busy = redemption.isPending;
  const failure = empty
    ? t('voucher.empty')
    : redemption.isError
      ? // Spec §8: the reply's message, or 'Unknown error' when there is none.
        voucherSetError(isServerError(redemption.error) ? { message: redemption.error.message } : null)
      : null;

  function redeem(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    setEmpty(code.trim() === '');
    if (code.trim() === '') {
      input.current?.focus();
      return;
    }
    redemption.mutate(
      { reservationId, code: code.trim() },
      {
        onSuccess: ({ voucherSet }) => {
          setCode('');
          toast.success(
            t('voucher.redeemed', { code: voucherSet.code, amount: money(voucherSet.amountCents) }),
          );
          onRedeemed();
        },
        onError: () => input.current?.focus(),
      },
    );
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
      <form className="pos-voucher__form" onSubmit={redeem} noValidate>
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
