/** Users, their account flows and their administration (spec 01 §3 "User", §6, §7 "Authentication and users"). */
import { z } from 'zod';
import { emailText, safeText } from './api.ts';
import { MESSAGES } from './messages.ts';
import { companyRoleSchema, globalRoleSchema } from './roles.ts';
import { actionsSchema, type TransitionTable } from './transitions.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 200;
/** "aaaaaaaa" or eight spaces are long enough and still guessed at once. */
export const PASSWORD_MIN_DISTINCT = 4;
export const USER_STATUSES = ['active', 'invited', 'disabled'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];

/**
 * How an operator changes a user's status (spec 01 §6; `PUT /api/auth/users/{id}` with `status`).
 * An invited account becomes active by itself when it sets its password; an operator may also
 * activate it by hand. Nobody disables their own account.
 */
export const USER_ACTIONS = ['activate', 'disable'] as const;
export type UserAction = (typeof USER_ACTIONS)[number];
export const USER_TRANSITIONS: TransitionTable<UserStatus, UserAction, { self: boolean }> = [
  { from: ['invited', 'disabled'], action: 'activate', to: 'active', message: 'The user is already active.' },
  {
    from: ['active', 'invited'],
    action: 'disable',
    to: 'disabled',
    guard: ({ self }) => (self ? 'You cannot disable your own account.' : null),
    message: 'The user is already disabled.',
  },
];
/** The action that brings a user to `status` (the `status` field of a profile update). */
export const userActionTo = (status: 'active' | 'disabled'): UserAction =>
  status === 'active' ? 'activate' : 'disable';
export const userActionsSchema = actionsSchema(z.enum(USER_STATUSES), z.enum(USER_ACTIONS));
export type UserActions = z.infer<typeof userActionsSchema>;

// C0 and C1 controls (NUL, tab, line breaks, DEL...): nobody types them, and NUL cannot be stored.
const CONTROL_CHARACTER = /\p{Cc}/u;
const lengthOk = (v: string) => v.length >= PASSWORD_MIN_LENGTH && v.length <= PASSWORD_MAX_LENGTH;

/**
 * A new password, as far as the browser can check it (NIST SP 800-63B: length, no composition rules).
 * The server also refuses common and leaked passwords and the account's own email or name
 * (apps/api/src/modules/auth/password-policy.ts). Each rule stops at its own message.
 */
export const passwordSchema = z
  .string()
  // Empty is "Required field." alone (spec 01 §5), not also "at least 8 characters".
  .min(1, MESSAGES.required)
  .refine(
    (v) => v.length === 0 || v.length >= PASSWORD_MIN_LENGTH,
    `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`,
  )
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`)
  // Each rule speaks only where the ones before it are met, so a password gets one message. (Not with
  // zod's `abort`: an aborting issue also silences the form's own checks, such as "Passwords do not match.")
  .refine((v) => !lengthOk(v) || !CONTROL_CHARACTER.test(v), MESSAGES.passwordControlCharacter)
  .refine(
    (v) => !lengthOk(v) || CONTROL_CHARACTER.test(v) || new Set(v).size >= PASSWORD_MIN_DISTINCT,
    MESSAGES.passwordRepetitive,
  );

const email = emailText();
const name = safeText().trim().min(1, 'Required field.').max(200);

/** Company functions a user performs (free labels such as "billing", "warehouse"). */
export const companyFunctionsSchema = z.array(safeText().trim().min(1).max(64)).max(20);

export const userMembershipSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  role: companyRoleSchema,
  company_functions: z.array(z.string()),
});

export const userSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  role: globalRoleSchema.nullable(),
  email_verified_at: z.string().nullable(),
  show_errors: z.boolean(),
  show_warnings: z.boolean(),
  show_successes: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
  companies: z.array(userMembershipSchema),
});
export type User = z.infer<typeof userSchema>;

/**
 * A user as listed in one company: with the role and functions held there. A pending invitation is
 * listed as a row of what the inviting admin typed (status `invited`, no account data; its `id` is the
 * invitation's, from the same sequence as user ids) until the person accepts it.
 */
export const companyUserSchema = userSchema.omit({ companies: true }).extend({
  company_role: companyRoleSchema,
  company_functions: z.array(z.string()),
});
export type CompanyUser = z.infer<typeof companyUserSchema>;

// ---- account flows ----

/** `url` is the web app's base for the link in the email (ignored unless it is this app's own origin). */
export const resetRequestSchema = z.object({ email, url: safeText().url().max(500).optional() });
export const passwordResetSchema = z.object({
  token: safeText().min(1, 'Required field.').max(200),
  email,
  password: passwordSchema,
});
export const verifyEmailSchema = z.object({ token: safeText().min(1, 'Required field.').max(200) });
export const registerSchema = z.object({
  name,
  email,
  password: passwordSchema,
  url: safeText().url().max(500).optional(),
});

// ---- profile ----

export const profileUpdateSchema = z
  .object({
    name,
    email,
    show_errors: z.boolean(),
    show_warnings: z.boolean(),
    show_successes: z.boolean(),
    /** Operators only: activate or disable an account. */
    status: z.enum(['active', 'disabled']),
    /** The spec's payload also carries a password change (current_password needed for one's own). */
    password: passwordSchema,
    current_password: z.string().max(200),
  })
  .partial();
export type ProfileUpdate = z.infer<typeof profileUpdateSchema>;

/** Changing one's own password needs the current one; an operator resetting another user's does not. */
export const passwordChangeSchema = z.object({
  current_password: z.string().max(200).optional(),
  password: passwordSchema,
});

// ---- administration ----

/** An owner or admin adds a user to their company (spec: role, company_id, company_functions). */
export const companyUserCreateSchema = z.object({
  name,
  email,
  role: companyRoleSchema.default('user'),
  company_id: z.number().int().positive().optional(),
  company_functions: companyFunctionsSchema.default([]),
  send_invitation: z.boolean().default(true),
});

/** An operator creates a user (spec: with company_functions), optionally in a company. */
export const operatorUserCreateSchema = z.object({
  name,
  email,
  role: globalRoleSchema.nullable().default(null),
  company_id: z.number().int().positive().optional(),
  company_role: companyRoleSchema.default('user'),
  company_functions: companyFunctionsSchema.default([]),
  send_invitation: z.boolean().default(true),
});

/**
 * Assign a role in a company by email; `role: null` removes the user from the company. `id` is the company
 * id. For an email that is not a member the answer is the same whether or not it has an account: an
 * invitation is sent (the person joins by accepting it), or for `null` nothing changes.
 */
export const roleAssignSchema = z.object({
  email,
  id: z.number().int().positive(),
  role: companyRoleSchema.nullable(),
});

/** The token of the link in a company invitation (an account that already has a password accepts it). */
export const invitationAcceptSchema = z.object({ token: safeText().min(1, 'Required field.').max(200) });
export const invitationAcceptedSchema = z.object({
  company: z.object({ id: z.number().int(), name: z.string() }),
});
export type InvitationAccepted = z.infer<typeof invitationAcceptedSchema>;

export const USER_SORTS = ['id', 'name', 'email', 'created_at'] as const;
export const userFiltersSchema = z.object({
  status: z.enum(USER_STATUSES).optional(),
  role: safeText().max(32).optional(),
});
