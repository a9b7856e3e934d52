import type { RegisteredRoute } from '../http/route-access.ts';

/**
 * Builds the hostile requests of the route-table sweep (decision 021): for one route, its plain and
 * percent-encoded paths, and for each field the route turns out to read, values that must be refused
 * with a 4xx: ids past 2^31 (and negative, fractional, huge), NUL bytes and unpaired surrogates.
 */

export const HOSTILE_NUMBERS: readonly number[] = [2 ** 31, 2 ** 53 + 2, -1, 1.5, 1e300];
export const HOSTILE_STRINGS: readonly string[] = ['a\u0000b', '\u0000', 'a\ud800b', '\udfff', '2026-13-45'];
/** Path parameters as they travel: percent-encoded NUL, an unpaired surrogate's bytes, numbers out of range. */
export const HOSTILE_PATH_VALUES: readonly string[] = [
  '2147483648',
  '-1',
  '1.5',
  '99999999999999999999',
  '%00',
  '%ED%A0%80',
  'a%00b',
];

/** The route's path with every `:param` replaced by `value`. */
export function pathWith(url: string, value: string): string {
  return url.replace(/:[A-Za-z_]+/g, value);
}

/** The same path with its first letter percent-encoded (`/world/...` → `/%77orld/...`), as the router decodes it. */
export function encodedPath(path: string): string {
  return path.replace(/^\/([A-Za-z])/, (_all, letter: string) => `/%${letter.charCodeAt(0).toString(16)}`);
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'array' | 'object';

/** What a 400's field message says the field expects (zod's "expected string, received undefined"). */
export function expectedKind(message: string): FieldKind | undefined {
  const match = /expected (string|number|boolean|array|object)/.exec(message);
  return match?.[1] as FieldKind | undefined;
}

const PLACEHOLDERS: Record<FieldKind, unknown> = {
  string: 'x',
  number: 1,
  boolean: true,
  array: [],
  object: {},
};

/** A placeholder value of a kind, so the next round of validation reaches the next field. */
export function placeholder(kind: FieldKind): unknown {
  return structuredClone(PLACEHOLDERS[kind]);
}

/** Sets `value` at a dotted path (`lines.0.qty`) of a JSON document, creating what is missing. */
export function setAt(
  document: Record<string, unknown>,
  path: string,
  value: unknown,
): Record<string, unknown> {
  const copy = structuredClone(document);
  const keys = path.split('.');
  let current: Record<string, unknown> = copy;
  keys.slice(0, -1).forEach((key, index) => {
    const next = current[key];
    if (typeof next !== 'object' || next === null) {
      current[key] = /^\d+$/.test(keys[index + 1] ?? '') ? [] : {};
    }
    current = current[key] as Record<string, unknown>;
  });
  current[keys[keys.length - 1] ?? ''] = value;
  return copy;
}

/** The hostile values for a field of `kind`: each of the other kind too, since a wrong type must also be a 4xx. */
export function hostileValuesFor(kind: FieldKind): readonly unknown[] {
  if (kind === 'number') return [...HOSTILE_NUMBERS, '2147483648'];
  if (kind === 'string') return [...HOSTILE_STRINGS, 2 ** 31];
  return [...HOSTILE_STRINGS.slice(0, 3), 2 ** 31];
}

/** A query string of `fields` whose values are already percent-encoded. */
export function queryOf(fields: Record<string, string>): string {
  const entries = Object.entries(fields).map(([key, value]) => `${key}=${value}`);
  return entries.length > 0 ? `?${entries.join('&')}` : '';
}

/** The routes the sweep calls: every API route (HEAD twins of GET routes are the same handler). */
export function sweptRoutes(table: readonly RegisteredRoute[]): RegisteredRoute[] {
  return table.filter((route) => route.method !== 'HEAD' && route.access !== 'web');
}
