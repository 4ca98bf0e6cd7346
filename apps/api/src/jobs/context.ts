/**
 * The service context of a job (context.ts). A job acts as itself on behalf of whoever enqueued it
 * (`onBehalfOf`, the requesting user, or null for a schedule), and works in the company of the row
 * it works on: a handler reads that row first and takes the company from it, never from its payload
 * alone. Its writes are audited like a request's: the user is the requester, the request id names
 * the job (`job:<name>:<id>`).
 */

import { randomBytes } from 'node:crypto';
import { type Ctx, type Deps, type JobActor, type PlatformCtx, systemClock } from '../context.ts';
import { setAuditContext } from '../db/audit.ts';
import { inTransactionScope } from '../db/transaction-scope.ts';
import { createSecrets } from '../integrations/secrets.ts';
import { queueAssetFigures } from '../modules/insights/asset-figures.ts';
import type { JobContext } from './queue.ts';

export const jobActor = (job: string, jobId: string, onBehalfOf: number | null): JobActor => ({
  kind: 'job',
  job,
  jobId,
  onBehalfOf,
});

export function jobDeps(jc: JobContext): Deps {
  return {
    boss: jc.boss ?? null,
    mailer: jc.mailer ?? null,
    appUrl: jc.appUrl,
    // Without a key nothing sealed can be opened; a throwaway one keeps that a clear failure.
    secrets: jc.secrets ?? createSecrets(randomBytes(32)),
    allowPrivateShopUrls: jc.allowPrivateShopUrls ?? false,
    notifications: jc.notifications ?? null,
    gateways: jc.gateways ?? {},
  };
}

/** A job's context outside any company (platform work: purges, platform mail), on the primary. */
export function jobPlatformCtx(jc: JobContext, actor: JobActor): PlatformCtx<JobActor> {
  return { db: jc.database.primary, actor, clock: jc.clock ?? systemClock, deps: jobDeps(jc) };
}

/**
 * A job's context on the primary, outside a transaction: for a job that calls out between its
 * writes (no network inside a transaction, db/transaction-scope.ts) and opens short transactions
 * itself with `inJobTransaction`.
 */
export function jobCtx(jc: JobContext, actor: JobActor, companyId: number): Ctx<JobActor> {
  return { ...jobPlatformCtx(jc, actor), companyId };
}

/**
 * Runs `fn` in one audited transaction of the job (see above for what the audit records), in the
 * company of the row the job works on; `null` for a row that belongs to no company (platform mail).
 */
export function inJobTransaction<T>(
  jc: JobContext,
  actor: JobActor,
  companyId: number,
  fn: (ctx: Ctx<JobActor>) => Promise<T>,
): Promise<T>;
export function inJobTransaction<T>(
  jc: JobContext,
  actor: JobActor,
  companyId: number | null,
  fn: (ctx: PlatformCtx<JobActor>) => Promise<T>,
): Promise<T>;
export function inJobTransaction<T>(
  jc: JobContext,
  actor: JobActor,
  companyId: number | null,
  fn: (ctx: Ctx<JobActor>) => Promise<T>,
): Promise<T> {
  return inTransactionScope(() =>
    jc.database.primary.transaction(async (tx) => {
      await setAuditContext(tx, {
        userId: actor.onBehalfOf,
        requestId: `job:${actor.job}:${actor.jobId}`,
        ip: '',
      });
      const ctx = { ...jobPlatformCtx(jc, actor), db: tx };
      if (companyId === null) return fn(ctx as Ctx<JobActor>);
      const result = await fn({ ...ctx, companyId });
      // The assets' kept figures follow what the work changed: a job for the company, enqueued as it
      // commits (decision 91; computed here only without a queue).
      await queueAssetFigures({ ...ctx, companyId });
      return result;
    }),
  );
}
