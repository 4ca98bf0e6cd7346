/**
 * From what the editor saves to what a mail client gets: the markup is cleaned (no scripts, no event
 * handlers, no javascript: links: a template is seen by every colleague who opens the editor and by
 * every customer), the CSS inlined (many mail clients drop <style>), the placeholders filled with
 * mustache, every value HTML-escaped by our own `escapeHtml` (the outbox hides secret links by their
 * escaped form, `linkSecrets`, so the escaping must be the same one).
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
  // A stray "</style>" in the CSS would end the style block and let markup through unsanitised.
  const css = cssRaw.replace(/<\/?style/gi, '');
  const inlined = juice(`<style>${css}</style>${clean}`, { preserveImportant: true });
  return `<!doctype html><html><head><meta charset="utf-8"></head><body>${inlined}</body></html>`;
}

export const cleanHtml = (htmlRaw: string) => sanitizeHtml(htmlRaw, SANITIZE);

/** Values for the placeholders: nested objects (`{ customer: { first_name } }`), read as `customer.first_name`. */
export type TemplateData = Record<string, unknown>;

const htmlConfig = { escape: (v: unknown) => escapeHtml(String(v)) };
// A subject is one line of plain text: no escaping, and no line breaks (a header injection otherwise).
const subjectConfig = { escape: (v: unknown) => String(v).replace(/[\r\n]+/g, ' ') };

export function renderText(template: { subject: string; body: string }, data: TemplateData) {
  return {
    subject: Mustache.render(template.subject, data, {}, subjectConfig)
      .replace(/[\r\n]+/g, ' ')
      .trim(),
    html: Mustache.render(template.body, data, {}, htmlConfig),
  };
}
