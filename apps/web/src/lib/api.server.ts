import { scoped, currentScope } from '../ssr/render-scope.ts';
import { createApiClient } from './api-client.ts';

// The server twin of api.ts (decision 030): calls answered inside the server, in the page's language, with no
// token (a server render shows what any guest may read).
const client = createApiClient({
  fetch: (input, init) => currentScope().fetch(input, init),
  getToken: () => null,
  getLocale: () => currentScope().locale,
});

export const api: typeof client = scoped(() => client);
