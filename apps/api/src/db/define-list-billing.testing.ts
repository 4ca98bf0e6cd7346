/**
 * The billing lists' fixtures of `define-list.test.ts` (invoices, transactions, recurring payments, debt claims),
 * apart so neither file grows past 500 lines. Plain inserts on the orders and subscriptions fixtures'
 * rows (seeded before these): the invoice freeze trigger only refuses UPDATEs of issued invoices.
 */
import { type SQL, sql } from 'drizzle-orm';

export interface Fixture {
  /** Inserts the list's rows for `company` (and some for `other`, which must never show). */
  seed(company: number, other: number): Promise<void>;
  filters: Record<string, unknown[]>;
  searches: string[];
}

type Run = (query: SQL) => Promise<unknown>;

export function billingFixtures(run: Run, day: (n: string) => SQL): Record<string, Fixture> {
  const ids = async (query: SQL) =>
    ((await run(query)) as { rows: { id: number }[] }).rows.map((r) => Number(r.id));
  const currency = (company: SQL) => sql`(select currency from companies where id = ${company})`;
  const fixtures: Record<string, Fixture> = {
    recurring_payments: {
      // One to three periods of each subscription of the orders fixture, every status, amounts and due
      // dates repeating; the rows of another company come with its subscriptions.
      async seed(company) {
        await run(sql`
          insert into recurring_payments (company_id, subscription_id, order_id, customer_id, period_start,
                                          period_end, due_date, amount, status, park_reason, created_at)
          select s.company_id, s.id, s.order_id, s.customer_id, date '2026-01-01' + (s.id % 40 + 30 * k)::int,
                 date '2026-01-30' + (s.id % 40 + 30 * k)::int, date '2026-01-01' + (s.id % 40 + 30 * k)::int,
                 100 * ((s.id + k) % 17),
                 (array['scheduled','charging','pending','paid','failed','parked','cancelled'])[1 + (s.id + k) % 7],
                 case when (s.id + k) % 7 = 5 then 'No payment method.' end, ${day('(s.id + k)')}
            from subscriptions s, generate_series(0, 2) as k
           where k <= s.id % 3`);
        const of = (column: string) =>
          ids(sql`select distinct ${sql.raw(column)} as id from recurring_payments
                   where company_id = ${company} order by 1 limit 2`);
        fixtures.recurring_payments!.filters.subscription_id = [...(await of('subscription_id')), 999_999];
        fixtures.recurring_payments!.filters.customer_id = [...(await of('customer_id')), 999_999];
        fixtures.recurring_payments!.filters.order_id = await of('order_id');
      },
      filters: {
        status: ['paid', 'parked', 'scheduled'],
        subscription_id: [],
        customer_id: [],
        order_id: [],
        due_from: ['2026-02-01', '2026-03-20'],
        due_to: ['2026-01-20', '2026-03-01'],
        // The dunnings are seeded with the invoices (below): a dunning needs its invoice.
        dunning_step: [1, 2, 3],
        dunning_status: ['active', 'ended', 'recovered'],
      },
      // No search on this list: a search is ignored.
      searches: ['ignored'],
    },
    invoices: {
      // The recurring payments' invoices (most of them; drafts without a number among them) and the
      // orders' initial invoices, gateways, payment statuses and totals repeating.
      async seed(company) {
        const values = (c: SQL) => sql`${currency(c)}, 'en',
                 'invoice', '{"name":"Seller","details":{}}'::jsonb, '[]'::jsonb, 'net_prices', '[]'::jsonb`;
        await run(sql`
          insert into invoices (company_id, status, type, seq, number, issue_date, due_date, customer_id, customer,
                                net, tax, gross, payment_status, gateway, order_id, subscription_id,
                                recurring_payment_id, created_at, currency, language, series, seller, lines,
                                tax_rule, tax_breakdown)
          select rp.company_id, st, 'recurring payment', case when st = 'issued' then rp.id end,
                 case when st = 'issued' then 'INV-' || rp.id end,
                 case when st = 'issued' then rp.due_date end, case when st = 'issued' then rp.due_date + 14 end,
                 rp.customer_id, jsonb_build_object('name', cu.name, 'email', cu.email, 'address', null),
                 rp.amount * 100 / 119, rp.amount - rp.amount * 100 / 119, rp.amount,
                 (array['not settled','pending payment','settled','failed'])[1 + rp.id % 4],
                 (array['offlinegateway','mollie','adyen'])[1 + rp.id % 3], rp.order_id, rp.subscription_id,
                 rp.id, rp.created_at, ${values(sql`rp.company_id`)}
            from recurring_payments rp join customers cu on cu.id = rp.customer_id,
                 lateral (select case when rp.id % 9 = 0 then 'draft' else 'issued' end as st) as x
           where rp.id % 5 <> 0`);
        await run(sql`
          insert into invoices (company_id, status, type, seq, number, issue_date, due_date, customer_id, customer,
                                net, tax, gross, payment_status, gateway, order_id, created_at, currency, language,
                                series, seller, lines, tax_rule, tax_breakdown)
          select o.company_id, 'issued', 'initial', 1000000 + o.id, 'INV-O' || o.id, o.created_at::date,
                 o.created_at::date + 14, o.customer_id,
                 jsonb_build_object('name', o.customer_name, 'email', o.customer_email, 'address', null),
                 o.net, o.tax, o.total, (array['settled','pending payment','failed'])[1 + o.id % 3],
                 (array['offlinegateway','braintree'])[1 + o.id % 2], o.id, o.created_at,
                 ${values(sql`o.company_id`)}
            from orders o where o.status <> 'draft' and o.id % 2 = 0`);
        // Half the recurring payments' invoices in dunning: steps 1 to 3, running, recovered or ended.
        await run(sql`
          insert into dunnings (company_id, recurring_payment_id, invoice_id, order_id, subscription_id, step,
                                max_steps, next_attempt_on, last_mail_step, status, end_action)
          select i.company_id, i.recurring_payment_id, i.id, rp.order_id, rp.subscription_id, 1 + i.id % 3, 3,
                 case when st = 'active' then rp.due_date + (3 * (1 + i.id % 3))::int end, 1 + i.id % 3, st,
                 case st when 'recovered' then 'recovered' when 'ended' then 'cancel_subscription' end
            from invoices i join recurring_payments rp on rp.id = i.recurring_payment_id,
                 lateral (select (array['active','active','recovered','ended'])[1 + i.id % 4] as st) as x
           where i.type = 'recurring payment' and i.id % 2 = 0`);
        const of = (column: string) =>
          ids(sql`select distinct ${sql.raw(column)} as id from invoices
                   where company_id = ${company} and ${sql.raw(column)} is not null order by 1 limit 2`);
        const f = fixtures.invoices!.filters;
        f.customer_id = [...(await of('customer_id')), 999_999];
        f.order_id = await of('order_id');
        f.subscription_id = await of('subscription_id');
        f.recurring_payment_id = await of('recurring_payment_id');
      },
      filters: {
        status: ['issued', 'draft'],
        type: ['initial', 'recurring payment', 'buyout'],
        payment_status: ['settled', 'failed'],
        gateway: ['mollie', 'offlinegateway'],
        customer_id: [],
        order_id: [],
        subscription_id: [],
        recurring_payment_id: [],
        issued_from: ['2026-02-01', '2026-03-20'],
        issued_to: ['2026-01-20', '2026-03-01'],
        due_from: ['2026-02-15'],
        due_to: ['2026-03-10'],
      },
      searches: ['inv-1', 'INV-O', 'buyer 2', '@orders', 'nothing-matches', '50%'],
    },
    transactions: {
      // One to four attempts per invoice (charges, then refunds), at most one open per invoice and kind;
      // failed ones with a decline; a few attempts of an order without an invoice.
      async seed(company) {
        // List-shaped rows, not a ledger: refund attempts here sit on ordinary invoices, which the refund
        // ceiling (migration 0043, tested in payments/refunds.test.ts) refuses; it is off for this seed.
        await run(sql`alter table transactions disable trigger transactions_refund_ceiling`);
        await run(sql`
          insert into transactions (company_id, kind, invoice_id, order_id, customer_id, attempt_no,
                                    provider_key, gateway, state, provider_status, amount, currency,
                                    decline_class, decline_reason, decline_message, created_at, updated_at)
          select i.company_id, kd, i.id, i.order_id, i.customer_id, an,
                 'rl:' || i.company_id || ':inv' || i.id || ':' || kd || ':' || an, i.gateway, st,
                 case when st = 'succeeded' then 'settled' when st = 'pending' then 'pending' end,
                 case when kd = 'refund' then i.gross / (1 + k % 3) else i.gross end, i.currency,
                 case when st = 'failed' then 'soft' end,
                 case when st = 'failed' then (array['gateway rejected','credit card denied','server timeout'])[1 + i.id % 3] end,
                 case when st = 'failed' then 'Declined.' end, ${day('(i.id + k)')}, ${day('(i.id * 3 + k)')}
            from invoices i, generate_series(1, 4) as k,
                 lateral (select case when k <= 2 then 'charge' else 'refund' end as kd,
                                 case when k <= 2 then k else k - 2 end as an) as x,
                 lateral (select case when an = 1
                                   then (array['created','processing','pending','succeeded','failed','unknown'])[1 + (i.id + k) % 6]
                                   else (array['succeeded','failed'])[1 + (i.id + k) % 2] end as st) as y
           where i.status = 'issued' and k <= 1 + i.id % 4`);
        await run(sql`alter table transactions enable trigger transactions_refund_ceiling`);
        await run(sql`
          insert into transactions (company_id, kind, order_id, customer_id, attempt_no, provider_key, gateway,
                                    state, amount, currency, created_at, updated_at)
          select o.company_id, 'charge', o.id, o.customer_id, 1, 'rl:' || o.company_id || ':ord' || o.id,
                 'mollie', 'succeeded', o.total, ${currency(sql`o.company_id`)}, ${day('o.id')}, ${day('o.id')}
            from orders o where o.status <> 'draft' and o.id % 11 = 0`);
        const of = (column: string) =>
          ids(sql`select distinct ${sql.raw(column)} as id from transactions
                   where company_id = ${company} and ${sql.raw(column)} is not null order by 1 limit 2`);
        const f = fixtures.transactions!.filters;
        f.invoice_id = [...(await of('invoice_id')), 999_999];
        f.order_id = await of('order_id');
        f.customer_id = await of('customer_id');
      },
      filters: {
        gateway: ['mollie', 'offlinegateway'],
        kind: ['charge', 'refund'],
        state: ['succeeded', 'unknown', 'failed'],
        provider_status: ['settled', 'pending', 'refunded'],
        settlement: ['pending payment', 'settled', 'not settled'],
        decline_reason: ['credit card denied', 'other reason'],
        invoice_id: [],
        order_id: [],
        customer_id: [],
        created_from: ['2026-02-01', '2026-03-20'],
        created_to: ['2026-01-10', '2026-03-01'],
      },
      searches: ['ignored'],
    },
    debt_claims: {
      // One claim for every other issued invoice, every status, amounts and dates repeating.
      async seed(company) {
        await run(sql`
          insert into debt_claims (company_id, invoice_id, customer_id, provider, reference, status, amount,
                                   paid_amount, fee, currency, created_at, updated_at)
          select i.company_id, i.id, i.customer_id, 'debtist',
                 case when i.id % 6 = 0 then null else 'clm_' || i.id end,
                 case when i.id % 6 = 0 then 'pending'
                      else (array['open','in_collection','partially_paid','paid','closed'])[1 + i.id % 5] end,
                 100 * (i.id % 17), 50 * (i.id % 3), 10 * (i.id % 4), i.currency,
                 ${day('i.id')}, ${day('(i.id * 3)')}
            from invoices i where i.status = 'issued' and i.id % 2 = 0`);
        const of = (column: string) =>
          ids(sql`select distinct ${sql.raw(column)} as id from debt_claims
                   where company_id = ${company} order by 1 limit 2`);
        const f = fixtures.debt_claims!.filters;
        f.invoice_id = [...(await of('invoice_id')), 999_999];
        f.customer_id = await of('customer_id');
      },
      filters: { status: ['pending', 'paid', 'open'], invoice_id: [], customer_id: [] },
      searches: ['ignored'],
    },
  };
  return fixtures;
}
