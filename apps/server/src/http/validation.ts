import { wireInputIssues } from '@sobremesa/contracts';
import type { z } from 'zod';
import { issueRewording, type SourceFieldError } from '../i18n/field-messages.ts';
import { AppError } from './app-error.ts';

/** A schema's refusal as field errors, one per offending field (an unknown key is one of its own). */
export function schemaFieldErrors(issues: readonly z.core.$ZodIssue[]): SourceFieldError[] {
  return issues.flatMap((issue) => {
    const base = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: base ? `${base}.${key}` : key, message: 'Unknown field' }));
    }
    const reword = issueRewording(issue);
    return [{ path: base || '(body)', message: issue.message, ...(reword ? { reword } : {}) }];
  });
}

/**
 * Validates untrusted input (a body, a query, path parameters) against a contract schema (SEC-10). A
 * failure is a 400 naming every offending field; nothing of the input is trusted or stored before this
 * passes. Every input first meets the contracts' wire rules (no NUL, unpaired surrogates, card numbers or
 * numbers beyond PostgreSQL's integer: decision 021), whatever the route's own schema says.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const issues = wireInputIssues(value ?? {});
  if (issues.length > 0) {
    const cardNumber = issues.some((issue) => issue.cardNumber);
    throw new AppError(400, 'VALIDATION_FAILED', cardNumber ? 'card_number_refused' : 'validation_failed', {
      fields: issues.map(({ path, message }) => ({ path, message })),
    });
  }
  // The refused input stays in the issue, for zod to word its type in the caller's language.
  const result = schema.safeParse(value ?? {}, { reportInput: true });
  if (!result.success) {
    throw new AppError(400, 'VALIDATION_FAILED', 'validation_failed', {
      fields: schemaFieldErrors(result.error.issues),
    });
  }
  return result.data;
}
