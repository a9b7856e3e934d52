// The tokens and base styles first, so every feature's own styles come after them and win on equal specificity.
import './app/tokens.css';
import './app/base.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { router, routerReady } from './app/router.tsx';
import { StartupScreen } from './app/startup-screen.tsx';
import { I18nProvider } from './i18n/i18n-provider.tsx';
import { initI18n } from './i18n/i18n.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The app is first rendered once the first route's loaders are done, so the first paint is the page itself
// in one pass, not a start-up screen followed by a low-priority, time-sliced render of the route (decision
// 017). Until then the start-up screen says so in the visitor's language (index.html's own spinner is silent).
void initI18n().then(async () => {
  if (!router.state.initialized)
    root.render(
      <I18nProvider>
        <StartupScreen />
      </I18nProvider>,
    );
  await routerReady();
  // StrictMode checks for impure renders and effects without cleanup in development; production ignores it.
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
