/**
 * `useForm` with the app's defaults, so every form behaves alike: fields are validated when the person
 * leaves them (then again on every change), not only on submit (issue 11, "Forms").
 */
import { type FieldValues, type UseFormProps, useForm } from 'react-hook-form';

export function useAppForm<T extends FieldValues, C = unknown, O = T>(props: UseFormProps<T, C, O> = {}) {
  return useForm<T, C, O>({ mode: 'onTouched', ...props });
}
