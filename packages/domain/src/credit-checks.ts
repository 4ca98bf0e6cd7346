/**
 * Credit checks of order customers (spec 01: "a credit-check (crif) lookup exists",
 * `GET order_customers/{id}/crif`): the answer's shape, the settings section holding the provider's
 * address and credentials (`credit_check`), and the texts. CRIF is the provider the spec names; the
 * API talks to it through an adapter (apps/api/src/integrations/credit).
 */
import { z } from 'zod';
import { safeText } from './api.ts';
import { MESSAGES } from './messages.ts';
import { defineSection, field, flag, text } from './settings-fields.ts';

export const CREDIT_DECISIONS = ['approved', 'review', 'declined'] as const;
export type CreditDecision = (typeof CREDIT_DECISIONS)[number];

export const CREDIT_PROVIDERS = ['crif'] as const;
export type CreditProvider = (typeof CREDIT_PROVIDERS)[number];

export const CREDIT_DECISION_LABELS: Record<CreditDecision, string> = {
  approved: 'Approved',
  review: 'Review',
  declined: 'Declined',
};

/** A stored check is answered again for this long before a new one is made (unless `refresh`). */
export const CREDIT_CHECK_REUSE_DAYS = 30;

export const CREDIT_TEXTS = {
  notConfigured: 'No credit check provider is configured. Add your CRIF credentials in Settings.',
  providerUnreachable: 'Could not reach the credit check provider. Please try again later.',
  providerRefused:
    'The credit check provider refused the credentials. Check the CRIF credentials in Settings.',
  providerBadAnswer: 'The credit check provider gave an answer that could not be read.',
  providerHttpsRequired: 'The credit check address must start with https://. Correct it in Settings.',
  /** Saving an http:// address for a provider that is not on the merchant's own network. */
  urlHttps:
    'Must start with https://: the provider gets your credentials and your customers’ addresses, which must be encrypted.',
  noAddress: 'The order has no billing address to check.',
  checked: 'Credit check done.',
  reused: 'Latest credit check.',
  failed: 'Could not run the credit check.',
} as const;

export const creditCheckSchema = z.object({
  id: z.number().int(),
  /** The order customer (its id is the order's). */
  order_id: z.number().int(),
  customer_id: z.number().int(),
  provider: z.enum(CREDIT_PROVIDERS),
  decision: z.enum(CREDIT_DECISIONS),
  score: z.number().int().nullable().describe('The provider’s score (CRIF: 0 to 1000, higher is better).'),
  reference: z.string().describe('The provider’s reference of the check.'),
  reasons: z.array(z.string()).describe('What the provider gave as reasons for the decision.'),
  checked_at: z.iso.datetime(),
  reused: z
    .boolean()
    .describe(
      `True when this is a stored check (younger than ${CREDIT_CHECK_REUSE_DAYS} days) answered again instead of a new one.`,
    ),
});
export type CreditCheck = z.infer<typeof creditCheckSchema>;

export const creditCheckQuerySchema = z.object({
  refresh: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .describe('`true`: check again even when a recent check is stored.'),
});

const providerUrl = () =>
  safeText()
    .trim()
    .max(500)
    .url(MESSAGES.validUrl)
    .refine((u) => /^https?:\/\//i.test(u), 'Must start with https://.')
    .nullable();

/** The settings section of the provider (its secret write-only, stored encrypted). */
export const creditCheck = defineSection({
  key: 'credit_check',
  title: 'Credit check',
  description:
    'The credit check provider (CRIF) staff can ask about an order’s customer. The secret is stored encrypted and never shown.',
  group: 'business',
  aliases: ['crif'],
  fields: {
    enabled: field(flag(), false, {
      label: 'Credit checks',
      help: 'Let staff check an order’s customer with the provider.',
      kind: 'switch',
    }),
    provider: field(z.enum(CREDIT_PROVIDERS), 'crif', {
      label: 'Provider',
      help: 'The credit agency asked.',
      kind: 'select',
      options: CREDIT_PROVIDERS,
      optionLabels: { crif: 'CRIF' },
    }),
    base_url: field(providerUrl(), null, {
      label: 'API address',
      help: 'The provider’s API base address, e.g. https://api.crif.example/credit (from your CRIF contract).',
      kind: 'text',
    }),
    username: field(text(200).nullable(), null, {
      label: 'Username / client ID',
      help: 'The user or client ID CRIF gave you.',
      kind: 'text',
    }),
  },
  refine: (v, ctx) => {
    if (!v.enabled) return;
    if (!v.base_url)
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'Required to switch credit checks on.' });
    if (!v.username)
      ctx.addIssue({ code: 'custom', path: ['username'], message: 'Required to switch credit checks on.' });
  },
  writeOnly: {
    /** The secret (replaces the stored one), null (deletes it); omitted: kept. */
    secret: safeText()
      .trim()
      .min(1, MESSAGES.required)
      .max(500)
      .nullable()
      .describe('The password / client secret (replaces the stored one); null deletes it. Never answered.'),
  },
  readOnly: {
    secret_stored: z.boolean().describe('Whether a secret is stored (encrypted; never answered).'),
  },
});
