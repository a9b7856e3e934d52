import type { Locale } from '@sobremesa/domain';

/**
 * Each language named in itself, the same in every UI language: a guest looks for the name they read, whatever
 * language the screen is in now.
 */
export const NATIVE_LANGUAGE_NAMES: Record<Locale, string> = {
  es: 'Español',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  eu: 'Euskara',
  ca: 'Català',
  it: 'Italiano',
  gl: 'Galego',
  pt: 'Português',
};
