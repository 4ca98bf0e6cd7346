/**
 * `npm run db:move` (db/move.ts): a demo company made in an embedded database in a DATA_DIR moves into
 * a new PostgreSQL database, and the app started on it finds every record: the same rows in every
 * table, the same customer, order, invoice (its stored PDF to the byte) and sealed shop credentials
 * through the API, and numbers and ids that go on from where the embedded database stopped.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createSecrets, type Secrets } from '../integrations/secrets.ts';
import { ALL_JOBS, seedDemoCustomersJob } from '../jobs/definitions.ts';
import { createBoss, registerQueues } from '../jobs/queue.ts';
import { eventsAfter, readEvents } from '../modules/events/reader.ts';
import { makeInvoicePdf } from '../modules/invoices/pdf-job.ts';
import { getShopConnection } from '../modules/settings/shop.ts';
import { bootstrap, DEMO_COMPANIES } from '../seed/bootstrap.ts';
import { testCtx } from '../testing/ctx.ts';
import { adminQuery, databaseUrl } from '../testing/global-setup.ts';
import { signIn } from '../testing/harness.ts';
import { type Database, migrate, openPglite, openPostgres } from './client.ts';
import { lockDataDir } from './data-dir-lock.ts';
import { MoveRefused, type MoveResult, moveToPostgres } from './move.ts';
import { companies, eventCursors, invoiceDocuments } from './schema/index.ts';

// Empty in the PGlite pass (scripts/test-all.mjs sets DATABASE_URL=''), unset elsewhere: either way no server.
const serverUrl = process.env.DATABASE_URL || undefined;
const quiet = { info: () => {}, error: () => {} };
const CREDENTIALS = { consumer_key: 'ck_moved', consumer_secret: 'cs_still_sealed_ü' };

async function startApp(database: Database, secrets: Secrets): Promise<FastifyInstance> {
  const app = await buildApp({
    database,
    boss: null,
    mailer: null,
    secrets,
    allowPrivateShopUrls: true,
    logLevel: 'silent',
    authRateLimitPerMinute: 100_000,
  });
  await app.ready();
  return app;
}

/** What a merchant sees of some records, read through the API. */
async function readBack(app: FastifyInstance, token: string, cid: number, ids: Record<string, number>) {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res;
  };
  const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
  return {
    customer: (await get(api(`customers/${ids.customer}`))).json().data,
    order: (await get(api(`orders/${ids.order}`))).json().data,
    invoice: (await get(api(`invoices/${ids.invoice}`))).json().data,
    pdfSha256: createHash('sha256')
      .update((await get(api(`invoices/pdf?id=${ids.invoice}`))).rawPayload)
      .digest('hex'),
    shop: (await get(`/api/companies/${cid}/settings/shop_system`)).json().data,
  };
}

describe.skipIf(!serverUrl)('db:move (skipped without DATABASE_URL: it needs a PostgreSQL server)', () => {
  let dataDir: string;
  const targetName = `rentloop_move_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
  const targetUrl = databaseUrl(serverUrl ?? 'postgres://unused', targetName);
  const secrets = createSecrets(randomBytes(32));
  let password: string;
  let cid: number;
  const ids: Record<string, number> = {};
  let before: Awaited<ReturnType<typeof readBack>>;
  let lastNumbers: { order: string; invoice: string; customerId: number };
  let result: MoveResult;
  let unreadEvents: number;
  let lastEventId: number;
  const lines: string[] = [];

  beforeAll(async () => {
    // The demo company, made by the product's own seed in an embedded database in a DATA_DIR.
    dataDir = mkdtempSync(join(tmpdir(), 'rentloop-move-'));
    const source = await openPglite(dataDir);
    await migrate(source);
    const boot = await bootstrap(source, null, { seedDemo: true });
    password = boot.createdOperator!.password;
    const [northwind] = await source.primary
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANIES[0].name));
    cid = northwind!.id;
    // The job queue as a started server leaves it: pg-boss's schema, its queues, a job waiting.
    const boss = createBoss(source);
    await boss.start();
    await registerQueues(boss, ALL_JOBS, source);
    const jc = { database: source, log: quiet };
    await seedDemoCustomersJob.handler(
      { companyId: cid, count: 15, seed: 1000, historyDays: 20, billingDays: 20 },
      jc,
    );
    const rows = async (q: ReturnType<typeof sql>) =>
      ((await source.primary.execute(q)) as unknown as { rows: Record<string, string | number>[] }).rows;
    const [invoice] = await rows(
      sql`SELECT id, order_id FROM invoices WHERE company_id = ${cid} AND number IS NOT NULL ORDER BY id DESC LIMIT 1`,
    );
    ids.invoice = Number(invoice!.id);
    ids.order = Number(invoice!.order_id);
    const [order] = await rows(sql`SELECT customer_id FROM orders WHERE id = ${ids.order}`);
    ids.customer = Number(order!.customer_id);
    await makeInvoicePdf({ ...jc, secrets } as never, ids.invoice, null);
    await boss.send('invoice-pdf', { invoiceId: ids.invoice });
    await boss.stop({ graceful: false, wait: true });

    const app = await startApp(source, secrets);
    const token = await signIn(app, 'owner@northwind.demo', password);
    const shop = await app.inject({
      method: 'PUT',
      url: `/api/companies/${cid}/settings/shop_system`,
      headers: { authorization: `Bearer ${token}` },
      payload: { shop_system: 'woocommerce', url: 'http://127.0.0.1:9/', credentials: CREDENTIALS },
    });
    expect(shop.statusCode, shop.body).toBe(200);
    before = await readBack(app, token, cid, ids);
    const [last] = await rows(sql`SELECT
        (SELECT number FROM orders WHERE company_id = ${cid} AND number IS NOT NULL ORDER BY id DESC LIMIT 1) AS o,
        (SELECT number FROM invoices WHERE company_id = ${cid} AND number IS NOT NULL ORDER BY id DESC LIMIT 1) AS i,
        (SELECT max(id) FROM customers) AS c`);
    lastNumbers = { order: String(last!.o), invoice: String(last!.i), customerId: Number(last!.c) };
    // A reader of the events that has handled the first five (webhooks, notifications, insights read so).
    await source.primary.transaction((tx) => readEvents(tx, 'move-test', { limit: 5 }, async () => {}));
    const [events] = await rows(sql`SELECT count(*)::int AS n, max(id) AS last FROM events`);
    unreadEvents = Number(events!.n) - 5;
    lastEventId = Number(events!.last);
    await app.close();
    await source.close();

    await adminQuery(serverUrl!, `CREATE DATABASE ${targetName}`);
    result = await moveToPostgres({ dataDir, targetUrl, log: (l) => lines.push(l), pageBytes: 64 * 1024 });
  }, 300_000);

  afterAll(async () => {
    await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${targetName} WITH (FORCE)`);
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('copies every table, pg-boss and sessions included, and says the counts are equal', () => {
    expect(result.equal).toBe(true);
    const count = (t: string) => result.tables.find((r) => r.table === t);
    for (const t of [
      '"public"."customers"',
      '"public"."orders"',
      '"public"."invoices"',
      '"public"."sessions"',
      '"public"."history_logs"',
      '"pgboss"."version"',
      '"pgboss"."queue"',
    ]) {
      expect(count(t)?.source, t).toBeGreaterThan(0);
      expect(count(t)?.target, t).toBe(count(t)?.source);
    }
    expect(result.sequences).toBeGreaterThan(10);
    expect(lines.at(-1)).toMatch(/^Verified: all \d+ tables hold the same number of rows/);
  });

  it('refuses to move again into the database that now holds the company', async () => {
    await expect(moveToPostgres({ dataDir, targetUrl })).rejects.toThrow(
      /already holds data \(its users table has rows\).*createdb/,
    );
  });

  it('refuses a database with tables of its own, and leaves them as they were', async () => {
    const other = `${targetName}_other`;
    await adminQuery(serverUrl!, `CREATE DATABASE ${other}`);
    try {
      await adminQuery(
        databaseUrl(serverUrl!, other),
        'CREATE TABLE ledger (id int); INSERT INTO ledger VALUES (1)',
      );
      await expect(moveToPostgres({ dataDir, targetUrl: databaseUrl(serverUrl!, other) })).rejects.toThrow(
        /already holds tables of its own \("public"\."ledger"\).*createdb/,
      );
      const left = new pg.Client({ connectionString: databaseUrl(serverUrl!, other) });
      await left.connect();
      const tables = await left.query("SELECT tablename FROM pg_tables WHERE schemaname = 'public'");
      await left.end();
      expect(tables.rows).toEqual([{ tablename: 'ledger' }]);
    } finally {
      await adminQuery(serverUrl!, `DROP DATABASE IF EXISTS ${other} WITH (FORCE)`);
    }
  });

  it('refuses while a server holds the DATA_DIR', async () => {
    const unlock = await lockDataDir(dataDir);
    try {
      const refused = moveToPostgres({ dataDir, targetUrl });
      await expect(refused).rejects.toBeInstanceOf(MoveRefused);
      await expect(refused).rejects.toThrow(/already using the embedded database.*needs the server stopped/);
    } finally {
      await unlock();
    }
  });

  describe('the app on the target', () => {
    let target: Database;
    let app: FastifyInstance;
    let token: string;
    beforeAll(async () => {
      target = await openPostgres(targetUrl, { poolSize: 2 });
      app = await startApp(target, secrets);
      token = await signIn(app, 'owner@northwind.demo', password);
    });
    afterAll(async () => {
      await app?.close();
      await target?.close();
    });
    const post = (path: string, payload: object) =>
      app.inject({
        method: 'POST',
        url: `/api/${cid}/rentloopdb/${path}`,
        payload,
        headers: { authorization: `Bearer ${token}`, 'idempotency-key': randomBytes(8).toString('hex') },
      });

    it('reads the customer, the order with its lines, the invoice and its PDF bytes as before', async () => {
      const after = await readBack(app, token, cid, ids);
      expect(after).toEqual(before);
      expect(before.order.items.length).toBeGreaterThan(0);
      expect(before.shop.has_credentials).toBe(true);
      const [stored] = await target.primary
        .select({ pdf: invoiceDocuments.pdf, sha: invoiceDocuments.pdf_sha256 })
        .from(invoiceDocuments)
        .where(eq(invoiceDocuments.invoice_id, ids.invoice!));
      expect(createHash('sha256').update(stored!.pdf!).digest('hex')).toBe(before.pdfSha256);
      expect(stored!.sha).toBe(before.pdfSha256);
    });

    it('opens the sealed shop credentials with the same key', async () => {
      const connection = await getShopConnection(testCtx(target.primary, cid, { deps: { secrets } }));
      expect(connection?.credentials).toEqual(CREDENTIALS);
    });

    it('goes on numbering after the last order, invoice and customer, without a gap or a clash', async () => {
      const next = (n: string) => n.replace(/\d+$/, (d) => String(Number(d) + 1).padStart(d.length, '0'));
      const customer = await post('customers', { name: 'After The Move', email: 'after.move@example.test' });
      expect(customer.statusCode, customer.body).toBe(201);
      expect(customer.json().data.id).toBe(lastNumbers.customerId + 1);
      const variant = before.order.items[0].variant_id;
      const order = await post('orders/full', {
        customer_id: customer.json().data.id,
        items: [{ variant_id: variant, quantity: 1, kind: 'purchase' }],
      });
      expect(order.statusCode, order.body).toBe(201);
      expect(order.json().data.number).toBe(next(lastNumbers.order));
      const charged = await post(`orders/${order.json().data.id}/charge`, { message: 'after the move' });
      expect(charged.statusCode, charged.body).toBe(200);
      expect(charged.json().data.invoice.number).toBe(next(lastNumbers.invoice));
    });

    it('keeps what the events readers have handled behind them and what they have not ahead', async () => {
      const unread = async () => {
        const [c] = await target.primary
          .select()
          .from(eventCursors)
          .where(eq(eventCursors.reader, 'move-test'));
        const { events } = await eventsAfter(
          target.primary,
          { txId: c!.tx_id, eventId: c!.event_id },
          { limit: 100_000 },
        );
        return events;
      };
      // Every event of the source not yet handled, and every one written on the target since (above).
      const [since] = (
        (await target.primary.execute(
          sql`SELECT count(*)::int AS n FROM events WHERE id > ${lastEventId}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(since!.n).toBeGreaterThan(0);
      unreadEvents += since!.n;
      expect((await unread()).length).toBe(unreadEvents);
      const customer = await post('customers', {
        name: 'Read After The Move',
        email: 'read.after@example.test',
      });
      expect(customer.statusCode, customer.body).toBe(201);
      const events = await unread();
      expect(events).toHaveLength(unreadEvents + 1);
      expect(events.at(-1)).toMatchObject({ type: 'customer.created', object_id: customer.json().data.id });
    });
  });
});
