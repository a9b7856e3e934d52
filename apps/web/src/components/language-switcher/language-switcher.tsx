import { LOCALES, isLocale } from '@sobremesa/domain';
import { useId, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLocale } from '../../i18n/use-locale.ts';
import { NATIVE_LANGUAGE_NAMES } from '../../i18n/native-names.ts';
import './language-switcher.css';

interface LanguageSwitcherProps {
  readonly className?: string;
  /** Hides the visible "Idioma" label (kept for screen readers) where a header has no room for it. */
  readonly compact?: boolean;
}

/** The language picker of guest and staff screens: a native select, so phones show their own accessible picker. */
export function LanguageSwitcher({ className, compact = false }: LanguageSwitcherProps) {
  const { t } = useTranslation('common');
  const { locale, setLocale } = useLocale();
  const [switching, setSwitching] = useState(false);
  const id = useId();
  return (
    <div
      className={`language-switcher${compact ? ' language-switcher--compact' : ''}${className ? ` ${className}` : ''}`}
    >
      <label htmlFor={id} className={compact ? 'visually-hidden' : 'language-switcher__label'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        className="select language-switcher__select"
        value={locale}
        aria-busy={switching}
        onChange={(event) => {
          const next = event.target.value;
          if (!isLocale(next)) return;
          setSwitching(true);
          setLocale(next)
            .catch((error: unknown) => console.warn('[i18n] could not switch language', error))
            .finally(() => setSwitching(false));
        }}
      >
        {LOCALES.map((option) => (
          // lang: each name is pronounced and hyphenated in its own language (WCAG 3.1.2).
          <option key={option} value={option} lang={option}>
            {NATIVE_LANGUAGE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
