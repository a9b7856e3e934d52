import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// i18n.ts reaches the page through `document`, `navigator` and `localStorage`: give it a small browser.
const cookieJar = { cookie: '' };
const localValues = new Map<string, string>();
const documentElement = { lang: 'es' };
vi.stubGlobal('document', {
  documentElement,
  get cookie() {
    return cookieJar.cookie;
  },
  set cookie(value: string) {
    cookieJar.cookie = value;
  },
});
vi.stubGlobal('navigator', { languages: ['eu-ES', 'es'], cookieEnabled: false });
vi.stubGlobal('location', { protocol: 'http:', search: '' });
vi.stubGlobal('window', {
  localStorage: {
    getItem: (key: string) => localValues.get(key) ?? null,
    setItem: (key: string, value: string) => localValues.set(key, value),
    removeItem: (key: string) => localValues.delete(key),
  },
});

const { changeLocale, i18n, initI18n } = await import('./i18n.ts');

let warn: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  await initI18n();
});

afterAll(() => {
  warn.mockRestore();
  vi.unstubAllGlobals();
});

describe('i18n', () => {
  it('starts in the browser language and marks the document with it', () => {
    expect(i18n.language).toBe('eu');
    expect(documentElement.lang).toBe('eu');
    expect(i18n.t('consent:banner.title')).toBe('Cookieak erabiltzen ditugu');
  });

  it('does not download the Spanish fallback for a complete language', () => {
    expect(i18n.hasNamespace('common', 'eu')).toBe(true);
    expect(i18n.hasNamespace('common', 'es')).toBe(false);
  });

  it('warns about a missing key and falls back to Spanish, fetched only then', async () => {
    const basque = i18n.messages('eu', 'common') as { actions: Record<string, string> };
    delete basque.actions.save;
    expect(i18n.t('actions.save')).toBe('actions.save');
    expect(warn).toHaveBeenCalledWith('[i18n] missing key "common:actions.save" in eu');
    await vi.waitFor(() => expect(i18n.t('actions.save')).toBe('Guardar'));
  });

  it('loads the Spanish namespaces it deferred when the guest picks Spanish, and keeps the choice', async () => {
    await changeLocale('es');
    expect(i18n.language).toBe('es');
    expect(documentElement.lang).toBe('es');
    expect(i18n.t('consent:banner.title')).toBe('Usamos cookies');
    expect(localValues.get('selectedLocale')).toBe('es');
  });

  it('loads another language on demand', async () => {
    await changeLocale('ca');
    expect(i18n.t('consent:rejected.title')).toBe('Compte!');
    expect(i18n.t('actions.save')).toBe('Desa');
    expect(localValues.get('selectedLocale')).toBe('ca');
  });
});
