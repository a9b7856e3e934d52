import type { AccountingConfig, TillBalanceView } from '@sobremesa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { FailureNotice } from '../../../components/failure-notice.tsx';
import { isNegativeAmount, parseAmountCents } from '../../../lib/amount-input.ts';
import { newIdempotencyKey } from '../../../lib/random-key.ts';
import { useCountCash, type Counted } from '../api/count-cash.ts';
import type { SnapshotType } from '../api/till-api.ts';
import { tillErrorText } from '../till-errors.ts';
import {
  countTotal,
  emptyCount,
  isSignKey,
  negativeSlot,
  withQuantity,
  type CountSlot,
} from '../till-model.ts';
import { DifferenceLine } from './difference-line.tsx';
import { SubmitButton } from './submit-button.tsx';

export interface CashCountProps {
  readonly type: SnapshotType;
  readonly drawers: AccountingConfig['cashDrawers'];
  readonly readers: AccountingConfig['cardReaders'];
  /** The open shift's drawer: a close counts the drawer the shift was opened with. */
  readonly drawerId: number | null;
  /** The open shift's running balance (nothing of it on a blind count). */
  readonly balance: TillBalanceView | null;
  readonly roleId: number | null;
  readonly money: (cents: number) => string;
  readonly onCounted: (reply: Counted) => void;
}

/**
 * The count of the drawer by denomination (the "cash register closing" overlay, spec §2): a big − and +
 * per note and coin, the total as it grows, and on a close the expected cash beside it with the
 * difference in colour and in words, unless the venue counts blind; the card reader's total typed
 * against the card payments recorded.
 */
export function CashCount(props: CashCountProps) {
  const { type, drawers, readers, balance, roleId, money, onCounted } = props;
  const { t } = useTranslation('till');
  const [drawerId, setDrawerId] = useState(props.drawerId ?? drawers[0]?.id ?? null);
  const drawer = drawers.find((candidate) => candidate.id === drawerId);
  const [slots, setSlots] = useState<CountSlot[]>(() => emptyCount(drawer?.slots ?? []));
  const [readerId, setReaderId] = useState(readers[0]?.id ?? null);
  const [readerText, setReaderText] = useState('');
  const [key, setKey] = useState(newIdempotencyKey);
  const counting = useCountCash(roleId);
  const [readerRefused, setReaderRefused] = useState(false);
  const [negativeRefused, setNegativeRefused] = useState(false);
  const drawerField = useId();
  const readerField = useId();
  const readerTotalField = useId();
  const errorId = useId();
  const piecesId = useId();

  const total = countTotal(slots);
  const closing = type !== 1;
  const blind = balance?.blind ?? false;
  const expected = balance?.expectedCashCents;
  const readerCents = readerText.trim() === '' ? null : parseAmountCents(readerText);
  const readerNegative = isNegativeAmount(readerText);
  const readerInvalid = readerText.trim() !== '' && readerCents === null;
  const negative = negativeSlot(slots);
  const failure =
    (negativeRefused && negative) || readerNegative
      ? t('negative')
      : readerRefused
        ? t('count.invalidReader')
        : counting.isError
          ? tillErrorText(counting.error, t, 'errors.count')
          : null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (counting.isPending || drawerId === null) return;
    // A negative count is said, never sent as zero nor sent at all: the server would refuse it the same way.
    setNegativeRefused(negative !== undefined);
    if (negative) {
      document.getElementById(`${piecesId}-${negative.cashDenominationId}`)?.focus();
      return;
    }
    setReaderRefused(readerInvalid);
    if (readerInvalid || readerNegative) return;
    counting.mutate(
      {
        snapshotType: type,
        cashDrawerId: drawerId,
        cashDrawerSlots: slots.map((slot) => ({
          value: slot.valueCents,
          cashDenominationId: slot.cashDenominationId,
          quantity: slot.quantity,
        })),
        ...(closing && readerId !== null && readerCents !== null
          ? { card: { cardReaderId: readerId, totalCardAmount: readerCents } }
          : {}),
        idempotencyKey: key,
      },
      {
        onSuccess: onCounted,
        // A refusal is final for that key: the next attempt is a new count.
        onError: () => setKey(newIdempotencyKey()),
      },
    );
  }

  if (drawers.length === 0) return <p className="notice notice--error">{t('errors.noDrawer')}</p>;

  const confirm =
    type === 1 ? 'count.confirmOpen' : type === 2 ? 'count.confirmHandover' : 'count.confirmDayEnd';
  // noValidate: the browser's own bubble would stop a negative count unsaid; the count says why itself.
  return (
    <form
      className="till-count"
      noValidate
      onSubmit={submit}
      aria-describedby={failure ? errorId : undefined}
    >
      {type === 1 && drawers.length > 1 && (
        <div className="field">
          <label className="field__label" htmlFor={drawerField}>
            {t('count.drawer')}
          </label>
          <select
            id={drawerField}
            className="select"
            value={drawerId ?? ''}
            onChange={(event) => {
              const next = Number(event.target.value);
              setDrawerId(next);
              setSlots(emptyCount(drawers.find((candidate) => candidate.id === next)?.slots ?? []));
            }}
          >
            {drawers.map((candidate) => (
              <option key={candidate.id} value={candidate.id}>
                {candidate.name}
              </option>
            ))}
          </select>
        </div>
      )}
      <div className="till-totals">
        <p className="till-totals__row till-totals__counted">
          {t('count.total')} <strong aria-live="polite">{money(total)}</strong>
        </p>
        {closing && !blind && expected !== undefined && (
          <>
            <p className="till-totals__row">
              {t('count.expected')} <strong>{money(expected)}</strong>
            </p>
            <DifferenceLine
              className="till-totals__cash-difference"
              label={t('count.difference')}
              found={total}
              expected={expected}
              money={money}
            />
          </>
        )}
        {closing && blind && <p className="till-totals__blind">{t('count.blind')}</p>}
      </div>

      <fieldset className="till-count__slots">
        <legend>{t('count.denominations')}</legend>
        <ul>
          {slots.map((slot) => {
            const value = money(slot.valueCents);
            const set = (quantity: number) =>
              setSlots((current) => withQuantity(current, slot.cashDenominationId, quantity));
            return (
              <li key={slot.cashDenominationId} className="till-slot" data-value={slot.valueCents}>
                <span className="till-slot__value">{value}</span>
                <button
                  type="button"
                  className="till-step"
                  aria-label={t('count.less', { value })}
                  disabled={slot.quantity <= 0}
                  onClick={() => set(slot.quantity - 1)}
                >
                  −
                </button>
                <input
                  id={`${piecesId}-${slot.cashDenominationId}`}
                  className="input till-slot__pieces"
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={9999}
                  aria-label={t('count.pieces', { value })}
                  aria-invalid={slot.quantity < 0 || undefined}
                  aria-describedby={
                    slot.quantity < 0 ? `${piecesId}-${slot.cashDenominationId}-problem` : undefined
                  }
                  value={slot.quantity}
                  onFocus={(event) => event.target.select()}
                  onKeyDown={(event) => {
                    if (isSignKey(event.key)) event.preventDefault();
                  }}
                  onChange={(event) => set(Number(event.target.value))}
                />
                <button
                  type="button"
                  className="till-step"
                  aria-label={t('count.more', { value })}
                  onClick={() => set(slot.quantity + 1)}
                >
                  +
                </button>
                <span className="till-slot__subtotal">{money(slot.valueCents * slot.quantity)}</span>
                {slot.quantity < 0 && (
                  <p id={`${piecesId}-${slot.cashDenominationId}-problem`} className="till-slot__problem">
                    {t('negative')}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      {closing && readers.length > 0 && (
        <fieldset className="till-count__card">
          <legend>{t('count.card')}</legend>
          {readers.length > 1 && (
            <div className="field">
              <label className="field__label" htmlFor={readerField}>
                {t('count.reader')}
              </label>
              <select
                id={readerField}
                className="select"
                value={readerId ?? ''}
                onChange={(event) => setReaderId(Number(event.target.value))}
              >
                {readers.map((reader) => (
                  <option key={reader.id} value={reader.id}>
                    {reader.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <div className="field">
            <label className="field__label" htmlFor={readerTotalField}>
              {t('count.readerTotal')}
            </label>
            <input
              id={readerTotalField}
              className="input"
              inputMode="decimal"
              autoComplete="off"
              value={readerText}
              aria-invalid={readerInvalid || readerNegative}
              onChange={(event) => setReaderText(event.target.value)}
            />
          </div>
          {!blind && balance?.cardRecordedCents !== undefined && (
            <>
              <p className="till-totals__row">
                {t('count.cardRecorded')} <strong>{money(balance.cardRecordedCents)}</strong>
              </p>
              {readerCents !== null && (
                <DifferenceLine
                  className="till-totals__card-difference"
                  label={t('count.cardDifference')}
                  found={readerCents}
                  expected={balance.cardRecordedCents}
                  money={money}
                />
              )}
            </>
          )}
        </fieldset>
      )}

      <FailureNotice message={failure} id={errorId} />
      <SubmitButton busy={counting.isPending} label={t(confirm, { amount: money(total) })} />
    </form>
  );
}
