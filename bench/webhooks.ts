/**
 * `npm run bench:webhooks`: issue 27's target "webhook fan-out of 10,000 events to 5 endpoints with the
 * engine's own overhead <= 5 ms per delivery" (docs/performance.md "Webhook fan-out").
 *
 * A fresh PostgreSQL database of its own (BENCH_WEBHOOKS_DB), one company with 1,000 customers, five
 * webhooks wanting every event type, each to its own local receiver (node:http on 127.0.0.1, answering
 * 200 at once; private addresses allowed as an on-premises install allows them), and N
 * `customer.updated` events in the events table, as the services write them. Then the engine's rounds
 * (engine.ts `runRound`, what the `webhooks-deliver` job runs) until nothing is left: queueing (the
 * events read with the cursor, each customer read as the API answers it, one delivery per webhook) and
 * sending (each webhook's queue in order: claim, sign, POST, record the attempt).
 *
 * The engine's own overhead per delivery is the run's wall time less the time spent inside the HTTP
 * calls (the attempts' own `duration_ms`, as the engine logs them), divided by the deliveries. The engine
 * drains up to SENDERS webhooks at once (decision 95), so that is a throughput figure; the lane figure
 * says what one delivery costs in its own webhook's lane: (lanes × send wall − HTTP time) / deliveries,
 * plus the queueing per delivery (lanes = the webhooks drained at once).
 *
 * Environment (optional): BENCH_PG_URL=postgres://postgres@127.0.0.1:5432  BENCH_WEBHOOK_EVENTS=10000
 * BENCH_WEBHOOKS_DB=rentloop_bench_webhooks  BENCH_KEEP=1 (keep the database)
 */
import { createServer } from 'node:http';
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { companies, webhookAttempts, webhookDeliveries, webhooks } from '../apps/api/src/db/schema/index.ts';
import type { JobContext } from '../apps/api/src/jobs/queue.ts';
import { queueEvents, SENDERS, sendDue } from '../apps/api/src/modules/webhooks/engine.ts';
import { adminQuery, freshDatabase, secrets } from './billing-setup.ts';

const env = process.env;
const PG_SERVER = env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432';
const DB = env.BENCH_WEBHOOKS_DB ?? 'rentloop_bench_webhooks';
const EVENTS = Number(env.BENCH_WEBHOOK_EVENTS ?? 10_000);
const ENDPOINTS = 5;
const CUSTOMERS = 1_000;
const seconds = (ms: number) => Math.round(ms) / 1000;
const load = () => loadavg().map((l) => Math.round(l * 100) / 100);

/** A receiver answering 200 at once, counting what it got. */
async function receiver() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  return {
    url,
    count: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receivers = await Promise.all(Array.from({ length: ENDPOINTS }, receiver));
const database = await freshDatabase(PG_SERVER, DB);
try {
  const [company] = await database.primary
    .insert(companies)
    .values({ name: 'Bench Webhooks', currency: 'EUR' })
    .returning();
  const cid = company!.id;
  await database.executor.executeSql(
    `INSERT INTO customers (company_id, name, email, language, billing_address, created_at, updated_at)
     SELECT $1::int8, 'Customer ' || n, 'customer' || n || '@example.com', 'en',
            jsonb_build_object('first_name', 'Customer', 'last_name', n::text, 'city', 'Berlin', 'country', 'DE'),
            now(), now()
       FROM generate_series(1, $2::int) AS n`,
    [cid, CUSTOMERS],
  );
  for (const r of receivers)
    await database.primary.insert(webhooks).values({
      company_id: cid,
      url: r.url,
      event_types: ['*'],
      secret_sealed: secrets.encrypt('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'),
    });
  // The events as the services record them (events/service.ts), in one transaction.
  await database.executor.executeSql(
    `INSERT INTO events (company_id, type, object, object_id, payload, created_at)
     SELECT $1::int8, 'customer.updated', 'customer', c.id, jsonb_build_object('fields', jsonb_build_array('phone')), now()
       FROM generate_series(0, $2::int - 1) AS n
       JOIN (SELECT id, (row_number() OVER (ORDER BY id)) - 1 AS k FROM customers WHERE company_id = $1) c
         ON c.k = n % $3
      ORDER BY n`,
    [cid, EVENTS, CUSTOMERS],
  );

  const jc: JobContext = {
    database,
    secrets,
    allowPrivateShopUrls: true,
    log: { info: () => {}, error: (o: object) => console.error(o) },
  };
  const loadBefore = load();
  const t0 = performance.now();
  let queued = 0;
  for (;;) {
    const n = await queueEvents(jc);
    queued += n.queued;
    if (n.read === 0) break;
  }
  const t1 = performance.now();
  let attempted = 0;
  for (;;) {
    const n = await sendDue(jc);
    attempted += n;
    if (n === 0) break;
  }
  const t2 = performance.now();

  const [http] = await database.primary
    .select({ ms: sql<number>`coalesce(sum(${webhookAttempts.duration_ms}), 0)::float8` })
    .from(webhookAttempts)
    .where(eq(webhookAttempts.company_id, cid));
  const [delivered] = await database.primary
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.status, 'succeeded'));
  const deliveries = EVENTS * ENDPOINTS;
  const got = receivers.reduce((n, r) => n + r.count(), 0);
  if (delivered?.n !== deliveries || got !== deliveries)
    throw new Error(`delivered ${delivered?.n}, received ${got}, of ${deliveries}`);
  const httpMs = Number(http?.ms ?? 0);
  const total = t2 - t0;
  const lanes = Math.min(SENDERS, ENDPOINTS);
  const ms = (v: number) => Math.round(v * 100) / 100;
  console.log(
    JSON.stringify(
      {
        events: EVENTS,
        endpoints: ENDPOINTS,
        deliveries,
        queued,
        attempted,
        queue_s: seconds(t1 - t0),
        send_s: seconds(t2 - t1),
        total_s: seconds(total),
        http_s: seconds(httpMs),
        overhead_ms_per_delivery: Math.round(((total - httpMs) / deliveries) * 100) / 100,
        queue_ms_per_delivery: Math.round(((t1 - t0) / deliveries) * 100) / 100,
        send_overhead_ms_per_delivery: Math.round(((t2 - t1 - httpMs) / deliveries) * 100) / 100,
        lanes,
        lane_overhead_ms_per_delivery: ms((t1 - t0 + lanes * (t2 - t1) - httpMs) / deliveries),
        http_ms_per_delivery: Math.round((httpMs / deliveries) * 100) / 100,
        load_before: loadBefore,
        load_after: load(),
        target_overhead_ms: 5,
      },
      null,
      2,
    ),
  );
} finally {
  await database.close();
  for (const r of receivers) await r.close();
  if (!env.BENCH_KEEP) await adminQuery(PG_SERVER, `DROP DATABASE IF EXISTS ${DB} WITH (FORCE)`);
}
