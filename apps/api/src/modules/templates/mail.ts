/**
 * Mails from templates: the text a mail is made of (the company's own text of the language, else the
 * default, else English) and the live preview of unsaved content on a real record of the company.
 */
import type { TemplateLanguage } from '@rentloop/domain/enums';
import { previewRecordType, type TemplateKind } from '@rentloop/domain/template-kinds';
import { type TemplatePreview, templateKind } from '@rentloop/domain/templates';
import { and, eq, inArray, isNull, or } from 'drizzle-orm';
import type { Ctx, PlatformCtx } from '../../context.ts';
import { companies, templates, users } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';
import { getSettings } from '../settings/sections.ts';
import { type PreviewRecord, previewRecord } from './preview-records.ts';
import { composeBody, placeholdersOf, renderText, type TemplateData } from './render.ts';
import { shippedTemplate } from './shipped.ts';

/** The language of a company's mails: its email settings' default language. */
export async function companyMailLanguage(ctx: Ctx): Promise<TemplateLanguage> {
  return (await getSettings(ctx, 'email')).default_language;
}

/**
 * Subject and HTML of a mail of kind `templateId`. Looks for the language asked for and English, in the
 * company's own texts and the defaults, and takes the first of: own text in the language, default in the
 * language, own English, default English (the shipped text when even that is missing).
 */
export async function renderMail(
  ctx: PlatformCtx,
  mail: { companyId: number | null; templateId: string; lang: TemplateLanguage; data: TemplateData },
): Promise<{ subject: string; html: string }> {
  return renderText(await mailTemplateOf(ctx, mail), mail.data);
}

/**
 * The template `renderMail` renders (subject and body, placeholders unfilled): read once, it renders
 * any number of mails or documents of one kind and language (the billing run's invoices of a batch).
 */
export async function mailTemplateOf(
  ctx: PlatformCtx,
  mail: { companyId: number | null; templateId: string; lang: TemplateLanguage },
): Promise<{ subject: string; body: string }> {
  const langs = [...new Set<TemplateLanguage>([mail.lang, 'en'])];
  const rows = await ctx.db
    .select({
      company_id: templates.company_id,
      lang: templates.lang,
      subject: templates.subject,
      body: templates.body,
    })
    .from(templates)
    .where(
      and(
        eq(templates.template_id, mail.templateId),
        inArray(templates.lang, langs),
        mail.companyId === null
          ? isNull(templates.company_id)
          : or(isNull(templates.company_id), eq(templates.company_id, mail.companyId)),
      ),
    );
  const pick = langs
    .flatMap((lang) => [
      rows.find((r) => r.lang === lang && r.company_id !== null),
      rows.find((r) => r.lang === lang && r.company_id === null),
    ])
    .find(Boolean);
  return pick ?? shippedBody(mail.templateId, mail.lang);
}

function shippedBody(templateId: string, lang: TemplateLanguage) {
  const s = shippedTemplate(templateId, lang);
  return { subject: s.subject, body: composeBody(s.html_raw, s.css_raw) };
}

/**
 * Where a mail to a customer may send them (`action_url`): there is no customer portal, and the back
 * office (`/cms/...`) is not theirs, so the company's website, else a mail to its support address
 * (general settings), else nothing. The dunning's button uses it, and a company's own copy of a record
 * mail that kept the `{{action_url}}` button (the shipped record mails have none, shipped.ts).
 */
export function customerActionUrl(general: { website_url: string | null; support_email: string | null }) {
  if (general.website_url) return general.website_url;
  return general.support_email ? `mailto:${general.support_email}` : '';
}

/** The `company.*` placeholders: its name and the support address of its general settings. */
export async function companyPlaceholders(ctx: PlatformCtx, companyId: number) {
  const [company] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  const general = await getSettings({ ...ctx, companyId } as Ctx, 'general');
  return { name: company?.name ?? '', support_email: general.support_email ?? '' };
}

/**
 * Placeholder values: you as user and inviter, the company, and the record the kind needs (the one
 * picked, else the latest one that has what the template needs; see preview-records.ts).
 */
async function previewData(
  ctx: PlatformCtx,
  companyId: number | null,
  kind: TemplateKind,
  lang: TemplateLanguage,
  recordId: number | undefined,
): Promise<{ data: TemplateData; source: string[]; record: PreviewRecord['record'] }> {
  const source: string[] = [];
  const data: TemplateData = { action_url: 'https://example.com/preview-link' };
  const userId = ctx.actor.kind === 'user' ? ctx.actor.userId : null;
  if (userId) {
    const [me] = await ctx.db.select({ name: users.name }).from(users).where(eq(users.id, userId));
    data.user = { name: me?.name ?? '' };
    data.inviter = { name: me?.name ?? '' };
    source.push(`you (${me?.name ?? ''}) as user and inviter`);
  }
  const type = previewRecordType(kind);
  if (companyId === null) return { data, source, record: null };
  data.company = await companyPlaceholders(ctx, companyId);
  if (type === null) return { data, source, record: null };
  const found = await previewRecord(ctx, companyId, type, kind, lang, recordId);
  // No such record yet (no invoice issued): the latest customer still fills the customer's fields.
  const customer =
    found.record || type === 'customer'
      ? undefined
      : await previewRecord(ctx, companyId, 'customer', kind, lang, undefined);
  Object.assign(data, customer?.data, found.data);
  const named = found.record ?? customer?.record;
  if (named) source.push(`${named.type} ${named.label} (#${named.id})`);
  else source.push('no customer yet: customer fields stay empty');
  return { data, source, record: found.record };
}

/**
 * Unsaved content rendered as the mail would be, on real records. Orders, quotes, invoices and payments
 * do not exist yet, so their placeholders render empty, and the answer says so.
 */
export async function previewTemplate(
  ctx: PlatformCtx,
  companyId: number | null,
  templateId: string,
  content: {
    subject: string;
    html_raw: string;
    css_raw?: string;
    lang: TemplateLanguage;
    record_id?: number;
  },
): Promise<TemplatePreview> {
  const kind = templateKind(templateId);
  if (!kind) throw notFound();
  const used = [
    ...placeholdersOf(content.subject, 'subject'),
    ...placeholdersOf(content.html_raw, 'html_raw'),
  ];
  const known = new Set(kind.placeholders.map((p) => p.key));
  const { data, source, record } = await previewData(
    ctx,
    kind.scope === 'company' ? companyId : null,
    kind,
    content.lang,
    content.record_id,
  );
  // Placeholders of the kind that the record filled nothing for (a quote's fields with no quote yet).
  const missing = used.filter(
    (k) =>
      known.has(k) && /^(?!customer|company|user|inviter)\w+\./.test(k) && valueAt(data, k) === undefined,
  );
  if (missing.length > 0)
    source.push(
      `no ${[...new Set(missing.map((k) => k.split('.')[0]))].join(', ')} yet: those fields stay empty`,
    );
  const rendered = renderText(
    { subject: content.subject, body: composeBody(content.html_raw, content.css_raw ?? '') },
    data,
  );
  return {
    subject: rendered.subject,
    html: rendered.html,
    source: `Filled from ${source.join('; ')}.`,
    unknown_placeholders: [...new Set(used.filter((k) => !known.has(k)))],
    record,
  };
}

function valueAt(data: TemplateData, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], data);
}

/** The invitation to a company, in the company's mail language, from its own text or the default. */
export async function companyInvitationMail(ctx: Ctx, to: { name: string; inviter: string; href: string }) {
  return renderMail(ctx, {
    companyId: ctx.companyId,
    templateId: 'invitation',
    lang: await companyMailLanguage(ctx),
    data: {
      user: { name: to.name },
      inviter: { name: to.inviter },
      company: await companyPlaceholders(ctx, ctx.companyId),
      action_url: to.href,
    },
  });
}

/** A mail of the platform's own (no company): the operators' default, in English. */
export async function platformMail(
  ctx: PlatformCtx,
  templateId: 'operator_invitation' | 'verification' | 'password_reset',
  to: { name: string; href: string },
) {
  return renderMail(ctx, {
    companyId: null,
    templateId,
    lang: 'en',
    data: { user: { name: to.name }, action_url: to.href },
  });
}
