/**
 * Orders and subscriptions for the bench (issue 14): 1,000,000 orders over the 10 companies, 400,000
 * in the big one, with their lines, and 300,000 subscriptions (120,000 in the big company), all with
 * generate_series in a few statements per company, after the customers and the catalog (seed.ts).
 *
 * Each order belongs to a customer of its company (its name and email copied, as placing an order
 * snapshots them), so searching the customers' 1% surname ("tremblay") finds about 1% of the orders;
 * numbers are `ORD-<n>`, gapless per company. Statuses: 5% quotes (no number), 10% cancelled, 60%
 * fulfilled, 25% open; 5% consumable. Amounts are whole minor units (net, 13% tax, total = net + tax).
 * Every subscription is a unit of a placed order of its company, for a variant of its catalog.
 * Created over the last two years in id order, as the lists sort created_at like id.
 * Audit triggers are off while loading (audit-off.ts `withoutAudit`); the count triggers stay on and are
 * checked against the rows afterwards.
 */
import type { SqlExecutor } from '../apps/api/src/db/client.ts';

export const BIG_COMPANY_ORDERS = 400_000;
export const ALL_ORDERS = 1_000_000;
export const BIG_COMPANY_SUBSCRIPTIONS = 120_000;
export const ALL_SUBSCRIPTIONS = 300_000;
/** What the orders' number search looks for: one order and its ten successors' prefixes (ORD-12345x). */
export const ORDER_NUMBER_SEARCH = 'ord-12345';

const BATCH = 50_000;

const rowsOf = async (exec: SqlExecutor, text: string, values: unknown[] = []) =>
  (await exec.executeSql(text, values)).rows;

/** Orders n = from..to of a company with `total` orders, spread over two years in n's order. */
async function insertOrders(exec: SqlExecutor, companyId: number, from: number, to: number, total: number) {
  await exec.executeSql(
    `WITH c AS (
       SELECT id, name, email, billing_address, (row_number() OVER (ORDER BY id)) - 1 AS k
         FROM customers WHERE company_id = $1),
     s AS (
       SELECT n, (n * 104729) % (SELECT count(*) FROM customers WHERE company_id = $1) AS k, CASE WHEN n % 20 = 0 THEN 'draft' WHEN n % 10 = 1 THEN 'cancelled'
                      WHEN n % 4 = 2 THEN 'open' ELSE 'fulfilled' END AS status,
              1000 + (n * 7919) % 90000 AS net
         FROM generate_series($2::int8, $3::int8) AS n)
     INSERT INTO orders (company_id, number, status, payment_status, customer_id, customer_name, customer_email,
                         billing_address, shipping_address, consumable, subtotal, discount, shipping_net,
                         shipping_tax, shipping_discount, net, tax, total, finalised_at, created_at, updated_at)
     SELECT $1::int8, NULL, s.status,
            CASE WHEN s.status = 'draft' THEN 'payment_required' ELSE 'payment_pending' END,
            c.id, c.name, c.email, c.billing_address, c.billing_address, s.n % 20 = 7,
            s.net, 0, 0, 0, 0, s.net, s.net * 13 / 100, s.net + s.net * 13 / 100,
            CASE WHEN s.status = 'draft' THEN NULL ELSE ts END, ts, ts
       FROM s
       JOIN c ON c.k = s.k
       CROSS JOIN LATERAL (SELECT now() - interval '730 days' + (s.n::float8 / $4) * interval '730 days' AS ts) t
      ORDER BY s.n`,
    [companyId, from, to, total],
  );
}

/** Numbers the company's placed orders ORD-1.. in id order (quotes keep none), as placing does. */
async function numberOrders(exec: SqlExecutor, companyId: number) {
  await exec.executeSql(
    `UPDATE orders o SET number = 'ORD-' || x.k
       FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM orders
              WHERE company_id = $1 AND status <> 'draft') x
      WHERE o.id = x.id AND o.company_id = $1`,
    [companyId],
  );
  const [last] = await rowsOf(
    exec,
    `SELECT count(*) AS n FROM orders WHERE company_id = $1 AND number IS NOT NULL`,
    [companyId],
  );
  await exec.executeSql(
    `INSERT INTO number_series (company_id, series, next_value) VALUES ($1, 'order:ORD-', $2)`,
    [companyId, Number(last?.n ?? 0) + 1],
  );
}

/** One line per order (a rental of a variant of the company), a second for every third. */
async function insertItems(exec: SqlExecutor, companyId: number) {
  await exec.executeSql(
    `WITH v AS (
       SELECT pv.id, pv.product_id, p.name AS product_name, pv.name, pv.sku,
              (row_number() OVER (ORDER BY pv.id)) - 1 AS k
         FROM product_variants pv JOIN products p ON p.id = pv.product_id AND p.company_id = pv.company_id
        WHERE pv.company_id = $1),
     n AS (SELECT count(*) AS vn FROM product_variants WHERE company_id = $1)
     INSERT INTO order_items (company_id, order_id, position, kind, product_id, variant_id, product_name,
                              variant_name, sku, quantity, unit_price, tax_percent, amount, discount, net, tax, gross,
                              billing_interval, frequency, interval, minimum_term_months)
     SELECT $1::int8, o.id, line, 'rental', v.product_id, v.id, v.product_name, v.name, v.sku, 1,
            o.net, 13, o.net, 0, o.net, o.tax, o.total, 'monthly', 'monthly', 1, 12
       FROM orders o
       CROSS JOIN n
       CROSS JOIN LATERAL generate_series(1, CASE WHEN o.id % 3 = 0 THEN 2 ELSE 1 END) AS line
       CROSS JOIN LATERAL (SELECT (o.id * 31 + line) % n.vn AS k) pick
       JOIN v ON v.k = pick.k
      WHERE o.company_id = $1`,
    [companyId],
  );
}

/** `count` subscriptions of the company: units of its placed orders, in the orders' order. */
async function insertSubscriptions(exec: SqlExecutor, companyId: number, count: number) {
  await exec.executeSql(
    `WITH o AS (
       SELECT id, number, customer_id, customer_name, customer_email, created_at,
              (row_number() OVER (ORDER BY id)) - 1 AS k
         FROM orders WHERE company_id = $1 AND status <> 'draft'),
     placed AS (SELECT count(*) AS on_ FROM orders WHERE company_id = $1 AND status <> 'draft'),
     units AS (SELECT n, n * (SELECT on_ FROM placed) / $2::int AS k FROM generate_series(0::int8, $2::int8 - 1) AS n),
     i AS (SELECT DISTINCT ON (order_id) order_id, id, product_id, variant_id, product_name, variant_name
             FROM order_items WHERE company_id = $1 ORDER BY order_id, position)
     INSERT INTO subscriptions (company_id, number, order_id, order_item_id, order_number, customer_id,
                                customer_name, customer_email, product_id, variant_id, product_name, variant_name,
                                status, frequency, interval, price, tax_percent, quantity, price_mode, term_mode,
                                minimum_term_months, start_date, minimum_term_end, next_billing_date,
                                auto_renew, created_at, updated_at)
     SELECT $1::int8, o.number || '-1', o.id, i.id, o.number, o.customer_id, o.customer_name, o.customer_email,
            i.product_id, i.variant_id, i.product_name, i.variant_name,
            (ARRAY['active','active','active','paused','ended','cancelled','pending return',
                   'cancellation requested'])[1 + n % 8],
            'monthly', 1, 1000 + (n * 7919) % 20000, 13, 1, 'fixed', 'fixed', 12,
            o.created_at::date, (o.created_at + interval '12 months')::date,
            CASE WHEN n % 8 IN (4, 5) THEN NULL
                 ELSE (o.created_at::date + ((1 + n % 24) * interval '1 month'))::date END,
            n % 5 <> 0, o.created_at, o.created_at
       FROM units
       JOIN o ON o.k = units.k
       JOIN i ON i.order_id = o.id
      ORDER BY n`,
    [companyId, count],
  );
}

/**
 * The orders, lines and subscriptions of the big company and the nine small ones; checks the
 * maintained totals against the rows (the API's unfiltered totals come from them).
 */
export async function seedOrders(exec: SqlExecutor, big: number, small: number[]) {
  const smallOrders = Math.floor((ALL_ORDERS - BIG_COMPANY_ORDERS) / small.length);
  const smallSubscriptions = Math.floor((ALL_SUBSCRIPTIONS - BIG_COMPANY_SUBSCRIPTIONS) / small.length);
  const plan = [
    { id: big, orders: BIG_COMPANY_ORDERS, subscriptions: BIG_COMPANY_SUBSCRIPTIONS },
    ...small.map((id) => ({ id, orders: smallOrders, subscriptions: smallSubscriptions })),
  ];
  // Interleaved batches, as orders of many shops arrive: ids of the companies mix.
  const rounds = Math.ceil(BIG_COMPANY_ORDERS / BATCH);
  for (let r = 0; r < rounds; r++) {
    for (const c of plan) {
      const per = Math.ceil(c.orders / rounds);
      const from = r * per + 1;
      const to = Math.min(c.orders, (r + 1) * per);
      if (from <= to) await insertOrders(exec, c.id, from, to, c.orders);
    }
  }
  for (const c of plan) {
    await numberOrders(exec, c.id);
    await insertItems(exec, c.id);
    await insertSubscriptions(exec, c.id, c.subscriptions);
  }
  const counted = await rowsOf(
    exec,
    `SELECT e.company_id, e.entity, e.total,
            CASE e.entity
              WHEN 'orders' THEN (SELECT count(*) FROM orders o WHERE o.company_id = e.company_id
                                    AND o.status <> 'draft' AND NOT o.consumable)
              WHEN 'subscriptions' THEN (SELECT count(*) FROM subscriptions s WHERE s.company_id = e.company_id)
            END AS actual
       FROM entity_counts e WHERE e.entity IN ('orders', 'subscriptions')`,
  );
  for (const row of counted) {
    if (Number(row.total) !== Number(row.actual))
      throw new Error(
        `entity_counts ${row.entity} of company ${row.company_id}: ${row.total}, rows ${row.actual}`,
      );
  }
  return { orders: ALL_ORDERS, subscriptions: plan.reduce((sum, c) => sum + c.subscriptions, 0) };
}
