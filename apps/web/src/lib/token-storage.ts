/** Where the staff bearer token lives between visits (spec §3: localStorage key `token`). */
const TOKEN_KEY = 'token';

/**
 * localStorage access that survives browsers refusing storage (private modes, disabled cookies):
 * the session then lasts as long as the page.
 */
export const tokenStorage = {
  get(): string | null {
    try {
      return window.localStorage.getItem(TOKEN_KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    try {
      window.localStorage.setItem(TOKEN_KEY, token);
    } catch {
      // Storage refused: the token stays in memory only.
    }
  },
  clear(): void {
    try {
      window.localStorage.removeItem(TOKEN_KEY);
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
};
