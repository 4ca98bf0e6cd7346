/**
 * The dunning's end "hand to debt collection" (recurring payments settings, `after_last_retry:
 * debt_collection`) made real: the dunning only writes `dunning.handed_to_debt_collection` in its own
 * transaction; this business job (jobs/business-jobs.ts, after `dunning-retries`) reads those events of
 * the company with a cursor of its own (events/reader.ts) and, in the transaction that moves the cursor,
 * records the invoice's claim `pending` (recordClaim: one per invoice, a second hand-over answers the
 * first). The agency is called after that transaction has committed (fileClaim, with our reference as its
 * idempotency key), never inside it: an agency that is down leaves the claim pending with its reason, and
 * the next sync files it. An event that cannot become a claim (debt collection not set up, the invoice
 * paid meanwhile or below the smallest claim) is told to the company as a notification, once.
 */
import { DEBT_TEXTS } from '@rentloop/domain/debt-collection';
import { and, eq } from 'drizzle-orm';
import type { Ctx, Transact } from '../../context.ts';
import { eventCursors, invoices } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { DebtAgencyError } from '../../integrations/debt-collection/index.ts';
import type { BusinessJob } from '../companies/business-jobs.ts';
import { type Cursor, eventsAfter, readEvents, START } from '../events/reader.ts';
import { notifyCompany } from '../notifications/service.ts';
import { getDebtCollectionConfig } from '../settings/sections.ts';
import type { AgencyOptions } from './agency.ts';
import { fileClaim, recordClaim } from './claims.ts';
import type { ClaimRow } from './records.ts';

export const HANDOVER_EVENT = 'dunning.handed_to_debt_collection';
const BATCH = 50;
const readerOf = (companyId: number) => `debt-collection-handover:${companyId}`;

/** Whether the company has a hand-over event its reader has not read yet. */
async function anyNew(ctx: Ctx): Promise<boolean> {
  const [row] = await ctx.db
    .select()
    .from(eventCursors)
    .where(eq(eventCursors.reader, readerOf(ctx.companyId)));
  const from: Cursor = row ? { txId: row.tx_id, eventId: row.event_id } : START;
  const peek = await eventsAfter(ctx.db, from, {
    limit: 1,
    companyId: ctx.companyId,
    types: [HANDOVER_EVENT],
  });
  return peek.events.length > 0;
}

async function tellFailure(ctx: Ctx, invoiceId: number, reason: string): Promise<void> {
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

/**
 * Every hand-over event of the company not read yet becomes its claim, filed at the agency. Answers how
 * many events were handled (claims recorded or failures told).
 */
export async function handOverDunnedInvoices(
  ctx: Ctx,
  transact: Transact,
  options: AgencyOptions = {},
): Promise<number> {
  let handled = 0;
  for (;;) {
    // Most days there is nothing new: looked at without a transaction (no cursor row written).
    if (!(await anyNew(ctx))) return handled;
    const toFile: ClaimRow[] = [];
    const read = await transact((tx) =>
      readEvents(
        tx.db,
        readerOf(tx.companyId),
        { limit: BATCH, companyId: tx.companyId, types: [HANDOVER_EVENT] },
        async (batch) => {
          const config = await getDebtCollectionConfig(tx);
          for (const event of batch) {
            const invoiceId = Number((event.payload as { invoice_id?: unknown }).invoice_id);
            if (!Number.isInteger(invoiceId) || invoiceId <= 0) continue;
            if (!config) {
              await tellFailure(tx, invoiceId, DEBT_TEXTS.notConfigured);
              continue;
            }
            try {
              const { row } = await recordClaim(tx, invoiceId, config.min_claim_minor, { dunned: true });
              if (row.reference === null) toFile.push(row);
            } catch (err) {
              // A refusal (a 409: settled meanwhile, a credit, below the smallest claim) or an invoice gone (404).
              if (!(err instanceof AppError)) throw err;
              await tellFailure(tx, invoiceId, err.message);
            }
          }
        },
      ),
    );
    handled += read;
    // Outside the transaction: the agency's answer, or its failure kept on the claim (`last_error`).
    for (const row of toFile) {
      try {
        await fileClaim(ctx, transact, row, options);
      } catch (err) {
        if (!(err instanceof DebtAgencyError)) throw err;
      }
    }
    if (read < BATCH) return handled;
  }
}

export const debtHandoverJob: BusinessJob = {
  name: 'debt-collection-handover',
  run: (ctx, transact) => handOverDunnedInvoices(ctx, transact),
};
