import { DEFAULT_LOCALE, isLocale, type Locale } from '@sobremesa/domain';
import { changeLocale } from './i18n.ts';
import { useTranslation } from './use-translation.ts';

/** The language shown now, and how to switch it (the switch is kept as `selectedLocale`). */
export function useLocale(): { locale: Locale; setLocale: (locale: Locale) => Promise<void> } {
  // Subscribing through useTranslation re-renders the caller when the language changes.
  const { i18n } = useTranslation();
  const shown = i18n.resolvedLanguage;
  return { locale: isLocale(shown) ? shown : DEFAULT_LOCALE, setLocale: changeLocale };
}
