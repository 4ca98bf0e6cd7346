import { z } from 'zod';
import { safeText } from './api.ts';
import { templateLanguageSchema } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { TEMPLATE_KIND_IDS, TEMPLATE_TYPES } from './template-kinds.ts';

export * from './template-kinds.ts';

/**
 * Email and invoice templates. Every mail the product sends is a *kind* (`template_id`, e.g. `invitation`)
 * with one template per language. The operators' default templates (`is_default`) exist for every kind
 * and language; a company may override any language of a company kind, and deleting its override falls
 * back to the default again. `html_raw` and `css_raw` are what the visual editor edits; `body` is the mail
 * as sent (the CSS inlined, for mail clients that ignore <style>), with `{{placeholders}}` still in it.
 */
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

/** The 422 on `css_raw` for styles holding a "<". */
export const TEMPLATE_CSS_NO_ANGLE = 'Styles cannot contain "<": write CSS rules only, no HTML tags.';

const content = {
  subject: safeText().trim().min(1, MESSAGES.required).max(200, 'At most 200 characters.'),
  html_raw: z.string().min(1, MESSAGES.required).max(TEMPLATE_MAX_LENGTH, 'The template is too long.'),
  css_raw: z
    .string()
    .max(TEMPLATE_MAX_LENGTH, 'The styles are too long.')
    // No "<" at all: styles never need one, and without it nothing in them can end the <style> block
    // and start markup (docs/decisions.md, "Template CSS: no '<'").
    .refine((v) => !v.includes('<'), TEMPLATE_CSS_NO_ANGLE)
    .default(''),
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
export const templatePreviewInputSchema = z.object({
  lang: templateLanguageSchema,
  ...content,
  /**
   * The record to fill the placeholders from, of the kind's record type (`record.type` of the answer:
   * an order, a quote, an invoice, a subscription or a customer); by default the latest one that has
   * what the template needs (an order with a number, a subscription with a buyout price, ...).
   */
  record_id: z.number().int().positive().optional(),
});
export const templatePreviewSchema = z.object({
  subject: z.string(),
  html: z.string(),
  /** What the placeholders were filled from ("Customer Jane Doe (#12)"), or why some stay empty. */
  source: z.string(),
  /** Placeholders in the content the product does not know for this kind: probably typos. */
  unknown_placeholders: z.array(z.string()),
  /** The record the preview was filled from; `null` when the kind needs none or the company has none. */
  record: z
    .object({
      type: z.enum(['customer', 'order', 'quote', 'invoice', 'subscription']),
      id: z.number(),
      label: z.string(),
    })
    .nullable(),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

export const TEMPLATE_TEXTS = {
  notCompanyKind: 'This mail is sent by the platform; only operators change it (Default Email Templates).',
  exists: 'This language already has its own template; change it with PUT.',
  noOverride: 'This language uses the default template; there is nothing of the company’s own to delete.',
} as const;
