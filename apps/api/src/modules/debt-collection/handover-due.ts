/**
 * The scheduled hand-overs whose day has come become claims (decision 84). The day is the last
 * reminder's date plus `handover_after_days` of the `debt_collection` settings, by the company's clock
 * (a test company's `advance` moves it), read when the job runs: a changed setting moves every hand-over
 * still waiting. As the dunning's retries (dunning/retries.ts), through `walkCompanyDue`
 * (db/claim-company-due.ts): one short transaction claims a batch of due rows (FOR UPDATE SKIP LOCKED:
 * two runs at once never take the same row) and records each one's claim `pending` (recordClaim: the invoice locked, paid or settled meanwhile, a credit,
 * below the smallest claim all refused) or why not; the agency is called for the new claims after the
 * commit (fileClaim), never inside it. An invoice whose payment is in progress stays scheduled and is
 * looked at again on the next run, when the payment has an answer.
 */

import { addDays } from '@rentloop/domain/billing-periods';
import { DEBT_TEXTS, type DebtHandover } from '@rentloop/domain/debt-collection';
import { and, eq, lte } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { walkCompanyDue } from '../../db/claim-company-due.ts';
import { debtHandovers, invoices } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { DebtAgencyError } from '../../integrations/debt-collection/index.ts';
import { invoiceRow } from '../invoices/records.ts';
import { notifyCompany } from '../notifications/service.ts';
import { openAttempts } from '../payments/charge.ts';
import { getDebtCollectionConfig, getSettings } from '../settings/sections.ts';
import type { AgencyOptions } from './agency.ts';
import { fileClaim, recordClaim } from './claims.ts';
import type { ClaimRow } from './records.ts';

/** Hand-overs claimed per transaction. */
const BATCH = 25;

type HandoverRow = typeof debtHandovers.$inferSelect;
type Config = Awaited<ReturnType<typeof getDebtCollectionConfig>>;

/** The company is told, once, that an invoice was not handed over and why. */
export async function tellFailure(ctx: Ctx, invoiceId: number, reason: string): Promise<void> {
  const [invoice] = await ctx.db
    .select({ number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, invoiceId)));
  const name = invoice?.number ? `Invoice ${invoice.number}` : `Invoice #${invoiceId}`;
  await notifyCompany(ctx, {
    title: 'Debt collection hand-over failed',
    description: `${name} was not handed to debt collection.`,
    message: `${DEBT_TEXTS.claimFailed} ${name}: ${reason}`,
    type: 'error',
  });
}

async function settle(ctx: Ctx, id: number, set: Partial<HandoverRow>): Promise<void> {
  await ctx.db
    .update(debtHandovers)
    .set({ ...set, updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(debtHandovers.company_id, ctx.companyId), eq(debtHandovers.id, id)));
}

/** One due hand-over, in the claiming transaction: its claim to file, null when none is to be sent. */
async function handOne(ctx: Ctx, row: HandoverRow, config: Config): Promise<ClaimRow | null> {
  const id = Number(row.id);
  const skip = async (reason: string) => {
    await settle(ctx, id, { status: 'skipped', reason });
    await tellFailure(ctx, row.invoice_id, reason);
    return null;
  };
  if (!config) return skip(DEBT_TEXTS.notConfigured);
  // A payment in progress may still succeed (or fail): wait for its answer rather than decide now.
  if ((await openAttempts(ctx, row.invoice_id)) > 0) return null;
  try {
    const { row: claim } = await recordClaim(ctx, row.invoice_id, config.min_claim_minor, { dunned: true });
    await settle(ctx, id, { status: 'filed', reason: null, claim_id: claim.id });
    return claim.reference === null ? claim : null;
  } catch (err) {
    // A refusal (a 409: settled or paid meanwhile, cancelled, below the smallest claim) or the invoice gone.
    if (!(err instanceof AppError)) throw err;
    return skip(err.message);
  }
}

/** Files the company's hand-overs due by its clock; answers how many were decided (filed or skipped). */
export async function fileDueHandovers(
  ctx: Ctx,
  transact: Transact,
  options: AgencyOptions = {},
): Promise<number> {
  const { handover_after_days } = await getSettings(ctx, 'debt_collection');
  const { claimed } = await walkCompanyDue(
    ctx,
    transact,
    {
      table: debtHandovers,
      id: debtHandovers.id,
      company: debtHandovers.company_id,
      // Due when the reminder's date plus the days is today or earlier.
      due: (today) =>
        and(
          eq(debtHandovers.status, 'scheduled'),
          lte(debtHandovers.reminder_due_on, addDays(today, -handover_after_days)),
        ),
      order: debtHandovers.reminder_due_on,
      limit: BATCH,
    },
    {
      async take(tx, ids) {
        const config = await getDebtCollectionConfig(tx);
        const toFile: ClaimRow[] = [];
        for (const id of ids) {
          const [row] = await tx.db
            .select()
            .from(debtHandovers)
            .where(and(eq(debtHandovers.company_id, tx.companyId), eq(debtHandovers.id, id)));
          if (!row) continue;
          const claim = await handOne(tx, row, config);
          if (claim) toFile.push(claim);
        }
        return toFile;
      },
      // Outside the transaction: the agency's answer, or its failure kept on the claim (`last_error`).
      async after(ctx, claim) {
        try {
          await fileClaim(ctx, transact, claim, options);
        } catch (err) {
          if (!(err instanceof DebtAgencyError)) throw err;
        }
      },
    },
  );
  return claimed;
}

/** GET debtist/invoice/{id}/handover: the invoice's hand-over by the dunning, or null (404: not ours). */
export async function invoiceHandover(ctx: Ctx, invoiceId: number): Promise<DebtHandover | null> {
  await invoiceRow(ctx, invoiceId);
  const [row] = await ctx.db
    .select()
    .from(debtHandovers)
    .where(and(eq(debtHandovers.company_id, ctx.companyId), eq(debtHandovers.invoice_id, invoiceId)));
  if (!row) return null;
  const { handover_after_days } = await getSettings(ctx, 'debt_collection');
  return {
    invoice_id: Number(row.invoice_id),
    status: row.status,
    reminder_due_on: row.reminder_due_on,
    handover_on: addDays(row.reminder_due_on, handover_after_days),
    reason: row.reason,
    claim_id: row.claim_id === null ? null : Number(row.claim_id),
  };
}
