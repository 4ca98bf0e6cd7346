/**
 * From what the editor saves to what a mail client gets: the markup is cleaned (no scripts, no event
 * handlers, no javascript: links: a template is seen by every colleague who opens the editor and by
 * every customer), the CSS inlined (many mail clients drop <style>), the placeholders filled with
 * mustache, every value HTML-escaped by our own `escapeHtml` (the outbox hides secret links by their
 * escaped form, `linkSecrets`, so the escaping must be the same one). Triple braces (`{{{x}}}`,
 * `{{&x}}`) are escaped too, except for RAW_HTML_FIELDS: markup the product renders itself.
 */
import juice from 'juice';
import Mustache from 'mustache';
import sanitizeHtml from 'sanitize-html';
import { invalid } from '../../errors.ts';
import { escapeHtml } from '../../integrations/email/templates.ts';

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'font', 'center', 'section', 'header', 'footer'],
  allowedAttributes: {
    '*': [
      'class',
      'id',
      'style',
      'align',
      'valign',
      'width',
      'height',
      'bgcolor',
      'dir',
      'lang',
      'title',
      'role',
    ],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'border'],
    table: ['cellpadding', 'cellspacing', 'border'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
    font: ['color', 'face', 'size'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel', 'cid', 'data'],
  allowedSchemesByTag: { a: ['http', 'https', 'mailto', 'tel'] },
};

type Token = [string, string, number, number, Token[]?];

/** The placeholders a text uses (`{{a.b}}`, sections and unescaped ones), or a 422 naming the field. */
export function placeholdersOf(text: string, field: string): string[] {
  let tokens: Token[];
  try {
    tokens = Mustache.parse(text) as unknown as Token[];
  } catch (e) {
    throw invalid(field, `A placeholder is not closed: ${e instanceof Error ? e.message : 'parse error'}`);
  }
  const names = new Set<string>();
  const walk = (list: Token[]) => {
    for (const t of list) {
      if (['name', '&', '#', '^'].includes(t[0])) names.add(t[1]);
      if (t[4]) walk(t[4]);
    }
  };
  walk(tokens);
  return [...names];
}

/** The mail's body as stored: the markup cleaned, the CSS inlined, placeholders untouched. */
export function composeBody(htmlRaw: string, cssRaw: string): string {
  const clean = sanitizeHtml(htmlRaw, SANITIZE);
  // CSS never needs a "<", and without one nothing in it can end the <style> block and start markup
  // (a one-pass strip of "</style" let "</sty</stylele>" through). Saving refuses it (422 on
  // `css_raw`); dropping every "<" here covers styles stored before that check.
  const css = cssRaw.replaceAll('<', '');
  const inlined = juice(`<style>${css}</style>${clean}`, { preserveImportant: true });
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>${inlined}</body></html>`;
}

export const cleanHtml = (htmlRaw: string) => sanitizeHtml(htmlRaw, SANITIZE);

/** Values for the placeholders: nested objects (`{ customer: { first_name } }`), read as `customer.first_name`. */
export type TemplateData = Record<string, unknown>;

/**
 * The only placeholders a template may put in unescaped (`{{{...}}}`): markup the product renders
 * itself from its own records, escaping every value inside it (invoices/document.ts `linesHtml`,
 * cumulated-invoices/statement.ts `entriesHtml`). Anything else a customer or colleague typed is
 * escaped however the template asks for it.
 */
export const RAW_HTML_FIELDS: ReadonlySet<string> = new Set(['invoice.lines_html']);

type MustacheContext = Parameters<Mustache.Writer['unescapedValue']>[1];

/** Mustache whose unescaped placeholders are escaped unless listed in RAW_HTML_FIELDS. */
class MailWriter extends Mustache.Writer {
  override unescapedValue(token: string[], context: MustacheContext): string {
    const value = super.unescapedValue(token, context);
    if (value == null || RAW_HTML_FIELDS.has(token[1] ?? '')) return value;
    return escapeHtml(String(value));
  }
}
const htmlWriter = new MailWriter();

const htmlConfig = { escape: (v: unknown) => escapeHtml(String(v)) };
// A subject is one line of plain text: no escaping, and no line breaks (a header injection otherwise).
const subjectConfig = { escape: (v: unknown) => String(v).replace(/[\r\n]+/g, ' ') };

export function renderText(template: { subject: string; body: string }, data: TemplateData) {
  return {
    subject: Mustache.render(template.subject, data, {}, subjectConfig)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html: htmlWriter.render(template.body, data, {}, htmlConfig),
  };
}
