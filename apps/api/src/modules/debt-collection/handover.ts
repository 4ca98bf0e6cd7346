/**
 * The dunning's end "hand to debt collection" (recurring payments settings, `after_last_retry:
 * debt_collection`), in two steps, both in the business job `debt-collection-handover` (jobs run by
 * the company's clock, after `dunning-retries`; decisions 67 and 84):
 *
 * 1. `scheduleHandovers`: the dunning only writes `dunning.handed_to_debt_collection` in its own
 *    transaction; this reads those events of the company with a cursor of its own (events/reader.ts) and,
 *    in the transaction that moves the cursor, writes the invoice's hand-over `scheduled` with the date
 *    the last reminder gave the customer (one per invoice). An invoice below the smallest claim is
 *    `skipped` there and then, with the reason, and the company is told.
 * 2. `fileDueHandovers` (handover-due.ts): the hand-overs `handover_after_days` past that date become
 *    claims, the agency called after the commit.
 */
import { DEBT_TEXTS } from '@rentloop/domain/debt-collection';
import { and, eq } from 'drizzle-orm';
import { companyTimeAt } from '../../company-time.ts';
import type { Ctx, Transact } from '../../context.ts';
import { debtHandovers, eventCursors, invoices } from '../../db/schema/index.ts';
import { toDecimal } from '../../money.ts';
import type { BusinessJob } from '../companies/business-jobs.ts';
import { type Cursor, type EventRow, eventsAfter, readEvents, START } from '../events/reader.ts';
import { getSettings } from '../settings/sections.ts';
import type { AgencyOptions } from './agency.ts';
import { fileDueHandovers, tellFailure } from './handover-due.ts';

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

/** The smallest claim's refusal of the invoice, or null (an invoice gone: null, the due step says so). */
export async function tooSmall(ctx: Ctx, invoiceId: number, minClaim: number): Promise<string | null> {
  const [invoice] = await ctx.db
    .select({ gross: invoices.gross, currency: invoices.currency })
    .from(invoices)
    .where(and(eq(invoices.company_id, ctx.companyId), eq(invoices.id, invoiceId)));
  if (!invoice || invoice.gross >= BigInt(minClaim)) return null;
  return DEBT_TEXTS.invoiceTooSmall(toDecimal(BigInt(minClaim), invoice.currency) ?? String(minClaim));
}

/** The last reminder's date of an event; events written before it was carried: the end's own day. */
async function reminderDueOn(ctx: Ctx, event: EventRow): Promise<string> {
  const given = (event.payload as { last_reminder_due_on?: unknown }).last_reminder_due_on;
  if (typeof given === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(given)) return given;
  const { time_zone } = await getSettings(ctx, 'general');
  return companyTimeAt(new Date(event.created_at), time_zone).today;
}

/** Every hand-over event of the company not read yet becomes its scheduled hand-over; answers how many. */
export async function scheduleHandovers(ctx: Ctx, transact: Transact): Promise<number> {
  let handled = 0;
  for (;;) {
    // Most days there is nothing new: looked at without a transaction (no cursor row written).
    if (!(await anyNew(ctx))) return handled;
    const read = await transact((tx) =>
      readEvents(
        tx.db,
        readerOf(tx.companyId),
        { limit: BATCH, companyId: tx.companyId, types: [HANDOVER_EVENT] },
        async (batch) => {
          const { min_claim_minor } = await getSettings(tx, 'debt_collection');
          for (const event of batch) {
            const invoiceId = Number((event.payload as { invoice_id?: unknown }).invoice_id);
            if (!Number.isInteger(invoiceId) || invoiceId <= 0) continue;
            const small = await tooSmall(tx, invoiceId, min_claim_minor);
            const [written] = await tx.db
              .insert(debtHandovers)
              .values({
                company_id: tx.companyId,
                invoice_id: invoiceId,
                dunning_id: event.object_id,
                reminder_due_on: await reminderDueOn(tx, event),
                status: small ? 'skipped' : 'scheduled',
                reason: small,
              })
              .onConflictDoNothing()
              .returning({ id: debtHandovers.id });
            if (written && small) await tellFailure(tx, invoiceId, small);
          }
        },
      ),
    );
    handled += read;
    if (read < BATCH) return handled;
  }
}

/** The job's day: new hand-overs scheduled, then the due ones filed. Answers both counts together. */
export async function handOverDunnedInvoices(
  ctx: Ctx,
  transact: Transact,
  options: AgencyOptions = {},
): Promise<number> {
  const scheduled = await scheduleHandovers(ctx, transact);
  return scheduled + (await fileDueHandovers(ctx, transact, options));
}

export const debtHandoverJob: BusinessJob = {
  name: 'debt-collection-handover',
  run: (ctx, transact) => handOverDunnedInvoices(ctx, transact),
};
