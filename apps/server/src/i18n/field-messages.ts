import type { FieldError } from '@sobremesa/contracts';
import type { Locale } from '@sobremesa/domain';
import { z } from 'zod';
import type { Catalog } from './catalog.ts';
import { FIELD_MESSAGES } from './field-message-catalog.ts';

/**
 * A refused field on its way out: its message in the caller's language (issue 22 item 8: "every form shows
 * the server's errors at their fields, in the admin's language"). A message is found in the catalog by
 * the text it was written in; a contract rule that kept zod's own wording is worded again by zod's
 * locale for the caller's language.
 */

/**
 * A field error as the server builds it. A schema's refusal in zod's own words brings `reword`, which words
 * it again in another language; a function, so the refused input it reads is never logged or sent.
 */
export interface SourceFieldError extends FieldError {
  readonly reword?: (locale: Locale) => string;
}

interface Template {
  readonly pattern: RegExp;
  readonly names: readonly string[];
  readonly catalog: Catalog;
}

const PLACEHOLDER = /\{(\w+)\}/g;
const exact = new Map<string, Catalog>();
const templates: Template[] = [];

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

for (const catalog of FIELD_MESSAGES) {
  for (const source of [catalog.es, catalog.en]) {
    const names = [...source.matchAll(PLACEHOLDER)].map((match) => match[1] ?? '');
    if (names.length === 0) {
      exact.set(source, catalog);
      continue;
    }
    const pattern = source
      .split(PLACEHOLDER)
      // `{n}` is a number; any other placeholder a text.
      .map((part, index) => (index % 2 === 0 ? escapeRegExp(part) : part === 'n' ? '(\\d+)' : '(.+?)'))
      .join('');
    templates.push({ pattern: new RegExp(`^${pattern}$`), names, catalog });
  }
}

/** zod's own wording per UI language; Basque and Galician, which zod lacks, read the fallback Spanish. */
const ZOD_LOCALES: Record<Locale, () => { localeError: z.core.$ZodErrorMap }> = {
  es: z.locales.es,
  en: z.locales.en,
  de: z.locales.de,
  fr: z.locales.fr,
  eu: z.locales.es,
  ca: z.locales.ca,
  it: z.locales.it,
  gl: z.locales.es,
  pt: z.locales.pt,
};

function zodWording(locale: Locale, issue: z.core.$ZodIssue): string | undefined {
  // The map takes the raw issue; a finished one parsed with `reportInput` carries everything it reads.
  const raw = issue as unknown as z.core.$ZodRawIssue;
  const worded = ZOD_LOCALES[locale]().localeError(raw);
  return typeof worded === 'string' ? worded : worded?.message;
}

/**
 * How a schema's refusal words itself in another language: zod's own wording in that language when the
 * rule kept zod's English, the catalog otherwise.
 */
export function issueRewording(issue: z.core.$ZodIssue): ((locale: Locale) => string) | undefined {
  if (issue.message !== zodWording('en', issue)) return undefined;
  return (locale) => zodWording(locale, issue) ?? issue.message;
}

/** The catalog entry a message was written from, with the values it names. */
function catalogued(message: string): { catalog: Catalog; values: Map<string, string> } | undefined {
  const known = exact.get(message);
  if (known) return { catalog: known, values: new Map() };
  for (const template of templates) {
    const match = template.pattern.exec(message);
    if (match) {
      const values = new Map(template.names.map((name, index) => [name, match[index + 1] ?? '']));
      return { catalog: template.catalog, values };
    }
  }
  return undefined;
}

export function isCataloguedFieldMessage(message: string): boolean {
  return catalogued(message) !== undefined;
}

/** One message in `locale`: from the catalog, or as written when the catalog does not know it. */
export function localizeFieldMessage(message: string, locale: Locale): string {
  const found = catalogued(message);
  if (!found) return message;
  return found.catalog[locale].replace(PLACEHOLDER, (_, name: string) => found.values.get(name) ?? '');
}

/** The fields of a refusal as the caller reads them: localised, and without what reworded them. */
export function localizeFields(fields: readonly SourceFieldError[], locale: Locale): FieldError[] {
  return fields.map(({ path, message, reword }) => ({
    path,
    message: reword ? reword(locale) : localizeFieldMessage(message, locale),
  }));
}
