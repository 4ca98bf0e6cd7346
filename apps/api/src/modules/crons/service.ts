/**
 * The Cron Manager (operators): the scheduled jobs of the platform. A cron is a row of `crons` (the
 * job's name, its expression, time zone, enabled, last run and result); pg-boss's schedule of the job
 * is made from it on every change and at start (`jobs/queue.ts`, `registerQueues`). Only jobs that the
 * product runs on a schedule (a `cron` default in `jobs/definitions.ts`, no payload) may have one.
 *
 * pg-boss writes through its own connection, which on embedded PGlite is the only one: the routes run
 * without a request transaction (`transaction: false`), each write one statement, then pg-boss.
 */
import type { Cron, CronInput, CronList, CronUpdate } from '@rentloop/domain/crons';
import { cronInputSchema, cronUpdateSchema } from '@rentloop/domain/crons';
import parser from 'cron-parser';
import { asc, eq } from 'drizzle-orm';
import type { PlatformCtx } from '../../context.ts';
import { crons } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import { ALL_JOBS } from '../../jobs/definitions.ts';
import { applySchedule } from '../../jobs/queue.ts';

type Row = typeof crons.$inferSelect;

/** The jobs that run on a schedule: the only names a cron may have. */
export const SCHEDULED_JOBS = ALL_JOBS.filter((job) => job.cron).map((job) => job.name);

/** How long `run now` waits for the run to end before answering. */
const RUN_WAIT_MS = 20_000;

function expression(cron: string, timezone: string, now: Date) {
  try {
    return parser.parseExpression(cron, { tz: timezone, currentDate: now });
  } catch {
    throw invalid('cron', 'Not a valid cron expression (minute hour day month weekday).');
  }
}

function toCron(row: Row, now: Date): Cron {
  const next: string[] = [];
  if (row.enabled) {
    const it = expression(row.cron, row.timezone, now);
    for (let i = 0; i < 3; i++) next.push(it.next().toDate().toISOString());
  }
  return { ...row, next_runs: next };
}

const bossOf = (ctx: PlatformCtx) => {
  if (!ctx.deps.boss) throw new AppError('unavailable', 'The job queue is not running.');
  return ctx.deps.boss;
};

async function rowOf(ctx: PlatformCtx, id: number): Promise<Row> {
  const [row] = await ctx.db.select().from(crons).where(eq(crons.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

export async function listCrons(ctx: PlatformCtx): Promise<CronList['crons']> {
  const rows = await ctx.db.select().from(crons).orderBy(asc(crons.name));
  const now = ctx.clock.now();
  return rows.map((r) => toCron(r, now));
}

/** The scheduled jobs that have no cron (one may be created for each). */
export async function availableJobs(ctx: PlatformCtx): Promise<CronList['available_jobs']> {
  const rows = await ctx.db.select({ name: crons.name }).from(crons);
  return SCHEDULED_JOBS.filter((name) => !rows.some((r) => r.name === name));
}

export const getCron = async (ctx: PlatformCtx, id: number) => toCron(await rowOf(ctx, id), ctx.clock.now());

export async function createCron(ctx: PlatformCtx, input: CronInput): Promise<Cron> {
  const data = cronInputSchema.parse(input);
  if (!SCHEDULED_JOBS.includes(data.name))
    throw invalid('name', `No such scheduled job. One of: ${SCHEDULED_JOBS.join(', ')}.`);
  expression(data.cron, data.timezone, ctx.clock.now());
  const boss = bossOf(ctx);
  const [row] = await ctx.db.insert(crons).values(data).onConflictDoNothing().returning();
  if (!row) throw invalid('name', 'This job has a cron already: change that one.');
  await applySchedule(boss, row.name, row);
  return toCron(row, ctx.clock.now());
}

export async function updateCron(ctx: PlatformCtx, id: number, input: CronUpdate): Promise<Cron> {
  const data = cronUpdateSchema.parse(input);
  const before = await rowOf(ctx, id);
  expression(data.cron ?? before.cron, data.timezone ?? before.timezone, ctx.clock.now());
  const boss = bossOf(ctx);
  const [row] = await ctx.db
    .update(crons)
    .set({ ...data, updated_at: ctx.clock.now().toISOString() })
    .where(eq(crons.id, id))
    .returning();
  if (!row) throw notFound();
  await applySchedule(boss, row.name, row);
  return toCron(row, ctx.clock.now());
}

export async function deleteCron(ctx: PlatformCtx, id: number): Promise<void> {
  const row = await rowOf(ctx, id);
  const boss = bossOf(ctx);
  await ctx.db.delete(crons).where(eq(crons.id, id));
  await applySchedule(boss, row.name, null);
}

/**
 * Runs the cron's job now (a job of its queue, as the schedule sends) and waits for it to end: the
 * cron with its new last run, and whether it completed. Past the wait, a 409 (it may still end).
 */
export async function runCron(ctx: PlatformCtx, id: number): Promise<{ cron: Cron; completed: boolean }> {
  const row = await rowOf(ctx, id);
  const boss = bossOf(ctx);
  const jobId = await boss.send(row.name, {}, { retryLimit: 0 });
  if (!jobId) throw new AppError('conflict', 'The job could not be queued.');
  // A wait on the real queue: wall-clock time, not the context's clock (a test's fixed clock never moves).
  const until = Date.now() + RUN_WAIT_MS;
  while (Date.now() < until) {
    const job = await boss.getJobById(row.name, jobId, { includeArchive: true });
    if (job && (job.state === 'completed' || job.state === 'failed')) {
      return { cron: toCron(await rowOf(ctx, id), ctx.clock.now()), completed: job.state === 'completed' };
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new AppError('conflict', 'The run did not end in time; see its last run later.');
}
