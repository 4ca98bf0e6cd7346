/**
 * POST debtist/claims/sync: every claim not yet paid or closed (and a paid one whose invoice the
 * collection could not settle yet) is asked about at the agency, one call at a time outside any
 * transaction, its answer recorded in a short transaction of its own (apply.ts: status, amounts, fee,
 * comments; a paid claim settles its invoice). A claim the agency never confirmed (`pending`) is filed
 * again. A failure is kept on its claim (`last_error`) and the others go on: nothing is lost, and the
 * next sync asks again.
 */
import { type DebtSyncResult, FINAL_DEBT_CLAIM_STATUSES } from '@rentloop/domain/debt-collection';
import { and, asc, eq, isNull, notInArray, or, sql } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { debtClaims } from '../../db/schema/index.ts';
import { type AgencyOptions, agencyOf, agencyProblem } from './agency.ts';
import { applyAgencyClaim } from './apply.ts';
import { fileClaim } from './claims.ts';

/** At most this many claims per sync (the oldest-synced first); the next sync takes the rest. */
export const SYNC_BATCH = 500;

export async function syncClaims(
  ctx: Ctx,
  transact: Transact,
  options: AgencyOptions = {},
): Promise<DebtSyncResult> {
  const agency = await agencyOf(ctx, options);
  const due = await ctx.db
    .select()
    .from(debtClaims)
    .where(
      and(
        eq(debtClaims.company_id, ctx.companyId),
        or(
          notInArray(debtClaims.status, [...FINAL_DEBT_CLAIM_STATUSES]),
          and(eq(debtClaims.status, 'paid'), isNull(debtClaims.settled_at)),
        ),
      ),
    )
    .orderBy(sql`${debtClaims.last_synced_at} asc nulls first`, asc(debtClaims.id))
    .limit(SYNC_BATCH);

  const result: DebtSyncResult = { checked: 0, updated: 0, settled: 0, failed: 0 };
  for (const claim of due) {
    result.checked++;
    try {
      if (claim.reference === null) {
        const before = claim.status;
        const row = await fileClaim(ctx, transact, claim, options);
        if (row.status !== before) result.updated++;
        continue;
      }
      const answer = await agency.getClaim(claim.reference);
      const applied = await transact((tx) => applyAgencyClaim(tx, Number(claim.id), answer));
      if (applied.changed) result.updated++;
      if (applied.settled) result.settled++;
    } catch (err) {
      const problem = agencyProblem(err);
      result.failed++;
      if (claim.reference !== null) {
        await transact((tx) =>
          tx.db
            .update(debtClaims)
            .set({ last_error: problem })
            .where(and(eq(debtClaims.company_id, tx.companyId), eq(debtClaims.id, claim.id))),
        );
      }
    }
  }
  return result;
}
