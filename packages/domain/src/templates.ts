import { z } from 'zod';
import { safeText } from './api.ts';
import { TEMPLATE_LANGUAGES, type TemplateLanguage, templateLanguageSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';

/**
 * Email and invoice templates. Every mail the product sends is a *kind* (`template_id`, e.g. `invitation`)
 * with one template per language. The operators' default templates (`is_default`) exist for every kind
 * and language; a company may override any language of a company kind, and deleting its override falls
 * back to the default again. `html_raw` and `css_raw` are what the visual editor edits; `body` is the mail
 * as sent (the CSS inlined, for mail clients that ignore <style>), with `{{placeholders}}` still in it.
 */
export const TEMPLATE_TYPES = ['email', 'invoice'] as const;
export type TemplateType = (typeof TEMPLATE_TYPES)[number];

/** Who sends a kind: a company (its staff or customers; companies may override it) or the platform. */
export type TemplateScope = 'company' | 'platform';

export interface TemplatePlaceholder {
  /** As written in a template: `{{customer.first_name}}`. */
  key: string;
  label: string;
}

export interface TemplateKind {
  id: string;
  name: string;
  type: TemplateType;
  scope: TemplateScope;
  description: string;
  placeholders: readonly TemplatePlaceholder[];
}

const p = (key: string, label: string): TemplatePlaceholder => ({ key, label });
const company = [p('company.name', 'Company name'), p('company.support_email', 'Support email')];
const customer = [p('customer.name', 'Customer name'), p('customer.email', 'Customer email'), ...company];
const action = p('action_url', 'Link of the button');

/** Every mail the product sends, now and with the billing issues (which fill the order/invoice fields). */
export const TEMPLATE_KINDS: readonly TemplateKind[] = [
  {
    id: 'invitation',
    name: 'Invitation',
    type: 'email',
    scope: 'company',
    description: 'Invites a person to work in the company.',
    placeholders: [p('user.name', 'Invited person'), p('inviter.name', 'Who invited'), ...company, action],
  },
  {
    id: 'operator_invitation',
    name: 'Operator invitation',
    type: 'email',
    scope: 'platform',
    description: 'Invites a new account to Rentloop (sent by operators, outside any company).',
    placeholders: [p('user.name', 'Invited person'), action],
  },
  {
    id: 'verification',
    name: 'Email verification',
    type: 'email',
    scope: 'platform',
    description: 'Asks a user to confirm their email address.',
    placeholders: [p('user.name', 'User'), action],
  },
  {
    id: 'password_reset',
    name: 'Password reset',
    type: 'email',
    scope: 'platform',
    description: 'Sends a user the link to choose a new password.',
    placeholders: [p('user.name', 'User'), action],
  },
  {
    id: 'order_confirmation',
    name: 'Order confirmation',
    type: 'email',
    scope: 'company',
    description: 'Confirms a customer’s order.',
    placeholders: [...customer, p('order.number', 'Order number'), p('order.total', 'Order total'), action],
  },
  {
    id: 'quote',
    name: 'Quote',
    type: 'email',
    scope: 'company',
    description: 'Sends a customer a quote (draft order) to accept.',
    placeholders: [...customer, p('quote.number', 'Quote number'), p('quote.total', 'Quote total'), action],
  },
  {
    id: 'invoice',
    name: 'Invoice',
    type: 'email',
    scope: 'company',
    description: 'Sends a customer an invoice.',
    placeholders: [
      ...customer,
      p('invoice.number', 'Invoice number'),
      p('invoice.total', 'Invoice total'),
      p('invoice.due_date', 'Due date'),
      action,
    ],
  },
  ...([1, 2, 3] as const).map(
    (n): TemplateKind => ({
      id: `payment_failed_${n}`,
      name: `Payment failed (dunning ${n})`,
      type: 'email',
      scope: 'company',
      description: `Tells a customer a recurring payment failed (${['first', 'second', 'last'][n - 1]} reminder).`,
      placeholders: [
        ...customer,
        p('invoice.number', 'Invoice number'),
        p('payment.amount', 'Amount due'),
        p('payment.retry_date', 'Next attempt'),
        action,
      ],
    }),
  ),
  {
    id: 'subscription_ending',
    name: 'Subscription ending',
    type: 'email',
    scope: 'company',
    description: 'Tells a customer their subscription’s term ends soon.',
    placeholders: [
      ...customer,
      p('subscription.product', 'Product'),
      p('subscription.end_date', 'End date'),
      action,
    ],
  },
  {
    id: 'buyout_offer',
    name: 'Buyout offer',
    type: 'email',
    scope: 'company',
    description: 'Offers a customer to buy the rented product.',
    placeholders: [
      ...customer,
      p('subscription.product', 'Product'),
      p('buyout.price', 'Buyout price'),
      action,
    ],
  },
  {
    id: 'invoice_document',
    name: 'Invoice document',
    type: 'invoice',
    scope: 'company',
    description: 'The invoice itself (HTML, and the PDF made from it).',
    placeholders: [
      ...customer,
      p('invoice.number', 'Invoice number'),
      p('invoice.date', 'Invoice date'),
      p('invoice.due_date', 'Due date'),
      p('invoice.total', 'Invoice total'),
      p('invoice.lines_html', 'Invoice lines (table)'),
      p('legal.company_name', 'Legal company name'),
      p('legal.address', 'Legal address'),
      p('legal.vat_id', 'VAT id'),
      p('legal.bank', 'Bank details'),
    ],
  },
];

export const TEMPLATE_KIND_IDS = TEMPLATE_KINDS.map((k) => k.id);
export const templateKind = (id: string) => TEMPLATE_KINDS.find((k) => k.id === id);
export const LANGUAGE_NAMES: Record<TemplateLanguage, string> = {
  de: 'German',
  en: 'English',
  gr: 'Greek',
  nl: 'Dutch',
  no: 'Norwegian',
};

/** One template: a kind in one language, a default (`is_default`, no company) or a company's own. */
export const templateSchema = z.object({
  id: z.number().int(),
  is_default: z.boolean(),
  template_id: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  lang: templateLanguageSchema,
  subject: z.string(),
  html_raw: z.string(),
  css_raw: z.string(),
  body: z.string(),
  updated_at: z.string(),
  updated_by_name: z.string().nullable(),
});
export type Template = z.infer<typeof templateSchema>;

/** A kind with, per language, whether the company (or, for defaults, an operator) changed it. */
export const templateKindSummarySchema = z.object({
  template_id: z.string(),
  name: z.string(),
  type: z.enum(TEMPLATE_TYPES),
  scope: z.enum(['company', 'platform']),
  description: z.string(),
  locales: z.array(
    z.object({ lang: templateLanguageSchema, customised: z.boolean(), updated_at: z.string().nullable() }),
  ),
});
export type TemplateKindSummary = z.infer<typeof templateKindSummarySchema>;

/** The longest template, in characters (a designed mail is some 20 kB; this leaves room for images' markup). */
export const TEMPLATE_MAX_LENGTH = 200_000;

const content = {
  subject: safeText().trim().min(1, MESSAGES.required).max(200, 'At most 200 characters.'),
  html_raw: z.string().min(1, MESSAGES.required).max(TEMPLATE_MAX_LENGTH, 'The template is too long.'),
  css_raw: z.string().max(TEMPLATE_MAX_LENGTH, 'The styles are too long.').default(''),
};

/** `PUT .../locales/{locale}` and `PUT /api/rentloopdb/templates/{id}`: the content of one language. */
export const templateContentSchema = z.object(content);
export type TemplateContent = z.input<typeof templateContentSchema>;

/** `POST .../templates/{id}/locales`: a company's own text for one language of a kind. */
export const templateLocaleInputSchema = z.object({ lang: templateLanguageSchema, ...content });
export type TemplateLocaleInput = z.input<typeof templateLocaleInputSchema>;

/** `POST /api/rentloopdb/templates`: a default template for a kind and language that has none. */
export const defaultTemplateInputSchema = z.object({
  template_id: z.enum(TEMPLATE_KIND_IDS as [string, ...string[]]),
  lang: templateLanguageSchema,
  ...content,
});
export type DefaultTemplateInput = z.input<typeof defaultTemplateInputSchema>;

/** `POST .../templates/{id}/preview`: unsaved content, rendered with a real record of the company. */
export const templatePreviewInputSchema = z.object({ lang: templateLanguageSchema, ...content });
export const templatePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  /** What the placeholders were filled from ("Customer Jane Doe (#12)"), or why some stay empty. */
  source: z.string(),
  /** Placeholders in the content the product does not know for this kind: probably typos. */
  unknown_placeholders: z.array(z.string()),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

/** The editor's local draft: `localStorage[draftKey(id, lang)]` (the spec: a key prefixed per template id). */
export const templateDraftKey = (templateId: string, lang: string, scope: 'company' | 'default') =>
  `${templateId}:template-draft:${scope}:${lang}`;

export const TEMPLATE_TEXTS = {
  notCompanyKind: 'This mail is sent by the platform; only operators change it (Default Email Templates).',
  exists: 'This language already has its own template; change it with PUT.',
  noOverride: 'This language uses the default template; there is nothing of the company’s own to delete.',
} as const;

export { TEMPLATE_LANGUAGES };
