/**
 * The soak's money invariants (bench/soak.ts), checked on the whole database at the end, after the
 * load: the same facts the billing kill test (apps/api/src/modules/recurring-payments/billing-kill.test.ts)
 * asserts for its one company, here as SQL over every company, plus the gateway fake's own count.
 *
 * - invoice numbers gapless per series: each (company, series) holds the numbers start..next_value-1 of
 *   its `number_series` counter, each once;
 * - orders placed by the soak: their numbers, per company, one after the other (a refused or rolled-back
 *   placement gives its number back);
 * - each due payment charged once: every payment of the billing company paid, one invoice each, one
 *   succeeded charge attempt per invoice, one PaymentIntent per invoice at the fake, each idempotency
 *   key executed once; nowhere an invoice with two succeeded charges;
 * - refunds bounded: per invoice, succeeded refunds never above its succeeded charges;
 * - `billing_runs`: the counts equal the rows (issued = the invoices of the billing company's payments;
 *   each day's row's due, issued, paid, pending, failed and parked = the same counts taken from the rows as
 *   run.ts's `recount` takes them).
 *
 * The orders check runs only when the caller placed orders (`placed`; billing-kill.ts places none).
 */
import type { Database } from '../apps/api/src/db/client.ts';
import type { FakeStripe } from '../apps/api/src/integrations/payments/testing/fake-stripe.ts';

export interface Check {
  name: string;
  ok: boolean;
  detail: unknown;
}

const rows = async (database: Database, text: string, values: unknown[] = []) =>
  (await database.executor.executeSql(text, values)).rows;

export async function moneyInvariants(
  database: Database,
  fake: FakeStripe,
  billing: { companyId: number; payments: number },
  placed?: Map<number, string[]>,
): Promise<Check[]> {
  const checks: Check[] = [];
  const check = (name: string, ok: boolean, detail: unknown) => checks.push({ name, ok, detail });

  // Gapless per series: count = span, and the counter one past the last number.
  const series = await rows(
    database,
    `SELECT i.company_id, i.series, count(*)::int AS n, count(DISTINCT i.seq)::int AS distinct_n,
            min(i.seq)::int AS first, max(i.seq)::int AS last, max(ns.next_value)::int AS next_value
       FROM invoices i
       LEFT JOIN number_series ns ON ns.company_id = i.company_id AND ns.series = i.series
      WHERE i.seq IS NOT NULL
      GROUP BY i.company_id, i.series`,
  );
  const holes = series.filter(
    (s) =>
      Number(s.n) !== Number(s.distinct_n) ||
      Number(s.last) - Number(s.first) + 1 !== Number(s.n) ||
      (s.next_value !== null && Number(s.next_value) !== Number(s.last) + 1),
  );
  check('invoice numbers gapless per series', holes.length === 0, {
    series: series.length,
    invoices: series.reduce((n, s) => n + Number(s.n), 0),
    with_holes: holes.slice(0, 5),
  });

  // Orders the soak placed: per company, consecutive numbers.
  if (placed) {
    const broken: { company: number; numbers: string[] }[] = [];
    let placedCount = 0;
    for (const [company, numbers] of placed) {
      placedCount += numbers.length;
      const n = numbers.map((s) => Number(/(\d+)$/.exec(s)?.[1] ?? Number.NaN)).sort((a, b) => a - b);
      const consecutive = n.every((v, i) => i === 0 || v === n[i - 1]! + 1);
      if (!consecutive) broken.push({ company, numbers: numbers.slice(0, 20) });
    }
    check('orders placed under load numbered without gaps', broken.length === 0, {
      placed: placedCount,
      broken,
    });
  }

  // Each due payment of the billing company charged once.
  const [pay] = await rows(
    database,
    `SELECT (SELECT count(*) FROM recurring_payments WHERE company_id = $1)::int AS payments,
            (SELECT count(*) FROM recurring_payments WHERE company_id = $1 AND status = 'paid')::int AS paid,
            (SELECT count(*) FROM invoices WHERE company_id = $1 AND recurring_payment_id IS NOT NULL)::int AS invoices,
            (SELECT count(DISTINCT recurring_payment_id) FROM invoices WHERE company_id = $1)::int AS invoiced,
            (SELECT count(*) FROM transactions WHERE company_id = $1 AND kind = 'charge'
               AND state = 'succeeded')::int AS charges,
            (SELECT count(*) FROM transactions WHERE company_id = $1
               AND state IN ('created', 'processing', 'unknown'))::int AS open_attempts`,
    [billing.companyId],
  );
  const intents = [...fake.paymentIntents.values()].filter(
    // The attempt's key names its company: rl:<company>:inv<invoice>:<attempt>.
    (pi) => (pi.metadata.idempotency_key ?? '').startsWith(`rl:${billing.companyId}:`),
  );
  const byInvoice = new Map<string, number>();
  let executedTwice = 0;
  for (const pi of intents) {
    const inv = pi.metadata.invoice ?? pi.id;
    byInvoice.set(inv, (byInvoice.get(inv) ?? 0) + 1);
    if (fake.executions(pi.metadata.idempotency_key ?? '') !== 1) executedTwice += 1;
  }
  const invoicesChargedTwiceAtFake = [...byInvoice.values()].filter((n) => n > 1).length;
  const n = billing.payments;
  check(
    'each due payment charged exactly once',
    Number(pay?.payments) === n &&
      Number(pay?.paid) === n &&
      Number(pay?.invoices) === n &&
      Number(pay?.invoiced) === n &&
      Number(pay?.charges) === n &&
      Number(pay?.open_attempts) === 0 &&
      byInvoice.size === n &&
      invoicesChargedTwiceAtFake === 0 &&
      executedTwice === 0,
    {
      ...pay,
      fake_payment_intents: intents.length,
      fake_invoices: byInvoice.size,
      invoicesChargedTwiceAtFake,
      executedTwice,
    },
  );

  const doubles = await rows(
    database,
    `SELECT company_id, invoice_id, count(*)::int AS n FROM transactions
      WHERE kind = 'charge' AND state = 'succeeded' AND invoice_id IS NOT NULL
      GROUP BY company_id, invoice_id HAVING count(*) > 1 LIMIT 5`,
  );
  check('no invoice charged twice (every company)', doubles.length === 0, doubles);

  const overRefunded = await rows(
    database,
    `SELECT company_id, invoice_id,
            sum(amount) FILTER (WHERE kind = 'charge' AND state = 'succeeded')::bigint AS charged,
            sum(amount) FILTER (WHERE kind = 'refund' AND state = 'succeeded')::bigint AS refunded
       FROM transactions WHERE invoice_id IS NOT NULL
      GROUP BY company_id, invoice_id
     HAVING coalesce(sum(amount) FILTER (WHERE kind = 'refund' AND state = 'succeeded'), 0)
          > coalesce(sum(amount) FILTER (WHERE kind = 'charge' AND state = 'succeeded'), 0)
      LIMIT 5`,
  );
  const [refunds] = await rows(
    database,
    `SELECT count(*)::int AS n FROM transactions WHERE kind = 'refund' AND state = 'succeeded'`,
  );
  check('refunds bounded by what was paid', overRefunded.length === 0, {
    refunds: Number(refunds?.n),
    over: overRefunded,
  });

  // Each day's row against the rows, counted as run.ts's recount counts them: the invoices issued that day
  // for payments due by it (and their payments' states), the payments due by it still parked or scheduled.
  const runs = await rows(
    database,
    `SELECT br.business_date, br.due, br.issued, br.paid, br.pending, br.failed, br.parked,
            (SELECT count(*) FROM invoices i WHERE i.company_id = br.company_id
               AND i.recurring_payment_id IS NOT NULL)::int AS invoice_rows,
            r.issued AS rows_issued, r.paid AS rows_paid, r.pending AS rows_pending, r.failed AS rows_failed,
            l.parked AS rows_parked, r.issued + l.parked + l.scheduled AS rows_due
       FROM billing_runs br
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS issued,
                count(*) FILTER (WHERE rp.status = 'paid')::int AS paid,
                count(*) FILTER (WHERE rp.status = 'pending')::int AS pending,
                count(*) FILTER (WHERE rp.status = 'failed')::int AS failed
           FROM recurring_payments rp
           JOIN invoices i ON i.company_id = rp.company_id AND i.recurring_payment_id = rp.id
          WHERE rp.company_id = br.company_id AND rp.due_date <= br.business_date
            AND i.issue_date = br.business_date) r
       CROSS JOIN LATERAL (
         SELECT count(*) FILTER (WHERE status = 'parked')::int AS parked,
                count(*) FILTER (WHERE status = 'scheduled')::int AS scheduled
           FROM recurring_payments
          WHERE company_id = br.company_id AND due_date <= br.business_date) l
      WHERE br.company_id = $1 ORDER BY br.business_date`,
    [billing.companyId],
  );
  const issued = runs.reduce((s, r) => s + Number(r.issued), 0);
  const fields = ['due', 'issued', 'paid', 'pending', 'failed', 'parked'];
  const offRows = runs.filter((r) => fields.some((f) => Number(r[f]) !== Number(r[`rows_${f}`])));
  check(
    'billing_runs counts equal the rows',
    runs.length > 0 && issued === Number(runs[0]?.invoice_rows) && offRows.length === 0,
    runs,
  );
  return checks;
}
