import { LOCALES, type Locale } from '@sobremesa/domain';
import { escapeHtml } from '../http/html.ts';
import { pageDescription, type IndexablePage } from './page-descriptions.ts';
import { jsonForScript } from './restaurant-structured-data.ts';

/** Open Graph's locale names (language_TERRITORY) for the nine languages, each in the territory it is spoken. */
const OG_LOCALES: Record<Locale, string> = {
  es: 'es_ES',
  en: 'en_GB',
  de: 'de_DE',
  fr: 'fr_FR',
  eu: 'eu_ES',
  ca: 'ca_ES',
  it: 'it_IT',
  gl: 'gl_ES',
  pt: 'pt_PT',
};

/** `/carta` is the menu under its other name: one address for search engines. */
function canonicalSegment(page: IndexablePage): string {
  return page === 'carta' ? 'menu' : page;
}

/** A guest page's address in one language: `?lang=` opens it in that language for a visitor with no choice kept. */
export function pageUrl(origin: string, page: IndexablePage, locale?: Locale): string {
  const url = `${origin}/${canonicalSegment(page)}`;
  return locale ? `${url}?lang=${locale}` : url;
}

export interface GuestPageHead {
  readonly page: IndexablePage;
  readonly origin: string;
  readonly locale: Locale;
  /** The language the address names (`?lang=`), if any: the page's canonical address keeps it. */
  readonly linked: Locale | null;
  /** The venue's languages (its settings), the alternates offered. */
  readonly locales: readonly Locale[];
  readonly venueName: string;
  /** schema.org data for the page, or null. */
  readonly structuredData: Record<string, unknown> | null;
}

/**
 * What a search engine and a link preview read in a guest page's head: the description in the guest's language,
 * the canonical address, one alternate per language (and `x-default`), Open Graph and Twitter card tags, and the
 * page's schema.org data.
 */
export function guestPageHead(head: GuestPageHead): string {
  const description = escapeHtml(pageDescription(head.page, head.locale, head.venueName));
  const name = escapeHtml(head.venueName);
  // Each language's address is its own canonical one, and the address without a language (the `x-default`) too:
  // a canonical pointing from one alternate to another would tell search engines to drop the first.
  const canonical = escapeHtml(pageUrl(head.origin, head.page, head.linked ?? undefined));
  const alternates = LOCALES.filter((locale) => head.locales.includes(locale));
  const tags = [
    `<meta name="description" content="${description}">`,
    `<link rel="canonical" href="${canonical}">`,
    ...alternates.map(
      (locale) =>
        `<link rel="alternate" hreflang="${locale}" href="${escapeHtml(pageUrl(head.origin, head.page, locale))}">`,
    ),
    `<link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(head.origin, head.page))}">`,
    `<meta property="og:type" content="website">`,
    `<meta property="og:site_name" content="${name}">`,
    `<meta property="og:title" content="${name}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:url" content="${canonical}">`,
    `<meta property="og:locale" content="${OG_LOCALES[head.locale]}">`,
    ...alternates
      .filter((locale) => locale !== head.locale)
      .map((locale) => `<meta property="og:locale:alternate" content="${OG_LOCALES[locale]}">`),
    `<meta name="twitter:card" content="summary">`,
    `<meta name="twitter:title" content="${name}">`,
    `<meta name="twitter:description" content="${description}">`,
  ];
  if (head.structuredData)
    tags.push(`<script type="application/ld+json">${jsonForScript(head.structuredData)}</script>`);
  return tags.join('\n    ');
}

/** `html` with the page's language on `<html>`, its title, and `tags` at the end of its head. */
export function completePage(
  html: string,
  { locale, title, tags }: { locale: Locale; title: string | null; tags: string },
): string {
  let page = html.replace(/<html lang="[^"]*"/, `<html lang="${locale}"`);
  if (title !== null) page = page.replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`);
  return page.replace('</head>', `  ${tags}\n  </head>`);
}
