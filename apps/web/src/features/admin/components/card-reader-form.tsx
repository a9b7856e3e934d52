import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceFailure } from './device-failure.ts';

interface CardReaderFormProps {
  readonly idPrefix: string;
  readonly initial: { readonly name: string; readonly kind: string };
  readonly submitLabel: string;
  readonly save: (draft: { name: string; kind: string }) => Promise<unknown>;
  readonly resetOnSave?: boolean;
}

/** A card reader's name and kind (its acquirer or integration: Redsys, SumUp, stand-alone...). */
export function CardReaderForm({ idPrefix, initial, submitLabel, save, resetOnSave }: CardReaderFormProps) {
  const { t } = useTranslation('admin');
  const [name, setName] = useState(initial.name);
  const [kind, setKind] = useState(initial.kind);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      await save({ name, kind });
      if (resetOnSave) {
        setName('');
        setKind('');
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
          {t('devices.readers.name')}
        </label>
        <input
          id={`${idPrefix}-name`}
          className="input"
          value={name}
          autoComplete="off"
          onChange={(event) => setName(event.target.value)}
        />
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${idPrefix}-kind`}>
          {t('devices.readers.kind')}
        </label>
        <input
          id={`${idPrefix}-kind`}
          className="input"
          value={kind}
          autoComplete="off"
          onChange={(event) => setKind(event.target.value)}
        />
      </div>
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
