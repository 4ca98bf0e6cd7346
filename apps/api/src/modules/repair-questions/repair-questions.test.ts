import { MESSAGES } from '@rentloop/domain/messages';
import type { RepairPage, RepairQuestionnaire } from '@rentloop/domain/repair-questions';
import { defaultRepairQuestionnaire } from '@rentloop/domain/repair-questions-default';
import { deleteQuestion, moveQuestion } from '@rentloop/domain/repair-questions-editor';
import { REPAIR_QUESTION_TEXTS } from '@rentloop/domain/repair-questions-rules';
import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { repairQuestionnaireVersions } from '../../db/schema/index.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { currentQuestionnaireVersion, questionnaireVersion } from './service.ts';

const clock = fixedClock('2026-11-29T10:00:00Z');
const h = useHarness({ clock });

const url = (company: number) => `/api/${company}/rentloopdb/repairs-questions`;
const get = (who: TestUser, company: number) => call(h.app, who, { method: 'GET', url: url(company) });
const post = (who: TestUser, company: number, payload: object, headers: Record<string, string> = {}) =>
  call(h.app, who, { method: 'POST', url: url(company), payload, headers });
const data = (res: { json(): { data: RepairQuestionnaire } }) => res.json().data;

/** A company of its own per test, with an owner, an admin and a plain user. */
async function company(currency: 'CAD' | 'EUR' = 'CAD') {
  const c = await createCompany(h.database, { currency });
  return {
    id: c.id,
    owner: await createUser(h, { company: c, role: 'owner' }),
    admin: await createUser(h, { company: c, role: 'admin' }),
    user: await createUser(h, { company: c, role: 'user' }),
  };
}

const versionsOf = async (companyId: number) =>
  (
    await h.database.primary
      .select({ version: repairQuestionnaireVersions.version })
      .from(repairQuestionnaireVersions)
      .where(eq(repairQuestionnaireVersions.company_id, companyId))
  )
    .map((r) => r.version)
    .sort((a, b) => a - b);

/** The questionnaire with one question changed by `edit`. */
const withQuestion = (pages: RepairPage[], name: string, edit: object): RepairPage[] =>
  pages.map((p) => ({
    ...p,
    questions: p.questions.map((q) => (q.name === name ? { ...q, ...edit } : q)),
  }));

let other: Awaited<ReturnType<typeof company>>;
beforeAll(async () => {
  other = await company();
});

describe('GET repairs-questions', () => {
  it('answers the default questionnaire of spec 02 §4 to a company that saved none, its rate in its currency', async () => {
    const c = await company('EUR');
    const res = await get(c.admin, c.id);
    expect(res.statusCode, res.body).toBe(200);
    const q = data(res);
    expect(q).toMatchObject({ id: null, version: null, is_default: true, currency: 'EUR', created_by: null });
    expect(q.pages.map((p) => p.type)).toEqual(['STEP', 'STEP', 'SUMMARY']);
    expect(q.pages.flatMap((p) => p.questions)).toHaveLength(13);
    const labour = q.pages[2]!.questions.find((x) => x.duration_to_cost)!;
    expect(labour.cost_rate).toBe('40.00');
    expect(q.pages.flatMap((p) => p.questions).some((x) => x.action === 'REMOVE_STOCK')).toBe(true);
    // Nothing is written by reading.
    expect(await versionsOf(c.id)).toEqual([]);
  });

  it('is for owners and admins: a plain user gets 403, another company’s owner 404', async () => {
    const c = await company();
    expect((await get(c.owner, c.id)).statusCode).toBe(200);
    expect((await get(c.user, c.id)).statusCode).toBe(403);
    expect((await post(c.user, c.id, { pages: defaultRepairQuestionnaire() })).statusCode).toBe(403);
    expect((await get(other.owner, c.id)).statusCode).toBe(404);
    expect((await post(other.owner, c.id, { pages: defaultRepairQuestionnaire() })).statusCode).toBe(404);
    expect(await versionsOf(c.id)).toEqual([]);
  });
});

describe('POST repairs-questions', () => {
  it('saves versions: the first save is version 1, the same questionnaire again adds none, a change adds the next', async () => {
    const c = await company();
    const start = data(await get(c.admin, c.id));
    const first = await post(c.admin, c.id, { pages: start.pages, version: null });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe(MESSAGES.questionnaireUpdated);
    const v1 = data(first);
    expect(v1).toMatchObject({
      version: 1,
      is_default: false,
      currency: 'CAD',
      created_at: '2026-11-29T10:00:00.000Z',
    });
    expect(v1.created_by).toMatchObject({ id: c.admin.id, email: c.admin.email });
    expect(v1.pages).toEqual(start.pages);

    const again = await post(c.admin, c.id, { pages: v1.pages, version: 1 });
    expect(data(again)).toMatchObject({ id: v1.id, version: 1 });
    expect(await versionsOf(c.id)).toEqual([1]);

    // The editor's day: move "rentable again" up, delete "is complete" (its children lose their link).
    let pages = moveQuestion(v1.pages, { page: 1, question: 1 }, 'up').pages;
    pages = deleteQuestion(pages, { page: 0, question: 0 }).pages;
    const second = await post(c.owner, c.id, { pages, version: 1 });
    expect(second.statusCode, second.body).toBe(200);
    const v2 = data(second);
    expect(v2.version).toBe(2);
    expect(v2.pages[1]!.questions.map((q) => [q.name, q.position])).toEqual([
      ['rentable_again', 1],
      ['repair_duration', 2],
      ['sell_for_parts', 3],
      ['delete_from_stock', 4],
    ]);
    const orphans = v2.pages[0]!.questions.filter((q) =>
      ['has_missing_parts', 'has_damaged_parts'].includes(q.name),
    );
    expect(orphans.map((q) => [q.parent, q.link_description])).toEqual([
      [null, null],
      [null, null],
    ]);
    expect(data(await get(c.admin, c.id))).toEqual(v2);

    // Each version is in the company's audit trail, named by its number, with who saved it.
    const trail = await call(h.app, c.admin, {
      method: 'GET',
      url: `/api/${c.id}/utils/history-logs?filters=${encodeURIComponent(JSON.stringify({ entity: 'repair_questionnaire_versions' }))}`,
    });
    expect(trail.statusCode, trail.body).toBe(200);
    expect(
      (trail.json().data as { entity_name: string; action: string; user_id: number }[]).map((e) => [
        e.entity_name,
        e.action,
        e.user_id,
      ]),
    ).toEqual([
      ['Version 2', 'created', c.owner.id],
      ['Version 1', 'created', c.admin.id],
    ]);

    // A repair answered with version 1 still shows version 1's questions.
    const ctx = testCtx(h.database.primary, c.id);
    expect(await questionnaireVersion(ctx, v1.id!)).toEqual(v1);
    await expect(questionnaireVersion(testCtx(h.database.primary, other.id), v1.id!)).rejects.toMatchObject({
      status: 404,
    });
  });

  it('refuses a questionnaire that breaks its rules with a 422 naming each field, and saves nothing', async () => {
    const c = await company();
    const pages = defaultRepairQuestionnaire();
    const cases: [RepairPage[], string, string][] = [
      [
        withQuestion(pages, 'missing_parts', { parent: { name: 'nope', conditional_value: 'yes' } }),
        'pages.0.questions.2.parent.name',
        REPAIR_QUESTION_TEXTS.questionParentMissing,
      ],
      [
        withQuestion(pages, 'is_complete', {
          parent: { name: 'has_missing_parts', conditional_value: 'yes' },
        }),
        'pages.0.questions.0.parent.name',
        REPAIR_QUESTION_TEXTS.questionParentCycle(['is_complete', 'has_missing_parts', 'is_complete']),
      ],
      [[pages[2]!, pages[0]!, pages[1]!], 'pages.0.type', REPAIR_QUESTION_TEXTS.questionnaireSummaryNotLast],
      [
        withQuestion(pages, 'duration_cost', { cost_rate: null }),
        'pages.2.questions.0.cost_rate',
        REPAIR_QUESTION_TEXTS.questionCostRateMissing,
      ],
      [
        withQuestion(pages, 'duration_cost', { cost_rate: '40.125' }),
        'pages.2.questions.0.cost_rate',
        'Must be an amount in CAD (at most its number of decimals).',
      ],
      [
        withQuestion(pages, 'is_complete', { component: { type: 'CHECKBOX' } }),
        'pages.0.questions.0.component.type',
        '',
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(c.admin, c.id, { pages: body.map((p, i) => ({ ...p, position: i + 1 })) });
      expect(res.statusCode, `${field}: ${res.body}`).toBe(422);
      expect(Object.keys(res.json().errors)).toContain(field);
      if (message) expect(res.json().errors[field]).toEqual([message]);
    }
    const unknown = await post(c.admin, c.id, { pages, colour: 'red' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toHaveProperty(['colour']);
    expect(await versionsOf(c.id)).toEqual([]);
  });

  it('refuses (409) a save over a version saved meanwhile, and keeps theirs', async () => {
    const c = await company();
    const v1 = data(await post(c.admin, c.id, { pages: defaultRepairQuestionnaire() }));
    // Two admins open version 1; the owner saves first.
    const theirs = withQuestion(v1.pages, 'is_complete', { text: 'Is everything there?' });
    expect(data(await post(c.owner, c.id, { pages: theirs, version: 1 })).version).toBe(2);
    const mine = withQuestion(v1.pages, 'rentable_again', { text: 'Rent it out again?' });
    const late = await post(c.admin, c.id, { pages: mine, version: 1 });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe(REPAIR_QUESTION_TEXTS.questionnaireChanged(2));
    expect(data(await get(c.admin, c.id)).pages[0]!.questions[0]!.text).toBe('Is everything there?');
    // Saving what is already there is no conflict; from the version it was, mine saves.
    expect(data(await post(c.admin, c.id, { pages: theirs, version: 1 })).version).toBe(2);
    expect(data(await post(c.admin, c.id, { pages: mine, version: 2 })).version).toBe(3);
    expect(await versionsOf(c.id)).toEqual([1, 2, 3]);
  });

  it('is idempotent: a repeat with the same key answers the first save', async () => {
    const c = await company();
    const key = { 'Idempotency-Key': 'questions-save-1' };
    const pages = withQuestion(defaultRepairQuestionnaire(), 'is_complete', { mandatory: false });
    const first = await post(c.admin, c.id, { pages }, key);
    const repeat = await post(c.admin, c.id, { pages }, key);
    expect(repeat.statusCode).toBe(200);
    expect(repeat.headers['idempotent-replayed']).toBe('true');
    expect(repeat.json()).toEqual(first.json());
    expect(await versionsOf(c.id)).toEqual([1]);
  });

  it('numbers concurrent saves one after the other, none lost', async () => {
    const c = await company();
    const saves = await Promise.all(
      [1, 2, 3, 4, 5].map((n) =>
        post(c.admin, c.id, {
          pages: withQuestion(defaultRepairQuestionnaire(), 'is_complete', { text: `Complete ${n}?` }),
        }),
      ),
    );
    for (const res of saves) expect(res.statusCode, res.body).toBe(200);
    expect(saves.map((r) => data(r).version).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(await versionsOf(c.id)).toEqual([1, 2, 3, 4, 5]);
  });
});

describe('the version a repair is answered with', () => {
  it('is the latest, or the default saved as version 1 once for a company that saved none', async () => {
    const c = await company();
    const ctx = testCtx(h.database.primary, c.id, { clock });
    const first = await currentQuestionnaireVersion(ctx);
    expect(first).toMatchObject({ version: 1, is_default: false, created_by: null });
    expect(first.pages).toEqual(data(await get(c.admin, c.id)).pages);
    expect((await currentQuestionnaireVersion(ctx)).id).toBe(first.id);
    expect(await versionsOf(c.id)).toEqual([1]);
  });
});
