import { storage } from '../lib/storage.ts';
import { SERVER_RENDERED_ATTRIBUTE } from './server-rendered.ts';

/**
 * Whether the browser takes over the page the server drew (decisions 030, 072): the server drew it as for a
 * device that keeps nothing, so a device that keeps a session, a guest's cart or an order waiting for its answer
 * draws the page itself, and so does a page whose address says more in its fragment, which never reaches the
 * server (a guest link, `#uid=`). Read alike by the start-up script (which then sends no early calls) and the app.
 */
export function takesOverDrawnPage(): boolean {
  return (
    document.documentElement.hasAttribute(SERVER_RENDERED_ATTRIBUTE) &&
    storage.token.get() === null &&
    storage.get('guestCart') === null &&
    storage.get('guestOrderKey') === null &&
    !location.hash.includes('=')
  );
}
