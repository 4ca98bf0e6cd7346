/**
 * The service context of a job (context.ts). A job acts as itself on behalf of whoever enqueued it
 * (`onBehalfOf`, the requesting user, or null for a schedule), and works in the company of the row
 * it works on: a handler reads that row first and takes the company from it, never from its payload
 * alone. Its writes are audited like a request's: the user is the requester, the request id names
 * the job (`job:<name>:<id>`).
 */

import { randomBytes } from 'node:crypto';
import { type Ctx, type Deps, type JobActor, systemClock } from '../context.ts';
import { setAuditContext } from '../db/audit.ts';
import { inTransactionScope } from '../db/transaction-scope.ts';
import { createSecrets } from '../integrations/secrets.ts';
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
  };
}

/**
 * A job's context on the primary, outside a transaction: for a job that calls out between its
 * writes (no network inside a transaction, db/transaction-scope.ts) and opens short transactions
 * itself with `inJobTransaction`.
 */
export function jobCtx(jc: JobContext, actor: JobActor, companyId: number): Ctx<JobActor> {
  return { db: jc.database.primary, companyId, actor, clock: jc.clock ?? systemClock, deps: jobDeps(jc) };
}

/** Runs `fn` in one audited transaction of the job (see above for what the audit records). */
export function inJobTransaction<T>(
  jc: JobContext,
  actor: JobActor,
  companyId: number,
  fn: (ctx: Ctx<JobActor>) => Promise<T>,
): Promise<T> {
  return inTransactionScope(() =>
    jc.database.primary.transaction(async (tx) => {
      await setAuditContext(tx, {
        userId: actor.onBehalfOf,
        requestId: `job:${actor.job}:${actor.jobId}`,
        ip: '',
      });
      return fn({ ...jobCtx(jc, actor, companyId), db: tx });
    }),
  );
}
