/**
 * Email and invoice templates: the operators' defaults (`company_id` null, one per kind and language,
 * always present) and the companies' own texts, each of which overrides the default of its language.
 * Every company query carries `company_id = ctx.companyId`; a company reads defaults only through the
 * fallback here and never changes them.
 */
import { TEMPLATE_LANGUAGES, type TemplateLanguage } from '@rentloop/domain/enums';
import {
  TEMPLATE_KINDS,
  TEMPLATE_TEXTS,
  type Template,
  type TemplateContent,
  type TemplateKind,
  type TemplateKindSummary,
  templateKind,
} from '@rentloop/domain/templates';
import { and, eq, getTableColumns, isNull, type SQL, sql } from 'drizzle-orm';
import { actingUserId, type Ctx, type PlatformCtx } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { templates, users } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { cleanHtml, composeBody, placeholdersOf } from './render.ts';
import { formerShippedHtml, shippedTemplate } from './shipped.ts';

type Row = typeof templates.$inferSelect & { updated_by_name: string | null };

const columns = { ...getTableColumns(templates), updated_by_name: users.name };

const toTemplate = (r: Row): Template => ({
  id: r.id,
  is_default: r.company_id === null,
  template_id: r.template_id,
  type: r.type,
  lang: r.lang,
  subject: r.subject,
  html_raw: r.html_raw,
  css_raw: r.css_raw,
  body: r.body,
  updated_at: r.updated_at,
  updated_by_name: r.updated_by_name,
});

/**
 * Writes the shipped text of every kind and language that has no default yet, and brings untouched
 * record-mail defaults of earlier releases up to date (each start; idempotent).
 */
export async function ensureDefaultTemplates(database: Database): Promise<number> {
  // Composing a default (placeholder check, cleaning, inlining the CSS) costs a few ms each: only the
  // (kind, language) pairs that have no default row yet are composed, so a usual start composes none.
  const defaults = await database.primary
    .select({
      id: templates.id,
      template_id: templates.template_id,
      lang: templates.lang,
      html_raw: templates.html_raw,
    })
    .from(templates)
    .where(isNull(templates.company_id));
  const present = new Set(defaults.map((r) => `${r.template_id}/${r.lang}`));
  // Untouched record-mail defaults of earlier releases (their back-office button): the current text.
  for (const row of defaults) {
    const lang = row.lang as TemplateLanguage;
    if (row.html_raw !== formerShippedHtml(row.template_id, lang)) continue;
    await database.primary
      .update(templates)
      .set(contentRow(shippedTemplate(row.template_id, lang)))
      .where(eq(templates.id, row.id));
  }
  const missing = TEMPLATE_KINDS.flatMap((kind) =>
    TEMPLATE_LANGUAGES.filter((lang) => !present.has(`${kind.id}/${lang}`)).map((lang) => ({ kind, lang })),
  );
  if (missing.length === 0) return 0;
  const rows = missing.map(({ kind, lang }) => ({
    company_id: null,
    template_id: kind.id,
    type: kind.type,
    lang,
    ...contentRow(shippedTemplate(kind.id, lang)),
  }));
  const inserted = await database.primary
    .insert(templates)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: templates.id });
  return inserted.length;
}

/** The kind named in a path, or 404; `companyKind` refuses the platform's own mails with a 403. */
function kindOf(templateId: string, opts: { companyKind?: boolean } = {}): TemplateKind {
  const kind = templateKind(templateId);
  if (!kind) throw notFound();
  if (opts.companyKind && kind.scope !== 'company')
    throw new AppError('forbidden', TEMPLATE_TEXTS.notCompanyKind);
  return kind;
}

/** Checks a content's placeholders parse, and composes the stored row from it. */
function contentRow(content: TemplateContent) {
  placeholdersOf(content.subject, 'subject');
  placeholdersOf(content.html_raw, 'html_raw');
  const css = content.css_raw ?? '';
  // The editor's markup is kept cleaned too: every colleague who opens the editor loads it.
  const html = cleanHtml(content.html_raw);
  return { subject: content.subject, html_raw: html, css_raw: css, body: composeBody(html, css) };
}

async function selectRows(ctx: PlatformCtx, where: SQL | undefined): Promise<Row[]> {
  return (await ctx.db
    .select(columns)
    .from(templates)
    .leftJoin(users, eq(users.id, templates.updated_by))
    .where(where)
    .orderBy(templates.template_id, templates.lang)) as Row[];
}

const defaultsOf = (templateId: string, lang?: TemplateLanguage) =>
  and(
    isNull(templates.company_id),
    eq(templates.template_id, templateId),
    lang ? eq(templates.lang, lang) : undefined,
  );
const companyRowsOf = (companyId: number, templateId: string, lang?: TemplateLanguage) =>
  and(
    eq(templates.company_id, companyId),
    eq(templates.template_id, templateId),
    lang ? eq(templates.lang, lang) : undefined,
  );

/** The kinds with, per language, whether it was changed: by the company, or (defaults) by an operator. */
function summaries(kinds: readonly TemplateKind[], changed: Map<string, string>): TemplateKindSummary[] {
  return kinds.map((k) => ({
    template_id: k.id,
    name: k.name,
    type: k.type,
    scope: k.scope,
    description: k.description,
    locales: TEMPLATE_LANGUAGES.map((lang) => ({
      lang,
      customised: changed.has(`${k.id}/${lang}`),
      updated_at: changed.get(`${k.id}/${lang}`) ?? null,
    })),
  }));
}

// ---- Company ---------------------------------------------------------------------------------

export async function listCompanyTemplates(ctx: Ctx): Promise<TemplateKindSummary[]> {
  const own = await ctx.db
    .select({ template_id: templates.template_id, lang: templates.lang, updated_at: templates.updated_at })
    .from(templates)
    .where(eq(templates.company_id, ctx.companyId));
  const changed = new Map(own.map((r) => [`${r.template_id}/${r.lang}`, r.updated_at]));
  return summaries(
    TEMPLATE_KINDS.filter((k) => k.scope === 'company'),
    changed,
  );
}

/** Every language of a kind as the company's mails use it: its own text, else the default. */
export async function companyLocales(ctx: Ctx, templateId: string): Promise<Template[]> {
  kindOf(templateId, { companyKind: true });
  const rows = await selectRows(
    ctx,
    and(
      eq(templates.template_id, templateId),
      sql`(${templates.company_id} = ${ctx.companyId} or ${templates.company_id} is null)`,
    ),
  );
  return TEMPLATE_LANGUAGES.flatMap((lang) => {
    const own = rows.find((r) => r.lang === lang && r.company_id !== null);
    const row = own ?? rows.find((r) => r.lang === lang);
    return row ? [toTemplate(row)] : [];
  });
}

export async function companyLocale(ctx: Ctx, templateId: string, lang: TemplateLanguage): Promise<Template> {
  const found = (await companyLocales(ctx, templateId)).find((t) => t.lang === lang);
  if (!found) throw notFound();
  return found;
}

export async function createCompanyLocale(
  ctx: Ctx,
  templateId: string,
  input: TemplateContent & { lang: TemplateLanguage },
): Promise<Template> {
  const kind = kindOf(templateId, { companyKind: true });
  const [exists] = await ctx.db
    .select({ id: templates.id })
    .from(templates)
    .where(companyRowsOf(ctx.companyId, templateId, input.lang));
  if (exists) throw new AppError('conflict', TEMPLATE_TEXTS.exists);
  await ctx.db.insert(templates).values({
    company_id: ctx.companyId,
    template_id: kind.id,
    type: kind.type,
    lang: input.lang,
    updated_by: actingUserId(ctx.actor),
    ...contentRow(input),
  });
  return companyLocale(ctx, templateId, input.lang);
}

/** Saves the company's text of a language: its first save creates it, later ones change it. */
export async function saveCompanyLocale(
  ctx: Ctx,
  templateId: string,
  lang: TemplateLanguage,
  content: TemplateContent,
): Promise<Template> {
  const kind = kindOf(templateId, { companyKind: true });
  const row = contentRow(content);
  const now = ctx.clock.now().toISOString();
  await ctx.db
    .insert(templates)
    .values({
      company_id: ctx.companyId,
      template_id: kind.id,
      type: kind.type,
      lang,
      updated_by: actingUserId(ctx.actor),
      updated_at: now,
      ...row,
    })
    .onConflictDoUpdate({
      target: [templates.company_id, templates.template_id, templates.lang],
      targetWhere: sql`${templates.company_id} is not null`,
      set: { ...row, updated_by: actingUserId(ctx.actor), updated_at: now },
    });
  return companyLocale(ctx, templateId, lang);
}

/** Deletes the company's text of a language: its mails use the default again. */
export async function deleteCompanyLocale(
  ctx: Ctx,
  templateId: string,
  lang: TemplateLanguage,
): Promise<void> {
  kindOf(templateId, { companyKind: true });
  const deleted = await ctx.db
    .delete(templates)
    .where(companyRowsOf(ctx.companyId, templateId, lang))
    .returning({ id: templates.id });
  if (deleted.length === 0) throw new AppError('not_found', TEMPLATE_TEXTS.noOverride);
}

// ---- Defaults (operators) ----------------------------------------------------------------------

export async function listDefaultTemplates(ctx: PlatformCtx): Promise<TemplateKindSummary[]> {
  const rows = await ctx.db.select().from(templates).where(isNull(templates.company_id));
  const changed = new Map<string, string>();
  for (const r of rows) {
    const shipped = shippedTemplate(r.template_id, r.lang);
    const same =
      shipped.subject === r.subject &&
      cleanHtml(shipped.html_raw) === r.html_raw &&
      shipped.css_raw === r.css_raw;
    if (!same) changed.set(`${r.template_id}/${r.lang}`, r.updated_at);
  }
  return summaries(TEMPLATE_KINDS, changed);
}

export async function defaultLocales(ctx: PlatformCtx, templateId: string): Promise<Template[]> {
  kindOf(templateId);
  return (await selectRows(ctx, defaultsOf(templateId))).map(toTemplate);
}

export async function defaultLocale(
  ctx: PlatformCtx,
  templateId: string,
  lang: TemplateLanguage,
): Promise<Template> {
  kindOf(templateId);
  const [row] = await selectRows(ctx, defaultsOf(templateId, lang));
  if (!row) throw notFound();
  return toTemplate(row);
}

/** A default for a kind and language that has none (a kind added since the last start, or a restore). */
export async function createDefault(
  ctx: PlatformCtx,
  input: TemplateContent & { template_id: string; lang: TemplateLanguage },
): Promise<Template> {
  const kind = templateKind(input.template_id);
  if (!kind) throw invalid('template_id', 'No such template.');
  const [exists] = await ctx.db
    .select({ id: templates.id })
    .from(templates)
    .where(defaultsOf(kind.id, input.lang));
  if (exists) throw new AppError('conflict', TEMPLATE_TEXTS.exists);
  await ctx.db.insert(templates).values({
    company_id: null,
    template_id: kind.id,
    type: kind.type,
    lang: input.lang,
    updated_by: actingUserId(ctx.actor),
    ...contentRow(input),
  });
  return defaultLocale(ctx, kind.id, input.lang);
}

export async function saveDefault(
  ctx: PlatformCtx,
  templateId: string,
  lang: TemplateLanguage,
  content: TemplateContent,
): Promise<Template> {
  kindOf(templateId);
  const updated = await ctx.db
    .update(templates)
    .set({
      ...contentRow(content),
      updated_by: actingUserId(ctx.actor),
      updated_at: ctx.clock.now().toISOString(),
    })
    .where(defaultsOf(templateId, lang))
    .returning({ id: templates.id });
  if (updated.length === 0) throw notFound();
  return defaultLocale(ctx, templateId, lang);
}

/**
 * Deletes the operators' text of a default: the shipped text takes its place (a default always exists,
 * since every company falls back to it).
 */
export async function restoreDefault(
  ctx: PlatformCtx,
  templateId: string,
  lang: TemplateLanguage,
): Promise<Template> {
  kindOf(templateId);
  const shipped = shippedTemplate(templateId, lang);
  const updated = await ctx.db
    .update(templates)
    .set({ ...contentRow(shipped), updated_by: null, updated_at: ctx.clock.now().toISOString() })
    .where(defaultsOf(templateId, lang))
    .returning({ id: templates.id });
  if (updated.length === 0) throw notFound();
  return defaultLocale(ctx, templateId, lang);
}
