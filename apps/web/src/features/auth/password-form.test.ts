import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import { newPasswordFormSchema, ownPasswordFormSchema } from './password-form.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

describe('the new-password forms', () => {
  it('say both that the password is too short and that the two do not match', () => {
    const r = newPasswordFormSchema.safeParse({ password: 'short', confirm: 'different' });
    expect(messagesOf(r)).toEqual({
      password: 'Password must be at least 8 characters.',
      confirm: MESSAGES.passwordsDoNotMatch,
    });
  });

  it('say only that they differ when the password itself is fine', () => {
    const r = newPasswordFormSchema.safeParse({ password: 'a-fine-long-one', confirm: 'a-fine-long-two' });
    expect(messagesOf(r)).toEqual({ confirm: MESSAGES.passwordsDoNotMatch });
  });

  it('accept two equal good passwords, also when changing one’s own', () => {
    expect(
      newPasswordFormSchema.safeParse({ password: 'a-fine-long-one', confirm: 'a-fine-long-one' }).success,
    ).toBe(true);
    const own = ownPasswordFormSchema.safeParse({ current_password: '', password: 'short', confirm: 'x' });
    expect(messagesOf(own)).toMatchObject({
      confirm: MESSAGES.passwordsDoNotMatch,
      current_password: MESSAGES.required,
    });
  });
});
