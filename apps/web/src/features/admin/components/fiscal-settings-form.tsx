import type { AdminFiscalSettings } from '@sobremesa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { isServerError } from '../../../lib/api-client.ts';

interface FiscalSettingsFormProps {
  readonly saved: AdminFiscalSettings;
  readonly save: (settings: AdminFiscalSettings) => Promise<void>;
}

type Field = keyof AdminFiscalSettings;

/** The VERI*FACTU switch, the installation number and the agency's service; the server's errors at their fields. */
export function FiscalSettingsForm({ saved, save }: FiscalSettingsFormProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [draft, setDraft] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setErrors({});
    setFailure(null);
    try {
      await save(draft);
    } catch (error) {
      if (isServerError(error)) {
        setErrors(Object.fromEntries(error.fields.map((field) => [field.path, field.message])));
        setFailure(error.fields.length > 0 ? null : error.message);
      } else setFailure(t('errors.network'));
    } finally {
      setSaving(false);
    }
  }

  const described = (field: Field, hint: boolean) => {
    const ids = [hint ? `${id}-${field}-hint` : null, errors[field] ? `${id}-${field}-error` : null];
    const describedBy = ids.filter(Boolean).join(' ');
    return {
      ...(describedBy ? { 'aria-describedby': describedBy } : {}),
      ...(errors[field] ? { 'aria-invalid': true as const } : {}),
    };
  };
  const errorOf = (field: Field) =>
    errors[field] ? (
      <span id={`${id}-${field}-error`} className="admin-field__error">
        {errors[field]}
      </span>
    ) : null;

  return (
    <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
      <div className="admin-check">
        <input
          id={`${id}-enabled`}
          type="checkbox"
          className="admin-check__box"
          checked={draft.enabled}
          onChange={(event) => setDraft({ ...draft, enabled: event.target.checked })}
          {...described('enabled', true)}
        />
        <label htmlFor={`${id}-enabled`} className="admin-check__label">
          {t('fiscal.settings.enabled')}
        </label>
        <span id={`${id}-enabled-hint`} className="field__hint">
          {t('fiscal.settings.enabledHint')}
        </span>
        {errorOf('enabled')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-installation`}>
          {t('fiscal.settings.installation')}
        </label>
        <input
          id={`${id}-installation`}
          className="input"
          value={draft.installationNumber}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDraft({ ...draft, installationNumber: event.target.value })}
          {...described('installationNumber', true)}
        />
        <span id={`${id}-installationNumber-hint`} className="field__hint">
          {t('fiscal.settings.installationHint')}
        </span>
        {errorOf('installationNumber')}
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-environment`}>
          {t('fiscal.settings.environment')}
        </label>
        <select
          id={`${id}-environment`}
          className="select"
          value={draft.environment}
          onChange={(event) =>
            setDraft({ ...draft, environment: event.target.value === 'test' ? 'test' : 'production' })
          }
          {...described('environment', false)}
        >
          <option value="production">{t('fiscal.settings.production')}</option>
          <option value="test">{t('fiscal.settings.test')}</option>
        </select>
        {errorOf('environment')}
      </div>
      {failure && (
        <p className="notice notice--error" role="alert">
          {failure}
        </p>
      )}
      <div className="admin-section__actions">
        <button type="submit" className="button button--primary" disabled={saving || !changed}>
          {saving ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}
