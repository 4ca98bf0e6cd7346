/**
 * Due recurring payments in bulk, for the billing run's crash test and its bench (issue 23): `count`
 * customers, each with one open order of one monthly rental, its subscription and the period's recurring
 * payment, `scheduled` and due on `dueDate`, as the billing run finds them on the morning of a run. The
 * subscriptions' next billing date is a period later, so `createRecurringPayments` makes nothing more;
 * the orders have no initial invoice, so the run charges on the company's default gateway (as for an
 * imported subscription). A customer may get a default method at a gateway that stores them.
 *
 * Set-based SQL, one statement per table, not the API: 100,000 payments take seconds. The rows are the
 * ones marked `DUE-` (order numbers), so a company's other data is left alone.
 */
import type { SqlExecutor } from '../db/client.ts';

export interface DuePayments {
  count: number;
  /** The company's today (YYYY-MM-DD) on the run's morning. */
  dueDate: string;
  /** Each customer's default stored method at this gateway (Stripe and Mollie charge one). */
  method?: {
    gateway: 'stripe' | 'mollie';
    customerReference: string;
    methodReference: string;
    label: string;
  };
}

/** One period of a 49.90 rental, priced net with 19% VAT (minor units). */
export const DUE_PAYMENT = { net: 4990, tax: 948, gross: 5938 } as const;

export async function seedDuePayments(
  exec: SqlExecutor,
  companyId: number,
  spec: DuePayments,
): Promise<void> {
  const run = (text: string, values: unknown[] = []) => exec.executeSql(text, [companyId, ...values]);
  const [product] = (
    await run(`INSERT INTO products (company_id, name) VALUES ($1, 'Cargo bike') RETURNING id`)
  ).rows;
  await run(
    `INSERT INTO product_variants (company_id, product_id, sku, name, price) VALUES ($1, $2, 'CB-DUE', 'Blue', 310000)`,
    [product?.id],
  );
  await run(
    `INSERT INTO customers (company_id, name, email, language)
     SELECT $1, 'Kundin ' || n, 'due-' || n || '@billing.test', 'de' FROM generate_series(1, $2::int) AS n`,
    [spec.count],
  );
  await run(
    `INSERT INTO orders (company_id, number, status, payment_status, customer_id, customer_name, customer_email,
                         subtotal, discount, shipping_net, shipping_tax, shipping_discount, net, tax, total, finalised_at)
     SELECT $1, 'DUE-' || c.id, 'open', 'paid', c.id, c.name, c.email, $2, 0, 0, 0, 0, $2, $3, $4, now()
       FROM customers c
      WHERE c.company_id = $1 AND c.email LIKE 'due-%@billing.test'
      ORDER BY c.id`,
    [DUE_PAYMENT.net, DUE_PAYMENT.tax, DUE_PAYMENT.gross],
  );
  await run(
    `INSERT INTO order_items (company_id, order_id, position, kind, product_id, variant_id, product_name, variant_name,
                              sku, quantity, unit_price, tax_percent, amount, discount, net, tax, gross,
                              billing_interval, frequency, interval, minimum_term_months)
     SELECT $1, o.id, 1, 'rental', v.product_id, v.id, 'Cargo bike', v.name, v.sku, 1, $2, 19, $2, 0, $2, $3, $4,
            'monthly', 'monthly', 1, 12
       FROM orders o
       JOIN product_variants v ON v.company_id = $1 AND v.sku = 'CB-DUE'
      WHERE o.company_id = $1 AND o.number LIKE 'DUE-%'
      ORDER BY o.id`,
    [DUE_PAYMENT.net, DUE_PAYMENT.tax, DUE_PAYMENT.gross],
  );
  // Started a period before the due date (that period was the order's own payment); the next
  // boundary after the due one is beyond the week ahead the run's first job looks at.
  await run(
    `INSERT INTO subscriptions (company_id, number, order_id, order_item_id, order_number, customer_id, customer_name,
                                customer_email, product_id, variant_id, product_name, variant_name, status, frequency,
                                interval, price, tax_percent, quantity, price_mode, term_mode, minimum_term_months,
                                start_date, minimum_term_end, next_billing_date, auto_renew)
     SELECT $1, o.number || '-1', o.id, i.id, o.number, o.customer_id, o.customer_name, o.customer_email,
            i.product_id, i.variant_id, i.product_name, i.variant_name, 'active', 'monthly', 1, $2, 19, 1,
            'fixed', 'fixed', 12, ($3::date - interval '1 month')::date, ($3::date + interval '11 months')::date,
            ($3::date + interval '1 month')::date, true
       FROM orders o
       JOIN order_items i ON i.company_id = o.company_id AND i.order_id = o.id
      WHERE o.company_id = $1 AND o.number LIKE 'DUE-%'
      ORDER BY o.id`,
    [DUE_PAYMENT.net, spec.dueDate],
  );
  await run(
    `INSERT INTO recurring_payments (company_id, subscription_id, order_id, customer_id, period_start, period_end,
                                     due_date, amount, status)
     SELECT $1, s.id, s.order_id, s.customer_id, $3::date, ($3::date + interval '1 month' - interval '1 day')::date,
            $3::date, $2, 'scheduled'
       FROM subscriptions s
      WHERE s.company_id = $1 AND s.number LIKE 'DUE-%'
      ORDER BY s.id`,
    [DUE_PAYMENT.net, spec.dueDate],
  );
  if (spec.method) {
    const m = spec.method;
    await run(
      `INSERT INTO payment_methods (company_id, customer_id, gateway, customer_reference, method_reference, label, is_default)
       SELECT $1, c.id, $2, $3, $4, $5, true
         FROM customers c
        WHERE c.company_id = $1 AND c.email LIKE 'due-%@billing.test'`,
      [m.gateway, m.customerReference, m.methodReference, m.label],
    );
  }
}
