import { DEFAULT_LOCALE, LOCALES } from '@sobremesa/domain';
import { describe, expect, it } from 'vitest';

type Messages = { readonly [key: string]: string | Messages };

const files = import.meta.glob<Messages>('./locales/*/*.json', { eager: true, import: 'default' });

function messagesOf(locale: string, namespace: string): Messages | undefined {
  return files[`./locales/${locale}/${namespace}.json`];
}

/** `{ a: { b: 'x' } }` → `{ 'a.b': 'x' }`. */
function flatten(messages: Messages, prefix = ''): Map<string, string> {
  const flat = new Map<string, string>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') flat.set(path, value);
    else for (const [nested, text] of flatten(value, path)) flat.set(nested, text);
  }
  return flat;
}

function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*\}\}/g)].map((match) => match[1] ?? '').sort();
}

const namespaces = Object.keys(files)
  .filter((path) => path.startsWith(`./locales/${DEFAULT_LOCALE}/`))
  .map((path) => path.slice(`./locales/${DEFAULT_LOCALE}/`.length, -'.json'.length));

/**
 * A text of several words equal to the English one is an English sentence left behind. Single words are often
 * rightly the same ("Bar", "Password", "Notifications").
 */
function looksUntranslated(text: string, english: string | undefined): boolean {
  return text === english && text.trim().split(/\s+/).length > 1;
}

describe('translations', () => {
  it('has the namespaces of this app', () => {
    expect(namespaces).toEqual(expect.arrayContaining(['common', 'consent']));
  });

  for (const namespace of namespaces) {
    const source = flatten(messagesOf(DEFAULT_LOCALE, namespace) ?? {});
    const english = flatten(messagesOf('en', namespace) ?? {});

    for (const locale of LOCALES) {
      describe(`${locale}/${namespace}.json`, () => {
        const messages = messagesOf(locale, namespace);
        const flat = flatten(messages ?? {});

        it('exists with exactly the Spanish keys', () => {
          expect(messages, `missing file locales/${locale}/${namespace}.json`).toBeDefined();
          expect([...flat.keys()].sort()).toEqual([...source.keys()].sort());
        });

        it('has no empty text and the same {{placeholders}} as Spanish', () => {
          for (const [key, text] of flat) {
            const where = `${locale} ${namespace}:${key}`;
            expect(text.trim(), where).not.toBe('');
            const expected = placeholders(source.get(key) ?? '');
            // "Every minute" needs no number: the singular may leave {{count}} out, never add an unknown value.
            if (key.endsWith('_one'))
              expect(expected, where).toEqual(expect.arrayContaining(placeholders(text)));
            else expect(placeholders(text), where).toEqual(expected);
          }
        });

        if (locale !== 'en' && locale !== DEFAULT_LOCALE) {
          it('leaves no English behind', () => {
            const untranslated = [...flat].filter(([key, text]) => looksUntranslated(text, english.get(key)));
            expect(untranslated).toEqual([]);
          });
        }
      });
    }
  }
});

describe('spec texts', () => {
  it('keeps the rejected-cookies warning of spec §8 word for word', () => {
    const consent = flatten(messagesOf('es', 'consent') ?? {});
    expect(consent.get('rejected.title')).toBe('¡Cuidado!');
    expect(consent.get('rejected.text')).toBe(
      'Has rechazado las cookies. Algunas funciones de la aplicación pueden no funcionar correctamente sin ellas.',
    );
  });
});
