/**
 * The kinds of template and their placeholders, without zod: the web's template screens import this
 * module alone, so they do not pull the schemas into chunks other screens share (scripts/size-budget.mjs).
 */
import type { TemplateLanguage } from './enums.ts';

/** The template languages (as `TEMPLATE_LANGUAGES` in enums.ts, which this module must not import at run time). */
export const TEMPLATE_LANGUAGE_LIST: readonly TemplateLanguage[] = ['de', 'en', 'gr', 'nl', 'no'];

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
    id: 'subscription_summary',
    name: 'Subscription summary',
    type: 'email',
    scope: 'company',
    description:
      'Sends a customer the summary of their subscription (staff send it from the subscription screen).',
    placeholders: [
      ...customer,
      p('subscription.number', 'Subscription number'),
      p('subscription.product', 'Product'),
      p('subscription.price', 'Price per billing period'),
      p('subscription.start_date', 'Start date'),
      p('subscription.next_billing_date', 'Next billing date'),
      action,
    ],
  },
  {
    id: 'payment_receipt',
    name: 'Payment receipt',
    type: 'email',
    scope: 'company',
    description: 'Confirms to a customer a payment received (staff send it from the payment screen).',
    placeholders: [
      ...customer,
      p('payment.amount', 'Amount paid'),
      p('payment.date', 'Payment date'),
      p('payment.reference', 'Payment reference'),
      p('invoice.number', 'Invoice number'),
      action,
    ],
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
    id: 'payment_method_declined',
    name: 'Payment method declined',
    type: 'email',
    scope: 'company',
    description:
      'Tells a customer their bank declined a recurring payment for good (a card reported lost or stolen, closed, expired): no retry, the payment method must change.',
    placeholders: [
      ...customer,
      p('invoice.number', 'Invoice number'),
      p('payment.amount', 'Amount due'),
      action,
    ],
  },
  {
    id: 'debt_collection_handover',
    name: 'Debt collection notice',
    type: 'email',
    scope: 'company',
    description:
      'Tells a customer an unpaid invoice was handed over to the debt collection agency (sent when the agency has the claim, while the setting “Tell the customer” of Debt collection is on).',
    placeholders: [
      ...customer,
      p('invoice.number', 'Invoice number'),
      p('invoice.due_date', 'Due date'),
      p('payment.amount', 'Amount handed over'),
      p('agency.name', 'Collection agency'),
    ],
  },
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
    id: 'invoices_download',
    name: 'Invoices download',
    type: 'email',
    scope: 'company',
    description:
      'Sends a staff member the link to the ZIP of the invoice PDFs they selected (Invoices, Download PDFs).',
    placeholders: [
      p('user.name', 'Staff member'),
      p('download.count', 'Number of invoices'),
      p('download.expires', 'Link valid until'),
      ...company,
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
      p('invoice.title', 'Document title (by type: Invoice, Cancellation invoice, Replacement invoice, ...)'),
      p(
        'invoice.reference',
        'Reference to the corrected invoice (a cancellation or replacement; else empty)',
      ),
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

/** The editor's local draft: `localStorage[draftKey(id, lang)]` (the spec: a key prefixed per template id). */
export const templateDraftKey = (templateId: string, lang: string, scope: 'company' | 'default') =>
  `${templateId}:template-draft:${scope}:${lang}`;

/** The record a template's preview is filled from (issue 25 item 7); `null`: the kind needs none. */
export type PreviewRecordType = 'customer' | 'order' | 'quote' | 'invoice' | 'subscription';

/**
 * Which record a kind's placeholders come from: the most specific one its placeholders name (an
 * order confirmation needs an order, which brings its customer); a customer for a kind that only
 * names the customer; none for the mails to staff and the platform's own.
 */
export function previewRecordType(kind: Pick<TemplateKind, 'placeholders'>): PreviewRecordType | null {
  const roots = new Set(kind.placeholders.map((p) => p.key.split('.')[0]));
  if (roots.has('subscription') || roots.has('buyout')) return 'subscription';
  if (roots.has('invoice') || roots.has('payment')) return 'invoice';
  if (roots.has('quote')) return 'quote';
  if (roots.has('order')) return 'order';
  if (roots.has('customer')) return 'customer';
  return null;
}
