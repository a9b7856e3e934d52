import type { TFunction } from 'i18next';
import type { Namespace } from './namespaces.ts';

/** One namespace's texts in one language, as its JSON file holds them. */
export type Messages = { readonly [key: string]: unknown };

export interface TranslatorOptions {
  /** The language shown first. */
  readonly language: string;
  /** The language a missing text falls back to; null for none (decision 073). */
  readonly fallback: string | null;
  readonly load: (language: string, namespace: Namespace) => Promise<Messages>;
  /** Told of a key found in neither the language shown nor its fallback (spec §8). */
  readonly onMissing?: (language: string, namespace: Namespace, key: string) => void;
  /** The wait before the first retry of a failed load, doubled for the next. */
  readonly retryDelayMs?: number;
}

/**
 * A resolved promise, marked as React marks the promises it has seen settle, so `use` returns at once instead of
 * suspending for a tick (the field React reads, as libraries that hand `use` cached promises do).
 */
function settled(promise: Promise<void>): Promise<void> {
  return Object.assign(promise, { status: 'fulfilled', value: undefined });
}

/** A namespace's load is tried this many times before its failure reaches the screen (a flaky phone connection). */
const LOAD_ATTEMPTS = 3;

/** What `t` takes besides the key: its variables, `count` for plurals and `ns` for another namespace. */
type TranslateOptions = { readonly ns?: Namespace; readonly count?: number } & Record<string, unknown>;

/** `namespace:key`, i18next's way of naming a key of another namespace. */
const NAMESPACED_KEY = /^([A-Za-z]+):(.+)$/;
const VARIABLE = /\{\{\s*([\w.]+)\s*\}\}/g;

function lookup(messages: Messages | undefined, path: string): unknown {
  let value: unknown = messages;
  for (const part of path.split('.')) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Messages)[part];
  }
  return value;
}

function interpolate(text: string, options: TranslateOptions | undefined): string {
  if (!text.includes('{{')) return text;
  return text.replace(VARIABLE, (_match, path: string) => {
    const value = options && lookup(options, path);
    return value === undefined || value === null ? '' : String(value);
  });
}

/**
 * The app's translations (decision 073): i18next's message format as this app uses it (nested keys, `{{name}}`
 * variables, `_one`/`_other` plurals by `Intl.PluralRules`, `namespace:key`), in about 1.3 KB gzipped instead
 * of i18next's 18 KB gzipped, and a `t` that costs a map lookup on a slow phone. Keys keep i18next's types
 * (`i18next.d.ts`), checked at compile time against the Spanish files.
 */
export class Translator {
  #language: string;
  readonly #options: TranslatorOptions;
  readonly #bundles = new Map<string, Messages>();
  /** Each loaded or loading namespace's promise, by `language/namespace`. */
  readonly #ready = new Map<string, Promise<void>>();
  readonly #listeners = new Set<() => void>();
  readonly #plurals = new Map<string, Intl.PluralRules>();
  /** Each namespace's bound `t`, one per version: its identity changes exactly when its texts may have. */
  readonly #bound = new Map<Namespace, TFunction<Namespace>>();
  #version = 0;

  constructor(options: TranslatorOptions) {
    this.#options = options;
    this.#language = options.language;
  }

  get language(): string {
    return this.#language;
  }

  /** i18next's name for the language shown, kept for the callers that read it. */
  get resolvedLanguage(): string {
    return this.#language;
  }

  /** Grows each time the texts shown may have changed: another language, or a namespace arrived. */
  readonly version = (): number => this.#version;

  readonly subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  #changed(): void {
    this.#version += 1;
    this.#bound.clear();
    for (const listener of this.#listeners) listener();
  }

  hasNamespace(namespace: Namespace, language = this.#language): boolean {
    return this.#bundles.has(`${language}/${namespace}`);
  }

  messages(language: string, namespace: Namespace): Messages | undefined {
    return this.#bundles.get(`${language}/${namespace}`);
  }

  /** Puts a namespace's texts in, as if loaded (a page's texts given by the server, a test's). */
  add(language: string, namespace: Namespace, messages: Messages): void {
    const slot = `${language}/${namespace}`;
    this.#bundles.set(slot, messages);
    // A load's own promise is kept, marked settled: a render that suspended on it must find the same one again.
    const loading = this.#ready.get(slot);
    this.#ready.set(slot, loading ? settled(loading) : settled(Promise.resolve()));
    this.#changed();
  }

  /**
   * Loads a namespace in a language once: the same promise for every caller while it loads, and once loaded a
   * promise React's `use` reads as settled without suspending (`useTranslation` calls `use` on every render:
   * React requires the same `use` calls when it replays a suspended render). A load that failed every attempt
   * is forgotten, so the next call tries again.
   */
  load(namespace: Namespace, language = this.#language): Promise<void> {
    const slot = `${language}/${namespace}`;
    let ready = this.#ready.get(slot);
    if (!ready) {
      ready = this.#attempt(language, namespace, 1).then(
        (messages) => this.add(language, namespace, messages),
        (error: unknown) => {
          this.#ready.delete(slot);
          throw error;
        },
      );
      this.#ready.set(slot, ready);
    }
    return ready;
  }

  async #attempt(language: string, namespace: Namespace, attempt: number): Promise<Messages> {
    try {
      return await this.#options.load(language, namespace);
    } catch (error) {
      if (attempt >= LOAD_ATTEMPTS) throw error;
      const delay = (this.#options.retryDelayMs ?? 350) * 2 ** (attempt - 1);
      await new Promise((resolve) => setTimeout(resolve, delay));
      return this.#attempt(language, namespace, attempt + 1);
    }
  }

  async loadNamespaces(namespaces: Namespace | readonly Namespace[]): Promise<void> {
    await Promise.all(
      (typeof namespaces === 'string' ? [namespaces] : namespaces).map((ns) => this.load(ns)),
    );
  }

  /** Shows another language once every namespace shown now is loaded in it, so no screen flashes keys. */
  async changeLanguage(language: string): Promise<void> {
    const shown = new Set<Namespace>();
    for (const slot of this.#bundles.keys()) {
      const [bundleLanguage, namespace] = slot.split('/') as [string, Namespace];
      if (bundleLanguage === this.#language) shown.add(namespace);
    }
    await Promise.all([...shown].map((namespace) => this.load(namespace, language)));
    this.#language = language;
    this.#changed();
  }

  /** Whether a key has a text in the language shown or its fallback. */
  exists(key: string, options?: { readonly ns?: Namespace }): boolean {
    const [namespace, path] = this.#split(key, options?.ns ?? 'common');
    return this.#find(namespace, path, undefined) !== undefined;
  }

  /** A key's text; the key itself when no language has it (and the fallback is then fetched, if it was not). */
  t(key: string, options?: TranslateOptions): string {
    return this.#translate(options?.ns ?? 'common', key, options);
  }

  #translate(shown: Namespace, key: string, options: TranslateOptions | undefined): string {
    const [namespace, path] = this.#split(key, shown);
    const text = this.#find(namespace, path, options?.count);
    if (text !== undefined) return interpolate(text, options);
    this.#missing(namespace, path);
    return path;
  }

  /** `t` bound to a namespace, typed by i18next's key types; the same function until the texts change. */
  fixedT<N extends Namespace>(namespace: N): TFunction<N> {
    let bound = this.#bound.get(namespace);
    if (!bound) {
      const t = (key: string, options?: TranslateOptions) =>
        this.#translate(options?.ns ?? namespace, key, options);
      bound = t as unknown as TFunction<Namespace>;
      this.#bound.set(namespace, bound);
    }
    return bound as unknown as TFunction<N>;
  }

  #split(key: string, namespace: Namespace): [Namespace, string] {
    const named = NAMESPACED_KEY.exec(key);
    return named ? [named[1] as Namespace, named[2]!] : [namespace, key];
  }

  #find(namespace: Namespace, path: string, count: number | undefined): string | undefined {
    const fallback = this.#options.fallback;
    for (const language of fallback && fallback !== this.#language
      ? [this.#language, fallback]
      : [this.#language]) {
      const messages = this.#bundles.get(`${language}/${namespace}`);
      if (!messages) continue;
      if (count !== undefined) {
        const plural = lookup(messages, `${path}_${this.#pluralRules(language).select(count)}`);
        if (typeof plural === 'string') return plural;
        const other = lookup(messages, `${path}_other`);
        if (typeof other === 'string') return other;
      }
      const text = lookup(messages, path);
      if (typeof text === 'string') return text;
    }
    return undefined;
  }

  #pluralRules(language: string): Intl.PluralRules {
    let rules = this.#plurals.get(language);
    if (!rules) {
      rules = new Intl.PluralRules(language);
      this.#plurals.set(language, rules);
    }
    return rules;
  }

  #missing(namespace: Namespace, path: string): void {
    this.#options.onMissing?.(this.#language, namespace, path);
    // Every language is complete (locales.test.ts), so the fallback is fetched only once a key is missing; its
    // arrival re-renders the screen with the fallback's text.
    const fallback = this.#options.fallback;
    if (fallback && fallback !== this.#language && !this.hasNamespace(namespace, fallback))
      this.load(namespace, fallback).catch((error: unknown) =>
        console.warn('[i18n] fallback texts not loaded', error),
      );
  }
}
