import { currentScope } from '../../../ssr/render-scope.ts';

// The server twin of iframe-flag.ts (decision 030): a module-wide flag would be shared by renders in flight, so
// the page's own path says whether it is an embedded form; the server sets `data-iframe` on the page itself.
export function setIframeFlag(_value: boolean): void {}

export function isIframe(): boolean {
  return isEmbeddedPath(currentScope().pathname);
}

export function isEmbeddedPath(pathname: string): boolean {
  return /^\/(iframe-reservar|widget)(\/|$)/.test(pathname);
}
