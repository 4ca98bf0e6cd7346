/**
 * The one way a form saves: validates, sends the mutation, and on success shows the server's message
 * (or `saved`) as a toast; on failure shows the error as a toast, puts a 422's `errors` (keyed by dotted
 * field path) on the form's fields and keeps the rest as `problems` for an alert above the fields
 * (`<FormProblems>`, or `<DialogForm>` which shows them).
 */
import type { UseMutationResult } from '@tanstack/react-query';
import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { notify } from '../utils/notify.ts';
import { applyServerErrors, isValidation } from './form-errors.ts';

export interface SubmitOptions<O, V, R> {
  /** The mutation's input from the form's output (default: the output itself). */
  payload?: (values: O) => V;
  /** The success toast when the server's answer has no message; `false`: `onSaved` confirms it itself. */
  saved?: string | false;
  /** The failure toast when the error has no message. */
  failed?: string;
  /** The toast says `failed` even when the server gives a message (the spec's wording: the profile). */
  preferFailed?: boolean;
  /** The failure toast's kind: an error, or a warning where the spec says so (the Cron Manager's). */
  failedAs?: 'error' | 'warning';
  /** After a save (and its toast): close the dialog, open the new record, reset the form. */
  onSaved?: (result: R, values: O) => void;
}

const messageOf = (result: unknown) =>
  typeof result === 'string'
    ? result
    : result && typeof result === 'object' && 'message' in result && typeof result.message === 'string'
      ? result.message
      : '';

/** Puts a failed save on the form: the toast, field errors on the fields, the rest as problems. */
export function useSaveFailure<T extends FieldValues, O>(
  form: UseFormReturn<T, unknown, O>,
  failed?: string,
  preferFailed = false,
  failedAs: 'error' | 'warning' = 'error',
) {
  const [problems, setProblems] = useState<string[]>([]);
  const fail = (error: Error) => {
    notify[failedAs]((preferFailed && failed) || error.message || failed || 'Request not successful.');
    const unplaced = applyServerErrors(form as unknown as UseFormReturn<T>, error);
    setProblems(
      isValidation(error) ? unplaced : [error.message || failed || '', ...unplaced].filter(Boolean),
    );
  };
  return { problems, fail, clear: () => setProblems([]) };
}

export function useSubmit<T extends FieldValues, O, V, R>(
  form: UseFormReturn<T, unknown, O>,
  mutation: UseMutationResult<R, Error, V, unknown>,
  options: SubmitOptions<O, V, R> = {},
) {
  const { problems, fail, clear } = useSaveFailure(
    form,
    options.failed,
    options.preferFailed,
    options.failedAs,
  );
  const onSubmit = form.handleSubmit((values) => {
    clear();
    mutation.mutate(options.payload ? options.payload(values) : (values as unknown as V), {
      onSuccess: (result) => {
        const message = options.saved !== false && (messageOf(result) || options.saved);
        if (message) notify.success(message);
        // What was saved is the new baseline: closing or leaving now does not ask about it (`onSaved`
        // may still reset the form to the server's record).
        form.reset(form.getValues());
        options.onSaved?.(result, values);
      },
      onError: fail,
    });
  });
  // Read while rendering, so react-hook-form tracks isDirty. The check reads the control's state, which
  // is current at once (after the reset above too), where `formState` is the last render's copy.
  void form.formState.isDirty;
  const isDirty = () => form.control._formState.isDirty;
  return { onSubmit, problems, saving: mutation.isPending, isDirty };
}
