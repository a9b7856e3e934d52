import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { isNegativeAmount } from '../../../lib/amount-input.ts';
import { parseAmountCents } from '../pos-model.ts';
import { CashTendered } from './cash-tendered.tsx';

type FormMethod = 'card' | 'cash';

/** What the cashier entered: the method, the card tip (0 without one) and the cash handed over. */
export interface PaymentEntry {
  readonly method: FormMethod;
  readonly tipCents: number;
  readonly tenderedCents: number | null;
}

export interface PaymentFormProps {
  /** What the payment covers, in cents (the tip comes on top). */
  readonly amountCents: number;
  /** One method is the overlay's own (fast paid); two are a choice, named by `methodsLabel`. */
  readonly methods: readonly [FormMethod] | readonly [FormMethod, FormMethod];
  readonly methodsLabel?: string;
  readonly tipsEnabled: boolean;
  readonly busy: boolean;
  readonly money: (cents: number) => string;
  /** The button's text for the chosen method (null before one is chosen) and the amount with its tip. */
  readonly submitLabel: (method: FormMethod | null, totalCents: number) => string;
  readonly onSubmit: (entry: PaymentEntry) => void;
  readonly className: string;
  readonly submitClassName?: string;
  /** Shown above the fields (what is owed). */
  readonly children?: ReactNode;
}

/**
 * A payment's fields, shared by the finish-account parts and the fast-paid overlays (spec §2): by card
 * with an optional tip, or by cash with what the guest hands over and the change, shown before it is taken.
 */
export function PaymentForm(props: PaymentFormProps) {
  const { amountCents, methods, money } = props;
  const { t } = useTranslation('pos');
  const [chosen, setChosen] = useState<FormMethod | null>(null);
  const method = methods.length === 1 ? methods[0] : chosen;
  const [tip, setTip] = useState('');
  const [tendered, setTendered] = useState('');
  const tipProblemId = useId();

  const withTip = method === 'card' && props.tipsEnabled;
  const tipCents = !withTip || tip.trim() === '' ? 0 : parseAmountCents(tip);
  // A negative tip is said, not read as no tip: the cashier meant something else (spec §5's words).
  const tipNegative = withTip && isNegativeAmount(tip);
  const tenderedCents = tendered.trim() === '' ? null : parseAmountCents(tendered);
  const cashShort = method === 'cash' && (tenderedCents === null || tenderedCents < amountCents);
  const invalid = method === null || tipCents === null || cashShort;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (method === null || tipCents === null || cashShort) return;
    props.onSubmit({ method, tipCents, tenderedCents: method === 'cash' ? tenderedCents : null });
  }

  return (
    <form className={props.className} onSubmit={submit}>
      {props.children}
      {methods.length > 1 && (
        <div className="pos-actions" role="group" aria-label={props.methodsLabel}>
          {methods.map((option) => (
            <button
              key={option}
              type="button"
              className="pos-chip"
              aria-pressed={method === option}
              onClick={() => setChosen(option)}
            >
              {t(`methods.${option}`)}
            </button>
          ))}
        </div>
      )}
      {withTip && (
        <label className="field pos-field">
          <span>{t('parts.tip')}</span>
          <input
            className="input"
            inputMode="decimal"
            autoComplete="off"
            value={tip}
            aria-invalid={tipCents === null}
            aria-describedby={tipNegative ? tipProblemId : undefined}
            onChange={(event) => setTip(event.target.value)}
          />
          {tipNegative && (
            <span id={tipProblemId} className="pos-field__error" role="alert">
              {t('parts.negative')}
            </span>
          )}
        </label>
      )}
      {method === 'cash' && (
        <CashTendered
          amountCents={amountCents}
          tendered={tendered}
          onTenderedChange={setTendered}
          money={money}
        />
      )}
      <button
        type="submit"
        className={props.submitClassName ?? 'button button--primary button--large'}
        disabled={props.busy || invalid}
      >
        {props.submitLabel(method, amountCents + (tipCents ?? 0))}
      </button>
    </form>
  );
}
