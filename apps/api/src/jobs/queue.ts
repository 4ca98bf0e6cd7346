/**
 * Background jobs on pg-boss, in the same database as the data (PostgreSQL, or PGlite through
 * its executeSql adapter). A job is data: a name, a zod payload schema and a handler
 * (`defineJob`). `enqueue(tx, ...)` writes the job inside the caller's transaction, so it
 * exists exactly when the change that caused it commits.
 */

import { eq } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import type { Clock } from '../context.ts';
import { asBackgroundWork } from '../db/background-work.ts';
import { type Database, type SqlExecutor, type Tx, txExecutor } from '../db/client.ts';
import { sqlStateOf } from '../db/errors.ts';
import { crons } from '../db/schema/index.ts';
import type { Mailer } from '../integrations/email/mailer.ts';
import type { GatewayConfig } from '../integrations/payments/adapters.ts';
import type { Secrets } from '../integrations/secrets.ts';
import type { NotificationBus } from '../modules/notifications/bus.ts';
import { describeJobError, jobFailure } from './job-error.ts';

export interface JobContext {
  database: Database;
  boss?: PgBoss | null;
  /** Public address of the web app, for links in emails. */
  appUrl?: string;
  /** The only source of "now" (context.ts); tests pass a fixed clock. */
  clock?: Clock;
  mailer?: Mailer | null;
  secrets?: Secrets;
  /** ALLOW_PRIVATE_SHOP_URLS: the address guard lets a shop on a private network through. */
  allowPrivateShopUrls?: boolean;
  /** Where a job's notifications are pushed (the API's bus in `npm start`, Redis in `npm run worker`). */
  notifications?: NotificationBus | null;
  /** The payment adapters' endpoints and time-out, as the API's (context.ts Deps). */
  gateways?: GatewayConfig;
  log: { info(obj: object, msg?: string): void; error(obj: object, msg?: string): void };
  /** The attempt being run (set by the worker): a handler can tell its last try from one that will be retried. */
  attempt?: { jobId: string; retryCount: number; retryLimit: number };
}

export interface JobDefinition<S extends z.ZodType = z.ZodType> {
  name: string;
  schema: S;
  handler(data: z.infer<S>, ctx: JobContext): Promise<unknown>;
  /**
   * The default cron expression (UTC) of a job that runs on a schedule. The schedule itself is the
   * job's row in `crons` (the Cron Manager; migration 0027 seeded these defaults).
   */
  cron?: string;
  retryLimit?: number;
  /** pg-boss's queue policy (`short`: one waiting job per singleton key); unset, `standard`. */
  policy?: 'short';
}

export const defineJob = <S extends z.ZodType>(job: JobDefinition<S>) => job;

export function createBoss(database: Database): PgBoss {
  const options =
    database.notifications.kind === 'pglite'
      ? { db: quietOnceClosed(database.executor, database.notifications.client), schema: 'pgboss' }
      : { connectionString: database.url, max: 4, schema: 'pgboss' };
  const boss = new PgBoss({
    ...options,
    // Archive finished jobs after a day, drop them after a week.
    archiveCompletedAfterSeconds: 86_400,
    deleteAfterDays: 7,
  });
  // An 'error' nobody listens to is an uncaught exception that ends the process: pg-boss reports a
  // connection its pool lost (a PostgreSQL restart or failover, a test database dropped WITH (FORCE),
  // 57P01) this way, then reconnects. The server and the worker log errors with a listener of their
  // own; without one (tests, scripts) a lost connection is expected and anything else is warned about.
  boss.on('error', (err) => {
    if (boss.listenerCount('error') > 1 || sqlStateOf(err) === ADMIN_SHUTDOWN) return;
    console.warn('job queue error', err);
  });
  return boss;
}

/**
 * The embedded database as pg-boss's executor: once closed it runs nothing and answers nothing, as pg-boss's
 * own pool does after its stop (pg-boss reads a missing answer as "no rows"). pg-boss records a job's end
 * without awaiting it, and a worker whose fetch was in flight when the queue stopped runs what it fetched
 * after the stop; a rejection from a closed database there is one nobody handles. It ended the suite's PGlite
 * pass on a thread red, in record-phase.test, with every test passed.
 */
function quietOnceClosed(executor: SqlExecutor, client: { readonly closed: boolean }): PgBoss.Db {
  return {
    async executeSql(text: string, values?: unknown[]) {
      if (client.closed) return undefined as never;
      try {
        return await executor.executeSql(text, values);
      } catch (err) {
        // Closed while the statement waited its turn.
        if (client.closed) return undefined as never;
        throw err;
      }
    },
  };
}

/** SQLSTATE 57P01: the server ended the connection (shutdown, restart, database dropped with FORCE). */
const ADMIN_SHUTDOWN = '57P01';

/**
 * Creates the queues and cron schedules of the given jobs (idempotent). With `database`, the schedules
 * are the rows of `crons` (the Cron Manager's), a job without an enabled row has none; without it (tests
 * of the queue alone), each job's default.
 */
export async function registerQueues(
  boss: PgBoss,
  jobs: JobDefinition[],
  database?: Database,
): Promise<void> {
  await oneProcessAtATime(database, () => registerQueuesNow(boss, jobs, database));
}

/**
 * Runs `fn` while holding a session advisory lock on a connection of its own: instances and workers that
 * start together on a fresh database deadlock creating pg-boss's queues (each queue a partition of one
 * table; seen with two instances and two workers, scale/multi-instance.test.ts), so they take turns. The
 * lock goes with the connection, however `fn` ends. PGlite: one process, nothing to wait for.
 */
async function oneProcessAtATime(database: Database | undefined, fn: () => Promise<void>): Promise<void> {
  if (database?.notifications.kind !== 'postgres') return fn();
  const client = database.notifications.newClient();
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`SELECT pg_advisory_lock(hashtext('rentloop:register-queues'))`);
    await fn();
  } finally {
    await client.end().catch(() => {});
  }
}

async function registerQueuesNow(boss: PgBoss, jobs: JobDefinition[], database?: Database): Promise<void> {
  for (const job of jobs) {
    await boss.createQueue(job.name, {
      name: job.name,
      retryLimit: job.retryLimit ?? 3,
      retryBackoff: true,
      ...(job.policy ? { policy: job.policy } : {}),
    });
    if (job.cron && !database) await boss.schedule(job.name, job.cron, {}, { tz: 'UTC' });
  }
  if (!database) return;
  const rows = await database.primary.select().from(crons);
  for (const job of jobs.filter((j) => j.cron)) {
    const row = rows.find((r) => r.name === job.name);
    await applySchedule(boss, job.name, row ?? null);
  }
}

/** Makes pg-boss's schedule of a job what its `crons` row says (none when disabled or deleted). */
export async function applySchedule(
  boss: PgBoss,
  name: string,
  row: { cron: string; timezone: string; enabled: boolean } | null,
): Promise<void> {
  if (row?.enabled) await boss.schedule(name, row.cron, {}, { tz: row.timezone });
  else await boss.unschedule(name);
}

/** Writes how a scheduled job's run ended on its `crons` row (the Cron Manager's last run and result). */
async function noteRun(ctx: JobContext, name: string, error: unknown): Promise<void> {
  const at = (ctx.clock?.now() ?? new Date()).toISOString();
  await ctx.database.primary
    .update(crons)
    .set({
      last_run_at: at,
      last_result: error ? 'failed' : 'completed',
      last_error: error ? describeJobError(error) : null,
    })
    .where(eq(crons.name, name));
}

/**
 * Starts a worker per job in this process. Its handlers get this `boss`, so what a job enqueues (an
 * issued invoice's PDF, a mail's delivery) is queued like a request's, not dropped for want of a queue.
 * pg-boss waits its polling interval after every fetch that took less than that, even when more jobs
 * are queued: one job a second per queue (a billing run's 10,000 invoice PDFs took ~3 hours;
 * docs/performance.md, "Billing"). So after a batch is done the worker is told to fetch again at once;
 * a fetch that finds nothing still waits the interval.
 */
export async function startWorkers(boss: PgBoss, jobs: JobDefinition[], context: JobContext): Promise<void> {
  const ctx: JobContext = { ...context, boss: context.boss ?? boss };
  for (const job of jobs) {
    let workerId: string | undefined;
    workerId = await boss.work(
      job.name,
      { pollingIntervalSeconds: 1, includeMetadata: true },
      async (batch) => {
        for (const item of batch) {
          const data = job.schema.parse(item.data ?? {});
          const started = Date.now();
          const attempt = { jobId: item.id, retryCount: item.retryCount, retryLimit: item.retryLimit };
          try {
            // A job is background work: on the embedded database, people's requests go first.
            await asBackgroundWork(() => job.handler(data, { ...ctx, attempt }));
          } catch (error) {
            ctx.log.error({ job: job.name, id: item.id, err: error }, 'job failed');
            if (job.cron) await noteRun(ctx, job.name, error);
            // pg-boss stores what is thrown as JSON (job-error.ts): never the query error itself.
            throw jobFailure(error);
          }
          if (job.cron) await noteRun(ctx, job.name, null);
          ctx.log.info({ job: job.name, id: item.id, ms: Date.now() - started }, 'job done');
        }
        // Set once `work` has answered: the first batch may run before, and then waits as before.
        if (workerId) boss.notifyWorker(workerId);
      },
    );
  }
}

/** Enqueues a job inside the transaction `tx`: it commits or rolls back with it. */
export async function enqueue<S extends z.ZodType>(
  boss: PgBoss,
  tx: Tx,
  job: JobDefinition<S>,
  data: z.input<S>,
  options: PgBoss.SendOptions = {},
): Promise<string | null> {
  const payload = job.schema.parse(data) as object;
  return boss.send(job.name, payload, { ...options, db: txExecutor(tx) as PgBoss.Db });
}

/**
 * `enqueue` for many jobs of one kind in one statement (pg-boss `insert`: the queue's own retry and
 * retention settings apply, as with `send`), in the caller's transaction.
 */
export async function enqueueMany<S extends z.ZodType>(
  boss: PgBoss,
  tx: Tx,
  job: JobDefinition<S>,
  data: readonly z.input<S>[],
): Promise<void> {
  if (data.length === 0) return;
  await boss.insert(
    data.map((d) => ({ name: job.name, data: job.schema.parse(d) as object })),
    { db: txExecutor(tx) as PgBoss.Db },
  );
}

/**
 * Runs the jobs of `job` waiting now, one at a time in this process, until none waits (for tests and
 * benches that must know the queue's work is done before they read: no sleeping, no worker). Answers
 * how many ran; a failing one is marked failed and its error thrown.
 */
export async function runQueued(boss: PgBoss, job: JobDefinition, ctx: JobContext): Promise<number> {
  let ran = 0;
  for (;;) {
    const [item] = await boss.fetch(job.name, { batchSize: 1, includeMetadata: true });
    if (!item) return ran;
    const attempt = { jobId: item.id, retryCount: item.retryCount, retryLimit: item.retryLimit };
    try {
      await job.handler(job.schema.parse(item.data ?? {}), { ...ctx, boss, attempt });
    } catch (error) {
      await boss.fail(job.name, item.id, jobFailure(error));
      throw error;
    }
    await boss.complete(job.name, item.id);
    ran += 1;
  }
}
