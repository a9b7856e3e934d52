import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createFakeBrowser, type FakeBrowser } from '../fake-browser-storage.ts';
import {
  createConsentController,
  type ConsentAccepted,
  type ConsentController,
} from './consent-controller.ts';

let browser: FakeBrowser;
let accepted: ConsentAccepted[];

function makeController(): ConsentController {
  return createConsentController({
    storage: browser.storage,
    timers: {
      setTimeout: (callback, ms) => setTimeout(callback, ms) as unknown as number,
      clearTimeout: (handle) => clearTimeout(handle),
      setInterval: (callback, ms) => setInterval(callback, ms) as unknown as number,
      clearInterval: (handle) => clearInterval(handle),
    },
    onAccepted: (result) => accepted.push(result),
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  browser = createFakeBrowser();
  accepted = [];
});

afterEach(() => {
  vi.useRealTimers();
});

describe('auto-accept', () => {
  it('accepts 1000 ms after load when cookies work and nobody chose', () => {
    const sut = makeController();
    sut.start();
    vi.advanceTimersByTime(999);
    expect(sut.getSnapshot().state).toBe('unknown');
    vi.advanceTimersByTime(1);
    expect(sut.getSnapshot().state).toBe('accepted');
    expect(browser.local.values.get('cookies-accepted')).toBe('true');
    expect(accepted).toEqual([{ hasToken: false }]);
  });

  it('keeps an earlier rejection', () => {
    browser.storage.consent.reject();
    const sut = makeController();
    sut.start();
    vi.advanceTimersByTime(5000);
    expect(sut.getSnapshot().state).toBe('rejected');
    expect(accepted).toEqual([]);
  });

  it('does not override a choice made within the second', () => {
    const sut = makeController();
    sut.start();
    vi.advanceTimersByTime(400);
    sut.reject();
    vi.advanceTimersByTime(2000);
    expect(sut.getSnapshot().state).toBe('rejected');
  });

  it('stops with the effect that started it', () => {
    const sut = makeController();
    const stop = sut.start();
    stop();
    vi.advanceTimersByTime(2000);
    expect(sut.getSnapshot().state).toBe('unknown');
  });

  it('waits while cookies are blocked, then accepts 500 ms after they become available and syncs', () => {
    browser.jar.blocked = true;
    browser.storage.set('selectedLocale', 'eu');
    const sut = makeController();
    expect(sut.getSnapshot().cookiesAvailable).toBe(false);
    sut.start();
    vi.advanceTimersByTime(10_000);
    expect(sut.getSnapshot().state).toBe('unknown');

    browser.jar.blocked = false;
    vi.advanceTimersByTime(1000);
    expect(sut.getSnapshot().cookiesAvailable).toBe(true);
    expect(sut.getSnapshot().state).toBe('unknown');
    vi.advanceTimersByTime(500);
    expect(sut.getSnapshot().state).toBe('accepted');
    expect(browser.jar.values.get('selectedLocale')).toBe('eu');
  });

  it('syncs values written while cookies were blocked once an accepted guest gets cookies back', () => {
    browser.storage.consent.accept();
    browser.jar.blocked = true;
    browser.storage.set('selectedRole', 'Cocina');
    const sut = makeController();
    sut.start();
    browser.jar.blocked = false;
    vi.advanceTimersByTime(1000);
    expect(browser.jar.values.get('selectedRole')).toBe('Cocina');
  });
});

describe('choices', () => {
  it('accepting promotes the pending token and tells the shell', () => {
    browser.storage.token.set('guest');
    const sut = makeController();
    sut.accept();
    expect(browser.storage.token.get()).toBe('guest');
    expect(browser.local.values.get('token')).toBe('guest');
    expect(accepted).toEqual([{ hasToken: true }]);
  });

  it('rejecting clears the token', () => {
    browser.storage.consent.accept();
    browser.storage.token.set('staff');
    const sut = makeController();
    sut.reject();
    expect(sut.getSnapshot().state).toBe('rejected');
    expect(browser.storage.token.get()).toBeNull();
  });

  it('a route that accepts on entry overrides an earlier rejection, once', () => {
    browser.storage.consent.reject();
    const sut = makeController();
    sut.setConsentAccepted();
    sut.setConsentAccepted();
    expect(sut.getSnapshot().state).toBe('accepted');
    expect(accepted).toHaveLength(1);
  });

  it('notifies subscribers with a new snapshot on each change', () => {
    const sut = makeController();
    const seen: string[] = [];
    const unsubscribe = sut.subscribe(() => seen.push(sut.getSnapshot().state));
    const before = sut.getSnapshot();
    sut.openPrivacyPolicy();
    expect(sut.getSnapshot()).not.toBe(before);
    expect(sut.getSnapshot().privacyPolicyOpen).toBe(true);
    sut.reject();
    unsubscribe();
    sut.accept();
    expect(seen).toEqual(['unknown', 'rejected']);
  });
});
