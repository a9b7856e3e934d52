import * as contracts from '@sobremesa/contracts';
import { z } from 'zod';
import type { RegisteredRoute } from '../http/route-access.ts';

/**
 * Builds the hostile requests of the route-table sweep (decision 021): for one route, its plain and
 * percent-encoded paths, and for each field the route turns out to read, values that must be refused
 * with a 4xx: ids past 2^31 (and negative, fractional, huge), NUL bytes and unpaired surrogates.
 */

export const HOSTILE_NUMBERS: readonly number[] = [2 ** 31, -(2 ** 31) - 1, 1.5, 1e300];
export const HOSTILE_STRINGS: readonly string[] = ['a\u0000b', 'a\ud800b', '\udfff', '2026-13-45'];
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

/** A field as the sweep knows it: what it holds and a value its schema takes. */
export interface Field {
  readonly kind: FieldKind;
  readonly sample: unknown;
}

/** A placeholder value of a kind, so the next round of validation reaches the next field. */
export function placeholder(kind: FieldKind): Field {
  return { kind, sample: structuredClone(PLACEHOLDERS[kind]) };
}

/** The first option zod names in an enum's message (`expected one of "cash"|"card"`). */
export function firstOption(message: string): string | undefined {
  return /expected one of "([^"]*)"/.exec(message)?.[1];
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
  return [HOSTILE_STRINGS[0], HOSTILE_STRINGS[1], 2 ** 31];
}

type SchemaDefinition = {
  type: string;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: readonly z.ZodType[];
  shape?: Record<string, z.ZodType>;
  values?: readonly unknown[];
  entries?: Record<string, unknown>;
};

function definitionOf(schema: z.ZodType): SchemaDefinition {
  return (schema as unknown as { _zod: { def: SchemaDefinition } })._zod.def;
}

/** What a contract field holds on the wire and a value it takes, through its optional, default and pipe wrappers. */
function fieldOf(schema: z.ZodType): Field | undefined {
  const definition = definitionOf(schema);
  switch (definition.type) {
    case 'string':
    case 'template_literal':
      return placeholder('string');
    case 'enum':
      return { kind: 'string', sample: Object.values(definition.entries ?? {})[0] };
    case 'literal': {
      const value = definition.values?.[0];
      return { kind: typeof value === 'number' ? 'number' : 'string', sample: value };
    }
    case 'number':
    case 'int':
      return placeholder('number');
    case 'boolean':
      return placeholder('boolean');
    case 'array':
      return placeholder('array');
    case 'object':
    case 'record':
      return placeholder('object');
    case 'union':
      return definition.options?.[0] ? fieldOf(definition.options[0]) : undefined;
    case 'pipe':
      return definition.in ? fieldOf(definition.in) : undefined;
    default:
      return definition.innerType ? fieldOf(definition.innerType) : undefined;
  }
}

/** The top-level object shape of a request schema, through its wrappers. */
function shapeOf(schema: z.ZodType): Record<string, z.ZodType> | undefined {
  const definition = definitionOf(schema);
  if (definition.shape) return definition.shape;
  const inner = definition.innerType ?? definition.in;
  return inner ? shapeOf(inner) : undefined;
}

/**
 * Every top-level field any request, query or path schema of the contracts names, with what it holds:
 * offered to each route so that its own strict schema says which are its fields ("Unknown field" for the
 * rest), optional ones included.
 */
export function contractFields(): Map<string, Field> {
  const fields = new Map<string, Field>();
  for (const [name, value] of Object.entries(contracts)) {
    if (!(value instanceof z.ZodType) || !/(Request|Query|Path)Schema$/.test(name)) continue;
    for (const [field, schema] of Object.entries(shapeOf(value) ?? {})) {
      const known = fieldOf(schema);
      if (known && !fields.has(field)) fields.set(field, known);
    }
  }
  return fields;
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
