/** A new password typed twice (reset, first password, profile, an operator setting a user's password). */
import { MESSAGES } from '@rentloop/domain/messages';
import { passwordChangeSchema, passwordSchema } from '@rentloop/domain/users';
import { z } from 'zod';

const matching = <T extends { password: string; confirm: string }>(v: T) => v.password === v.confirm;
const mismatch = { message: MESSAGES.passwordsDoNotMatch, path: ['confirm'] };

export const newPasswordFormSchema = z
  .object({ password: passwordSchema, confirm: z.string() })
  .refine(matching, mismatch);
export type NewPasswordForm = z.infer<typeof newPasswordFormSchema>;

/** Changing one's own password: the current one is required. */
export const ownPasswordFormSchema = passwordChangeSchema
  .extend({ current_password: z.string().min(1, MESSAGES.required).max(200), confirm: z.string() })
  .refine(matching, mismatch);
export type OwnPasswordForm = z.infer<typeof ownPasswordFormSchema>;
