import { z } from 'zod';
import { emailText, safeText } from './api.ts';
import { userCompanySchema } from './companies.ts';
import { globalRoleSchema } from './roles.ts';

/** Access and refresh tokens both live a day (spec 01 §9). */
export const TOKEN_LIFETIME_SECONDS = 86_400;

export const loginSchema = z.object({
  email: emailText(),
  password: z.string().min(1, 'Required field.').max(1024),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const refreshSchema = z.object({ refresh_token: safeText().min(1, 'Required field.').max(512) });

export const tokensSchema = z.object({
  access_token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('bearer'),
  expires_in: z.number().int(),
});
export type Tokens = z.infer<typeof tokensSchema>;

export const meSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.string(),
  role: globalRoleSchema.nullable(),
  email_verified_at: z.string().nullable(),
  created_at: z.string(),
  show_errors: z.boolean(),
  show_warnings: z.boolean(),
  show_successes: z.boolean(),
  companies: z.array(userCompanySchema),
});
export type Me = z.infer<typeof meSchema>;
