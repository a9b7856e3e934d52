import { useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { storage } from '../../lib/storage.ts';
import { ConsentContext, type ConsentApi } from '../../lib/consent/consent-context.ts';
import { createConsentController, type ConsentSnapshot } from '../../lib/consent/consent-controller.ts';

interface ConsentProviderProps {
  readonly children: ReactNode;
}

/**
 * What a server-rendered page shows and the page hydrates with: undecided, as the server cannot read a choice
 * kept in local storage alone. A guest who decided sees the banner go once the app runs.
 */
const SERVER_SNAPSHOT: ConsentSnapshot = {
  state: 'unknown',
  cookiesAvailable: true,
  privacyPolicyOpen: false,
};
const serverSnapshot = () => SERVER_SNAPSHOT;

/** Runs the cookie-consent rules of spec §4 for the whole page; read them with `useConsent()`. */
export function ConsentProvider({ children }: ConsentProviderProps) {
  const [controller] = useState(() =>
    createConsentController({
      storage,
      // globalThis: the server renders this too (window is the same object in a browser).
      timers: globalThis,
    }),
  );
  useEffect(() => controller.start(), [controller]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot, serverSnapshot);
  const api = useMemo<ConsentApi>(
    () => ({
      ...snapshot,
      accept: controller.accept,
      reject: controller.reject,
      setConsentAccepted: controller.setConsentAccepted,
      openPrivacyPolicy: controller.openPrivacyPolicy,
      closePrivacyPolicy: controller.closePrivacyPolicy,
    }),
    [snapshot, controller],
  );
  return <ConsentContext value={api}>{children}</ConsentContext>;
}
