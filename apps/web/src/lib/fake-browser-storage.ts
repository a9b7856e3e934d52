import { createStorage, type AppStorage, type KeyValueStore } from './storage.ts';

/** Test double of `document.cookie`: honours name, value and max-age=0, and can block every write. */
export class FakeCookieJar {
  readonly values = new Map<string, string>();
  readonly writes: string[] = [];
  blocked = false;

  get cookie(): string {
    if (this.blocked) return '';
    return [...this.values].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  set cookie(written: string) {
    this.writes.push(written);
    if (this.blocked) return;
    const [pair = '', ...attributes] = written.split(';').map((part) => part.trim());
    const separator = pair.indexOf('=');
    const name = pair.slice(0, separator);
    if (attributes.includes('max-age=0')) this.values.delete(name);
    else this.values.set(name, pair.slice(separator + 1));
  }
}

/** Test double of `localStorage`. */
export class FakeLocalStorage implements KeyValueStore {
  readonly values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

/** A browser the tests can reshape: cookies blocked or not, local storage refused or not, HTTPS or not. */
export interface FakeBrowser {
  readonly jar: FakeCookieJar;
  readonly local: FakeLocalStorage;
  cookieEnabled: boolean;
  localRefused: boolean;
  secure: boolean;
  readonly storage: AppStorage;
}

export function createFakeBrowser(): FakeBrowser {
  const browser: Omit<FakeBrowser, 'storage'> = {
    jar: new FakeCookieJar(),
    local: new FakeLocalStorage(),
    cookieEnabled: true,
    localRefused: false,
    secure: false,
  };
  const storage = createStorage({
    cookieJar: browser.jar,
    openLocalStorage: () => {
      if (browser.localRefused) throw new DOMException('The operation is insecure.', 'SecurityError');
      return browser.local;
    },
    cookieEnabled: () => browser.cookieEnabled,
    isSecure: () => browser.secure,
  });
  return Object.assign(browser, { storage });
}
