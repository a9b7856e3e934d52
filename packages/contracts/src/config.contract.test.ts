import { describe, expect, it } from 'vitest';
import { translationsRequestSchema, venueSettingsSchema } from './config.contract.ts';
import { clientMessageSchema } from './realtime.contract.ts';

describe('venue settings defaults (spec §3 "Venue config")', () => {
  it('an empty document gets the spec defaults', () => {
    const settings = venueSettingsSchema.parse({});
    expect(settings.enableCategoryScroll).toBe(true);
    expect(settings.copilotConfig).toEqual({
      zoneFilter: false,
      cartProductStaffComments: true,
      promotionsEnabled: false,
    });
    expect(settings.defaultMenuOrderConfig.menuOrderEnabled).toBe(1);
    expect(settings.posProvider).toBe('WEPOS');
    expect(settings.locales).toEqual(['es', 'en', 'de', 'fr', 'eu', 'ca', 'it', 'gl', 'pt']);
    expect(settings.embedOrigins).toEqual([]);
  });

  it('keeps what a venue set and refuses nonsense', () => {
    expect(venueSettingsSchema.parse({ reservation_disabled_dow: [1, 7] }).reservation_disabled_dow).toEqual([
      1, 7,
    ]);
    expect(venueSettingsSchema.safeParse({ reservation_disabled_dow: [8] }).success).toBe(false);
    expect(venueSettingsSchema.safeParse({ embedOrigins: ['not a url'] }).success).toBe(false);
  });
});

describe('wire schemas reject what they do not know (SEC-10)', () => {
  it('translations/get: unknown fields and empty key lists are refused', () => {
    expect(translationsRequestSchema.safeParse({ keys: ['menu.1.name'] }).success).toBe(true);
    expect(translationsRequestSchema.safeParse({ keys: [] }).success).toBe(false);
    expect(translationsRequestSchema.safeParse({ keys: ['a'], venueId: 2 }).success).toBe(false);
    expect(translationsRequestSchema.safeParse({ keys: ['a'], locale: 'ja' }).success).toBe(false);
  });

  it('realtime hello must carry a token and nothing else', () => {
    expect(clientMessageSchema.safeParse({ type: 'hello', v: 1, token: 't', lastSeq: 4 }).success).toBe(true);
    expect(clientMessageSchema.safeParse({ type: 'hello', v: 1 }).success).toBe(false);
    expect(clientMessageSchema.safeParse({ type: 'hello', v: 1, token: 't', venueId: 9 }).success).toBe(
      false,
    );
  });
});
