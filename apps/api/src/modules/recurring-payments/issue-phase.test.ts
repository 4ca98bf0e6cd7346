/**
 * The billing run's set-based issue phase (issue-phase.ts) against issuing one by one
 * (`prepareRecurringCharge`, each in a savepoint, as the run did before decision 73): the same claimed
 * payments are issued both ways, each in a transaction rolled back afterwards (so the counter, the
 * rows and the numbers start from the same state), and what each way wrote is compared: the invoices
 * (number, lines, VAT breakdown, totals, snapshots), their stored HTML, their PDF's SHA-256, the PDF
 * jobs, the attempts and the events, and which payments were refused with which reason. The payments
 * differ where a document can: the customer's language (five templates), net and gross pricing, a
 * discount, quantity 2, no variant, the offline gateway (an initial invoice's) and a card gateway (the
 * default; one customer with two methods), and refusals (no method, nothing to charge) in the middle.
 */
import { createHash } from 'node:crypto';
import { MESSAGES } from '@rentloop/domain/messages';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyToday } from '../../company-time.ts';
import { type Ctx, fixedClock } from '../../context.ts';
import type { Tx } from '../../db/client.ts';
import {
  events,
  invoiceDocuments,
  invoices,
  numberSeries,
  recurringPayments,
  transactions,
} from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { registerGateway } from '../../integrations/payments/index.ts';
import { offlineGateway } from '../../integrations/payments/offline.ts';
import { testCtx } from '../../testing/ctx.ts';
import { seedDuePayments } from '../../testing/due-payments.ts';
import { createCompany, useHarness } from '../../testing/harness.ts';
import { holdingEvents } from '../events/service.ts';
import { initialInvoiceOf } from '../invoices/issue.ts';
import { renderInvoicePdf } from '../invoices/pdf.ts';
import { pdfDocumentOf } from '../invoices/pdf-document.ts';
import { putSection } from '../settings/sections.ts';
import { issueClaimed } from './issue-phase.ts';
import { type Prepared, prepareRecurringCharge } from './run.ts';

const clock = fixedClock('2026-09-01T08:00:00Z');
const h = useHarness({ clock, jobs: true, defaultTemplates: true });
const COUNT = 14;
let cid: number;
let ids: number[];
let restore: () => void;

const ctx = (db: Tx = h.database.primary): Ctx =>
  testCtx(db, cid, { clock, deps: { boss: h.boss, secrets: h.secrets } });

class Rollback extends Error {
  constructor(readonly snapshot: unknown) {
    super('rolled back on purpose');
  }
}

beforeAll(async () => {
  restore = registerGateway('stripe', () => offlineGateway);
  const company = await createCompany(h.database, { name: 'Issue Phase Rentals', currency: 'EUR' });
  cid = company.id;
  await putSection(ctx(), 'invoice', {
    ...SETTINGS_SECTIONS.invoice.defaults,
    company_name: 'Issue Phase GmbH',
  });
  await putSection(ctx(), 'payment_service_provider', {
    ...SETTINGS_SECTIONS.payment_service_provider.defaults,
    enabled_gateways: ['offlinegateway', 'stripe'],
    default_gateway: 'stripe',
    credentials: { stripe: { secret_key: 'sk_test_issue_phase', webhook_secret: 'whsec_issue_phase' } },
  });
  const method = {
    gateway: 'stripe' as const,
    customerReference: 'cus_1',
    methodReference: 'pm_1',
    label: 'Visa',
  };
  await seedDuePayments(h.database.executor, cid, {
    count: COUNT,
    dueDate: await companyToday(ctx()),
    method,
  });
  const run = (text: string) => h.database.executor.executeSql(text, [cid]);
  // Numbered from 1 in the company: the k-th customer, order, subscription and payment belong together.
  const nth = (table: string) => `(SELECT id FROM ${table} WHERE company_id = $1 ORDER BY id OFFSET `;
  await run(`UPDATE customers c SET language = (ARRAY['de','el','en','nl','no','fr','sv'])[1 + n.k % 7]
               FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM customers WHERE company_id = $1) n
              WHERE c.id = n.id`);
  // Priced with tax in the price (the order's rule: gross_prices) for every third order.
  await run(`UPDATE order_items i SET gross = i.amount - i.discount, net = i.amount - i.discount - i.tax
               FROM (SELECT id, row_number() OVER (ORDER BY id) AS k FROM orders WHERE company_id = $1) n
              WHERE i.order_id = n.id AND n.k % 3 = 0`);
  // Two units with a discount on the period; one without a variant name (empty); one with nothing to charge.
  await run(`UPDATE subscriptions SET quantity = 2 WHERE id = ${nth('subscriptions')} 1 LIMIT 1)`);
  await run(
    `UPDATE recurring_payments SET amount = 2 * amount - 777 WHERE id = ${nth('recurring_payments')} 1 LIMIT 1)`,
  );
  await run(`UPDATE subscriptions SET variant_name = '' WHERE id = ${nth('subscriptions')} 2 LIMIT 1)`);
  await run(`UPDATE recurring_payments SET amount = 0 WHERE id = ${nth('recurring_payments')} 5 LIMIT 1)`);
  // No card for two customers; a second, newer card (not the default) for another.
  await run(
    `DELETE FROM payment_methods WHERE customer_id IN (${nth('customers')} 3 LIMIT 1), ${nth('customers')} 9 LIMIT 1))`,
  );
  await run(`INSERT INTO payment_methods (company_id, customer_id, gateway, customer_reference, method_reference, label)
             VALUES ($1, ${nth('customers')} 6 LIMIT 1), 'stripe', 'cus_6', 'pm_newer', 'Mastercard')`);
  // Three orders were invoiced at checkout on the offline gateway: their periods are charged there.
  const orderIds = (await run(`SELECT id FROM orders WHERE company_id = $1 ORDER BY id`)).rows.map((r) =>
    Number(r.id),
  );
  for (const k of [2, 4, 7])
    await h.database.primary.transaction((tx) =>
      initialInvoiceOf(ctx(tx), orderIds[k]!, { gateway: 'offlinegateway' }),
    );
  ids = (
    await h.database.primary
      .select({ id: recurringPayments.id })
      .from(recurringPayments)
      .where(eq(recurringPayments.company_id, cid))
      .orderBy(asc(recurringPayments.due_date), asc(recurringPayments.id))
  ).map((r) => r.id);
});

afterAll(() => restore?.());

/** What a way of issuing wrote, keyed by recurring payment (ids of new rows replaced by it). */
async function snapshot(db: Tx, prepared: Prepared[], refused: Map<number, string>) {
  const rows = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.company_id, cid), inArray(invoices.recurring_payment_id, ids)))
    .orderBy(asc(invoices.seq));
  const rpOf = new Map(rows.map((r) => [r.id, r.recurring_payment_id!]));
  const invoiceIds = rows.map((r) => r.id);
  const docs = await db
    .select()
    .from(invoiceDocuments)
    .where(inArray(invoiceDocuments.invoice_id, invoiceIds));
  const attempts = await db.select().from(transactions).where(inArray(transactions.invoice_id, invoiceIds));
  const evs = await db
    .select()
    .from(events)
    .where(
      sql`${events.company_id} = ${cid} AND ((${events.object} = 'invoice' AND ${inArray(events.object_id, invoiceIds)})
          OR (${events.object} = 'recurring_payment' AND ${inArray(events.object_id, ids)}))`,
    );
  const jobs = await db.execute(
    sql`SELECT data FROM pgboss.job WHERE name = 'invoice-pdf' AND (data->>'invoiceId')::int = ANY(${`{${invoiceIds.join(',')}}`}::int[])`,
  );
  const [counter] = await db
    .select()
    .from(numberSeries)
    .where(and(eq(numberSeries.company_id, cid), sql`${numberSeries.series} LIKE 'invoice:%'`));
  const pdfOf = async (r: (typeof rows)[number]) =>
    createHash('sha256')
      .update(await renderInvoicePdf(pdfDocumentOf(r, null)))
      .digest('hex');
  return {
    invoices: rows.map(({ id: _, ...r }) => r),
    html: Object.fromEntries(docs.map((d) => [rpOf.get(d.invoice_id)!, d.html])),
    // Two of the PDFs (drawing all would take seconds): the first and a gross-priced one.
    pdf: [await pdfOf(rows[0]!), await pdfOf(rows.find((r) => r.tax_rule === 'gross_prices')!)],
    jobs: (jobs as unknown as { rows: { data: { invoiceId: number } }[] }).rows
      .map((j) => rpOf.get(j.data.invoiceId))
      .sort(),
    attempts: attempts
      .map(({ id: _, invoice_id, provider_key, ...a }) => ({
        ...a,
        rp: rpOf.get(invoice_id!),
        provider_key: provider_key.replace(`inv${invoice_id}`, `rp${rpOf.get(invoice_id!)}`),
      }))
      .sort((a, b) => a.rp! - b.rp!),
    events: evs
      .map((e) => ({
        type: e.type,
        object: e.object,
        of: e.object === 'invoice' ? rpOf.get(e.object_id) : e.object_id,
        payload: e.payload,
        created_at: e.created_at,
      }))
      .sort((a, b) => a.of! - b.of! || a.type.localeCompare(b.type)),
    statuses: await db
      .select({ id: recurringPayments.id, status: recurringPayments.status })
      .from(recurringPayments)
      .where(inArray(recurringPayments.id, ids))
      .orderBy(asc(recurringPayments.id)),
    prepared: prepared
      .map((p) => ({
        rp: p.recurringPaymentId,
        method: p.method,
        state: p.attempt.state,
        amount: p.attempt.amount,
      }))
      .sort((a, b) => a.rp - b.rp),
    refused: [...refused].sort((a, b) => a[0] - b[0]),
    next: counter?.next_value,
  };
}

/** Runs `issue` in a transaction that is rolled back; answers what it wrote. */
async function rolledBack(
  issue: (c: Ctx) => Promise<{ prepared: Prepared[]; refused: Map<number, string> }>,
) {
  try {
    await h.database.primary.transaction(async (tx) => {
      await tx.execute(
        sql`SELECT id FROM recurring_payments WHERE ${inArray(recurringPayments.id, ids)} FOR UPDATE`,
      );
      const done = await holdingEvents(ctx(tx), issue);
      throw new Rollback(await snapshot(tx, done.prepared, done.refused));
    });
  } catch (error) {
    if (error instanceof Rollback) return error.snapshot as Awaited<ReturnType<typeof snapshot>>;
    throw error;
  }
  throw new Error('not rolled back');
}

describe('the set-based issue phase', () => {
  it('writes what issuing one by one writes, refusing the same payments without spending a number', async () => {
    const batch = await rolledBack(async (c) => {
      const r = await issueClaimed(c, ids);
      expect(r.alone).toEqual([]);
      return r;
    });
    const alone = await rolledBack(async (c) => {
      const prepared: Prepared[] = [];
      const refused = new Map<number, string>();
      for (const id of ids) {
        try {
          const p = await c.db.transaction((sp) => prepareRecurringCharge({ ...c, db: sp }, id));
          if (p) prepared.push(p);
        } catch (error) {
          if (!(error instanceof AppError)) throw error;
          refused.set(id, error.message);
        }
      }
      return { prepared, refused };
    });
    // The case is not trivial: refusals of both kinds, every language, both rules, both gateways.
    expect(batch.refused.map(([, m]) => m).sort()).toEqual(
      [MESSAGES.invoiceNotChargeable, MESSAGES.noPaymentMethod, MESSAGES.noPaymentMethod].sort(),
    );
    expect(new Set(batch.invoices.map((i) => i.language)).size).toBe(5);
    expect(new Set(batch.invoices.map((i) => i.tax_rule))).toEqual(new Set(['net_prices', 'gross_prices']));
    expect(new Set(batch.invoices.map((i) => i.gateway))).toEqual(new Set(['offlinegateway', 'stripe']));
    expect(batch.invoices).toHaveLength(COUNT - 3);
    expect(batch.jobs).toHaveLength(COUNT - 3);
    // Gapless: the refused took no number.
    const seqs = batch.invoices.map((i) => i.seq!);
    expect(seqs).toEqual(seqs.map((_, k) => seqs[0]! + k));
    expect(batch.next).toBe(seqs.at(-1)! + 1);
    // And all of it as one by one wrote it.
    expect(batch).toEqual(alone);
  });
});
