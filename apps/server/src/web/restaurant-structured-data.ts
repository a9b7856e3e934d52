import type { Menu, MenuCategory, VenueConfig } from '@sobremesa/contracts';

type ServiceScheduleEntry = VenueConfig['serviceSchedule'][number];

/** schema.org's day names by ISO weekday (1 Monday … 7 Sunday), as the service schedule numbers them. */
const DAY_NAMES = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const;

export interface RestaurantFacts {
  readonly name: string;
  /** The page's origin (`https://casa-pepe.example`), for the absolute URLs search engines want. */
  readonly origin: string;
  readonly locale: string;
  readonly currency: string;
  readonly address: { readonly street: string; readonly postalCode: string; readonly city: string };
  /** The venue's Google Maps link, or empty. */
  readonly mapUrl: string;
  readonly schedule: readonly ServiceScheduleEntry[];
  /** The menus as a guest sees them (visible dishes only); none on pages that do not list the menu. */
  readonly menus: readonly Menu[];
}

/** Cents as schema.org wants a price: a plain decimal with a dot, never a locale's format. */
export function schemaPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const whole = Math.abs(cents);
  return `${sign}${Math.trunc(whole / 100)}.${String(whole % 100).padStart(2, '0')}`;
}

function menuSection(category: MenuCategory, currency: string): Record<string, unknown> {
  return {
    '@type': 'MenuSection',
    name: category.name,
    hasMenuItem: category.products
      .filter((product) => product.isVisible)
      .map((product) => ({
        '@type': 'MenuItem',
        name: product.name,
        ...(product.description ? { description: product.description } : {}),
        offers: { '@type': 'Offer', price: schemaPrice(product.priceCents), priceCurrency: currency },
      })),
    ...(category.children.length > 0
      ? { hasMenuSection: category.children.map((child) => menuSection(child, currency)) }
      : {}),
  };
}

/**
 * The venue as a schema.org `Restaurant` (JSON-LD): name, address, map link, opening hours from the service
 * schedule, the booking page as `acceptsReservations`, and on the menu pages `hasMenu` down to each dish's price.
 * Search engines show these as a rich result; chat apps read the name and address from them.
 */
export function restaurantStructuredData(facts: RestaurantFacts): Record<string, unknown> {
  const { street, postalCode, city } = facts.address;
  const hasAddress = street !== '' || postalCode !== '' || city !== '';
  return {
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: facts.name,
    url: `${facts.origin}/home`,
    ...(hasAddress
      ? {
          address: {
            '@type': 'PostalAddress',
            ...(street ? { streetAddress: street } : {}),
            ...(postalCode ? { postalCode } : {}),
            ...(city ? { addressLocality: city } : {}),
          },
        }
      : {}),
    ...(facts.mapUrl ? { hasMap: facts.mapUrl } : {}),
    openingHoursSpecification: facts.schedule.map((service) => ({
      '@type': 'OpeningHoursSpecification',
      name: service.name,
      dayOfWeek: service.weekdays.map((weekday) => DAY_NAMES[weekday - 1]),
      opens: service.start,
      closes: service.end,
    })),
    acceptsReservations: `${facts.origin}/reservar`,
    ...(facts.menus.length > 0
      ? {
          hasMenu: facts.menus.map((menu) => ({
            '@type': 'Menu',
            name: menu.name,
            inLanguage: facts.locale,
            url: `${facts.origin}/menu`,
            hasMenuSection: menu.menuCategories.map((category) => menuSection(category, facts.currency)),
          })),
        }
      : {}),
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped, so a dish named `</script>` cannot end it. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}
