import { LOCALES, missingLocales, type Locale } from '@sobremesa/domain';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AdminSection } from '../../../components/admin/admin-section.tsx';
import { NATIVE_LANGUAGE_NAMES } from '../../../i18n/native-names.ts';
import { adminMenuCalls } from '../api/admin-menus-api.ts';
import { MenuFailure } from './menu-form-actions.tsx';
import { useMenuWrite } from './use-menu-write.ts';

type Texts = Partial<Record<Locale, string>>;

interface TranslationFieldProps {
  /** The translations table's key (`product.12.name`). */
  readonly translationKey: string;
  readonly label: string;
  readonly stored: Texts;
  readonly multiline?: boolean;
}

/**
 * One field in the nine languages side by side, each language still missing flagged (a guest reading it
 * sees the Spanish text instead). Saving sends every language; an emptied one is removed.
 */
function TranslationField({ translationKey, label, stored, multiline }: TranslationFieldProps) {
  const { t } = useTranslation('adminMenus');
  const [texts, setTexts] = useState<Texts>(stored);
  const { run, busy: saving, failure } = useMenuWrite();
  const missing = new Set(missingLocales(stored));
  const idOf = (locale: Locale) => `tr-${translationKey.replace(/\./g, '-')}-${locale}`;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = Object.fromEntries(LOCALES.map((locale) => [locale, (texts[locale] ?? '').trim()]));
    await run(
      () => adminMenuCalls.saveTranslations(translationKey, values),
      () => t('translations.saved', { field: label }),
    );
  }

  return (
    <form className="admin-menus__translation" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset className="admin-choices">
        <legend className="field__label">
          {label}
          {missing.size > 0 && (
            <span className="admin-menus__missing-count">
              {' '}
              · {t('translations.missingCount', { count: missing.size })}
            </span>
          )}
        </legend>
        <div className="admin-menus__languages">
          {LOCALES.map((locale) => (
            <div key={locale} className="field admin-menus__language">
              <label className="field__label" htmlFor={idOf(locale)} lang={locale}>
                {NATIVE_LANGUAGE_NAMES[locale]}
                {missing.has(locale) && (
                  <span className="admin-menus__missing">{t('translations.missing')}</span>
                )}
              </label>
              {multiline ? (
                <textarea
                  id={idOf(locale)}
                  lang={locale}
                  className="input admin-field__textarea"
                  value={texts[locale] ?? ''}
                  onChange={(event) => setTexts((current) => ({ ...current, [locale]: event.target.value }))}
                />
              ) : (
                <input
                  id={idOf(locale)}
                  lang={locale}
                  className="input"
                  value={texts[locale] ?? ''}
                  onChange={(event) => setTexts((current) => ({ ...current, [locale]: event.target.value }))}
                />
              )}
            </div>
          ))}
        </div>
      </fieldset>
      <MenuFailure failure={failure} />
      <div className="admin-section__actions">
        <button type="submit" className="button button--primary" disabled={saving}>
          {saving ? t('saving') : t('translations.save', { field: label })}
        </button>
      </div>
    </form>
  );
}

interface TranslationsPanelProps {
  readonly title: string;
  readonly fields: readonly { key: string; label: string; multiline?: boolean }[];
  readonly translations: Record<string, Texts>;
}

/** The translations of one row's fields (a menu's name, a product's name and description). */
export function TranslationsPanel({ title, fields, translations }: TranslationsPanelProps) {
  const { t } = useTranslation('adminMenus');
  return (
    <AdminSection
      id="admin-menus-translations"
      title={t('translations.title', { name: title })}
      intro={t('translations.intro')}
    >
      {fields.map((field) => (
        <TranslationField
          // A fresh copy from the server starts the form again.
          key={`${field.key}:${JSON.stringify(translations[field.key] ?? {})}`}
          translationKey={field.key}
          label={field.label}
          multiline={field.multiline}
          stored={translations[field.key] ?? {}}
        />
      ))}
    </AdminSection>
  );
}
