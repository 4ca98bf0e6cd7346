/**
 * `useForm` with the app's defaults, so every form behaves alike (issue 11, "Forms"):
 *
 * - A field is checked when the person leaves it (then again on every change), not only on submit, so
 *   a bad email or postal code says so, with the expected format, before Save.
 * - An **empty** field is not reported on leaving it until the first Save (then "Required field."; after
 *   that attempt, empty fields are reported as they change, like the rest). Leaving a
 *   field is often the mouse-down on something else: an error appearing then moves the layout under
 *   the pointer (a dialog grows and re-centres, a link moves down), and the click that left the field,
 *   on Save or on "Forgot your password?", lands on nothing. Tabbing through a form does not fill it
 *   with red either.
 */
import { useMemo, useRef } from 'react';
import {
  type FieldErrors,
  type FieldValues,
  get,
  type Resolver,
  type UseFormProps,
  useForm,
} from 'react-hook-form';

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/** Removes the error at a dotted path (`billing_address.street`), and parents left empty. */
function dropError(errors: FieldErrors, path: string): void {
  const keys = path.split('.');
  const parents: Record<string, unknown>[] = [errors as Record<string, unknown>];
  for (const key of keys.slice(0, -1)) {
    const next = parents.at(-1)?.[key];
    if (!next || typeof next !== 'object') return;
    parents.push(next as Record<string, unknown>);
  }
  delete parents.at(-1)?.[keys.at(-1) ?? ''];
  for (let i = parents.length - 1; i > 0; i--) {
    if (Object.keys(parents[i] ?? {}).length > 0) break;
    delete parents[i - 1]?.[keys[i - 1] ?? ''];
  }
}

/**
 * The resolver of a field-level check (leaving a field, a change): the named fields' errors, except
 * where the field is empty. A submit, and every check after the first submit (`reportBlank()`), gets
 * every error.
 */
export function quietWhileBlank<T extends FieldValues, C, O>(
  resolver: Resolver<T, C, O>,
  reportBlank: () => boolean,
): Resolver<T, C, O> {
  return async (values, context, options) => {
    const result = await resolver(values, context, options);
    if (reportBlank() || !options.names) return result;
    const errors = { ...result.errors } as FieldErrors<T>;
    for (const name of options.names) if (isBlank(get(values, name))) dropError(errors, name);
    return { ...result, errors } as typeof result;
  };
}

export function useAppForm<T extends FieldValues, C = unknown, O = T>(props: UseFormProps<T, C, O> = {}) {
  const submitting = useRef(false);
  // Whether Save was pressed since the form was last (re)set: then empty fields are reported too.
  const submitted = useRef(false);
  const given = props.resolver;
  const resolver = useMemo(
    () => (given ? quietWhileBlank(given, () => submitting.current || submitted.current) : undefined),
    [given],
  );
  const form = useForm<T, C, O>({ mode: 'onTouched', ...props, ...(resolver ? { resolver } : {}) });
  const reset: typeof form.reset = (...args) => {
    submitted.current = false;
    form.reset(...args);
  };
  const handleSubmit: typeof form.handleSubmit = (onValid, onInvalid) => {
    const submit = form.handleSubmit(onValid, onInvalid);
    return (event) => {
      submitting.current = true;
      submitted.current = true;
      return submit(event).finally(() => {
        submitting.current = false;
      });
    };
  };
  return { ...form, handleSubmit, reset };
}
