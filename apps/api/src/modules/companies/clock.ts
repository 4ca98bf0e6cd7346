/**
 * Test companies' business clocks (company_clocks, migration 0038): read, and moved forward by
 * operators with every job due on the way run in business-time order (the lifecycle simulator of
 * shared/BILLING.md). A real company has no clock row and lives on the wall clock; the database refuses
 * a row for it, and a row that would move back.
 */

import type { ClockAdvance, ClockAdvanceResult, CompanyClock } from '@rentloop/domain/company-clock';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq, sql } from 'drizzle-orm';
import { companyToday } from '../../company-time.ts';
import {
  type Clock,
  type Ctx,
  type PlatformCtx,
  shiftedClock,
  type Transact,
  type UserActor,
} from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { companies, companyClocks } from '../../db/schema/index.ts';
import { AppError, invalid, notFound } from '../../errors.ts';
import type { BusinessJob } from './business-jobs.ts';

const DAY_MS = 86_400_000;

async function clockRow(db: Db, companyId: number) {
  const [row] = await db
    .select({ is_test: companies.is_test, offset_ms: companyClocks.offset_ms })
    .from(companies)
    .leftJoin(companyClocks, eq(companyClocks.company_id, companies.id))
    .where(eq(companies.id, companyId));
  return row ? { isTest: row.is_test, offsetMs: Number(row.offset_ms ?? 0) } : null;
}

/** The business clock of a company for work outside a request (jobs): `base` moved by its offset. */
export async function companyClock(db: Db, companyId: number, base: Clock): Promise<Clock> {
  const row = await clockRow(db, companyId);
  return shiftedClock(base, row?.offsetMs ?? 0);
}

const answer = (companyId: number, isTest: boolean, offsetMs: number, wall: Date): CompanyClock => ({
  company_id: companyId,
  is_test: isTest,
  business_now: new Date(wall.getTime() + offsetMs).toISOString(),
  wall_now: wall.toISOString(),
  offset_ms: offsetMs,
});

/** `GET companies/{id}/clock` (operators). */
export async function getCompanyClock(ctx: PlatformCtx, companyId: number): Promise<CompanyClock> {
  const row = await clockRow(ctx.db, companyId);
  if (!row) throw notFound();
  return answer(companyId, row.isTest, row.offsetMs, ctx.clock.now());
}

/**
 * Moves the offset from `from` to `to` only if nobody moved it meanwhile (compare-and-set): two
 * operators advancing one company at once cannot interleave their days.
 */
async function moveOffset(db: Db, companyId: number, from: number, to: number): Promise<void> {
  const moved =
    from === 0
      ? await db
          .insert(companyClocks)
          .values({ company_id: companyId, offset_ms: to })
          .onConflictDoUpdate({
            target: companyClocks.company_id,
            set: { offset_ms: to, updated_at: sql`now()` },
            setWhere: eq(companyClocks.offset_ms, 0),
          })
          .returning({ id: companyClocks.company_id })
      : await db
          .update(companyClocks)
          .set({ offset_ms: to, updated_at: sql`now()` })
          .where(and(eq(companyClocks.company_id, companyId), eq(companyClocks.offset_ms, from)))
          .returning({ id: companyClocks.company_id });
  if (moved.length !== 1) throw new AppError('conflict', MESSAGES.clockBusy);
}

/**
 * `POST companies/{id}/clock/advance` (operators): moves a test company's clock forward a day at a time
 * to the target, and on each day runs every business job for the company on that day's clock
 * (`jobs`: BUSINESS_JOBS of jobs/business-jobs.ts; a test may pass its own). No transaction is held
 * across the run: each job opens its own with `transactFor(day's ctx)` (the route's audited transaction,
 * so the trail names the operator) and calls gateways outside them. `ctx` is the operator's platform
 * context on the primary.
 */
export interface DayRunner {
  jobs: readonly BusinessJob[];
  transactFor(ctx: Ctx): Transact;
}

export async function advanceCompanyClock(
  ctx: PlatformCtx<UserActor>,
  companyId: number,
  input: ClockAdvance,
  runner: DayRunner,
): Promise<ClockAdvanceResult> {
  const row = await clockRow(ctx.db, companyId);
  if (!row) throw notFound();
  if (!row.isTest) throw new AppError('conflict', MESSAGES.clockNotTest);
  let offset = row.offsetMs;
  const businessNow = () => ctx.clock.now().getTime() + offset;
  const target = input.to !== undefined ? Date.parse(input.to) : businessNow() + (input.days ?? 0) * DAY_MS;
  if (target <= businessNow()) throw invalid(input.to !== undefined ? 'to' : 'days', MESSAGES.clockBackwards);

  const steps: ClockAdvanceResult['steps'] = [];
  while (businessNow() < target) {
    const next = Math.min(target, businessNow() + DAY_MS);
    const nextOffset = Math.max(offset, next - ctx.clock.now().getTime());
    await moveOffset(ctx.db, companyId, offset, nextOffset);
    offset = nextOffset;
    const clock = shiftedClock(ctx.clock, offset);
    const companyCtx: Ctx<UserActor> = { ...ctx, companyId, clock };
    const ran: Record<string, number> = {};
    const transact = runner.transactFor(companyCtx);
    for (const job of runner.jobs) ran[job.name] = await job.run(companyCtx, transact);
    steps.push({ business_date: await companyToday(companyCtx), ran });
  }
  return { ...answer(companyId, true, offset, ctx.clock.now()), steps };
}
