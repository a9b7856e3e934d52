import { createApiClient } from './api-client.ts';
import { storage } from './storage.ts';

/**
 * The page's API client: same origin, the stored token, and the interface's language for the server's
 * messages (`<html lang>` follows the language choice; the `selectedLocale` cookie is absent until consent).
 */
export const api = createApiClient({
  getToken: () => storage.token.get(),
  getLocale: () => document.documentElement.lang || 'es',
});
