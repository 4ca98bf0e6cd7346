/**
 * What the billing bench (billing.ts) runs on: a fresh PostgreSQL database, companies with due
 * recurring payments (apps/api/src/testing/due-payments.ts), gateway stubs, and one company's billing
 * run exactly as the `business-day` job runs it (jobs/business-jobs.ts, companies/business-day.ts),
 * with its transactions timed from outside the engine.
 */
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import pg from 'pg';
import { companyToday } from '../apps/api/src/company-time.ts';
import { type Transact, withDb } from '../apps/api/src/context.ts';
import { type Database, migrate, openPostgres } from '../apps/api/src/db/client.ts';
import type { GatewayOutcome, PaymentGateway } from '../apps/api/src/integrations/payments/types.ts';
import { createSecrets } from '../apps/api/src/integrations/secrets.ts';
import { inJobTransaction, jobActor, jobCtx } from '../apps/api/src/jobs/context.ts';
import type { JobContext } from '../apps/api/src/jobs/queue.ts';
import {
  type RunOptions,
  type RunResult,
  runBilling,
} from '../apps/api/src/modules/recurring-payments/run.ts';
import { putSection } from '../apps/api/src/modules/settings/sections.ts';
import { ensureDefaultTemplates } from '../apps/api/src/modules/templates/service.ts';
import { testCtx } from '../apps/api/src/testing/ctx.ts';
import { seedDuePayments } from '../apps/api/src/testing/due-payments.ts';

export const now = () => performance.now();

export async function adminQuery(serverUrl: string, text: string): Promise<void> {
  const c = new pg.Client({ connectionString: dbUrl(serverUrl, 'postgres') });
  await c.connect();
  try {
    await c.query(text);
  } finally {
    await c.end();
  }
}

export const dbUrl = (serverUrl: string, name: string) => {
  const u = new URL(serverUrl);
  u.pathname = `/${name}`;
  return u.toString();
};

/** A new database `name` on the server (dropped first if a crashed run left it), migrated. */
export async function freshDatabase(serverUrl: string, name: string): Promise<Database> {
  await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  // The server's own pool size (DATABASE_POOL_SIZE's default): the run's record phase uses up to
  // `concurrency` connections at once.
  const database = await openPostgres(dbUrl(serverUrl, name), { poolSize: 10 });
  await migrate(database);
  // As every start of the server does (main.ts): invoices render from the stored default template.
  await ensureDefaultTemplates(database);
  return database;
}

/** The key sealing the companies' credentials: a worker process given it (SECRETS_KEY) reads them (billing-kill.ts). */
export const secretsKey = randomBytes(32);
export const secrets = createSecrets(secretsKey);

/**
 * A company charging on `gateway` with `count` payments due today. The audit trigger stays on: the
 * run's writes are audited in production, and the seed is a few set-based statements anyway.
 * `options.stripe`: the credentials and customer of a real Stripe adapter's endpoint (the Stripe fake);
 * `options.isTest`: a test company (its clock can be moved, company_clocks).
 */
export async function companyWithDuePayments(
  database: Database,
  name: string,
  count: number,
  gateway: 'offlinegateway' | 'stripe',
  options: {
    isTest?: boolean;
    stripe?: { secretKey: string; webhookSecret: string; customerId: string };
  } = {},
): Promise<{ id: number; today: string }> {
  const stripe = options.stripe ?? {
    secretKey: 'sk_test_bench',
    webhookSecret: 'whsec_bench',
    customerId: 'cus_bench',
  };
  const [row] = (
    await database.executor.executeSql(
      `INSERT INTO companies (name, currency, is_test) VALUES ($1, 'EUR', $2) RETURNING id`,
      [name, options.isTest ?? false],
    )
  ).rows;
  const id = Number(row?.id);
  const ctx = testCtx(database.primary, id, { deps: { secrets } });
  await putSection(ctx, 'invoice', { ...SETTINGS_SECTIONS.invoice.defaults, company_name: `${name} GmbH` });
  if (gateway === 'stripe') {
    // Credentials so the registry builds the real adapter (billing.ts replaces it with a stub).
    await putSection(ctx, 'payment_service_provider', {
      ...SETTINGS_SECTIONS.payment_service_provider.defaults,
      enabled_gateways: ['offlinegateway', 'stripe'],
      default_gateway: 'stripe',
      credentials: { stripe: { secret_key: stripe.secretKey, webhook_secret: stripe.webhookSecret } },
    });
  }
  const today = await companyToday(ctx);
  await seedDuePayments(database.executor, id, {
    count,
    dueDate: today,
    method:
      gateway === 'stripe'
        ? {
            gateway: 'stripe',
            customerReference: stripe.customerId,
            methodReference: 'pm_card_visa',
            label: 'Visa •••• 4242',
          }
        : undefined,
  });
  return { id, today };
}

/**
 * BENCH_BILLING_FLEET=1: each due subscription has its unit out (a rented-out asset and its history entry),
 * as a rental company's do, so each invoice the run issues marks a unit whose kept figures the run's
 * transaction computes again (decisions 83, 91). Set-based; the units start with their figures fresh.
 */
export async function giveFleet(database: Database, companyId: number): Promise<number> {
  const run = (text: string) => database.executor.executeSql(text, [companyId]);
  await run(
    `INSERT INTO product_tracking (company_id, serial_number, variant_id, products, product_name, variant_name, status,
                                   subscription_id, purchase_date, purchase_cost, status_changed_at)
     SELECT $1, 'FLEET-' || s.id, s.variant_id, ARRAY[s.product_id], s.product_name, s.variant_name, 'rented out', s.id,
            s.start_date, 120000, s.start_date
       FROM subscriptions s WHERE s.company_id = $1 AND s.number LIKE 'DUE-%' ORDER BY s.id`,
  );
  await run(
    `INSERT INTO product_tracking_history (company_id, product_tracking_id, from_status, to_status, action,
                                           subscription_id, created_at)
     SELECT $1, p.id, 'in stock', 'rented out', 'rent_out', p.subscription_id, p.status_changed_at
       FROM product_tracking p WHERE p.company_id = $1 AND p.serial_number LIKE 'FLEET-%' ORDER BY p.id`,
  );
  const { rows } = await run(
    `UPDATE product_tracking SET figures_stale = false WHERE company_id = $1 AND figures_stale RETURNING id`,
  );
  return rows.length;
}

/** Gateway calls as the stub saw them: when the engine asked for the adapter, called, and was answered. */
export interface CallTiming {
  resolvedAt: number;
  calledAt: number;
  answeredAt: number;
}

/**
 * A gateway answering `succeeded` after `delayMs`, as a fast card network would; it records each call's
 * times by idempotency key and how many calls were in flight at most. Registered as the factory, so
 * `resolvedAt` is when the engine's send step began (callGateway asks the registry first).
 */
export function stubGateway(delayMs: number) {
  const calls = new Map<string, CallTiming>();
  let inFlight = 0;
  let maxInFlight = 0;
  const factory = (): PaymentGateway => {
    const resolvedAt = now();
    return {
      name: 'stripe',
      async charge(request): Promise<GatewayOutcome> {
        const calledAt = now();
        inFlight += 1;
        maxInFlight = Math.max(maxInFlight, inFlight);
        if (delayMs > 0) await sleep(delayMs);
        inFlight -= 1;
        calls.set(request.idempotencyKey, { resolvedAt, calledAt, answeredAt: now() });
        const reference = `pi_${request.idempotencyKey.replaceAll(':', '_')}`;
        return {
          state: 'succeeded',
          providerStatus: 'succeeded',
          providerReference: reference,
          raw: { id: reference },
        };
      },
      async refund() {
        throw new Error('The bench gateway refunds nothing.');
      },
      async lookup() {
        return null;
      },
      parseWebhook() {
        throw new Error('The bench gateway sends no webhooks.');
      },
    };
  };
  return { factory, calls, maxInFlight: () => maxInFlight };
}

/** The run's transactions as seen from outside: each batch's issue phase and each answer's record. */
export interface RunTimings {
  /** Per batch: claimed payments and the issue transaction's wall time (ms). */
  batches: { claimed: number; ms: number }[];
  /** Per attempt key: the batch it was issued in. */
  batchOf: Map<string, number>;
  /** Per attempt key: when its record transaction committed. */
  recordedAt: Map<string, number>;
  /** Per record transaction (a group of answers): its wall time (ms). */
  recordMs: number[];
}

/**
 * One company's billing run as the `business-day` job runs it (an audited job transaction per
 * `transact`, the company's clock), its transactions timed by their results: the issue phase answers
 * `{ claimed, prepared }`, a record answers the attempt rows of its group.
 */
export async function timedBillingRun(
  jc: JobContext,
  companyId: number,
  options: RunOptions,
): Promise<{ result: RunResult; timings: RunTimings }> {
  const actor = jobActor('business-day', 'bench', null);
  const ctx = jobCtx(jc, actor, companyId);
  const timings: RunTimings = { batches: [], batchOf: new Map(), recordedAt: new Map(), recordMs: [] };
  const transact: Transact = async (work) => {
    const started = now();
    const out = await inJobTransaction(jc, actor, companyId, (tx) => work(withDb(ctx, tx.db)));
    const ended = now();
    const value = out as {
      claimed?: number;
      prepared?: { attempt: { provider_key: string } }[];
      provider_key?: string;
    } | null;
    if (value && typeof value.claimed === 'number') {
      for (const p of value.prepared ?? [])
        timings.batchOf.set(p.attempt.provider_key, timings.batches.length);
      timings.batches.push({ claimed: value.claimed, ms: ended - started });
    } else {
      // A record transaction: one answer's attempt row, or a group's (recurring-payments/record.ts).
      const rows = (Array.isArray(out) ? out : [value]) as ({ provider_key?: unknown } | null)[];
      const keys = rows.flatMap((r) => (typeof r?.provider_key === 'string' ? [r.provider_key] : []));
      for (const key of keys) timings.recordedAt.set(key, ended);
      if (keys.length > 0) timings.recordMs.push(ended - started);
    }
    return out;
  };
  const result = await runBilling(ctx, transact, options);
  return { result, timings };
}

/** The q-quantile of `values` (sorted copy; nearest rank). */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
}

export const sum = (values: readonly number[]) => values.reduce((s, v) => s + v, 0);
export const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

/**
 * BENCH_BILLING_PROFILE=1: every statement this process sends, timed at the driver (send to answer,
 * so PostgreSQL's work and the round trip) and summed by its text; `top(n)` lists the costliest.
 */
export function profileStatements() {
  const byText = new Map<string, { calls: number; ms: number }>();
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string };
    const text = (typeof first === 'string' ? first : (first?.text ?? '?'))
      .replace(/\s+/g, ' ')
      .slice(0, 160);
    const started = now();
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    if (result instanceof Promise) {
      void result.then(
        () => {
          const entry = byText.get(text) ?? { calls: 0, ms: 0 };
          entry.calls += 1;
          entry.ms += now() - started;
          byText.set(text, entry);
        },
        () => {},
      );
    }
    return result;
  } as typeof query;
  return {
    top(n: number) {
      return [...byText.entries()]
        .sort((a, b) => b[1].ms - a[1].ms)
        .slice(0, n)
        .map(([text, e]) => ({ ms: Math.round(e.ms), calls: e.calls, text }));
    },
    reset: () => byText.clear(),
  };
}
