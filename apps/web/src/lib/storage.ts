/**
 * The one reader and writer of the values the app keeps between visits (spec §3), and of where they may live
 * under the cookie-consent rules (spec §4).
 *
 * - Values only ever kept in local storage: the session tokens (a bearer token has no business travelling in a
 *   cookie on every request), the reservation menu, the zone filter, the guest's cart (the dishes they chose, for
 *   the order they are making; a cookie would send it with every request) and its unanswered order's key, and the
 *   staff actions waiting for the connection (`offline-queue.ts`).
 * - The consent choice and the values the server or staff screens read from cookies (`selectedLocale` localises
 *   the API's messages): always written to local storage, and to a far-future cookie only once consent is accepted
 *   and the browser keeps cookies. Until then they live in local storage alone and {@link AppStorage.syncCookies}
 *   copies them over later. Reads prefer the cookie.
 * - When the browser refuses local storage too, values live in memory for the page's life so nothing breaks.
 *
 * Everything it touches is injected ({@link StorageEnvironment}) so the rules are unit-tested without a DOM.
 */

/** Kept in local storage only. */
type LocalOnlyKey =
  | 'token'
  | 'pending-token'
  | 'reservationMenuId'
  | 'selectedZoneFilter'
  | 'guestCart'
  | 'guestOrderKey'
  | 'kioskDevice'
  | 'offlineQueue';

/** Kept in local storage and, when allowed, in a cookie of the same name (spec §3). */
const COOKIE_KEYS = [
  'cookies-accepted',
  'selectedLocale',
  'selectedRole',
  'commanderStyle',
  'elaborationStationViewOptions',
] as const;

type CookieKey = (typeof COOKIE_KEYS)[number];
type StoredKey = LocalOnlyKey | CookieKey;

/**
 * Values screens read and write freely. The tokens and the consent choice have rules of their own and go through
 * {@link AppStorage.token} and {@link AppStorage.consent}.
 */
export type PreferenceKey = Exclude<StoredKey, 'token' | 'pending-token' | 'cookies-accepted'>;

/** The guest's cookie choice (spec §4); `unknown` until they or the route decide. */
export type ConsentState = 'unknown' | 'accepted' | 'rejected';

/** What `cookies-accepted` holds for each decided state. */
const CONSENT_VALUES = { accepted: 'true', rejected: 'false' } as const;

/**
 * Browsers cap cookie lifetimes at 400 days (RFC 6265bis), so "far future" (spec §9) is the cap; every load
 * re-writes the cookies through {@link AppStorage.syncCookies}, so a regular guest's choice never expires.
 */
const COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

/** Written and removed again to find out whether the browser really keeps our cookies. */
const PROBE_COOKIE = 'sobremesa-cookie-probe';

/** The subset of the Web Storage API used here. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

/** The browser facilities the storage rules depend on. */
export interface StorageEnvironment {
  /** Holds `cookie` like `document` does: reading lists `name=value` pairs, assigning sets one cookie. */
  readonly cookieJar: { cookie: string };
  /** Opens local storage; may throw, as browsers do when storage is refused. */
  readonly openLocalStorage: () => KeyValueStore;
  /** `navigator.cookieEnabled`: false settles it, true still needs a probe (blocked per site, sandboxes). */
  readonly cookieEnabled: () => boolean;
  /** Whether the page is served over HTTPS, so cookies are marked Secure. */
  readonly isSecure: () => boolean;
}

export interface AppStorage {
  get(key: PreferenceKey): string | null;
  set(key: PreferenceKey, value: string): void;
  remove(key: PreferenceKey): void;
  /** The session's bearer token (staff, or a guest identified on the menu). */
  readonly token: {
    /** The kept token, else the one waiting for consent: a guest can order before choosing (spec §4). */
    get(): string | null;
    /** Kept as `token` once consent is accepted; before that as `pending-token`. */
    set(token: string): void;
    clear(): void;
  };
  readonly consent: {
    get(): ConsentState;
    /** Records acceptance, promotes `pending-token` to `token` and writes the cookies; says whether a token is kept. */
    accept(): { hasToken: boolean };
    /** Records rejection, forgets both tokens and removes our cookies (their values stay in local storage). */
    reject(): void;
  };
  /** Whether the browser keeps cookies right now (not whether consent allows them). */
  cookiesAvailable(): boolean;
  /** Copies the cookie-backed values from local storage into cookies when consent and browser allow; says if it did. */
  syncCookies(): boolean;
}

function isCookieKey(key: StoredKey): key is CookieKey {
  return (COOKIE_KEYS as readonly string[]).includes(key);
}

function readCookies(cookieJar: { cookie: string }): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const pair of cookieJar.cookie.split(';')) {
    const separator = pair.indexOf('=');
    if (separator < 0) continue;
    const name = pair.slice(0, separator).trim();
    const raw = pair.slice(separator + 1).trim();
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      // A cookie someone else wrote with a malformed escape: not one of ours to read.
    }
  }
  return cookies;
}

export function createStorage(environment: StorageEnvironment): AppStorage {
  // Values the browser refused to put in local storage, so the page keeps working with them.
  const memory = new Map<string, string>();
  const cookieAttributes = () => `; path=/; SameSite=Lax${environment.isSecure() ? '; Secure' : ''}`;

  function localGet(key: string): string | null {
    if (memory.has(key)) return memory.get(key) ?? null;
    try {
      return environment.openLocalStorage().getItem(key);
    } catch {
      return null;
    }
  }

  function localSet(key: string, value: string): void {
    try {
      environment.openLocalStorage().setItem(key, value);
      memory.delete(key);
    } catch {
      memory.set(key, value);
    }
  }

  function localRemove(key: string): void {
    memory.delete(key);
    try {
      environment.openLocalStorage().removeItem(key);
    } catch {
      // Nothing could have been stored there.
    }
  }

  function writeCookie(name: string, value: string): void {
    environment.cookieJar.cookie = `${name}=${encodeURIComponent(value)}; max-age=${COOKIE_MAX_AGE_SECONDS}${cookieAttributes()}`;
  }

  function expireCookie(name: string): void {
    environment.cookieJar.cookie = `${name}=; max-age=0${cookieAttributes()}`;
  }

  function cookiesAvailable(): boolean {
    if (!environment.cookieEnabled()) return false;
    try {
      writeCookie(PROBE_COOKIE, '1');
      const kept = readCookies(environment.cookieJar).get(PROBE_COOKIE) === '1';
      expireCookie(PROBE_COOKIE);
      return kept;
    } catch {
      return false;
    }
  }

  function read(key: StoredKey): string | null {
    if (isCookieKey(key)) {
      const fromCookie = readCookies(environment.cookieJar).get(key);
      if (fromCookie !== undefined && fromCookie !== '') return fromCookie;
    }
    return localGet(key);
  }

  function write(key: StoredKey, value: string): void {
    localSet(key, value);
    if (!isCookieKey(key)) return;
    // An older cookie must not shadow the value just chosen: write it, or remove it until cookies are allowed.
    if (cookieWritesAllowed()) writeCookie(key, value);
    else expireCookie(key);
  }

  function consentState(): ConsentState {
    const stored = read('cookies-accepted');
    if (stored === CONSENT_VALUES.accepted) return 'accepted';
    if (stored === CONSENT_VALUES.rejected) return 'rejected';
    return 'unknown';
  }

  function cookieWritesAllowed(): boolean {
    return consentState() === 'accepted' && cookiesAvailable();
  }

  function syncCookies(): boolean {
    if (!cookieWritesAllowed()) return false;
    for (const key of COOKIE_KEYS) {
      const value = localGet(key);
      if (value === null) expireCookie(key);
      else writeCookie(key, value);
    }
    return true;
  }

  return {
    get: read,
    set: write,
    remove(key) {
      localRemove(key);
      if (isCookieKey(key)) expireCookie(key);
    },
    token: {
      get: () => localGet('token') ?? localGet('pending-token'),
      set(token) {
        if (consentState() === 'accepted') {
          localSet('token', token);
          localRemove('pending-token');
        } else {
          localSet('pending-token', token);
          localRemove('token');
        }
      },
      clear() {
        localRemove('token');
        localRemove('pending-token');
      },
    },
    consent: {
      get: consentState,
      accept() {
        write('cookies-accepted', CONSENT_VALUES.accepted);
        const pending = localGet('pending-token');
        if (pending !== null) {
          localSet('token', pending);
          localRemove('pending-token');
        }
        syncCookies();
        return { hasToken: localGet('token') !== null };
      },
      reject() {
        localSet('cookies-accepted', CONSENT_VALUES.rejected);
        localRemove('token');
        localRemove('pending-token');
        for (const key of COOKIE_KEYS) expireCookie(key);
      },
    },
    cookiesAvailable,
    syncCookies,
  };
}

/** The page's storage. The browser globals are reached lazily so unit tests can import this module in Node. */
export const storage: AppStorage = createStorage({
  cookieJar: {
    get cookie() {
      return document.cookie;
    },
    set cookie(value: string) {
      document.cookie = value;
    },
  },
  openLocalStorage: () => window.localStorage,
  cookieEnabled: () => navigator.cookieEnabled,
  isSecure: () => location.protocol === 'https:',
});
