/**
 * The demo order history: made through the product's functions over the 18 months before "now", it
 * holds every order status, quotes, consumable orders and the subscription statuses the product can
 * reach, is billed day by day as it happened (invoices, charges, transfers booked, some still owed; the
 * debits the bank returned and their dunning, decision 81), keeps its events in time order, and a repeated job adds
 * nothing.
 */
import { ORDER_STATUSES, SUBSCRIPTION_STATUSES } from '@rentloop/domain/enums';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../context.ts';
import type { Database } from '../db/client.ts';
import {
  companies,
  events,
  invoices,
  orderItems,
  orders,
  recurringPayments,
  subscriptions,
  transactions,
} from '../db/schema/index.ts';
import { seedDemoCustomersJob } from '../jobs/definitions.ts';
import { createTestDatabase } from '../testing/database.ts';
import { bootstrap, DEMO_COMPANIES } from './bootstrap.ts';
import { DEMO_BILLING_DAYS, DEMO_HISTORY_DAYS } from './demo-orders.ts';

const NOW = new Date('2026-11-20T15:00:00Z');

describe('demo order history', () => {
  let database: Database;
  let drop: () => Promise<void>;
  let companyId: number;
  beforeAll(async () => {
    const t = await createTestDatabase();
    database = t.database;
    drop = t.drop;
    await bootstrap(database, null, { seedDemo: true });
    const [northwind] = await database.primary
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, DEMO_COMPANIES[0].name));
    companyId = northwind!.id;
    const jc = { database, clock: fixedClock(NOW), log: { info: () => {}, error: () => {} } };
    for (let i = 0; i < 2; i++)
      await seedDemoCustomersJob.handler(
        { companyId, count: 120, seed: 1000, historyDays: DEMO_HISTORY_DAYS },
        jc,
      );
  }, 600_000);
  afterAll(() => drop());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.primary.execute(query)) as unknown as { rows: T[] }).rows;

  it('holds orders in every status, quotes and consumable orders, over 18 months, once', async () => {
    const byStatus = await rows<{ status: string; n: number; numbered: number; consumable: number }>(
      sql`SELECT status, count(*)::int AS n, count(number)::int AS numbered,
                 count(*) FILTER (WHERE consumable)::int AS consumable
            FROM orders WHERE company_id = ${companyId} GROUP BY status`,
    );
    const statuses = Object.fromEntries(byStatus.map((r) => [r.status, r]));
    expect(Object.keys(statuses).sort()).toEqual([...ORDER_STATUSES].sort());
    const total = byStatus.reduce((sum, r) => sum + r.n, 0);
    // The second run of the job added nothing: "a few hundred" orders, not twice as many.
    expect(total).toBeGreaterThan(150);
    expect(total).toBeLessThan(450);
    // Quotes have no number; every placed order has one.
    expect(statuses.draft!.numbered).toBe(0);
    for (const s of ['open', 'fulfilled', 'cancelled']) expect(statuses[s]!.numbered).toBe(statuses[s]!.n);
    expect(byStatus.reduce((sum, r) => sum + r.consumable, 0)).toBeGreaterThan(3);

    const [span] = await rows<{ first: string; last: string }>(
      sql`SELECT min(created_at) AS first, max(created_at) AS last FROM orders WHERE company_id = ${companyId}`,
    );
    const ageDays = (at: string) => (NOW.getTime() - new Date(at).getTime()) / 86_400_000;
    expect(ageDays(span!.first)).toBeGreaterThan(500);
    expect(ageDays(span!.last)).toBeGreaterThanOrEqual(0);
    expect(ageDays(span!.last)).toBeLessThan(10);

    // Gapless numbers: ORD-style numbers 1..n without a hole.
    const numbers = await database.primary
      .select({ number: orders.number })
      .from(orders)
      .where(and(eq(orders.company_id, companyId), sql`${orders.number} IS NOT NULL`))
      .orderBy(asc(orders.finalised_at));
    const seq = numbers.map((r) => Number(String(r.number).replace(/\D+/g, '')));
    expect([...seq].sort((a, b) => a - b)).toEqual(seq.map((_, i) => i + 1));
  });

  it('is billed as time passed: numbered invoices, charges, transfers booked, some still owed', async () => {
    const byPayment = await rows<{ payment_status: string; n: number }>(
      sql`SELECT payment_status, count(*)::int AS n FROM orders
           WHERE company_id = ${companyId} AND status <> 'draft' GROUP BY payment_status`,
    );
    const payment = Object.fromEntries(byPayment.map((r) => [r.payment_status, r.n]));
    // Since Rentloop bills (the last DEMO_BILLING_DAYS), most initial payments were charged and their
    // transfers booked; some are still owed, as are the older orders' (billed elsewhere).
    expect(payment.paid).toBeGreaterThan(10);
    expect(payment.payment_required).toBeGreaterThan(0);

    const byType = await rows<{ type: string; payment_status: string; n: number; unnumbered: number }>(
      sql`SELECT type, payment_status, count(*)::int AS n, count(*) FILTER (WHERE number IS NULL)::int AS unnumbered
            FROM invoices WHERE company_id = ${companyId} GROUP BY type, payment_status`,
    );
    const count = (type: string, status: string) =>
      byType.find((r) => r.type === type && r.payment_status === status)?.n ?? 0;
    expect(byType.every((r) => r.unnumbered === 0)).toBe(true);
    // The billing run invoiced the months of running subscriptions; most were paid by transfer.
    expect(count('recurring payment', 'settled')).toBeGreaterThan(100);
    expect(count('recurring payment', 'pending payment')).toBeGreaterThan(0);
    expect(count('initial', 'settled')).toBe(payment.paid);

    // Each series ({YYYY} in the prefix: one a year) gapless from the settings' start, numbered in the
    // order of issue.
    const numbers = await database.primary
      .select({ series: invoices.series, seq: invoices.seq, issued: invoices.issue_date })
      .from(invoices)
      .where(eq(invoices.company_id, companyId))
      .orderBy(asc(invoices.series), asc(invoices.seq));
    const series = new Map<string, typeof numbers>();
    for (const r of numbers) series.set(r.series, [...(series.get(r.series) ?? []), r]);
    expect(series.size).toBeGreaterThan(0);
    for (const inSeries of series.values()) {
      const first = inSeries[0]!.seq!;
      expect(inSeries.map((r) => r.seq)).toEqual(inSeries.map((_, i) => first + i));
      const days = inSeries.map((r) => String(r.issued));
      expect(days).toEqual([...days].sort());
    }
    // Issued on the days the history reached them, not all at the seed's "now", and none before the
    // company moved its billing to Rentloop.
    const issuedDays = [...new Set(numbers.map((r) => String(r.issued).slice(0, 10)))].sort();
    expect(issuedDays.length).toBeGreaterThan(DEMO_BILLING_DAYS / 2);
    const goLive = new Date(NOW.getTime() - DEMO_BILLING_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(issuedDays[0]! >= goLive).toBe(true);

    // Every settled invoice has its succeeded attempt with the transfer's reference; every recurring
    // invoice belongs to a payment that is paid when the invoice is settled.
    const unmatched = await rows<{ id: number }>(
      sql`SELECT i.id FROM invoices i
           WHERE i.company_id = ${companyId} AND i.payment_status = 'settled'
             AND NOT EXISTS (SELECT 1 FROM ${transactions} t WHERE t.company_id = i.company_id
                              AND t.invoice_id = i.id AND t.state = 'succeeded'
                              AND t.provider_reference LIKE 'TRF-%')`,
    );
    expect(unmatched).toEqual([]);
    const unpaid = await rows<{ id: number }>(
      sql`SELECT rp.id FROM ${recurringPayments} rp JOIN invoices i
              ON i.company_id = rp.company_id AND i.recurring_payment_id = rp.id
           WHERE rp.company_id = ${companyId} AND i.payment_status = 'settled' AND rp.status <> 'paid'`,
    );
    expect(unpaid).toEqual([]);
  });

  it('keeps every order total the sum of its lines and bills no running subscription behind', async () => {
    const mismatched = await rows<{ id: number }>(
      sql`SELECT o.id FROM orders o
            JOIN (SELECT order_id, sum(gross) AS lines FROM ${orderItems} WHERE company_id = ${companyId}
                  GROUP BY order_id) i ON i.order_id = o.id
           WHERE o.company_id = ${companyId}
             AND o.total <> i.lines + o.shipping_net + o.shipping_tax`,
    );
    expect(mismatched).toEqual([]);
    // The billing run caught up day by day: every running subscription is next billed after "now".
    const behind = await rows<{ id: number }>(
      sql`SELECT id FROM subscriptions WHERE company_id = ${companyId}
             AND status IN ('active', 'cancellation requested') AND next_billing_date <= ${NOW.toISOString().slice(0, 10)}::date`,
    );
    expect(behind).toEqual([]);
    const running = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM subscriptions WHERE company_id = ${companyId}
             AND status IN ('active', 'cancellation requested') AND next_billing_date > ${NOW.toISOString().slice(0, 10)}::date`,
    );
    expect(running[0]!.n).toBeGreaterThan(0);
  });

  it('holds subscriptions in every status the product reaches without billing', async () => {
    const found = await database.primary
      .selectDistinct({ status: subscriptions.status })
      .from(subscriptions)
      .where(eq(subscriptions.company_id, companyId));
    // "bought out" needs a buyout payment and nothing makes "pending activation" yet (demo-orders.ts).
    const expected = SUBSCRIPTION_STATUSES.filter((s) => s !== 'bought out' && s !== 'pending activation');
    expect(found.map((r) => r.status).sort()).toEqual([...expected].sort());
    const ended = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM subscriptions WHERE company_id = ${companyId}
            AND status IN ('ended', 'cancelled') AND (ended_at IS NULL OR next_billing_date IS NOT NULL)`,
    );
    expect(ended[0]!.n).toBe(0);
  });

  it('keeps the events in time order (ids follow the clock) and the tags dated on their day', async () => {
    const outOfOrder = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM (
            SELECT created_at < lag(created_at) OVER (ORDER BY id) AS back FROM ${events}
             WHERE company_id = ${companyId} AND type NOT LIKE 'voucher.%' AND type NOT LIKE 'shipping%'
               AND type NOT LIKE 'product%' AND type NOT LIKE 'collection%' AND type NOT LIKE 'tax%'
               AND type NOT LIKE 'bundle%') e WHERE back`,
    );
    expect(outOfOrder[0]!.n).toBe(0);
    const tags = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM order_tag_history
           WHERE company_id = ${companyId} AND created_at::date <> tag_date`,
    );
    expect(tags[0]!.n).toBe(0);
  });

  // The declines (demo-returns.ts, decision 81), on the same history: one demo seeded for both.
  it('has debits the bank returned, their dunning, recoveries and a cancellation, each figure from its rows', async () => {
    // The returns staff recorded: failed offline charges with a SEPA reason, soft and hard.
    const returned = await rows<{ decline_class: string; n: number }>(
      sql`SELECT decline_class, count(*)::int AS n FROM ${transactions}
           WHERE company_id = ${companyId} AND gateway = 'offlinegateway' AND kind = 'charge'
             AND state = 'failed' AND decline_code IN ('AM04', 'MS03', 'MD01', 'AC04', 'MD06')
           GROUP BY decline_class`,
    );
    const byClass = Object.fromEntries(returned.map((r) => [r.decline_class, r.n]));
    expect(byClass.soft).toBeGreaterThan(1);
    expect(byClass.hard).toBeGreaterThan(0);
    // Every failed charge of the demo is such a return (the offline gateway itself never declines).
    const [failed] = await rows<{ n: number }>(
      sql`SELECT count(*)::int AS n FROM ${transactions}
           WHERE company_id = ${companyId} AND kind = 'charge' AND state = 'failed'`,
    );
    expect(failed!.n).toBe((byClass.soft ?? 0) + (byClass.hard ?? 0));

    // Each dunning's step is its invoice's failed charges: n while retries run or once recovered, one
    // more after a hard decline (at any step) or after the last retry (the end).
    const ds = await rows<{
      id: number;
      status: string;
      step: number;
      max_steps: number;
      end_action: string | null;
      last_mail_step: number;
      failures: number;
      payment_status: string;
      recovered: boolean;
      rp_status: string;
      sub_status: string;
      tag: string | null;
    }>(
      sql`SELECT d.id, d.status, d.step, d.max_steps, d.end_action, d.last_mail_step,
                 (SELECT count(*)::int FROM ${transactions} t WHERE t.company_id = d.company_id
                   AND t.invoice_id = d.invoice_id AND t.kind = 'charge' AND t.state = 'failed') AS failures,
                 i.payment_status, i.recovered_at IS NOT NULL AS recovered, rp.status AS rp_status,
                 s.status AS sub_status, o.tag
            FROM dunnings d
            JOIN invoices i ON i.company_id = d.company_id AND i.id = d.invoice_id
            JOIN ${recurringPayments} rp ON rp.company_id = d.company_id AND rp.id = d.recurring_payment_id
            JOIN ${subscriptions} s ON s.company_id = d.company_id AND s.id = d.subscription_id
            JOIN ${orders} o ON o.company_id = d.company_id AND o.id = d.order_id
           WHERE d.company_id = ${companyId}`,
    );
    const ended = (action: string) => ds.filter((d) => d.end_action === action);
    expect(ended('recovered').length).toBeGreaterThan(0);
    expect(ended('payment_method_declined').length).toBeGreaterThan(0);
    expect(ended('cancel_subscription').length).toBeGreaterThan(0);
    // Dunning steps were walked: some payment was retried (and returned again) at least once.
    expect(Math.max(...ds.map((d) => d.step))).toBeGreaterThan(1);
    for (const d of ds) {
      const extra =
        d.end_action === 'payment_method_declined' || d.end_action === 'cancel_subscription' ? 1 : 0;
      expect(d.failures, `dunning ${d.id}`).toBe(d.step + extra);
      if (d.status === 'recovered') {
        expect([d.payment_status, d.recovered, d.rp_status], `dunning ${d.id}`).toEqual([
          'settled',
          true,
          'paid',
        ]);
      } else if (d.status === 'ended') {
        expect([d.payment_status, d.recovered, d.rp_status], `dunning ${d.id}`).toEqual([
          'failed',
          false,
          'failed',
        ]);
      }
      if (d.end_action === 'cancel_subscription') {
        expect(d.step).toBe(d.max_steps);
        // Cancelled by dunning; its unit's return may have ended it since (the fleet's days).
        expect(['cancelled', 'ended']).toContain(d.sub_status);
        expect(d.tag).toBe('dunning-cancelled');
      }
      if (d.status === 'active') expect(d.tag).toBe('in dunning');
    }
    // Recovered invoices are exactly the settled ones with a failed charge before their success.
    const [recovered] = await rows<{ n: number; failed_first: number }>(
      sql`SELECT count(*)::int AS n, count(*) FILTER (WHERE EXISTS (
                   SELECT 1 FROM ${transactions} t WHERE t.company_id = i.company_id AND t.invoice_id = i.id
                      AND t.kind = 'charge' AND t.state = 'failed'))::int AS failed_first
            FROM invoices i WHERE i.company_id = ${companyId} AND i.recovered_at IS NOT NULL
             AND i.payment_status = 'settled'`,
    );
    expect(recovered!.n).toBe(ended('recovered').length);
    expect(recovered!.failed_first).toBe(recovered!.n);
    // The mails: one reminder per step reached, one "update your payment method" per hard decline.
    const mails = await rows<{ kind: string; n: number }>(
      sql`SELECT kind, count(*)::int AS n FROM email_entries WHERE company_id = ${companyId}
             AND (kind LIKE 'payment_failed_%' OR kind = 'payment_method_declined') GROUP BY kind`,
    );
    const mailed = (kind: string) => mails.find((m) => m.kind === kind)?.n ?? 0;
    expect(mailed('payment_failed_1') + mailed('payment_failed_2') + mailed('payment_failed_3')).toBe(
      ds.reduce((sum, d) => sum + d.last_mail_step, 0),
    );
    expect(mailed('payment_failed_1')).toBeGreaterThan(0);
    expect(mailed('payment_method_declined')).toBe(ended('payment_method_declined').length);
  });
});
