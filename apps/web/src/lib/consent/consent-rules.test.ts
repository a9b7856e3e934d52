import { describe, expect, it } from 'vitest';
import { routeAcceptsConsent } from './consent-rules.ts';

describe('routeAcceptsConsent', () => {
  it('leaves the choice to the guest on Menu, Reserve and Home', () => {
    for (const path of ['/menu', '/carta', '/reservar', '/home', '/menu/', '/carta/postres']) {
      expect(routeAcceptsConsent(path)).toBe(false);
    }
  });

  it('accepts on every other route of the spec', () => {
    for (const path of [
      '/takeaway-delivery',
      '/iframe-reservar',
      '/widget',
      '/copilot',
      '/login',
      '/kiosk',
      '/ebitdata',
    ]) {
      expect(routeAcceptsConsent(path)).toBe(true);
    }
    expect(routeAcceptsConsent('/copilot/cocina')).toBe(true);
  });

  it('does not decide on paths that only redirect', () => {
    expect(routeAcceptsConsent('/')).toBe(false);
    expect(routeAcceptsConsent('/no-such-page')).toBe(false);
  });
});
