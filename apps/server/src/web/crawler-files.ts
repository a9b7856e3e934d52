import { LOCALES, type Locale } from '@sobremesa/domain';
import { escapeHtml } from '../http/html.ts';
import { pageUrl } from './page-head.ts';
import type { IndexablePage } from './page-descriptions.ts';

/** The pages a venue's sitemap lists: the guest pages, `/carta` being `/menu` under another name. */
const SITEMAP_PAGES: readonly IndexablePage[] = ['home', 'menu', 'reservar', 'takeaway-delivery'];

/**
 * A venue's robots.txt: everything may be crawled but the API (staff, kiosk and sign-in pages say `noindex`
 * themselves, which a crawler can only read if it may fetch them), and where the sitemap is. A host that names
 * no venue asks for nothing to be crawled.
 */
export function robotsTxt(origin: string | null): string {
  if (origin === null) return 'User-agent: *\nDisallow: /\n';
  return `User-agent: *\nDisallow: /world/\n\nSitemap: ${origin}/sitemap.xml\n`;
}

/** The venue's sitemap: each guest page in each of its languages, each entry naming the others (hreflang). */
export function sitemapXml(origin: string, venueLocales: readonly Locale[]): string {
  const locales = LOCALES.filter((locale) => venueLocales.includes(locale));
  const entries = SITEMAP_PAGES.flatMap((page) => {
    const alternates = [
      ...locales.map(
        (locale) =>
          `    <xhtml:link rel="alternate" hreflang="${locale}" href="${escapeHtml(pageUrl(origin, page, locale))}"/>`,
      ),
      `    <xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(origin, page))}"/>`,
    ].join('\n');
    return locales.map(
      (locale) =>
        `  <url>\n    <loc>${escapeHtml(pageUrl(origin, page, locale))}</loc>\n${alternates}\n  </url>`,
    );
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}
