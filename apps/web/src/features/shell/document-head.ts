import type { VenueConfig } from '@sobremesa/contracts';
import { useEffect } from 'react';
import type { BodyClass, Favicon } from './route-handle.ts';

const BODY_CLASSES: readonly BodyClass[] = ['page-copilot', 'page-kiosk', 'page-login', 'page-menu'];

/** Small SVG files in `public/favicons`, served from the site root. */
const FAVICON_FILES: Record<Exclude<Favicon, 'venue'>, string> = {
  default: '/favicons/default.svg',
  menu: '/favicons/menu.svg',
  copilot: '/favicons/copilot.svg',
  kiosk: '/favicons/kiosk.svg',
  login: '/favicons/login.svg',
};

/** The venue's own icon for /home; only a path on this origin (the server's contract says so, and CSP agrees). */
function venueIcon(venueConfig: VenueConfig | undefined): string | null {
  const value = venueConfig?.favicon_url;
  return value?.startsWith('/') ? value : null;
}

export function faviconHref(favicon: Favicon, venueConfig: VenueConfig | undefined): string {
  if (favicon === 'venue') return venueIcon(venueConfig) ?? FAVICON_FILES.default;
  return FAVICON_FILES[favicon];
}

/** Spec §2: "route title - business name"; just the route title until the venue is known. */
export function pageTitle(routeTitle: string, businessName: string | undefined): string {
  return businessName ? `${routeTitle} - ${businessName}` : routeTitle;
}

interface DocumentHead {
  readonly title: string;
  readonly iconHref: string;
  readonly bodyClass?: BodyClass;
}

/** Applies a route's title, favicon and body class to the document (outside React's tree). */
export function useDocumentHead({ title, iconHref, bodyClass }: DocumentHead): void {
  useEffect(() => {
    document.title = title;
  }, [title]);

  useEffect(() => {
    // index.html has one <link rel="icon" id="favicon">; browsers pick up a changed href.
    const link = document.querySelector<HTMLLinkElement>('link#favicon');
    if (link && link.getAttribute('href') !== iconHref) link.setAttribute('href', iconHref);
  }, [iconHref]);

  useEffect(() => {
    const classes = document.body.classList;
    for (const name of BODY_CLASSES) classes.toggle(name, name === bodyClass);
  }, [bodyClass]);
}
