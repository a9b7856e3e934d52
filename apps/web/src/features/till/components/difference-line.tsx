import { useTranslation } from '../../../i18n/use-translation.ts';
import { differenceOf } from '../till-model.ts';

export interface DifferenceLineProps {
  readonly label: string;
  readonly found: number;
  readonly expected: number;
  readonly money: (cents: number) => string;
  readonly className?: string;
}

/**
 * A difference in words ("Falta 1,00 €", "Sobra 0,50 €", "Cuadra") with a mark and a colour that say the
 * same: the colour is never the only sign of a shortfall.
 */
export function DifferenceLine({ label, found, expected, money, className }: DifferenceLineProps) {
  const { t } = useTranslation('till');
  const difference = differenceOf(found, expected);
  const mark = difference.kind === 'short' ? '▼' : difference.kind === 'over' ? '▲' : '✓';
  return (
    <p
      className={`till-difference till-difference--${difference.kind}${className ? ` ${className}` : ''}`}
      data-kind={difference.kind}
    >
      {label}{' '}
      <strong>
        <span aria-hidden="true">{mark} </span>
        {t(`difference.${difference.kind}`, { amount: money(difference.cents) })}
      </strong>
    </p>
  );
}
