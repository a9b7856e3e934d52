import { currentScope } from '../ssr/render-scope.ts';
import { createStorage, type AppStorage } from './storage.ts';

// The server twin of storage.ts (decision 030): the request's cookies read, nothing written to them, and a
// local storage of the render's own (never the module's memory fallback, which every render would share).
export const storage: AppStorage = createStorage({
  cookieJar: {
    get cookie() {
      return currentScope().cookie;
    },
    set cookie(_value: string) {},
  },
  openLocalStorage: () => currentScope().localStore,
  cookieEnabled: () => false,
  isSecure: () => false,
});
