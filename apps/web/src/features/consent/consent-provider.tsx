import { useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { storage } from '../../lib/storage.ts';
import { ConsentContext, type ConsentApi } from './consent-context.ts';
import { createConsentController, type ConsentAccepted } from './consent-controller.ts';

interface ConsentProviderProps {
  readonly children: ReactNode;
  /** Called each time consent becomes accepted, e.g. to send /login on to /copilot when a token is kept. */
  readonly onAccepted?: (accepted: ConsentAccepted) => void;
}

/** Runs the cookie-consent rules of spec §4 for the whole page; read them with `useConsent()`. */
export function ConsentProvider({ children, onAccepted }: ConsentProviderProps) {
  const onAcceptedRef = useRef(onAccepted);
  useEffect(() => {
    onAcceptedRef.current = onAccepted;
  });
  const [controller] = useState(() =>
    createConsentController({
      storage,
      timers: window,
      onAccepted: (accepted) => onAcceptedRef.current?.(accepted),
    }),
  );
  useEffect(() => controller.start(), [controller]);
  const snapshot = useSyncExternalStore(controller.subscribe, controller.getSnapshot);
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
