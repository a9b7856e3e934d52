// The tokens and base styles first, so every feature's own styles come after them and win on equal specificity.
import './app/tokens.css';
import './app/base.css';
// Before the router: its loaders run as it is made, and must find the drawn page's data in the cache.
import { drawn, serverState } from './ssr/seed-query-cache.ts';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { router, routerReady } from './app/router.tsx';
import { StartupScreen } from './app/startup-screen.tsx';
import { I18nProvider } from './i18n/i18n-provider.tsx';
import { i18n, initI18n } from './i18n/i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A guest page the server drew (decisions 030, 072) is in the query cache already (ssr/seed-query-cache.ts).
// Until the app runs, the drawn page is to read, not to use: a tap or a typed letter before then would be lost,
// so it takes none (inert), and a guest without JavaScript, for whom this never runs, still reads and follows links.
// Not lifted as soon as React listens: a tap then makes React hydrate the whole page at once inside the tap, and
// the tap's INP went from 144 to 312 ms on the 200-dish menu (decision 072).
if (drawn) container.inert = true;

/**
 * Once the routes' first effects have run: the page is used, and `data-running` says so to whoever waits for the
 * app to have started (the browser tests).
 */
const whenRunning = () => {
  container.removeAttribute('inert');
  container.setAttribute('data-running', '');
};

// The app is first rendered once the first route's loaders are done, so the first paint is the page itself
// in one pass, not a start-up screen followed by a low-priority, time-sliced render of the route (decision
// 017). Until then the start-up screen says so in the visitor's language (index.html's own spinner is silent).
void initI18n().then(async () => {
  // The server could not know a language kept in local storage alone: then the browser draws the page anew.
  const takeOver = serverState !== null && serverState.locale === i18n.language;
  const root = takeOver ? null : createRoot(container);
  if (root && !router.state.initialized)
    root.render(
      <I18nProvider>
        <StartupScreen />
      </I18nProvider>,
    );
  await routerReady();
  // StrictMode checks for impure renders and effects without cleanup in development; production ignores it.
  const app = (
    <StrictMode>
      <App onRunning={whenRunning} />
    </StrictMode>
  );
  if (root) root.render(app);
  else hydrateRoot(container, app);
});
