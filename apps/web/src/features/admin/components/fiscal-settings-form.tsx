import type { AdminFiscalSettings } from '@sobremesa/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { toast } from '../../../components/toast/toast-store.ts';
import { isServerError } from '../../../lib/api-client.ts';
import { fiscalCalls, useFiscalSettingsWrite } from '../api/fiscal-writes.ts';
import { SaveFooter } from './save-footer.tsx';

interface FiscalSettingsFormProps {
  readonly saved: AdminFiscalSettings;
}

type Field = keyof AdminFiscalSettings;

/** The VERI*FACTU switch, the installation number and the agency's service; the server's errors at their fields. */
export function FiscalSettingsForm({ saved }: FiscalSettingsFormProps) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [draft, setDraft] = useState(saved);
  const { run, busy: saving, error } = useFiscalSettingsWrite();
  const refusal = isServerError(error) ? error : null;
  const errors: Partial<Record<string, string>> = Object.fromEntries(
    (refusal?.fields ?? []).map((field) => [field.path, field.message]),
  );
  const failure = refusal
    ? refusal.fields.length > 0
      ? null
      : refusal.message
    : error && t('errors.network');
  const changed = JSON.stringify(draft) !== JSON.stringify(saved);

  function submit(event: FormEvent) {
    event.preventDefault();
    run(
      () => fiscalCalls.saveSettings(draft),
      () => toast.success(t('fiscal.settings.saved')),
    );
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
    <form className="admin-section__form" noValidate onSubmit={submit}>
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
      <SaveFooter failure={failure} busy={saving} label={t('save')} disabled={!changed} />
    </form>
  );
}
