import { beforeEach, describe, expect, it } from 'vitest';
import { createFakeBrowser, type FakeBrowser } from './fake-browser-storage.ts';
import type { AppStorage } from './storage.ts';

let browser: FakeBrowser;
let sut: AppStorage;

beforeEach(() => {
  browser = createFakeBrowser();
  sut = browser.storage;
});

describe('cookie availability', () => {
  it('is available when the probe cookie sticks, and leaves no probe behind', () => {
    expect(sut.cookiesAvailable()).toBe(true);
    expect(browser.jar.values.size).toBe(0);
  });

  it('is unavailable when navigator says so, without touching the jar', () => {
    browser.cookieEnabled = false;
    expect(sut.cookiesAvailable()).toBe(false);
    expect(browser.jar.writes).toEqual([]);
  });

  it('is unavailable when writes do not stick although navigator says cookies are enabled', () => {
    browser.jar.blocked = true;
    expect(sut.cookiesAvailable()).toBe(false);
  });
});

describe('consent', () => {
  it('starts unknown and is kept as cookies-accepted, in a cookie too once accepted', () => {
    expect(sut.consent.get()).toBe('unknown');
    sut.consent.accept();
    expect(browser.local.values.get('cookies-accepted')).toBe('true');
    expect(browser.jar.values.get('cookies-accepted')).toBe('true');
    expect(sut.consent.get()).toBe('accepted');
    sut.consent.reject();
    expect(browser.local.values.get('cookies-accepted')).toBe('false');
    expect(browser.jar.values.has('cookies-accepted')).toBe(false);
    expect(sut.consent.get()).toBe('rejected');
  });

  it('with cookies blocked, is kept in local storage and reaches the cookie later', () => {
    browser.jar.blocked = true;
    sut.consent.accept();
    expect(sut.consent.get()).toBe('accepted');
    browser.jar.blocked = false;
    expect(browser.jar.values.has('cookies-accepted')).toBe(false);
    sut.syncCookies();
    expect(browser.jar.values.get('cookies-accepted')).toBe('true');
  });

  it('treats an unexpected stored value as no choice', () => {
    browser.local.values.set('cookies-accepted', 'maybe');
    expect(sut.consent.get()).toBe('unknown');
  });

  it('accepting promotes the pending token and reports it', () => {
    sut.token.set('guest-token');
    expect(browser.local.values.get('pending-token')).toBe('guest-token');
    expect(browser.local.values.has('token')).toBe(false);
    expect(sut.consent.accept()).toEqual({ hasToken: true });
    expect(browser.local.values.get('token')).toBe('guest-token');
    expect(browser.local.values.has('pending-token')).toBe(false);
  });

  it('accepting without any token says so', () => {
    expect(sut.consent.accept()).toEqual({ hasToken: false });
  });

  it('rejecting clears both tokens and our cookies but keeps the preferences locally', () => {
    sut.consent.accept();
    sut.token.set('staff-token');
    sut.set('selectedLocale', 'eu');
    expect(browser.jar.values.get('selectedLocale')).toBe('eu');
    sut.consent.reject();
    expect(sut.token.get()).toBeNull();
    expect(browser.local.values.has('token')).toBe(false);
    expect(browser.local.values.has('pending-token')).toBe(false);
    expect(browser.jar.values.has('selectedLocale')).toBe(false);
    expect(sut.get('selectedLocale')).toBe('eu');
  });
});

describe('tokens', () => {
  it('keeps the token once consent is accepted', () => {
    sut.consent.accept();
    sut.token.set('t1');
    expect(browser.local.values.get('token')).toBe('t1');
    expect(browser.local.values.has('pending-token')).toBe(false);
    expect(sut.token.get()).toBe('t1');
  });

  it('lets the session use the pending token before a choice, so ordering works', () => {
    sut.token.set('pending');
    expect(sut.token.get()).toBe('pending');
  });

  it('replaces an older kept token with the pending one when consent is not accepted', () => {
    browser.local.values.set('token', 'old');
    sut.token.set('new');
    expect(sut.token.get()).toBe('new');
    expect(browser.local.values.has('token')).toBe(false);
  });

  it('clears both', () => {
    browser.local.values.set('token', 'a');
    browser.local.values.set('pending-token', 'b');
    sut.token.clear();
    expect(sut.token.get()).toBeNull();
  });
});

describe('cookie-backed values', () => {
  it('live only in local storage until consent is accepted, then sync into far-future cookies', () => {
    sut.set('selectedLocale', 'gl');
    sut.set('selectedRole', 'Cocina');
    expect(browser.local.values.get('selectedLocale')).toBe('gl');
    expect(browser.jar.values.has('selectedLocale')).toBe(false);

    sut.consent.accept();
    expect(browser.jar.values.get('selectedLocale')).toBe('gl');
    expect(browser.jar.values.get('selectedRole')).toBe('Cocina');
    const written = browser.jar.writes.filter((cookie) => cookie.startsWith('selectedLocale=gl'));
    expect(written).toEqual(['selectedLocale=gl; max-age=34560000; path=/; SameSite=Lax']);
  });

  it('are written to both places once consent is accepted, Secure over HTTPS', () => {
    browser.secure = true;
    sut.consent.accept();
    sut.set('commanderStyle', 'compact');
    expect(browser.local.values.get('commanderStyle')).toBe('compact');
    expect(browser.jar.values.get('commanderStyle')).toBe('compact');
    expect(browser.jar.writes.at(-1)).toBe(
      'commanderStyle=compact; max-age=34560000; path=/; SameSite=Lax; Secure',
    );
  });

  it('encode values that are not cookie-safe and read them back', () => {
    sut.consent.accept();
    const options = JSON.stringify({ showChoices: true, newestFirst: false });
    sut.set('elaborationStationViewOptions', options);
    expect(browser.jar.values.get('elaborationStationViewOptions')).not.toContain(';');
    expect(sut.get('elaborationStationViewOptions')).toBe(options);
  });

  it('prefer the cookie when reading', () => {
    browser.local.values.set('selectedLocale', 'en');
    browser.jar.values.set('selectedLocale', 'fr');
    expect(sut.get('selectedLocale')).toBe('fr');
  });

  it('remove an older cookie when a new value cannot be written to cookies yet', () => {
    browser.jar.values.set('selectedLocale', 'fr');
    sut.set('selectedLocale', 'de');
    expect(browser.jar.values.has('selectedLocale')).toBe(false);
    expect(sut.get('selectedLocale')).toBe('de');
  });

  it('with cookies blocked, live in local storage and sync once cookies become available', () => {
    browser.jar.blocked = true;
    sut.consent.accept();
    sut.set('selectedLocale', 'ca');
    expect(sut.get('selectedLocale')).toBe('ca');
    expect(sut.syncCookies()).toBe(false);

    browser.jar.blocked = false;
    expect(sut.syncCookies()).toBe(true);
    expect(browser.jar.values.get('selectedLocale')).toBe('ca');
  });

  it('sync removes the cookie of a value no longer kept', () => {
    sut.consent.accept();
    browser.jar.values.set('selectedRole', 'Barra');
    expect(sut.syncCookies()).toBe(true);
    expect(browser.jar.values.has('selectedRole')).toBe(false);
  });

  it('never sync without consent', () => {
    sut.set('selectedLocale', 'it');
    expect(sut.syncCookies()).toBe(false);
    sut.consent.reject();
    expect(sut.syncCookies()).toBe(false);
    expect(browser.jar.values.has('selectedLocale')).toBe(false);
  });

  it('remove clears both places', () => {
    sut.consent.accept();
    sut.set('selectedRole', 'TPV');
    sut.remove('selectedRole');
    expect(sut.get('selectedRole')).toBeNull();
    expect(browser.local.values.has('selectedRole')).toBe(false);
  });
});

describe('local-only values', () => {
  it('never reach a cookie', () => {
    sut.consent.accept();
    sut.set('selectedZoneFilter', 'Terraza');
    sut.set('reservationMenuId', '42');
    sut.token.set('t');
    expect([...browser.jar.values.keys()]).toEqual(['cookies-accepted']);
    expect(sut.get('selectedZoneFilter')).toBe('Terraza');
    expect(sut.get('reservationMenuId')).toBe('42');
  });
});

describe('with local storage refused', () => {
  it('keeps values in memory for the page, and everything keeps working', () => {
    browser.localRefused = true;
    sut.token.set('memory-token');
    sut.set('selectedLocale', 'pt');
    expect(sut.token.get()).toBe('memory-token');
    expect(sut.get('selectedLocale')).toBe('pt');
    expect(sut.consent.accept()).toEqual({ hasToken: true });
    expect(sut.consent.get()).toBe('accepted');
    expect(browser.jar.values.get('selectedLocale')).toBe('pt');
  });

  it('prefers what local storage accepts once it works again', () => {
    browser.localRefused = true;
    sut.set('selectedZoneFilter', 'Sala');
    browser.localRefused = false;
    sut.set('selectedZoneFilter', 'Barra');
    expect(sut.get('selectedZoneFilter')).toBe('Barra');
    expect(browser.local.values.get('selectedZoneFilter')).toBe('Barra');
  });
});
