import { useLayoutEffect } from 'react';
import { routeAcceptsConsent } from '../../lib/consent/consent-rules.ts';
import { useConsent } from '../../lib/consent/use-consent.ts';

/**
 * Sets consent to accepted on entering every route except Menu, Reserve and Home (spec §2). A layout effect,
 * so the cookie banner never flashes on the routes that accept.
 */
export function useRouteConsent(pathname: string): void {
  const { setConsentAccepted } = useConsent();
  useLayoutEffect(() => {
    if (routeAcceptsConsent(pathname)) setConsentAccepted();
  }, [pathname, setConsentAccepted]);
}
