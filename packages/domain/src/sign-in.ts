/**
 * The sign-in form's check without zod (decision 101). The sign-in page is the first screen everybody
 * loads, and zod with react-hook-form was 41 kB gzip of its 264: this check gives the same first message
 * per field as `loginSchema` (auth.ts), which the API still validates with; `sign-in.test.ts` checks the
 * two agree on generated input. No zod here at all: its email pattern is copied below and the test holds
 * the copy equal to zod's (importing it brought zod's whole pattern module, 1.2 kB gzip).
 */
import { hasNoNul, isWellFormedText } from './text-checks.ts';

/** Texts the sign-in form shows; `MESSAGES` (messages.ts) includes them, so each is written once. */
export const SIGN_IN_MESSAGES = {
  required: 'Required field.',
  emailInvalid: 'Email must be valid.',
  /** Ours: PostgreSQL text cannot hold U+0000, and no form has a reason to send it. */
  nulCharacter: 'Must not contain a NUL character.',
  /** Ours: half of a UTF-16 pair (JSON "\ud800") cannot be stored; it would be replaced silently. */
  loneSurrogate: 'Must be valid Unicode text (it holds half of a character pair).',
  /** Ours: the form's words for a password over its limit (the API answers with zod's). */
  tooLong: (max: number) => `Must be at most ${max} characters.`,
} as const;

/** The limits of `loginSchema`: an email as `emailText()` takes it, a password as the API reads it. */
export const SIGN_IN_LIMITS = { email: 254, password: 1024 } as const;

export interface SignInValues {
  email: string;
  password: string;
}

export type SignInErrors = Partial<Record<keyof SignInValues, string>>;

/** zod's `regexes.email`, the pattern `z.email()` checks with (sign-in.test.ts keeps the two equal). */
export const EMAIL_PATTERN =
  /^(?:[A-Za-z0-9_'+-]+\.)*[A-Za-z0-9_'+-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

/** The first problem with a text before its own rules: what `safeText()` refuses. */
function unsafe(value: string): string | undefined {
  if (!hasNoNul(value)) return SIGN_IN_MESSAGES.nulCharacter;
  if (!isWellFormedText(value)) return SIGN_IN_MESSAGES.loneSurrogate;
  return undefined;
}

function emailProblem(raw: string, email: string): string | undefined {
  const first = unsafe(raw);
  if (first) return first;
  if (email === '') return SIGN_IN_MESSAGES.required;
  // An email over its limit is "Email must be valid." in the API too (the message given to z.email()
  // is that schema's message for every one of its checks).
  if (!EMAIL_PATTERN.test(email) || email.length > SIGN_IN_LIMITS.email) return SIGN_IN_MESSAGES.emailInvalid;
  return undefined;
}

function passwordProblem(password: string): string | undefined {
  if (password === '') return SIGN_IN_MESSAGES.required;
  if (password.length > SIGN_IN_LIMITS.password) return SIGN_IN_MESSAGES.tooLong(SIGN_IN_LIMITS.password);
  return undefined;
}

/**
 * The sign-in form's values as the API takes them (the email trimmed and lower-cased), or the first
 * message for each field that is wrong.
 */
export function checkSignIn(
  values: SignInValues,
): { ok: true; value: SignInValues } | { ok: false; errors: SignInErrors } {
  const email = values.email.trim().toLowerCase();
  const errors: SignInErrors = {};
  const emailError = emailProblem(values.email, email);
  if (emailError) errors.email = emailError;
  const passwordError = passwordProblem(values.password);
  if (passwordError) errors.password = passwordError;
  if (errors.email || errors.password) return { ok: false, errors };
  return { ok: true, value: { email, password: values.password } };
}
