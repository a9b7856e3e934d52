import type { AdminVenue, VenueSettings } from '@sobremesa/contracts';
import { LOCALES } from '@sobremesa/domain';

/** How a setting is edited on screen. */
export type FieldKind =
  | { readonly type: 'text'; readonly input?: 'text' | 'url' | 'tel'; readonly autoComplete?: string }
  | { readonly type: 'textarea' }
  | { readonly type: 'checkbox'; readonly stored?: 'boolean' | 'zeroOne' }
  | { readonly type: 'select'; readonly options: 'timeZones' | 'locales' }
  | { readonly type: 'choices'; readonly options: readonly (string | number)[] }
  | { readonly type: 'lines' }
  | { readonly type: 'euros' };

export interface FieldSpec {
  /** Where the value lives in the section's document, dot separated (`fiscalInfo.taxId`), as the server names it. */
  readonly path: string;
  readonly kind: FieldKind;
}

/** Which call saves a section: the venue's identity columns, or its settings document. */
export type SectionTarget = 'identity' | 'settings';

export interface SectionSpec {
  readonly id: string;
  readonly target: SectionTarget;
  readonly fields: readonly FieldSpec[];
}

const text = (path: string, input: 'text' | 'url' | 'tel' = 'text', autoComplete?: string): FieldSpec => ({
  path,
  kind: { type: 'text', input, ...(autoComplete ? { autoComplete } : {}) },
});
const check = (path: string, stored: 'boolean' | 'zeroOne' = 'boolean'): FieldSpec => ({
  path,
  kind: { type: 'checkbox', stored },
});

/** The venue screen's sections, grouped as an owner thinks of them (issue 22 §1). */
export const VENUE_SECTIONS: readonly SectionSpec[] = [
  {
    id: 'identity',
    target: 'identity',
    fields: [
      text('businessName', 'text', 'organization'),
      text('subdomain'),
      text('customHost'),
      { path: 'timeZone', kind: { type: 'select', options: 'timeZones' } },
      { path: 'defaultLocale', kind: { type: 'select', options: 'locales' } },
    ],
  },
  {
    id: 'profile',
    target: 'settings',
    fields: [
      text('address', 'text', 'street-address'),
      text('phone', 'tel', 'tel'),
      text('location_gmaps_url', 'url'),
      text('reviewGoogleMapsUrl', 'url'),
      { path: 'locales', kind: { type: 'choices', options: LOCALES } },
    ],
  },
  {
    id: 'bookings',
    target: 'settings',
    fields: [
      // ISO weekdays, Monday 1 to Sunday 7, as the availability engine reads them.
      { path: 'reservation_disabled_dow', kind: { type: 'choices', options: [1, 2, 3, 4, 5, 6, 7] } },
      { path: 'reservationLocationTags', kind: { type: 'lines' } },
    ],
  },
  {
    id: 'guestOrdering',
    target: 'settings',
    fields: [
      check('defaultMenuOrderConfig.menuOrderEnabled', 'zeroOne'),
      check('defaultMenuOrderConfig.cartStaffValidation'),
      check('defaultMenuOrderConfig.notifyPos'),
      text('defaultMenuOrderConfig.name'),
      { path: 'defaultMenuOrderConfig.description', kind: { type: 'textarea' } },
      check('weOrderConfig.showLargeProductPicture'),
      check('enableCategoryScroll'),
      check('we_order_client_comments'),
    ],
  },
  {
    id: 'staffApp',
    target: 'settings',
    fields: [
      check('copilotConfig.zoneFilter'),
      check('copilotConfig.cartProductStaffComments'),
      check('copilotConfig.promotionsEnabled'),
      check('copilot_multiple_service_event_product_orders'),
      check('printEnabled'),
      check('direct_account_enabled'),
      text('posProvider'),
    ],
  },
  {
    id: 'payments',
    target: 'settings',
    fields: [
      { path: 'paymentConfig.methods', kind: { type: 'choices', options: ['cash', 'card', 'other'] } },
      check('paymentConfig.tipsEnabled'),
      check('reservationPrePaymentConfig.enabled'),
      { path: 'reservationPrePaymentConfig.amountPerPaxCents', kind: { type: 'euros' } },
    ],
  },
  {
    id: 'fiscal',
    target: 'settings',
    fields: [
      text('fiscalInfo.legalName', 'text', 'organization'),
      text('fiscalInfo.taxId'),
      text('fiscalInfo.address', 'text', 'street-address'),
      text('fiscalInfo.postalCode', 'text', 'postal-code'),
      text('fiscalInfo.city', 'text', 'address-level2'),
      text('fiscalInfo.invoiceSeries'),
    ],
  },
  {
    id: 'embedding',
    target: 'settings',
    fields: [{ path: 'embedOrigins', kind: { type: 'lines' } }],
  },
];

/** What a section edits: the identity columns or the settings, as one plain document. */
export type SectionDocument = Readonly<Record<string, unknown>>;

export function sectionDocument(target: SectionTarget, venue: AdminVenue, settings: VenueSettings) {
  return (target === 'identity' ? venue : settings) as unknown as SectionDocument;
}

export function valueAt(document: SectionDocument, path: string): unknown {
  return path
    .split('.')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document);
}

/** A copy of `document` with `value` at `path`; the objects on the way are copied, never changed. */
export function withValueAt(document: SectionDocument, path: string, value: unknown): SectionDocument {
  const [head, ...rest] = path.split('.') as [string, ...string[]];
  if (rest.length === 0) return { ...document, [head]: value };
  const inner = (document[head] ?? {}) as SectionDocument;
  return { ...document, [head]: withValueAt(inner, rest.join('.'), value) };
}

/**
 * The body a section sends: each top-level setting it touches, whole (the settings call replaces a
 * nested object such as `fiscalInfo` entirely, so its untouched fields go along unchanged).
 */
export function sectionPatch(section: SectionSpec, draft: SectionDocument): Record<string, unknown> {
  const keys = [...new Set(section.fields.map((field) => field.path.split('.')[0]!))];
  return Object.fromEntries(keys.map((key) => [key, draft[key]]));
}

/** Whether the draft differs from what was loaded, in the section's fields. */
export function sectionChanged(
  section: SectionSpec,
  saved: SectionDocument,
  draft: SectionDocument,
): boolean {
  return section.fields.some(
    (field) => JSON.stringify(valueAt(saved, field.path)) !== JSON.stringify(valueAt(draft, field.path)),
  );
}

/**
 * The server's field errors placed on the section's fields: a path names its field exactly, or a part of
 * it (`embedOrigins.2` is the embedding sites' field). Errors on no field of the section are returned apart.
 */
export function placeFieldErrors<T extends { readonly path: string }>(
  section: SectionSpec,
  errors: readonly T[],
): { byField: ReadonlyMap<string, T>; unplaced: readonly T[] } {
  const byField = new Map<string, T>();
  const unplaced: T[] = [];
  for (const error of errors) {
    const field = section.fields.find(
      (candidate) => error.path === candidate.path || error.path.startsWith(`${candidate.path}.`),
    );
    if (field && !byField.has(field.path)) byField.set(field.path, error);
    else if (!field) unplaced.push(error);
  }
  return { byField, unplaced };
}

/** Cents as the euro amount typed in a field (`1250` → `12,50`), and back; null when not an amount. */
export function centsToEuroInput(cents: number): string {
  return (cents / 100).toFixed(2).replace('.', ',');
}

export function euroInputToCents(value: string): number | null {
  const match = /^\s*(\d{1,6})(?:[.,](\d{1,2}))?\s*$/.exec(value);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '0').padEnd(2, '0'));
}
