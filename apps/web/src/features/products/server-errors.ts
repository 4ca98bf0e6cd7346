import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { applyServerErrors } from '../../components/form-errors.ts';

/**
 * `applyServerErrors` for the catalog's forms, whose schemas turn typed text into other types (the
 * form's output type differs from its values): puts a 422's field errors on the fields and returns
 * the rest.
 */
export function placeServerErrors<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
) {
  return applyServerErrors(form as unknown as UseFormReturn<T>, error);
}
