import { describe, expect, it, vi } from 'vitest';
import type { Namespace } from './namespaces.ts';
import { Translator, type Messages } from './translator.ts';

const FILES: Record<string, Messages> = {
  'es/common': {
    guests_one: '{{count}} comensal',
    guests_other: '{{count}} comensales',
    greeting: 'Hola, {{guest.name}}',
    onlyInSpanish: 'Solo en castellano',
  },
  'es/menu': { title: 'Carta' },
  'eu/common': {
    guests_one: '{{count}} mahaikide',
    guests_other: '{{count}} mahaikide',
    greeting: 'Kaixo, {{guest.name}}',
  },
  'eu/menu': { title: 'Karta' },
};

function translator(language = 'es', fallback: string | null = 'es') {
  const loads: string[] = [];
  const missing: string[] = [];
  const load = vi.fn((lng: string, ns: Namespace) => {
    loads.push(`${lng}/${ns}`);
    const file = FILES[`${lng}/${ns}`];
    return file ? Promise.resolve(file) : Promise.reject(new Error(`no ${lng}/${ns}`));
  });
  const instance = new Translator({
    language,
    fallback,
    load,
    onMissing: (lng, ns, key) => missing.push(`${lng} ${ns}:${key}`),
    retryDelayMs: 0,
  });
  return { instance, loads, missing, load };
}

describe('Translator', () => {
  it('picks the plural form of the language shown and fills in variables, nested ones too', async () => {
    const { instance } = translator();
    await instance.loadNamespaces(['common']);
    expect(instance.t('guests', { count: 1 })).toBe('1 comensal');
    expect(instance.t('guests', { count: 4 })).toBe('4 comensales');
    expect(instance.t('greeting', { guest: { name: 'Ane' } })).toBe('Hola, Ane');
    expect(instance.t('greeting')).toBe('Hola, ');
  });

  it('reads a key of another namespace by option or by prefix, and binds one namespace in fixedT', async () => {
    const { instance } = translator();
    await instance.loadNamespaces(['common', 'menu']);
    expect(instance.t('title', { ns: 'menu' })).toBe('Carta');
    expect(instance.t('menu:title')).toBe('Carta');
    const t = instance.fixedT('menu') as unknown as (key: string, options?: object) => string;
    expect(t('title')).toBe('Carta');
    expect(t('guests', { ns: 'common', count: 2 })).toBe('2 comensales');
  });

  it('answers a missing key with the key, says so, and fetches the fallback only then', async () => {
    const { instance, loads, missing } = translator('eu');
    await instance.loadNamespaces(['common']);
    expect(loads).toEqual(['eu/common']);
    expect(instance.t('onlyInSpanish')).toBe('onlyInSpanish');
    expect(missing).toEqual(['eu common:onlyInSpanish']);
    await vi.waitFor(() => expect(instance.t('onlyInSpanish')).toBe('Solo en castellano'));
    expect(loads).toEqual(['eu/common', 'es/common']);
  });

  it('has no fallback where none is given (a server render in another language)', async () => {
    const { instance, loads } = translator('eu', null);
    await instance.loadNamespaces(['common']);
    expect(instance.t('onlyInSpanish')).toBe('onlyInSpanish');
    expect(loads).toEqual(['eu/common']);
  });

  it('switches language once every namespace shown is loaded in it, with a new t for the callers', async () => {
    const { instance, loads } = translator();
    await instance.loadNamespaces(['common', 'menu']);
    const before = instance.fixedT('menu');
    expect(instance.fixedT('menu')).toBe(before);
    const listener = vi.fn();
    instance.subscribe(listener);
    const switching = instance.changeLanguage('eu');
    expect(instance.language).toBe('es');
    await switching;
    expect(loads).toEqual(['es/common', 'es/menu', 'eu/common', 'eu/menu']);
    expect(instance.language).toBe('eu');
    expect(instance.t('title', { ns: 'menu' })).toBe('Karta');
    expect(listener).toHaveBeenCalled();
    expect(instance.fixedT('menu')).not.toBe(before);
  });

  it('loads a namespace once for every caller, retries a failed load, and tries anew after three failures', async () => {
    const { instance, load } = translator();
    const first = instance.load('menu');
    expect(instance.load('menu')).toBe(first);
    await first;
    expect(load).toHaveBeenCalledTimes(1);
    const offline = () => Promise.reject(new Error('offline'));
    load.mockImplementationOnce(offline);
    await instance.load('common');
    expect(load).toHaveBeenCalledTimes(3);
    load.mockImplementationOnce(offline).mockImplementationOnce(offline).mockImplementationOnce(offline);
    await expect(instance.load('common', 'eu')).rejects.toThrow('offline');
    await instance.load('common', 'eu');
    expect(instance.hasNamespace('common', 'eu')).toBe(true);
    expect(instance.t('guests', { count: 1 })).toBe('1 comensal');
  });

  it('tells whether a key exists, in the language shown or its fallback', async () => {
    const { instance } = translator();
    await instance.loadNamespaces(['common', 'menu']);
    expect(instance.exists('title', { ns: 'menu' })).toBe(true);
    expect(instance.exists('nothing', { ns: 'menu' })).toBe(false);
  });
});
