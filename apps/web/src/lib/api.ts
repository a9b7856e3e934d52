import { createApiClient } from './api-client.ts';
import { tokenStorage } from './token-storage.ts';

/** The page's API client: same origin, the stored staff token, Spanish messages until i18n lands. */
export const api = createApiClient({ getToken: () => tokenStorage.get(), locale: 'es' });
