import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { regexes } from 'zod/v4/core';
import { loginSchema } from './auth.ts';
import {
  checkSignIn,
  EMAIL_PATTERN,
  SIGN_IN_LIMITS,
  SIGN_IN_MESSAGES,
  type SignInValues,
} from './sign-in.ts';

/** What the API's schema says of the values: its output, or the first message of each field. */
function bySchema(values: SignInValues) {
  const parsed = loginSchema.safeParse(values);
  if (parsed.success) return { ok: true as const, value: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0]);
    errors[field] ??= issue.message;
  }
  return { ok: false as const, errors };
}

/** The form's check against the schema; over a limit the form has its own words, the field is the same. */
function expectSameVerdict(values: SignInValues) {
  const form = checkSignIn(values);
  const schema = bySchema(values);
  expect(form.ok, JSON.stringify(values)).toBe(schema.ok);
  if (form.ok && schema.ok) {
    expect(form.value).toEqual(schema.value);
    return;
  }
  if (form.ok || schema.ok) return;
  expect(Object.keys(form.errors).sort()).toEqual(Object.keys(schema.errors).sort());
  for (const field of ['email', 'password'] as const) {
    const mine = form.errors[field];
    if (mine === undefined) continue;
    const max = SIGN_IN_LIMITS[field];
    if (mine === SIGN_IN_MESSAGES.tooLong(max)) expect(schema.errors[field]).toMatch(/<=\s*\d+/);
    else expect(mine, `${field} of ${JSON.stringify(values)}`).toBe(schema.errors[field]);
  }
}

// Pieces an email is made of, the odd ones included (space, NUL, a half pair, a dot at the edges).
const piece = fc.constantFrom(
  'a',
  'Z',
  '0',
  '.',
  '@',
  '-',
  '_',
  '+',
  "'",
  ' ',
  '\t',
  'é',
  'ß',
  '\u0000',
  '\uD800',
  '😀',
  'example',
  'com',
  'x.y',
);
const emailLike = fc.oneof(
  fc.array(piece, { maxLength: 12 }).map((parts) => parts.join('')),
  fc
    .tuple(
      fc.stringMatching(/^[a-z0-9._+'-]{0,12}$/),
      fc.stringMatching(/^[a-z0-9.-]{0,12}$/),
      fc.constantFrom('de', 'com', 'x', 'CO', ''),
    )
    .map(([local, domain, tld]) => `${local}@${domain}.${tld}`),
  fc.string({ maxLength: 20 }),
);
const passwordLike = fc.oneof(fc.string({ maxLength: 16 }), fc.constantFrom('', ' ', '\u0000'));

describe('the sign-in form checks as the API does', () => {
  it("with zod's own email pattern", () => {
    // Ours has no `\-` at the end of a character class (the linter drops an escape that changes nothing).
    expect(EMAIL_PATTERN.source).toBe(regexes.email.source.replaceAll('\\-]', '-]'));
    expect(EMAIL_PATTERN.flags).toBe(regexes.email.flags);
  });

  it('gives the same verdict and first message per field as loginSchema', () => {
    fc.assert(
      fc.property(emailLike, passwordLike, (email, password) => expectSameVerdict({ email, password })),
      { numRuns: 2000 },
    );
  });

  it('for the cases a person meets', () => {
    const cases: SignInValues[] = [
      { email: '', password: '' },
      { email: '   ', password: 'x' },
      { email: 'not-an-email', password: 'x' },
      { email: '  Owner@Northwind.Demo ', password: 'secret' },
      { email: 'a@b.de', password: '' },
      { email: `${'a'.repeat(250)}@b.de`, password: 'x' },
      { email: 'a@b.de', password: 'p'.repeat(1025) },
      { email: 'a\u0000@b.de', password: 'x' },
      { email: '\uD800a@b.de', password: 'x' },
    ];
    for (const values of cases) expectSameVerdict(values);
    expect(checkSignIn({ email: '  Owner@Northwind.Demo ', password: 'secret' })).toEqual({
      ok: true,
      value: { email: 'owner@northwind.demo', password: 'secret' },
    });
    expect(checkSignIn({ email: '', password: '' })).toEqual({
      ok: false,
      errors: { email: SIGN_IN_MESSAGES.required, password: SIGN_IN_MESSAGES.required },
    });
    expect(checkSignIn({ email: 'not-an-email', password: 'x' })).toEqual({
      ok: false,
      errors: { email: SIGN_IN_MESSAGES.emailInvalid },
    });
  });
});
