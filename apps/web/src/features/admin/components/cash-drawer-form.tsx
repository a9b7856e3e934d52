import { EURO_DENOMINATIONS_CENTS } from '@sobremesa/contracts';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { formatEuros } from '../../../i18n/euro-format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { errorAt } from './admin-field.tsx';
import { DeviceForm, useDeviceSave } from './device-form.tsx';

export interface CashDrawerDraft {
  readonly name: string;
  readonly denominations: readonly number[];
}

interface CashDrawerFormProps {
  readonly idPrefix: string;
  readonly initial: CashDrawerDraft;
  readonly submitLabel: string;
  /** The call that stores the drawer (a new one or this one). */
  readonly send: (draft: { name: string; denominations: number[] }) => Promise<unknown>;
  /** Empties the form after a save (the "new drawer" form). */
  readonly resetOnSave?: boolean;
}

/** A drawer's name and the euro coins and notes it holds, ticked from the fifteen there are. */
export function CashDrawerForm({ idPrefix, initial, submitLabel, send, resetOnSave }: CashDrawerFormProps) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const [name, setName] = useState(initial.name);
  const [chosen, setChosen] = useState<readonly number[]>(initial.denominations);
  const { save, busy, failure } = useDeviceSave(
    send,
    resetOnSave
      ? () => {
          setName('');
          setChosen([]);
        }
      : undefined,
  );
  const denominationsError = errorAt(failure, 'denominations');
  const errorId = `${idPrefix}-denominations-error`;

  return (
    <DeviceForm
      idPrefix={idPrefix}
      nameLabel={t('devices.drawers.name')}
      name={name}
      onName={setName}
      submitLabel={submitLabel}
      busy={busy}
      failure={failure}
      ownFields={['denominations']}
      onSubmit={() => save({ name, denominations: [...chosen].sort((a, b) => a - b) })}
    >
      <fieldset
        className="admin-choices"
        {...(denominationsError ? { 'aria-invalid': true, 'aria-describedby': errorId } : {})}
      >
        <legend className="field__label">{t('devices.drawers.denominations')}</legend>
        <div className="admin-choices__list">
          {EURO_DENOMINATIONS_CENTS.map((value) => (
            <label key={value} className="admin-check admin-choices__item">
              <input
                type="checkbox"
                className="admin-check__box"
                checked={chosen.includes(value)}
                onChange={(event) =>
                  setChosen((current) =>
                    event.target.checked ? [...current, value] : current.filter((item) => item !== value),
                  )
                }
              />
              <span className="admin-check__label">{formatEuros(value, locale)}</span>
            </label>
          ))}
        </div>
        {denominationsError && (
          <span id={errorId} className="admin-field__error">
            {denominationsError}
          </span>
        )}
      </fieldset>
    </DeviceForm>
  );
}
