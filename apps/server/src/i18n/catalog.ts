import type { Locale } from '@sobremesa/domain';

/** One message in the nine UI languages. */
export type Catalog = Record<Locale, string>;
