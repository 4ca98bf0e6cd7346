/**
 * The list endpoints' SQL, run directly: what the database alone can do, next to what the server does.
 *
 * The statements are not written by hand: the list's definition (`defineList`, apps/api/src/db/define-list.ts,
 * with the scope its service uses for the bench's reader) runs once per scenario on a client that records what it
 * sends (text, values and, for a named prepared statement, its name), so the bench times exactly the
 * statements the service issues for that page, then replays them serially on one connection (named
 * ones as prepared statements, as the server runs them). The per-request sign-in check is not included.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import type pg from 'pg';
import type { Db } from '../apps/api/src/db/client.ts';
import * as schema from '../apps/api/src/db/schema/index.ts';
import { collectionList } from '../apps/api/src/modules/catalog/collections.ts';
import { productList, variantList } from '../apps/api/src/modules/catalog/product-lists.ts';
import { customerList } from '../apps/api/src/modules/customers/service.ts';
import { emailEntryList } from '../apps/api/src/modules/email/service.ts';
import { eventList } from '../apps/api/src/modules/events/service.ts';
import { historyLogList } from '../apps/api/src/modules/history-logs/service.ts';
import { orderList } from '../apps/api/src/modules/orders/records.ts';
import { assetList } from '../apps/api/src/modules/product-tracking/records.ts';
import { subscriptionList } from '../apps/api/src/modules/subscriptions/records.ts';
import { companyUserList } from '../apps/api/src/modules/users/company-users.ts';
import { userList } from '../apps/api/src/modules/users/operators.ts';
import { testCtx } from '../apps/api/src/testing/ctx.ts';
import { type ListKey, type Scenario, sortOf } from './scenarios.ts';

/**
 * Each list's definition (db/define-list.ts) and the scope the bench's reader gets: the services call
 * the same `list()` with the same scope (the owner: its company; an operator: with the platform's rows).
 */
// biome-ignore lint/suspicious/noExplicitAny: lists of every row type
const DEFINED: Record<ListKey, { list: { list(...a: any[]): Promise<unknown> }; scope?: string }> = {
  customers: { list: customerList },
  products: { list: productList },
  variants: { list: variantList },
  history_logs: { list: historyLogList, scope: 'company' },
  email_entries: { list: emailEntryList, scope: 'company' },
  events: { list: eventList },
  collections: { list: collectionList },
  company_users: { list: companyUserList },
  users: { list: userList },
  // With the number prefix a search leaves out, as `listOrders` passes it from the settings (the seeded orders
  // are numbered with the default, `ORD-`); read here apart, its settings query is not the list's statement.
  orders: {
    list: {
      list: (ctx: unknown, p: { search?: string } & Record<string, unknown>, scope: string) =>
        orderList.list(ctx as never, { ...p, searchCommon: p.search ? 'ord-' : null } as never, scope),
    },
    scope: 'company',
  },
  subscriptions: { list: subscriptionList, scope: 'company' },
  assets: { list: assetList },
};

export interface Statement {
  /** Set for a named prepared statement. */
  name?: string;
  text: string;
  values: unknown[];
}

export interface SqlFigures {
  iterations: number;
  mean_ms: number;
  p50_ms: number;
  p99_ms: number;
  /** Serial scenarios per second (every statement of one page) = 1000 / mean. */
  qps: number;
}

export type DirectClient = { kind: 'postgres'; client: pg.Client } | { kind: 'pglite'; client: PGlite };

type QueryConfig = { name?: string; text: string };

/** The statements the list's service sends for a scenario, recorded while it runs on the real database. */
export async function recordStatements(
  direct: DirectClient,
  companyId: number,
  s: Scenario,
): Promise<Statement[]> {
  const recorded: Statement[] = [];
  let db: Db;
  if (direct.kind === 'postgres') {
    const { client } = direct;
    const recorder = {
      query(config: QueryConfig | string, values?: unknown[]) {
        const c = typeof config === 'string' ? { text: config } : config;
        recorded.push({ name: c.name, text: c.text, values: values ?? [] });
        return client.query(config as never, values);
      },
    };
    db = drizzleNodePg({ client: recorder as never, schema }) as unknown as Db;
  } else {
    const { client } = direct;
    const recorder = {
      query(text: string, values?: unknown[], options?: object) {
        recorded.push({ text, values: values ?? [] });
        return client.query(text, values, options);
      },
    };
    db = drizzlePglite({ client: recorder as never, schema }) as unknown as Db;
  }
  const params = {
    page: s.page,
    perPage: s.perPage,
    offset: (s.page - 1) * s.perPage,
    search: s.search,
    sort: sortOf(s).sort,
    desc: sortOf(s).desc,
    filters: {},
  };
  const { list, scope } = DEFINED[s.list];
  await list.list(testCtx(db, companyId), params, scope);
  return recorded;
}

/** Sends one recorded statement again, as the server would. */
export function replay(direct: DirectClient, st: Statement): Promise<unknown> {
  if (direct.kind === 'pglite') return direct.client.query(st.text, st.values);
  return st.name
    ? direct.client.query({ name: st.name, text: st.text, values: st.values })
    : direct.client.query(st.text, st.values);
}

/** Runs `run` `iterations` times serially (after a tenth as warm-up) and summarises the timings. */
export async function timeSerially(run: () => Promise<void>, iterations: number): Promise<SqlFigures> {
  for (let i = 0; i < Math.ceil(iterations / 10); i++) await run();
  const times: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = process.hrtime.bigint();
    await run();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  times.sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN;
  return { iterations, mean_ms: mean, p50_ms: at(0.5), p99_ms: at(0.99), qps: 1000 / mean };
}
