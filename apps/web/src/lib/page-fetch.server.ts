import { currentScope } from '../ssr/render-scope.ts';

// The server twin of page-fetch.ts (decision 030): the render's own API calls and language.
export const pageFetch: typeof fetch = (input, init) => currentScope().fetch(input, init);

export function pageLanguage(): string {
  return currentScope().locale;
}
