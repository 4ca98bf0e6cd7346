/**
 * The trails' totals (trail-counts.ts): the folded totals plus the changes not folded yet equal
 * count(*) for every scope, before and after a fold, after inserts and deletes, and the lists built on
 * them (history logs, events, email history) answer those totals.
 */
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import '../app.ts';
import { historyLogList } from '../modules/history-logs/service.ts';
import { testCtx } from '../testing/ctx.ts';
import { createCompany, useHarness } from '../testing/harness.ts';
import type { Db } from './client.ts';
import { foldTrailCounts, type TrailScope, trailTotal } from './trail-counts.ts';

const h = useHarness();
let a: number;
let b: number;
const db = () => h.database.primary as unknown as Db;
const one = async (query: ReturnType<typeof sql>) =>
  Number(((await h.database.primary.execute(query)) as unknown as { rows: { n: unknown }[] }).rows[0]?.n);

const TRAILS = {
  history_logs: (company: string) =>
    sql.raw(`insert into history_logs (company_id, entity_type, entity_id, action)
             select ${company}, 'customers', n::text, 'created' from generate_series(1, 7) as n`),
  events: (company: string) =>
    sql.raw(`insert into events (company_id, type, object, object_id)
             select ${company}, 'customer.created', 'customer', n from generate_series(1, 5) as n`),
  email_entries: (company: string) =>
    sql.raw(`insert into email_entries (company_id, kind, "to", subject, body_html)
             select ${company}, 'invitation', 'x' || n || '@mail.test', 'S', '<p></p>' from generate_series(1, 3) as n`),
} as const;

const where: Record<TrailScope, (company: number) => string> = {
  company: (c) => `company_id = ${c}`,
  'company+platform': (c) => `(company_id = ${c} or company_id is null)`,
  all: () => 'true',
};

async function expectExact() {
  for (const entity of Object.keys(TRAILS)) {
    for (const scope of Object.keys(where) as TrailScope[]) {
      for (const company of [a, b]) {
        const counted = await one(
          sql.raw(`select count(*) as n from ${entity} where ${where[scope](company)}`),
        );
        const kept = await one(sql`select ${trailTotal(entity, scope, company)} as n`);
        expect(kept, `${entity} ${scope} ${company}`).toBe(counted);
      }
    }
  }
}

beforeAll(async () => {
  a = (await createCompany(h.database)).id;
  b = (await createCompany(h.database)).id;
});

describe('trail counts', () => {
  it('are exact for every scope after inserts, a fold, more inserts and deletes', async () => {
    for (const insert of Object.values(TRAILS)) {
      for (const company of [String(a), String(b), 'null']) await h.database.primary.execute(insert(company));
    }
    await expectExact();
    expect(await foldTrailCounts(db())).toBeGreaterThan(0);
    await expectExact();
    // Nothing left to fold: a second fold moves nothing and changes no total.
    expect(await foldTrailCounts(db())).toBe(0);
    await expectExact();
    for (const insert of Object.values(TRAILS)) await h.database.primary.execute(insert(String(a)));
    await h.database.primary.execute(sql`delete from events where company_id = ${b}`);
    await h.database.primary.execute(
      sql`delete from history_logs where id in (select id from history_logs where company_id is null limit 2)`,
    );
    await expectExact();
    await foldTrailCounts(db());
    await expectExact();
  });

  it('a fold rolled back with its transaction changes nothing', async () => {
    await h.database.primary.execute(TRAILS.history_logs(String(a)));
    const before = await one(sql`select ${trailTotal('history_logs', 'company', a)} as n`);
    await expect(
      h.database.primary.transaction(async (tx) => {
        await foldTrailCounts(tx as unknown as Db);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await one(sql`select ${trailTotal('history_logs', 'company', a)} as n`)).toBe(before);
    await expectExact();
  });

  it('the history-log list answers the kept total (company and operator scopes)', async () => {
    const params = {
      page: 1,
      perPage: 5,
      offset: 0,
      search: undefined,
      sort: 'id' as const,
      desc: true,
      filters: {},
    };
    for (const scope of ['company', 'withPlatform', 'all'] as const) {
      const { total } = await historyLogList.list(testCtx(db(), a), params, scope);
      const counted = await one(
        sql.raw(
          `select count(*) as n from history_logs where ${where[scope === 'withPlatform' ? 'company+platform' : scope](a)}`,
        ),
      );
      expect(total, scope).toBe(counted);
    }
    // The total is the kept one, not a count: a (deliberately) wrong kept total shows through.
    await foldTrailCounts(db());
    const bump = (by: number) =>
      h.database.primary.execute(
        sql`update trail_counts set total = total + ${by} where company_key = ${a} and entity = 'history_logs'`,
      );
    await bump(1000);
    const { total } = await historyLogList.list(testCtx(db(), a), params, 'company');
    await bump(-1000);
    expect(total).toBe(
      (await one(sql.raw(`select count(*) as n from history_logs where company_id = ${a}`))) + 1000,
    );
  });
});
