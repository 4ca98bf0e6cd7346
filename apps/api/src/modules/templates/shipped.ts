/**
 * The templates Rentloop ships: every kind of `TEMPLATE_KINDS` in every template language. They become
 * the default rows at start (`ensureDefaultTemplates`) and remain what a default returns to when an
 * operator deletes their version. Plain markup with classes, so the visual editor shows blocks a merchant
 * can restyle; the CSS is inlined into `body` on save (`render.ts`).
 */
import type { TemplateLanguage } from '@rentloop/domain/enums';
import { type TemplateKind, templateKind } from '@rentloop/domain/templates';
import { escapeHtml } from '../../integrations/email/templates.ts';
import { type MailText, SHIPPED_TEXTS } from './shipped-texts.ts';
import { INVOICE_WORDS, SHIPPED_BILLING_TEXTS } from './shipped-texts-billing.ts';
import { SHIPPED_DEBT_TEXTS } from './shipped-texts-debt.ts';
import { SHIPPED_RECORD_TEXTS } from './shipped-texts-records.ts';

export interface ShippedTemplate {
  subject: string;
  html_raw: string;
  css_raw: string;
}

export const MAIL_CSS = `body{margin:0;padding:0;background-color:#f4f6f8;}
.mail{width:100%;max-width:560px;margin:0 auto;font-family:Arial,Helvetica,sans-serif;color:#1d2b36;}
.mail-body{padding:24px;background-color:#ffffff;}
.mail-heading{color:#00745a;font-size:22px;margin:0 0 16px 0;}
.mail-text{font-size:15px;line-height:22px;margin:0 0 12px 0;}
.mail-action{margin:20px 0;}
.mail-button{background-color:#00e3ae;color:#06251c;padding:10px 18px;border-radius:4px;text-decoration:none;font-weight:bold;display:inline-block;}
.mail-fallback{font-size:12px;color:#56646e;}
.mail-footer{font-size:12px;color:#56646e;padding:12px 24px;}`;

const FALLBACK: Record<TemplateLanguage, string> = {
  en: 'If the button does not work, open this address:',
  de: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse:',
  gr: 'Αν το κουμπί δεν λειτουργεί, ανοίξτε αυτή τη διεύθυνση:',
  nl: 'Werkt de knop niet, open dan dit adres:',
  no: 'Virker ikke knappen, åpne denne adressen:',
};

/**
 * The record mails sent to a customer (`RECORD_MAIL_KINDS`, docs/decisions.md 74) carry no
 * button: it led to the back office (`/cms/...`), which a customer cannot open, and the product has no
 * customer-facing page for an order, a quote, a subscription or a receipt. Their button words stay in the
 * shipped texts only to recognise the defaults earlier releases wrote (`formerShippedHtml`).
 */
export const RECORD_MAIL_KINDS: readonly string[] = [
  'order_confirmation',
  'quote',
  'subscription_summary',
  'payment_receipt',
];

function mailHtml(kind: TemplateKind, lang: TemplateLanguage, t: MailText, withButton = true): string {
  const lines = [
    '<table class="mail" role="presentation" cellpadding="0" cellspacing="0"><tr><td class="mail-body">',
    `<h1 class="mail-heading">${escapeHtml(t.heading)}</h1>`,
    ...t.paragraphs.map((p) => `<p class="mail-text">${escapeHtml(p)}</p>`),
  ];
  if (t.button && withButton) {
    lines.push(
      `<p class="mail-action"><a class="mail-button" href="{{action_url}}">${escapeHtml(t.button)}</a></p>`,
      `<p class="mail-fallback">${escapeHtml(FALLBACK[lang])} {{action_url}}</p>`,
    );
  }
  lines.push('</td></tr>');
  if (kind.scope === 'company') lines.push('<tr><td class="mail-footer">{{company.name}}</td></tr>');
  lines.push('</table>');
  return lines.join('\n');
}

export const INVOICE_CSS = `.invoice{font-family:Arial,Helvetica,sans-serif;color:#1d2b36;max-width:760px;margin:0 auto;padding:24px;}
.invoice-title{font-size:26px;color:#00745a;margin:0 0 16px 0;}
.invoice-reference{font-size:14px;font-weight:bold;margin:0 0 8px 0;}
.invoice-meta{font-size:14px;margin:0 0 16px 0;}
.invoice-parties{width:100%;font-size:14px;margin-bottom:24px;}
.invoice-lines{width:100%;font-size:14px;border-collapse:collapse;}
.invoice-total{font-size:16px;font-weight:bold;text-align:right;margin-top:16px;}
.invoice-legal{font-size:12px;color:#56646e;margin-top:32px;}`;

function invoiceHtml(lang: TemplateLanguage): string {
  const w = INVOICE_WORDS[lang];
  return [
    '<div class="invoice">',
    // The title and the legal reference follow the invoice's type (a German cancellation is a
    // "Stornorechnung" naming the invoice it cancels; INVOICE_LABELS in packages/domain).
    '<h1 class="invoice-title">{{invoice.title}} {{invoice.number}}</h1>',
    '{{#invoice.reference}}<p class="invoice-reference">{{invoice.reference}}</p>{{/invoice.reference}}',
    `<p class="invoice-meta">${escapeHtml(w.date)}: {{invoice.date}} · ${escapeHtml(w.due)}: {{invoice.due_date}}</p>`,
    '<table class="invoice-parties" role="presentation"><tr>',
    '<td><strong>{{legal.company_name}}</strong><br>{{legal.address}}</td>',
    `<td><strong>${escapeHtml(w.billTo)}</strong><br>{{customer.name}}<br>{{customer.email}}</td>`,
    '</tr></table>',
    '<div class="invoice-lines">{{{invoice.lines_html}}}</div>',
    `<p class="invoice-total">${escapeHtml(w.total)}: {{invoice.total}}</p>`,
    `<p class="invoice-legal">{{legal.company_name}} · ${escapeHtml(w.vat)}: {{legal.vat_id}} · {{legal.bank}}</p>`,
    '</div>',
  ].join('\n');
}

const ALL_TEXTS = {
  ...SHIPPED_TEXTS,
  ...SHIPPED_BILLING_TEXTS,
  ...SHIPPED_RECORD_TEXTS,
  ...SHIPPED_DEBT_TEXTS,
};

/** The shipped text of a kind in a language; throws for a kind the product does not have. */
export function shippedTemplate(templateId: string, lang: TemplateLanguage): ShippedTemplate {
  const kind = templateKind(templateId);
  if (!kind) throw new Error(`No shipped template ${templateId}`);
  if (kind.type === 'invoice') {
    return { subject: INVOICE_WORDS[lang].subject, html_raw: invoiceHtml(lang), css_raw: INVOICE_CSS };
  }
  const text = ALL_TEXTS[templateId]?.[lang];
  if (!text) throw new Error(`No shipped text for ${templateId}/${lang}`);
  const withButton = !RECORD_MAIL_KINDS.includes(templateId);
  return { subject: text.subject, html_raw: mailHtml(kind, lang, text, withButton), css_raw: MAIL_CSS };
}

/**
 * A record mail's markup as releases before the button was dropped shipped it (with the back-office
 * button): a default row still holding exactly this was never edited and is brought up to date at start
 * (`ensureDefaultTemplates`); an edited one is the operator's and stays.
 */
export function formerShippedHtml(templateId: string, lang: TemplateLanguage): string | null {
  const kind = templateKind(templateId);
  const text = ALL_TEXTS[templateId]?.[lang];
  if (!kind || !text || !RECORD_MAIL_KINDS.includes(templateId)) return null;
  return mailHtml(kind, lang, text, true);
}
