/**
 * The repair questionnaire of a company (spec 02 §3, §4, §7 `repairs-questions`): the latest saved
 * version, or the default while there is none; saving keeps a new version when something changed
 * (decision 49). A repair takes the version it is answered with from `currentQuestionnaireVersion` and
 * shows it again from `questionnaireVersion`, whatever was saved since.
 */
import type {
  RepairPage,
  RepairQuestionnaire,
  RepairQuestionnaireInput,
} from '@rentloop/domain/repair-questions';
import { defaultRepairQuestionnaire } from '@rentloop/domain/repair-questions-default';
import { REPAIR_QUESTION_TEXTS } from '@rentloop/domain/repair-questions-rules';
import { and, desc, eq, sql } from 'drizzle-orm';
import { actingUserId, type Ctx } from '../../context.ts';
import {
  repairQuestionnaireVersions,
  type StoredRepairPage,
  type StoredRepairQuestionnaire,
  users,
} from '../../db/schema/index.ts';
import { AppError, notFound } from '../../errors.ts';
import { companyCurrency, toDecimal, toMinor } from '../../money.ts';

const v = repairQuestionnaireVersions;

const selection = {
  id: v.id,
  version: v.version,
  currency: v.currency,
  questionnaire: v.questionnaire,
  created_at: v.created_at,
  created_by_id: users.id,
  created_by_name: users.name,
  created_by_email: users.email,
};
type VersionRow = {
  id: number;
  version: number;
  currency: string;
  questionnaire: StoredRepairQuestionnaire;
  created_at: string;
  created_by_id: number | null;
  created_by_name: string | null;
  created_by_email: string | null;
};

/** The pages as stored: rates in minor units of `currency` (a rate it cannot hold: 422 on its field). */
function toStored(pages: RepairQuestionnaireInput['pages'], currency: string): StoredRepairPage[] {
  return pages.map((page, i) => ({
    name: page.name,
    position: i + 1,
    type: page.type,
    questions: page.questions.map((q, j) => {
      const { cost_rate, position: _, ...rest } = q;
      const minor = toMinor(cost_rate, currency, `pages.${i}.questions.${j}.cost_rate`);
      return { ...rest, position: j + 1, cost_rate_minor: minor == null ? null : minor.toString() };
    }),
  }));
}

function fromStored(pages: StoredRepairPage[], currency: string): RepairPage[] {
  return pages.map((page) => ({
    ...page,
    questions: page.questions.map(({ cost_rate_minor, ...q }) => ({
      ...q,
      cost_rate: cost_rate_minor === null ? null : toDecimal(BigInt(cost_rate_minor), currency),
    })),
  }));
}

/** JSON with every object's keys sorted: jsonb keeps no key order, so this is how two versions compare. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, x]) => `${JSON.stringify(k)}:${canonical(x)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const answer = (row: VersionRow): RepairQuestionnaire => ({
  id: row.id,
  version: row.version,
  is_default: false,
  currency: row.currency,
  created_at: row.created_at,
  created_by:
    row.created_by_id === null
      ? null
      : { id: row.created_by_id, name: row.created_by_name ?? '', email: row.created_by_email ?? '' },
  pages: fromStored(row.questionnaire.pages, row.currency),
});

function versions(ctx: Ctx) {
  return ctx.db
    .select(selection)
    .from(v)
    .leftJoin(users, eq(users.id, v.created_by))
    .where(eq(v.company_id, ctx.companyId))
    .$dynamic();
}

async function latest(ctx: Ctx): Promise<VersionRow | null> {
  const [row] = await versions(ctx).orderBy(desc(v.version)).limit(1);
  return (row as VersionRow | undefined) ?? null;
}

/** The default questionnaire of spec 02 §4 in the company's currency (its rate: 40 per hour). */
async function defaultIn(ctx: Ctx): Promise<{ currency: string; pages: StoredRepairPage[] }> {
  const currency = await companyCurrency(ctx);
  return { currency, pages: toStored(defaultRepairQuestionnaire(), currency) };
}

/** `GET repairs-questions`: the latest version, or the default while the company has saved none. */
export async function getQuestionnaire(ctx: Ctx): Promise<RepairQuestionnaire> {
  const row = await latest(ctx);
  if (row) return answer(row);
  const { currency, pages } = await defaultIn(ctx);
  return {
    id: null,
    version: null,
    is_default: true,
    currency,
    created_at: null,
    created_by: null,
    pages: fromStored(pages, currency),
  };
}

/** One writer of a company's versions at a time: the next number is read and taken under it. */
const lockVersions = (ctx: Ctx) =>
  ctx.db.execute(sql`select pg_advisory_xact_lock(hashtext(${`repair-questionnaire:${ctx.companyId}`}))`);

async function insertVersion(
  ctx: Ctx,
  number: number,
  currency: string,
  pages: StoredRepairPage[],
): Promise<RepairQuestionnaire> {
  const [inserted] = await ctx.db
    .insert(v)
    .values({
      company_id: ctx.companyId,
      version: number,
      currency,
      questionnaire: { pages },
      created_by: actingUserId(ctx.actor),
      created_at: ctx.clock.now().toISOString(),
    })
    .returning({ id: v.id });
  const [row] = await versions(ctx).where(and(eq(v.company_id, ctx.companyId), eq(v.id, inserted!.id)));
  return answer(row as VersionRow);
}

/**
 * `POST repairs-questions`: saves the whole questionnaire (its rules already checked by the input
 * schema) as the next version. The same questionnaire as the latest version adds none and answers
 * that one. `version` is the version the editor started from (null: the default): when another was
 * saved since, the save is refused (409) instead of silently undoing it.
 */
export async function saveQuestionnaire(
  ctx: Ctx,
  input: RepairQuestionnaireInput,
): Promise<{ questionnaire: RepairQuestionnaire; created: boolean }> {
  await lockVersions(ctx);
  const currency = await companyCurrency(ctx);
  const pages = toStored(input.pages, currency);
  const current = await latest(ctx);
  if (current && current.currency === currency && canonical(current.questionnaire.pages) === canonical(pages))
    return { questionnaire: answer(current), created: false };
  const base = current?.version ?? null;
  if (input.version !== undefined && input.version !== base)
    throw new AppError('conflict', REPAIR_QUESTION_TEXTS.questionnaireChanged(base));
  return { questionnaire: await insertVersion(ctx, (base ?? 0) + 1, currency, pages), created: true };
}

/**
 * The version a repair is answered with: the latest, or the default saved as version 1 when the
 * company has saved none (so the repair can refer to it). For the repairs module.
 */
export async function currentQuestionnaireVersion(
  ctx: Ctx,
): Promise<RepairQuestionnaire & { id: number; version: number }> {
  await lockVersions(ctx);
  const row = await latest(ctx);
  const questionnaire = row
    ? answer(row)
    : await defaultIn(ctx).then(({ currency, pages }) => insertVersion(ctx, 1, currency, pages));
  return questionnaire as RepairQuestionnaire & { id: number; version: number };
}

/** One version by its id (a repair's): another company's is not found. */
export async function questionnaireVersion(ctx: Ctx, id: number): Promise<RepairQuestionnaire> {
  const [row] = await versions(ctx).where(and(eq(v.company_id, ctx.companyId), eq(v.id, id)));
  if (!row) throw notFound();
  return answer(row as VersionRow);
}
