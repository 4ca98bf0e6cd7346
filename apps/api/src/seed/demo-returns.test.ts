/**
 * The demo's declines (demo-returns.ts, decision 81): a few booked debits returned by the bank and
 * recorded by staff, then the product's dunning over the days that follow (reminders, retries by the
 * business job, retries returned again or paid), so the history holds soft and hard declines, dunning
 * steps, recovered invoices and a subscription cancelled by dunning; every figure is checked against the
 * rows it stands for. A shorter history than the real demo's (the months before billing add orders, not
 * billing), with its whole billing period.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../context.ts';
import type { Database } from '../db/client.ts';
import { companies, orders, recurringPayments, subscriptions, transactions } from '../db/schema/index.ts';
import { seedDemoCustomersJob } from '../jobs/definitions.ts';
import { createTestDatabase } from '../testing/database.ts';
import { bootstrap, DEMO_COMPANIES } from './bootstrap.ts';
import { DEMO_BILLING_DAYS } from './demo-orders.ts';

const NOW = new Date('2026-11-20T15:00:00Z');

describe('demo returned debits and dunning', () => {
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
    await seedDemoCustomersJob.handler(
      { companyId, count: 120, seed: 1000, historyDays: 200, billingDays: DEMO_BILLING_DAYS },
      jc,
    );
  }, 1_500_000);
  afterAll(() => drop());

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await database.primary.execute(query)) as unknown as { rows: T[] }).rows;

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
