import type { FieldError } from '@sobremesa/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { toast } from '../../../components/toast/toast-store.ts';
import { isServerError } from '../../../lib/api-client.ts';
import {
  placeFieldErrors,
  sectionChanged,
  sectionPatch,
  valueAt,
  withValueAt,
  type SectionDocument,
  type SectionSpec,
} from '../venue-form-model.ts';
import { fieldKey, SettingField } from './setting-field.tsx';

export interface SettingsSectionProps {
  readonly section: SectionSpec;
  readonly saved: SectionDocument;
  /** Sends the section's changes; resolves with the document as the server stored it. */
  readonly save: (patch: Record<string, unknown>) => Promise<SectionDocument>;
}

interface Failure {
  readonly message: string;
  readonly fields: readonly FieldError[];
  readonly conflict: boolean;
}

/**
 * One group of settings with its own Save: only its fields are sent, the server validates them, and
 * each refused field shows why beside it, in the admin's language: this screen's explanation of the
 * field's rule where it has one (a rule zod words for tools), else the server's own message (decision 064).
 */
export function SettingsSection({ section, saved, save }: SettingsSectionProps) {
  const { t, i18n } = useTranslation('admin');
  const [draft, setDraft] = useState<SectionDocument>(saved);
  const [failure, setFailure] = useState<Failure | null>(null);
  const [saving, setSaving] = useState(false);
  const [loaded, setLoaded] = useState(saved);
  // A fresh copy from the server (another admin's change) replaces the form unless it holds unsaved edits.
  if (saved !== loaded) {
    setLoaded(saved);
    if (!sectionChanged(section, loaded, draft)) setDraft(saved);
  }
  const changed = sectionChanged(section, saved, draft);
  const headingId = `admin-section-${section.id}`;
  const placed = placeFieldErrors(section, failure?.fields ?? []);

  const fieldError = (path: string): string | undefined => {
    const refused = placed.byField.get(path);
    if (!refused) return undefined;
    if (failure?.conflict) return failure.message;
    const specific = `${fieldKey(path)}.error`;
    return i18n.exists(specific, { ns: 'admin' }) ? t(specific as never) : refused.message;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setFailure(null);
    try {
      const stored = await save(sectionPatch(section, draft));
      // The form shows what the server stored, normalised (an NIF in capitals, a host in lower case).
      setDraft((current) => ({ ...current, ...sectionPatch(section, stored) }));
      toast.success(t('saved', { section: t(`sections.${section.id}.title` as never) }));
    } catch (error) {
      if (isServerError(error)) {
        setFailure({ message: error.message, fields: error.fields, conflict: error.status === 409 });
      } else {
        setFailure({ message: t('errors.network'), fields: [], conflict: false });
      }
    } finally {
      setSaving(false);
    }
  }

  return (
    <AdminSection
      id={headingId}
      title={t(`sections.${section.id}.title` as never)}
      intro={t(`sections.${section.id}.intro` as never)}
    >
      <form className="admin-section__form" noValidate onSubmit={(event) => void submit(event)}>
        {section.fields.map((field) => (
          <SettingField
            key={field.path}
            idPrefix={section.id}
            field={field}
            value={valueAt(draft, field.path)}
            error={fieldError(field.path)}
            onChange={(value) => setDraft((current) => withValueAt(current, field.path, value))}
          />
        ))}
        {failure && (
          <p className="notice notice--error" role="alert">
            {failure.message}
            {placed.unplaced.length > 0 && ` ${placed.unplaced.map((item) => item.message).join(' ')}`}
          </p>
        )}
        <div className="admin-section__actions">
          <button type="submit" className="button button--primary" disabled={!changed || saving}>
            {saving ? t('saving') : t('save')}
          </button>
          {changed && !saving && (
            <button
              type="button"
              className="button button--quiet"
              onClick={() => {
                setDraft(saved);
                setFailure(null);
              }}
            >
              {t('discard')}
            </button>
          )}
        </div>
      </form>
    </AdminSection>
  );
}
