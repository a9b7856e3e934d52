import type { VenueConfig } from '@sobremesa/contracts';
import { describe, expect, it } from 'vitest';
import { faviconHref, pageTitle } from './document-head.ts';

const venue = (extra: Record<string, unknown> = {}) =>
  ({ business_name: 'Casa', ...extra }) as unknown as VenueConfig;

describe('document head', () => {
  it('titles a page "route title - business name"', () => {
    expect(pageTitle('Carta', 'Casa Sobremesa')).toBe('Carta - Casa Sobremesa');
    expect(pageTitle('WECOPILOT', undefined)).toBe('WECOPILOT');
  });

  it('gives each staff and menu route its own icon', () => {
    expect(faviconHref('menu', venue())).toBe('/favicons/menu.svg');
    expect(faviconHref('copilot', undefined)).toBe('/favicons/copilot.svg');
  });

  it("uses the venue's own icon on /home when its config has one, else the default", () => {
    expect(faviconHref('venue', venue())).toBe('/favicons/default.svg');
    expect(faviconHref('venue', venue({ favicon_url: '/world/media/casa.png' }))).toBe(
      '/world/media/casa.png',
    );
    expect(faviconHref('venue', venue({ favicon_url: 'javascript:alert(1)' }))).toBe('/favicons/default.svg');
  });
});
