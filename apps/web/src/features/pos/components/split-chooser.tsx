import type { PaymentInfo } from '@sobremesa/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { useSplitBill } from '../api/split-bill.ts';
import { posErrorText } from '../pos-errors.ts';
import type { SplitPart } from '../pos-model.ts';

/** The split chosen: equal parts or by items, with each part's amount and lines; null pays the bill whole. */
export type Split = { readonly mode: 'equal' | 'items'; readonly parts: readonly SplitPart[] } | null;

export interface SplitChooserProps {
  readonly reservationId: number;
  readonly roleId: number | null;
  readonly unpaidLines: PaymentInfo['lines'];
  readonly money: (cents: number) => string;
  readonly split: Split;
  readonly onSplit: (split: Split) => void;
}

/** Splitting what is still owed: in equal parts, or by items (each line tapped into a part). */
export function SplitChooser({
  reservationId,
  roleId,
  unpaidLines,
  money,
  split,
  onSplit,
}: SplitChooserProps) {
  const { t } = useTranslation('pos');
  const [mode, setMode] = useState<'whole' | 'equal' | 'items'>(split?.mode ?? 'whole');
  const [count, setCount] = useState(2);
  const [assignments, setAssignments] = useState<ReadonlyMap<number, number>>(new Map());
  const splitBill = useSplitBill(roleId);

  function apply() {
    splitBill.mutate(
      {
        reservationId,
        split:
          mode === 'equal'
            ? { mode: 'equal', parts: count }
            : {
                mode: 'items',
                parts: count,
                assignments: [...assignments].map(([productOrderId, part]) => ({ productOrderId, part })),
              },
      },
      {
        onSuccess: (reply) => onSplit(reply.split),
        onError: (error) => toast.error(posErrorText(error, t, 'errors.generic')),
      },
    );
  }

  function choose(next: 'whole' | 'equal' | 'items') {
    setMode(next);
    if (next === 'whole') onSplit(null);
  }

  return (
    <section className="pos-split" aria-label={t('split.label')}>
      <div className="pos-actions" role="group" aria-label={t('split.mode')}>
        {(['whole', 'equal', 'items'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className="pos-chip"
            aria-pressed={mode === option}
            onClick={() => choose(option)}
          >
            {t(`split.${option}`)}
          </button>
        ))}
      </div>
      {mode !== 'whole' && (
        <>
          <div className="pos-stepper" role="group" aria-label={t('split.parts')}>
            <button
              type="button"
              className="button button--large"
              aria-label={t('split.fewer')}
              disabled={count <= 2}
              onClick={() => setCount(count - 1)}
            >
              −
            </button>
            <output aria-live="polite">{t('split.count', { count })}</output>
            <button
              type="button"
              className="button button--large"
              aria-label={t('split.more')}
              disabled={count >= 20}
              onClick={() => setCount(count + 1)}
            >
              +
            </button>
          </div>
          {mode === 'items' && (
            <ul className="pos-split__lines">
              {unpaidLines.map((line) => (
                <li key={line.productOrderId} className="pos-split__line">
                  <span>
                    {line.units}× {line.name} · {money(line.totalCents)}
                  </span>
                  <span role="group" aria-label={t('split.lineParts', { name: line.name })}>
                    {Array.from({ length: count }, (_, part) => (
                      <button
                        key={part}
                        type="button"
                        className="pos-chip"
                        aria-pressed={assignments.get(line.productOrderId) === part}
                        onClick={() => setAssignments(new Map(assignments).set(line.productOrderId, part))}
                      >
                        {t('parts.part', { number: part + 1 })}
                      </button>
                    ))}
                  </span>
                </li>
              ))}
            </ul>
          )}
          <button
            type="button"
            className="button button--primary button--large"
            disabled={splitBill.isPending || (mode === 'items' && assignments.size === 0)}
            onClick={apply}
          >
            {t('split.apply')}
          </button>
        </>
      )}
    </section>
  );
}
