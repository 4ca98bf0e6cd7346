/**
 * One error type for the product. A service throws `AppError('not_found')`; the HTTP error handler
 * (http/errors.ts) turns it into the status of ERROR_STATUS and the `{status:false,...}` body.
 */
import { ERROR_STATUS, type ErrorCode } from '@rentloop/domain/api';
import { MESSAGES } from '@rentloop/domain/messages';
import type { ZodError } from 'zod';

export const DEFAULT_MESSAGES: Record<ErrorCode, string> = {
  bad_request: 'The request is malformed.',
  unauthenticated: MESSAGES.unauthenticated,
  forbidden: MESSAGES.forbidden,
  not_found: MESSAGES.notFound,
  conflict: 'The request conflicts with the current state.',
  validation: MESSAGES.validationFailed,
  rate_limited: 'Too many requests. Please try again later.',
  internal: MESSAGES.internalServerError,
  bad_gateway: 'Another service we depend on failed.',
  unavailable: 'Service unavailable.',
};

export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    message?: string,
    readonly errors?: Record<string, string[]>,
    /** Response headers that belong to the error (Retry-After on a 429). */
    readonly headers?: Record<string, string>,
  ) {
    super(message ?? DEFAULT_MESSAGES[code]);
    this.status = ERROR_STATUS[code];
  }
}

export const notFound = (message?: string) => new AppError('not_found', message);

/** A 422 naming one field. */
export const invalid = (field: string, message: string) =>
  new AppError('validation', MESSAGES.validationFailed, { [field]: [message] });

/** The answer for a field a strict schema does not know. */
export const UNKNOWN_FIELD = 'Unknown field.';

/** Zod issues keyed by dotted field path, the shape of `errors` in a 422. */
export function fieldErrors(issues: ZodError['issues'], prefix = ''): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) {
    if (issue.code === 'unrecognized_keys') {
      // A key a strict schema does not know is named by its own path.
      for (const k of issue.keys) {
        const key = [prefix, ...issue.path.map(String), k].filter(Boolean).join('.');
        out[key] = [...(out[key] ?? []), UNKNOWN_FIELD];
      }
      continue;
    }
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.') || prefix || '_';
    if (!out[key]) out[key] = [];
    out[key].push(issue.message);
  }
  return out;
}
