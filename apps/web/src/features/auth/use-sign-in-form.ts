/**
 * The sign-in form's state without react-hook-form (decision 101), behaving as `useAppForm` does for
 * every other form (components/use-app-form.ts): a field is checked when the person leaves it, then on
 * every change; an empty field is not reported on leaving it until the first submit, and from then on
 * every field is reported as it changes; a submit with errors moves the focus to the first wrong field.
 */
import { checkSignIn, type SignInErrors, type SignInValues } from '@rentloop/domain/sign-in';
import { type FormEvent, useRef, useState } from 'react';

type Field = keyof SignInValues;
const FIELDS: readonly Field[] = ['email', 'password'];

export function useSignInForm(initial: SignInValues, onValid: (values: SignInValues) => void) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<SignInErrors>({});
  const touched = useRef(new Set<Field>());
  const submitted = useRef(false);
  const inputs = useRef<Partial<Record<Field, HTMLInputElement | null>>>({});

  /** The message a field shows for these values: none for an empty one before the first submit. */
  const shown = (field: Field, next: SignInValues) => {
    if (!submitted.current && next[field].trim() === '') return undefined;
    const result = checkSignIn(next);
    return result.ok ? undefined : result.errors[field];
  };
  const show = (field: Field, next: SignInValues) =>
    setErrors((current) => ({ ...current, [field]: shown(field, next) }));

  const field = (name: Field) => ({
    name,
    value: values[name],
    error: errors[name],
    inputRef: (input: HTMLInputElement | null) => {
      inputs.current[name] = input;
    },
    onChange: (event: { target: { value: string } }) => {
      const next = { ...values, [name]: event.target.value };
      setValues(next);
      if (touched.current.has(name) || submitted.current) show(name, next);
    },
    onBlur: () => {
      touched.current.add(name);
      show(name, values);
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    const result = checkSignIn(values);
    if (result.ok) {
      setErrors({});
      onValid(result.value);
      return;
    }
    setErrors(result.errors);
    const first = FIELDS.find((name) => result.errors[name]);
    if (first) inputs.current[first]?.focus();
  };

  return { field, onSubmit };
}
