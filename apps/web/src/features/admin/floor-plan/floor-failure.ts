import type { FieldError } from '@sobremesa/contracts';
import type { TFunction } from 'i18next';
import { isServerError } from '../../../lib/api-client.ts';

/** A refused write as a form shows it: the server's message and the fields it names. */
export interface Failure {
  readonly message: string;
  readonly fields: readonly FieldError[];
  readonly status: number;
}

/** What a refused call shows: the server's message (in the admin's language) and the fields it names. */
export function failureOf(error: unknown, t: TFunction<'admin'>): Failure {
  if (isServerError(error)) {
    return { message: error.message, fields: error.fields, status: error.status };
  }
  return { message: t('errors.network'), fields: [], status: 0 };
}

const INVALID_TEXTS = ['name', 'minPax', 'maxPax', 'rotation', 'zone', 'tableIds'] as const;

/**
 * The text shown at a field the server refused, in the admin's language: a malformed value gets this
 * screen's rule for the field; a conflict (a name taken, a stale edit) the server's own message.
 */
export function fieldProblem(failure: Failure | null, path: string, t: TFunction<'admin'>): string | null {
  const field = failure?.fields.find(
    (candidate) => candidate.path === path || candidate.path.startsWith(`${path}.`),
  );
  if (!failure || !field) return null;
  if (failure.status === 400 && (INVALID_TEXTS as readonly string[]).includes(path)) {
    return t(`floorPlan.invalid.${path as (typeof INVALID_TEXTS)[number]}`);
  }
  return failure.message;
}
