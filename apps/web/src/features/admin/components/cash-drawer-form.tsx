import { EURO_DENOMINATIONS_CENTS } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatEuros } from '../../../i18n/euro-format.ts';
import { useLocale } from '../../../i18n/use-locale.ts';
import { deviceFailure } from './device-failure.ts';

export interface CashDrawerDraft {
  readonly name: string;
  readonly denominations: readonly number[];
}

interface CashDrawerFormProps {
  /** Prefix of the controls' ids, one per form on the page. */
  readonly idPrefix: string;
  readonly initial: CashDrawerDraft;
  readonly submitLabel: string;
  readonly save: (draft: { name: string; denominations: number[] }) => Promise<unknown>;
  /** Empties the form after a save (the "new drawer" form). */
  readonly resetOnSave?: boolean;
}

/** A drawer's name and the euro coins and notes it holds, ticked from the fifteen there are. */
export function CashDrawerForm({ idPrefix, initial, submitLabel, save, resetOnSave }: CashDrawerFormProps) {
  const { t } = useTranslation('admin');
  const { locale } = useLocale();
  const [name, setName] = useState(initial.name);
  const [chosen, setChosen] = useState<readonly number[]>(initial.denominations);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await save({ name, denominations: [...chosen].sort((a, b) => a - b) });
      if (resetOnSave) {
        setName('');
        setChosen([]);
      }
    } catch (error) {
      setFailure(deviceFailure(error, t));
    } finally {
      setSaving(false);
    }
  }

  return (
    <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-name`}>
          {t('devices.drawers.name')}
        </label>
        <input
          id={`${idPrefix}-name`}
          className="input"
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <fieldset className="admin-choices">
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
      </fieldset>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="admin-section__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('saving') : submitLabel}
        </button>
      </div>
    </form>
  );
}
