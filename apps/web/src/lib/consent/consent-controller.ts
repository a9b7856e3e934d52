import type { AppStorage, ConsentState } from '../storage.ts';
import {
  AUTO_ACCEPT_AFTER_COOKIES_MS,
  AUTO_ACCEPT_AFTER_LOAD_MS,
  COOKIE_RECHECK_MS,
} from './consent-rules.ts';

export interface ConsentSnapshot {
  readonly state: ConsentState;
  /** Whether the browser keeps cookies; false means values live in local storage until it does. */
  readonly cookiesAvailable: boolean;
  readonly privacyPolicyOpen: boolean;
}

/** What the shell learns when consent becomes accepted (spec §4: it may then send /login on to /copilot). */
export interface ConsentAccepted {
  readonly hasToken: boolean;
}

export interface ConsentTimers {
  setTimeout(callback: () => void, ms: number): number;
  clearTimeout(handle: number): void;
  setInterval(callback: () => void, ms: number): number;
  clearInterval(handle: number): void;
}

export interface ConsentControllerOptions {
  readonly storage: Pick<AppStorage, 'consent' | 'cookiesAvailable' | 'syncCookies'>;
  readonly timers: ConsentTimers;
  readonly onAccepted?: (accepted: ConsentAccepted) => void;
}

export interface ConsentController {
  getSnapshot(): ConsentSnapshot;
  subscribe(listener: () => void): () => void;
  /** Starts the spec §4 clock; returns the stop function (for an effect's cleanup). */
  start(): () => void;
  accept(): void;
  reject(): void;
  /** For the routes that accept on entry (spec §2); does nothing once accepted. */
  setConsentAccepted(): void;
  openPrivacyPolicy(): void;
  closePrivacyPolicy(): void;
}

/** The consent state machine of spec §4, with the storage and the clock injected. */
export function createConsentController({
  storage,
  timers,
  onAccepted,
}: ConsentControllerOptions): ConsentController {
  let snapshot: ConsentSnapshot = {
    state: storage.consent.get(),
    cookiesAvailable: storage.cookiesAvailable(),
    privacyPolicyOpen: false,
  };
  const listeners = new Set<() => void>();

  function update(change: Partial<ConsentSnapshot>): void {
    snapshot = { ...snapshot, ...change };
    for (const listener of listeners) listener();
  }

  function accept(): void {
    const accepted = storage.consent.accept();
    update({ state: 'accepted' });
    onAccepted?.(accepted);
  }

  function acceptIfUndecided(): void {
    if (storage.consent.get() === 'unknown') accept();
  }

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    start() {
      let autoAccept: number | undefined;
      let recheck: number | undefined;
      if (snapshot.cookiesAvailable) {
        // Keeps the far-future cookies alive (browsers cap them at 400 days) and carries over values written
        // while cookies were blocked on an earlier visit.
        storage.syncCookies();
        autoAccept = timers.setTimeout(acceptIfUndecided, AUTO_ACCEPT_AFTER_LOAD_MS);
      } else {
        recheck = timers.setInterval(() => {
          if (!storage.cookiesAvailable()) return;
          if (recheck !== undefined) timers.clearInterval(recheck);
          recheck = undefined;
          storage.syncCookies();
          update({ cookiesAvailable: true });
          autoAccept = timers.setTimeout(acceptIfUndecided, AUTO_ACCEPT_AFTER_COOKIES_MS);
        }, COOKIE_RECHECK_MS);
      }
      return () => {
        if (autoAccept !== undefined) timers.clearTimeout(autoAccept);
        if (recheck !== undefined) timers.clearInterval(recheck);
      };
    },
    accept,
    reject() {
      storage.consent.reject();
      update({ state: 'rejected' });
    },
    setConsentAccepted() {
      if (snapshot.state !== 'accepted') accept();
    },
    openPrivacyPolicy: () => update({ privacyPolicyOpen: true }),
    closePrivacyPolicy: () => update({ privacyPolicyOpen: false }),
  };
}
