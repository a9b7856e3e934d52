import fs from 'node:fs';
import path from 'node:path';
import { LOCALES } from '@sobremesa/domain';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { repoRoot } from '../config/env.ts';
import { FIELD_MESSAGES } from './field-message-catalog.ts';
import { isCataloguedFieldMessage, issueRewording, localizeFieldMessage } from './field-messages.ts';

/**
 * The files whose field messages reach the admin area's forms and the guest forms: each message they write
 * must be in the catalog, or an admin reading German would meet it in Spanish (issue 22 item 8).
 */
const SOURCES = [
  'packages/contracts/src/admin.contract.ts',
  'packages/contracts/src/admin-floor.contract.ts',
  'packages/contracts/src/admin-menus.contract.ts',
  'packages/contracts/src/media.contract.ts',
  'packages/contracts/src/admin-fiscal.contract.ts',
  'packages/contracts/src/admin-staff.contract.ts',
  'packages/contracts/src/devices.contract.ts',
  'packages/contracts/src/config.contract.ts',
  'packages/contracts/src/reservations.contract.ts',
  'packages/contracts/src/takeaway.contract.ts',
  'packages/contracts/src/reviews.contract.ts',
  'packages/contracts/src/invoices.contract.ts',
  'packages/contracts/src/wire-input.ts',
  'apps/server/src/modules/config/venue-settings-update.ts',
  'apps/server/src/modules/config/venue-settings-rules.ts',
  'apps/server/src/modules/fiscal/fiscal-records.ts',
  'apps/server/src/modules/reservations/availability.ts',
  'apps/server/src/modules/takeaway/takeaway-config.service.ts',
  'apps/server/src/modules/takeaway/takeaway-order.service.ts',
  'apps/server/src/modules/media/media.service.ts',
  'apps/server/src/modules/menu-csv/menu-csv.service.ts',
  ...fs
    .readdirSync(path.join(repoRoot, 'apps/server/src/modules/admin'))
    .filter((name) => name.endsWith('.service.ts'))
    .map((name) => `apps/server/src/modules/admin/${name}`),
];

/**
 * `message: '…'`, a zod check's message argument (`.min(1, '…')`, `.refine(test, '…')`) and a schema maker or
 * refusal given its message (`planUnits('…')`, `invalidPeriod('…')`).
 */
const WRITTEN_MESSAGE =
  /(?:message:\s*|\.(?:min|max|regex|refine|int|length|email|url|positive|nonnegative)\((?:[^,()]|\([^()]*\))*,\s*|\b(?:planUnits|invalidPeriod)\()'((?:[^'\\]|\\.)+)'/g;

describe('field messages', () => {
  it('has every message the admin and guest forms can meet', () => {
    const missing = SOURCES.flatMap((file) =>
      [...fs.readFileSync(path.join(repoRoot, file), 'utf8').matchAll(WRITTEN_MESSAGE)]
        .map((match) => match[1] ?? '')
        .filter((message) => !isCataloguedFieldMessage(message))
        .map((message) => `${file}: ${message}`),
    );
    expect(missing).toEqual([]);
  });

  it('finds a message by the language it was written in, and words it in each of the nine', () => {
    expect(localizeFieldMessage('Escribe un nombre', 'en')).toBe('Write a name');
    expect(localizeFieldMessage('Not a valid Spanish NIF: check its last character', 'es')).toBe(
      'El NIF no es válido: revisa su último carácter',
    );
    for (const locale of LOCALES) {
      expect(localizeFieldMessage('Desde 1 persona', locale)).not.toBe('');
    }
  });

  it('carries the values a message names over to the other language', () => {
    expect(localizeFieldMessage('Se solapa con el servicio «Comidas» el mismo día', 'en')).toBe(
      'Overlaps the service “Comidas” on the same day',
    );
    expect(
      localizeFieldMessage('A host outside sobremesa.app; use the subdomain field for sobremesa.app', 'es'),
    ).toBe('Una dirección fuera de sobremesa.app; para sobremesa.app usa el campo del subdominio');
  });

  it('reads a number where the catalog has {n}, and nothing else there', () => {
    expect(localizeFieldMessage('Como mucho 1000 caracteres', 'de')).toBe('Höchstens 1000 Zeichen');
    expect(localizeFieldMessage('Como mucho 8 mesas', 'eu')).toBe('Gehienez 8 mahai');
    expect(localizeFieldMessage('Como mucho 99 personas', 'en')).toBe('At most 99 guests');
    expect(localizeFieldMessage('Como mucho unas cuantas', 'en')).toBe('Como mucho unas cuantas');
  });

  it('leaves a message it does not know as it was written', () => {
    expect(localizeFieldMessage('Lines must not repeat', 'de')).toBe('Lines must not repeat');
  });

  it('finds each source text in one entry only', () => {
    const owners = new Map<string, number>();
    const shared = FIELD_MESSAGES.flatMap((entry, index) =>
      [entry.es, entry.en].filter((text) => {
        const owner = owners.get(text);
        owners.set(text, index);
        return owner !== undefined && owner !== index;
      }),
    );
    expect(shared).toEqual([]);
  });

  it("words a rule that kept zod's English in the caller's language, Basque falling back to Spanish", () => {
    const parsed = z.object({ name: z.string().max(3) }).safeParse({ name: 'abcd' }, { reportInput: true });
    const issue = parsed.error!.issues[0]!;
    const reword = issueRewording(issue)!;
    expect(reword('de')).toBe('Zu groß: erwartet, dass string <=3 Zeichen hat');
    expect(reword('eu')).toBe(reword('es'));
    expect(reword('en')).toBe(issue.message);
  });

  it('leaves a rule with its own message to the catalog', () => {
    const parsed = z
      .object({ pax: z.number().min(1, 'Desde 1 persona') })
      .safeParse({ pax: 0 }, { reportInput: true });
    expect(issueRewording(parsed.error!.issues[0]!)).toBeUndefined();
  });
});
