import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { ApiError } from '../api/client.ts';

function hasPath(values: unknown, path: string): boolean {
  let current: unknown = values;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object' || !(key in current)) return false;
    current = (current as Record<string, unknown>)[key];
  }
  return true;
}

/**
 * Puts a 422's field errors (`{ "billing_address.postal_code": ["..."] }`) on the form's fields.
 * Returns the messages of fields the form does not show, for a form-level alert.
 */
export function applyServerErrors<T extends FieldValues>(form: UseFormReturn<T>, error: unknown): string[] {
  if (!(error instanceof ApiError) || !error.errors) return [];
  const values = form.getValues();
  const unplaced: string[] = [];
  let focused = false;
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages.join(' ');
    if (hasPath(values, field)) {
      form.setError(field as FieldPath<T>, { type: 'server', message }, { shouldFocus: !focused });
      focused = true;
    } else {
      unplaced.push(`${field}: ${message}`);
    }
  }
  return unplaced;
}

/** A 422: the problems are on the fields. */
export const isValidation = (error: unknown) => error instanceof ApiError && error.status === 422;
