import { useTranslation } from '../../../i18n/use-translation.ts';
import { amountFieldText, parseAmountCents, quickCashAmounts } from '../pos-model.ts';

export interface CashTenderedProps {
  /** What this cash payment covers, in cents. */
  readonly amountCents: number;
  /** The amount field's text, as typed or as a quick button wrote it. */
  readonly tendered: string;
  readonly onTenderedChange: (text: string) => void;
  readonly money: (cents: number) => string;
}

/**
 * What the guest hands over for a cash payment: the amount field, the quick buttons (exact, then the 10, 20
 * and 50 notes that cover it) that fill it in one tap, and the change, shown before the payment is taken.
 */
export function CashTendered({ amountCents, tendered, onTenderedChange, money }: CashTenderedProps) {
  const { t } = useTranslation('pos');
  const tenderedCents = tendered.trim() === '' ? null : parseAmountCents(tendered);
  const change = tenderedCents !== null && tenderedCents >= amountCents ? tenderedCents - amountCents : null;
  return (
    <>
      <div className="pos-actions pos-quick-cash" role="group" aria-label={t('parts.quickCash')}>
        {quickCashAmounts(amountCents).map((cents, index) => (
          <button
            key={cents}
            type="button"
            className="pos-chip"
            aria-pressed={tenderedCents === cents}
            onClick={() => onTenderedChange(amountFieldText(cents))}
          >
            {index === 0 ? t('parts.exact') : money(cents)}
          </button>
        ))}
      </div>
      <label className="field pos-field">
        <span>{t('parts.tendered')}</span>
        <input
          className="input"
          inputMode="decimal"
          autoComplete="off"
          value={tendered}
          onChange={(event) => onTenderedChange(event.target.value)}
        />
      </label>
      <p className="pos-change" aria-live="polite">
        {change !== null
          ? t('parts.change', { amount: money(change) })
          : tendered.trim() !== '' && t('parts.short')}
      </p>
    </>
  );
}
