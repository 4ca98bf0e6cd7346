/**
 * Declines, dunning and recoveries in a demo company's past (demo-orders.ts, decision 81). The demo bills
 * on the offline gateway, which never declines; what an offline payment meets instead is the bank: a
 * direct debit the company collected is returned days after it was booked, with a SEPA reason code.
 * Staff record that from the bank statement (`returnDebit`, as POST transactions/{id}/return-debit does),
 * and from there everything is the product's own: the decline classified, the dunning started with its
 * reminder, each retry made by the `dunning-retries` business job on its day as a new debit, which the
 * bank returns again or staff book as paid (the invoice recovered), and after the last returned retry the
 * configured end (the demo companies cancel the subscription: "dunning-cancelled").
 *
 * Which booked recurring payments come back is drawn from the demo's seed (a few percent); how each one's
 * dunning goes follows `FATES` in turn, so even a short history shows every path once it has a handful.
 */
import type { DebitReturnReason } from '@rentloop/domain/debit-returns';
import { and, asc, desc, eq, gt } from 'drizzle-orm';
import type { Ctx } from '../context.ts';
import { invoices, transactions } from '../db/schema/index.ts';
import { settleInvoice } from '../modules/payments/charge.ts';
import { returnDebit } from '../modules/payments/debit-returns.ts';
import { updateSection } from '../modules/settings/sections.ts';
import type { prng } from './demo-customers.ts';

type Rng = ReturnType<typeof prng>;

/** Share of booked recurring debits the bank returns. */
const RETURNED_PERCENT = 4;

/** How a returned payment's dunning goes: its reason, and the retry that is paid (null: none is). */
interface Fate {
  reason: DebitReturnReason;
  paidOnRetry: number | null;
}

/**
 * In turn: soft returns recovered on the first, second or third retry, one never paid (every retry
 * returned, then the end), and hard ones (no mandate, account closed, the debtor asked the money back)
 * that dunning never retries.
 */
const FATES: readonly Fate[] = [
  { reason: 'AM04', paidOnRetry: null },
  { reason: 'AM04', paidOnRetry: 1 },
  { reason: 'MD01', paidOnRetry: null },
  { reason: 'AM04', paidOnRetry: 2 },
  { reason: 'MS03', paidOnRetry: 1 },
  { reason: 'AC04', paidOnRetry: null },
  { reason: 'AM04', paidOnRetry: 3 },
  { reason: 'MD06', paidOnRetry: null },
];

/** A step of the history on a later day (demo-orders.ts `later`). */
type Later = (inDays: number, step: (ctx: Ctx) => Promise<unknown>) => void;

/**
 * The demo's returned debits. `booked` is told of every booked transfer; `retries` looks at the day's
 * dunning retries. Deterministic for a seed: its draws come from its own sequence.
 */
export function demoReturns(rng: Rng) {
  const fates = new Map<number, Fate>();
  let retriesSeen = 0;
  return {
    /**
     * The company's decision when it moved its billing to Rentloop: a payment still failing after the
     * last retry cancels the subscription (the order tagged "dunning-cancelled").
     */
    async configure(ctx: Ctx): Promise<void> {
      await updateSection(ctx, 'recurring_payments', { after_last_retry: 'cancel_subscription' });
    },

    /** A recurring invoice's debit is booked `inDays` from now: whether, and when, the bank returns it. */
    booked(invoiceId: number, later: Later): void {
      if (rng.int(1, 100) > RETURNED_PERCENT) return;
      const fate = FATES[fates.size % FATES.length] as Fate;
      fates.set(invoiceId, fate);
      later(rng.int(2, 5), (ctx) => returnBooked(ctx, invoiceId, fate.reason));
    },

    /**
     * The retries `dunning-retries` made since the last look (new debits awaiting their money): each is
     * returned again a day or two later, or, on its fate's retry, booked as paid (recovered).
     */
    async retries(ctx: Ctx, later: Later): Promise<void> {
      const made = await ctx.db
        .select({
          id: transactions.id,
          invoice_id: transactions.invoice_id,
          attempt_no: transactions.attempt_no,
        })
        .from(transactions)
        .where(
          and(
            eq(transactions.company_id, ctx.companyId),
            gt(transactions.id, retriesSeen),
            eq(transactions.gateway, 'offlinegateway'),
            eq(transactions.kind, 'charge'),
            eq(transactions.state, 'pending'),
            gt(transactions.attempt_no, 1),
          ),
        )
        .orderBy(asc(transactions.id));
      for (const retry of made) {
        retriesSeen = retry.id;
        const fate = retry.invoice_id === null ? undefined : fates.get(retry.invoice_id);
        if (!fate || retry.invoice_id === null) continue;
        const invoiceId = retry.invoice_id;
        if (fate.paidOnRetry === retry.attempt_no - 1)
          later(rng.int(1, 3), async (c) => {
            const [invoice] = await c.db
              .select({ number: invoices.number })
              .from(invoices)
              .where(and(eq(invoices.company_id, c.companyId), eq(invoices.id, invoiceId)));
            await settleInvoice(c, invoiceId, `TRF-${invoice?.number ?? invoiceId}-R${retry.attempt_no - 1}`);
          });
        else later(rng.int(1, 2), (c) => returnDebit(c, retry.id, { reason: fate.reason }));
      }
    },

    /** How many debits came back (the job's log). */
    get returned() {
      return fates.size;
    },
  };
}

/** The bank returned the invoice's booked debit: its succeeded offline charge, recorded as returned. */
async function returnBooked(ctx: Ctx, invoiceId: number, reason: DebitReturnReason): Promise<void> {
  const [paid] = await ctx.db
    .select({ id: transactions.id })
    .from(transactions)
    .where(
      and(
        eq(transactions.company_id, ctx.companyId),
        eq(transactions.invoice_id, invoiceId),
        eq(transactions.kind, 'charge'),
        eq(transactions.state, 'succeeded'),
      ),
    )
    .orderBy(desc(transactions.id))
    .limit(1);
  // Not booked after all (the order was cancelled meanwhile): nothing to return.
  if (paid) await returnDebit(ctx, paid.id, { reason });
}
