/**
 * What the product sync tests share (sync-*.test.ts, tax-import.test.ts): a fresh database with a
 * queue and a worker, fake WooCommerce and Shopify shops, a company connected to each, the user who
 * starts the syncs, and helpers to start, wait for and inspect a sync.
 */
import { randomBytes } from 'node:crypto';
import { productSyncSchema } from '@rentloop/domain/catalog';
import { and, asc, eq, sql } from 'drizzle-orm';
import type PgBoss from 'pg-boss';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Clock, type Ctx, type Transact, type UserActor, withDb } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import { historyLogs, products, productVariants, users } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { createSecrets } from '../../integrations/secrets.ts';
import { FakeCatalog } from '../../integrations/shops/testing/catalog.ts';
import {
  type FakeShopify,
  SHOPIFY_TOKEN,
  startFakeShopify,
} from '../../integrations/shops/testing/fake-shopify.ts';
import {
  type FakeWooCommerce,
  startFakeWooCommerce,
  WOO_KEY,
  WOO_SECRET,
} from '../../integrations/shops/testing/fake-woocommerce.ts';
import { createBoss, registerQueues, startWorkers } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import { createTestDatabase } from '../../testing/database.ts';
import { createCompany, stopQueue } from '../../testing/harness.ts';
import { saveShopSettings } from '../settings/shop.ts';
import { latestProductSync, productSyncJob, startProductSync } from './sync.ts';

export const WOO_COUNT = 300;
export const SHOPIFY_COUNT = 260;
export const secrets = createSecrets(randomBytes(32));
export const quietLog = { info: () => {}, error: () => {} };

export let database: Database;
let drop: () => Promise<void>;
export let boss: PgBoss;
export let woo: FakeWooCommerce;
export let shopify: FakeShopify;
export let wooCompany: number;
export let shopifyCompany: number;
/** The user who starts the syncs: the job acts, and its writes are audited, on their behalf. */
export let starter: UserActor;

export const db = () => database.primary;

export const connectWoo = (companyId: number, overrides: { url?: string; consumer_secret?: string } = {}) =>
  saveShopSettings(
    testCtx(db(), companyId, { deps: { secrets } }),
    {
      shop_system: 'woocommerce',
      url: overrides.url ?? woo.url,
      credentials: { consumer_key: WOO_KEY, consumer_secret: overrides.consumer_secret ?? WOO_SECRET },
    },
    LOCAL_SHOPS,
  );

// The fake shops listen on 127.0.0.1, a private address the settings refuse by default.
const LOCAL_SHOPS = { allowPrivateUrls: true };

/** One database, queue, pair of fake shops and pair of companies per test file that calls it. */
export function useSyncFixture() {
  beforeAll(setUp);
  afterAll(tearDown);
}

async function setUp() {
  const t = await createTestDatabase();
  database = t.database;
  drop = t.drop;
  boss = createBoss(database);
  await boss.start();
  await registerQueues(boss, [productSyncJob]);
  await startWorkers(boss, [productSyncJob], {
    database,
    secrets,
    allowPrivateShopUrls: LOCAL_SHOPS.allowPrivateUrls,
    log: quietLog,
  });
  woo = await startFakeWooCommerce(new FakeCatalog(WOO_COUNT, { currency: 'CAD' }));
  shopify = await startFakeShopify(new FakeCatalog(SHOPIFY_COUNT, { currency: 'EUR' }));
  wooCompany = (await createCompany(database, { name: 'Maple Rentals', currency: 'CAD' })).id;
  shopifyCompany = (await createCompany(database, { name: 'Berlin Rentals', currency: 'EUR' })).id;
  await connectWoo(wooCompany);
  const [user] = await db()
    .insert(users)
    .values({ name: 'Sync Starter', email: 'sync-starter@example.test' })
    .returning({ id: users.id });
  starter = {
    kind: 'user',
    userId: user!.id,
    sessionId: 0,
    globalRole: null,
    companyId: null,
    companyRole: 'admin',
    emailVerified: true,
  };
  await saveShopSettings(
    testCtx(db(), shopifyCompany, { deps: { secrets } }),
    {
      shop_system: 'shopify',
      url: shopify.url,
      credentials: { access_token: SHOPIFY_TOKEN },
    },
    LOCAL_SHOPS,
  );
}

async function tearDown() {
  if (boss) await stopQueue(boss);
  await woo?.close();
  await shopify?.close();
  await drop?.();
}

/** A company's context on the primary, as the starting user, with this file's queue and key. */
export const ctxOf = (companyId: number, clock?: Clock): Ctx =>
  testCtx(db(), companyId, { actor: { ...starter, companyId }, clock, deps: { boss, secrets } });
/** Writes in a plain transaction of the test database (no audit context). */
export const transactOf =
  (ctx: Ctx): Transact =>
  (write) =>
    db().transaction((tx) => write(withDb(ctx, tx)));

export const start = (companyId: number, system: string | null, clock?: Clock) =>
  db().transaction((tx) => startProductSync(withDb(ctxOf(companyId, clock), tx), system));

/** Starts a sync and waits (polling its row) until it has finished. */
export async function sync(
  companyId: number,
  system = companyId === shopifyCompany ? 'shopify' : 'woocommerce',
) {
  const started = await start(companyId, system);
  expect(started).toMatchObject({ status: 'queued', processed: 0, error: null, started_at: null });
  return finished(companyId, started.id);
}

export async function finished(companyId: number, syncId: number) {
  await expect
    .poll(async () => (await latestProductSync(ctxOf(companyId)))?.status, { timeout: 30_000, interval: 100 })
    .toMatch(/^(succeeded|failed)$/);
  const result = await latestProductSync(ctxOf(companyId));
  expect(result!.id).toBe(syncId);
  return productSyncSchema.parse(result);
}

/** Everything a sync may write for a company, to compare before and after. */
export async function catalogState(companyId: number) {
  return {
    products: await db()
      .select()
      .from(products)
      .where(eq(products.company_id, companyId))
      .orderBy(asc(products.id)),
    variants: await db()
      .select()
      .from(productVariants)
      .where(eq(productVariants.company_id, companyId))
      .orderBy(asc(productVariants.id)),
  };
}

export const productByShopId = async (companyId: number, shopId: string) => {
  const [row] = await db()
    .select()
    .from(products)
    .where(and(eq(products.company_id, companyId), eq(products.shop_id, shopId)));
  return row!;
};

export const variantsOf = (productId: number) =>
  db()
    .select()
    .from(productVariants)
    .where(eq(productVariants.product_id, productId))
    .orderBy(asc(productVariants.shop_id));

/**
 * The audit entries a sync's job wrote, as "table action" -> count: under the job's name and id, on
 * behalf of the user who started the sync.
 */
export async function historyOf(syncId: number) {
  const jobs = (await db().execute(
    sql`select id from pgboss.job where name = ${productSyncJob.name} and data->>'syncId' = ${String(syncId)}`,
  )) as unknown as { rows: { id: string }[] };
  expect(jobs.rows).toHaveLength(1);
  const rows = await db()
    .select({ entity: historyLogs.entity_type, action: historyLogs.action, user: historyLogs.user_id })
    .from(historyLogs)
    .where(eq(historyLogs.request_id, `job:${productSyncJob.name}:${jobs.rows[0]!.id}`));
  const out: Record<string, number> = {};
  for (const r of rows) {
    expect(r.user).toBe(starter.userId);
    // The catalog's changes: the notification every finished sync writes is checked in sync-routes.test.ts.
    if (r.entity === 'notifications') continue;
    out[`${r.entity} ${r.action}`] = (out[`${r.entity} ${r.action}`] ?? 0) + 1;
  }
  return out;
}

export const conflict = async (promise: Promise<unknown>, message: string) => {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect(err).toMatchObject({ code: 'conflict', status: 409, message });
};
