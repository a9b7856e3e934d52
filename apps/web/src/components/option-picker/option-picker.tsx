import type { CartOptionChoice } from '@sobremesa/domain';
import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import type { OptionTypes } from './option-rules.ts';
import './option-picker.css';

export interface OptionPickerProps {
  /** The dish's option types; options not enabled and types left without any are not shown. */
  readonly types: OptionTypes;
  readonly chosen: readonly CartOptionChoice[];
  readonly formatMoney: (cents: number) => string;
  readonly onToggle: (optionTypeId: number, optionId: number) => void;
  /** Types still lacking a valid choice, flagged next to their name. */
  readonly missing?: readonly number[];
  /** Guests get a list of full-width rows; staff's tablet gets touch chips that wrap. */
  readonly variant?: 'guest' | 'staff';
}

/**
 * A dish's options as groups: one fieldset per option type whose legend says whether it is required and
 * how many it takes, a radio per option when it takes one, checkboxes otherwise. Once a type has its
 * maximum, the other checkboxes are disabled, so the limit is felt, seen and announced.
 */
export function OptionPicker({
  types,
  chosen,
  formatMoney,
  onToggle,
  missing = [],
  variant = 'guest',
}: OptionPickerProps) {
  const { t } = useTranslation('common');
  const groupName = useId();
  return types.map((type) => {
    const offered = type.options.filter((option) => option.enabled >= 1);
    if (offered.length === 0) return null;
    const single = type.maxChoices <= 1;
    const count = chosen.filter((choice) => choice.optionTypeId === type.id).length;
    const full = !single && count >= type.maxChoices;
    const flagged = missing.includes(type.id);
    return (
      <fieldset key={type.id} className={`option-picker option-picker--${variant}`}>
        <legend className="option-picker__legend">
          {type.name}
          <span className={`option-picker__hint${flagged ? ' option-picker__hint--missing' : ''}`}>
            {' · '}
            {type.minChoices > 0 ? t('optionPicker.required') : t('optionPicker.optional')}
            {!single && ` · ${t('optionPicker.upTo', { count: type.maxChoices })}`}
          </span>
        </legend>
        <div className="option-picker__options">
          {single && type.minChoices === 0 && (
            // A radio cannot be unticked: an optional one-of type offers "none" as a choice of its own.
            <label
              className={`option-picker__option${count === 0 ? ' option-picker__option--selected' : ''}`}
            >
              <input
                type="radio"
                name={`${groupName}-${type.id}`}
                checked={count === 0}
                onChange={() => {
                  const current = chosen.find((choice) => choice.optionTypeId === type.id);
                  if (current) onToggle(type.id, current.productChoiceId);
                }}
              />
              <span className="option-picker__name">
                {variant === 'guest'
                  ? t('optionPicker.noneGuest')
                  : t('optionPicker.none', { name: type.name })}
              </span>
            </label>
          )}
          {offered.map((option) => {
            const selected = chosen.some(
              (choice) => choice.optionTypeId === type.id && choice.productChoiceId === option.id,
            );
            return (
              <label
                key={option.id}
                className={`option-picker__option${selected ? ' option-picker__option--selected' : ''}`}
              >
                <input
                  type={single ? 'radio' : 'checkbox'}
                  name={`${groupName}-${type.id}`}
                  checked={selected}
                  disabled={full && !selected}
                  onChange={() => onToggle(type.id, option.id)}
                />
                <span className="option-picker__name">{option.name}</span>
                {option.priceModifierCents !== 0 && (
                  <span className="option-picker__price">
                    {option.priceModifierCents > 0 ? '+' : '−'}
                    {formatMoney(Math.abs(option.priceModifierCents))}
                  </span>
                )}
              </label>
            );
          })}
        </div>
      </fieldset>
    );
  });
}
