/**
 * Invoices and payments through the API: an order charged on the offline gateway, pending payment,
 * settled, paid; gapless numbers under concurrent issuing; the frozen invoice; one charge at the gateway
 * for 50 identical requests with one Idempotency-Key; the refusals with the spec's texts.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, eq, sql } from 'drizzle-orm';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { sqlStateOf } from '../../db/errors.ts';
import { invoiceDocuments, invoices } from '../../db/schema/index.ts';
import { registerGateway } from '../../integrations/payments/index.ts';
import { offlineGateway } from '../../integrations/payments/offline.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { issueInvoice } from './issue.ts';
import { invoicePdfJob } from './pdf-job.ts';

const clock = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock });
let cid: number;
let otherCid: number;
let staff: TestUser;
let stranger: TestUser;
let customerId: number;
let bikeVariant: number;

const api = (path: string, company = cid) => `/api/${company}/rentloopdb/${path}`;
const req = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  call(h.app, who, { method, url, payload, headers: key ? { 'idempotency-key': key } : {} });
async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string; status: boolean };
}

async function placeOrder(): Promise<number> {
  const order = await ok<{ id: number }>(
    await req(staff, 'POST', api('orders/full'), {
      customer_id: customerId,
      items: [{ variant_id: bikeVariant, quantity: 2, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  return order.data.id;
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Invoice Loop', currency: 'EUR' });
  const other = await createCompany(h.database, { name: 'Other Invoice Loop', currency: 'EUR' });
  cid = company.id;
  otherCid = other.id;
  staff = await createUser(h, { company, role: 'admin' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  await ok(
    await req(staff, 'PUT', `/api/companies/${cid}/settings/invoice`, {
      ...SETTINGS_SECTIONS.invoice.defaults,
      company_name: 'Invoice Loop GmbH',
      payment_terms_days: 14,
    }),
  );
  const bike = await ok<{ variants: { id: number }[] }>(
    await req(staff, 'POST', api('products'), {
      name: 'E-bike City',
      rental_prices: { monthly: '33.33' },
      variants: [{ sku: 'EB-1', name: 'Size M', price: '2400.00' }],
    }),
    201,
  );
  bikeVariant = bike.data.variants[0]!.id;
  await ok(
    await req(staff, 'POST', api('tax-rules'), {
      country: 'de',
      product_class: 'standard',
      percentage: '19',
      name: 'USt',
    }),
    201,
  );
  const customer = await ok<{ id: number }>(
    await req(staff, 'POST', api('customers'), {
      name: 'Γιώργος Παπαδόπουλος',
      email: 'giorgos@loop.test',
      language: 'el',
      billing_address: {
        first_name: 'Giorgos',
        last_name: 'P',
        street: 'Hauptstr.',
        street_number: '1',
        postal_code: '10115',
        city: 'Berlin',
        country: 'DE',
      },
    }),
    201,
  );
  customerId = customer.data.id;
});

describe('an order charged offline, then settled', () => {
  it('issues a numbered invoice, leaves it pending payment, settles it and pays the order', async () => {
    const orderId = await placeOrder();
    const charged = await ok<{ invoice: Record<string, unknown>; transaction: Record<string, unknown> }>(
      await req(staff, 'POST', api(`orders/${orderId}/charge`), { message: 'first month' }),
    );
    expect(charged.message).toBe(MESSAGES.invoiceCharged);
    const invoice = charged.data.invoice;
    expect(invoice).toMatchObject({
      status: 'issued',
      type: 'initial',
      number: 'INV-2026-1000',
      issue_date: '2026-03-10',
      due_date: '2026-03-24',
      payment_status: 'pending payment',
      gateway: 'offlinegateway',
      order_id: orderId,
      language: 'gr',
    });
    // The lines, breakdown and totals agree to the cent.
    const lines = invoice.lines as { net: string; tax: string; gross: string }[];
    const cents = (v: string) => BigInt(v.replace('.', ''));
    const sum = (k: 'net' | 'tax' | 'gross') => lines.reduce((s, l) => s + cents(l[k]), 0n);
    expect(sum('gross')).toBe(cents(invoice.gross as string));
    expect(sum('tax')).toBe(cents(invoice.tax as string));
    expect(cents(invoice.net as string) + cents(invoice.tax as string)).toBe(cents(invoice.gross as string));
    expect(invoice.html).toContain('INV-2026-1000');
    expect(invoice.html).toContain('Τιμολόγιο');
    expect(invoice.html).toContain('Γιώργος Παπαδόπουλος');
    expect(charged.data.transaction).toMatchObject({
      state: 'pending',
      settlement: 'pending payment',
      provider_status: 'pending',
      attempt_no: 1,
      provider_key: `rl:${cid}:inv${invoice.id}:1`,
      amount: invoice.gross,
    });
    const order = await ok<{ payment_status: string }>(await req(staff, 'GET', api(`orders/${orderId}`)));
    expect(order.data.payment_status).toBe('payment_pending');

    // Nothing more to charge: the spec's text for the order, ours for the invoice (409 both).
    const again = await req(staff, 'POST', api(`orders/${orderId}/charge`), {});
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(MESSAGES.orderNoInitialPayment);
    const twice = await req(staff, 'POST', api(`invoices/${invoice.id}/charge`), {});
    expect(twice.statusCode).toBe(409);
    expect(twice.json().message).toBe(MESSAGES.invoiceNotChargeable);
    expect((await ok(await req(staff, 'GET', api(`invoices/${invoice.id}/actions`)))).data).toEqual({
      status: 'pending payment',
      actions: [
        { action: 'settle', to: 'settled' },
        // A correction leaves the payment status as it is (corrections.test.ts).
        { action: 'cancel', to: 'pending payment' },
      ],
    });

    // Settling needs the reference (422 naming it), then settles the invoice and pays the order.
    const bad = await req(staff, 'POST', api(`invoices/${invoice.id}/settle`), { transaction_id: ' ' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toHaveProperty('transaction_id');
    const settled = await ok<{ payment_status: string; transaction_id: number }>(
      await req(staff, 'POST', api(`invoices/${invoice.id}/settle`), { transaction_id: 'SEPA-4711' }),
    );
    expect(settled.message).toBe(MESSAGES.invoiceSettled);
    expect(settled.data.payment_status).toBe('settled');
    const attempt = await ok<Record<string, unknown>>(
      await req(staff, 'GET', api(`transactions/${settled.data.transaction_id}`)),
    );
    expect(attempt.data).toMatchObject({
      state: 'succeeded',
      settlement: 'settled',
      provider_reference: 'SEPA-4711',
    });
    expect(
      (await ok<{ payment_status: string }>(await req(staff, 'GET', api(`orders/${orderId}`)))).data
        .payment_status,
    ).toBe('paid');
    expect((await ok(await req(staff, 'GET', api(`orders/${orderId}/revenue`)))).data).toEqual({
      revenue: invoice.gross,
    });
    expect((await ok(await req(staff, 'GET', api(`orders/${orderId}/refunded-amount`)))).data).toEqual({
      refunded_amount: '0.00',
    });
    const resettle = await req(staff, 'POST', api(`invoices/${invoice.id}/settle`), { transaction_id: 'X' });
    expect(resettle.statusCode).toBe(409);
    expect(resettle.json().message).toBe(MESSAGES.invoiceNotSettleable);
    const recharge = await req(staff, 'POST', api(`invoices/${invoice.id}/charge`), {});
    expect(recharge.statusCode).toBe(409);
    expect(recharge.json().message).toBe(MESSAGES.invoiceNotChargeable);

    // Found by its links; another company sees none of it.
    const byOrder = await ok<{ id: number }[]>(await req(staff, 'GET', api(`invoices?order_id=${orderId}`)));
    expect(byOrder.data.map((i) => i.id)).toEqual([invoice.id]);
    const byAttempt = await ok<{ id: number }[]>(
      await req(staff, 'GET', api(`invoices?transaction_id=${settled.data.transaction_id}`)),
    );
    expect(byAttempt.data.map((i) => i.id)).toEqual([invoice.id]);
    expect((await req(staff, 'GET', api('invoices'))).statusCode).toBe(422);
    expect((await req(stranger, 'GET', api(`invoices/${invoice.id}`, otherCid))).statusCode).toBe(404);
    expect(
      (await req(stranger, 'POST', api(`invoices/${invoice.id}/settle`, otherCid), { transaction_id: 'X' }))
        .statusCode,
    ).toBe(404);

    // Until its job has drawn the PDF: a clear 409, never a fake document.
    const pdfUrl = api(`invoices/pdf?id=${invoice.id}`);
    const pending = await req(staff, 'GET', pdfUrl);
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe(MESSAGES.invoicePdfNotReady);
    // The job the issue enqueues (run here by hand: this harness has no workers): the PDF of the
    // issued invoice, its text read back, in the customer's language (Greek), stored once.
    const jc = { database: h.database, clock, log: { info: () => {}, error: () => {} } };
    await invoicePdfJob.handler({ invoiceId: Number(invoice.id) }, jc);
    const pdf = await req(staff, 'GET', pdfUrl);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toContain('application/pdf');
    expect(pdf.headers['content-disposition']).toContain('INV-2026-1000');
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Τιμολόγιο');
    expect(text).toContain('INV-2026-1000');
    expect(text).toContain('Γιώργος Παπαδόπουλος');
    expect(text).toContain('Invoice Loop GmbH');
    const [stored] = await h.database.primary
      .select({ sha: invoiceDocuments.pdf_sha256 })
      .from(invoiceDocuments)
      .where(eq(invoiceDocuments.invoice_id, Number(invoice.id)));
    expect(stored?.sha).toMatch(/^[0-9a-f]{64}$/);
    await invoicePdfJob.handler({ invoiceId: Number(invoice.id) }, jc); // a repeat changes nothing
    expect((await req(staff, 'GET', pdfUrl)).rawPayload.equals(pdf.rawPayload)).toBe(true);
  });

  it('generates the offline invoice once, and the settings show the real next number', async () => {
    const orderId = await placeOrder();
    const url = `/api/${cid}/order/generate-offline-invoice`;
    const first = await ok<{ id: number; number: string }>(
      await req(staff, 'POST', url, { order_id: orderId }),
    );
    expect(first.message).toBe(MESSAGES.invoiceCreated);
    const second = await ok<{ id: number }>(await req(staff, 'POST', url, { order_id: orderId }));
    expect(second.data.id).toBe(first.data.id);
    const seq = Number(first.data.number.split('-').at(-1));
    const settings = await ok<{ next_number: string }>(
      await req(staff, 'GET', `/api/companies/${cid}/settings/invoice`),
    );
    expect(settings.data.next_number).toBe(`INV-2026-${seq + 1}`);
    expect((await req(staff, 'POST', url, { order_id: 999_999_999 })).statusCode).toBe(404);
  });
});

describe('invoice numbers', () => {
  it('are gapless and unique under concurrent issuing, and a rolled-back issue leaves the counter', async () => {
    const orderIds = await Promise.all(Array.from({ length: 8 }, () => placeOrder()));
    const url = `/api/${cid}/order/generate-offline-invoice`;
    const made = await Promise.all(orderIds.map((order_id) => req(staff, 'POST', url, { order_id })));
    const numbers = made.map((r) => {
      expect(r.statusCode, r.body).toBe(200);
      return Number((r.json().data.number as string).split('-').at(-1));
    });
    const sorted = [...numbers].sort((a, b) => a - b);
    expect(new Set(sorted).size).toBe(sorted.length);
    expect(sorted.at(-1)! - sorted[0]! + 1).toBe(sorted.length);

    // An issue whose transaction rolls back gives its number back.
    const before = (
      await ok<{ next_number: string }>(await req(staff, 'GET', `/api/companies/${cid}/settings/invoice`))
    ).data.next_number;
    const orderId = await placeOrder();
    await expect(
      h.database.primary.transaction(async (tx) => {
        await issueInvoice(testCtx(tx, cid), {
          type: 'initial',
          customerId,
          buyer: { name: 'x', email: 'x@loop.test', address: null },
          gateway: 'offlinegateway',
          rule: 'net_prices',
          lines: [],
          orderId,
          subscriptionId: null,
          recurringPaymentId: null,
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    const after = (
      await ok<{ next_number: string }>(await req(staff, 'GET', `/api/companies/${cid}/settings/invoice`))
    ).data.next_number;
    expect(after).toBe(before);
    // And every issued number of the series is there, 1000 up to the last, without a hole.
    const rows = await h.database.primary
      .select({ seq: invoices.seq })
      .from(invoices)
      .where(eq(invoices.company_id, cid));
    const seqs = rows.map((r) => Number(r.seq)).sort((a, b) => a - b);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => 1000 + i));
  });
});

describe('an issued invoice', () => {
  it('refuses any change to its legal content; its payment status still moves', async () => {
    const orderId = await placeOrder();
    const { data } = await ok<{ id: number }>(
      await req(staff, 'POST', `/api/${cid}/order/generate-offline-invoice`, { order_id: orderId }),
    );
    const db = h.database.primary;
    const where = and(eq(invoices.company_id, cid), eq(invoices.id, data.id));
    for (const change of [{ lines: [] }, { gross: 1n }, { number: 'INV-X' }, { issue_date: '2020-01-01' }]) {
      const err = await db
        .update(invoices)
        .set(change)
        .where(where)
        .catch((e: unknown) => e);
      expect(sqlStateOf(err)).toBe('RL002');
    }
    const docErr = await db
      .update(invoiceDocuments)
      .set({ html: '<p>edited</p>' })
      .where(and(eq(invoiceDocuments.company_id, cid), eq(invoiceDocuments.invoice_id, data.id)))
      .catch((e: unknown) => e);
    expect(sqlStateOf(docErr)).toBe('RL002');
    await db.update(invoices).set({ payment_status: 'failed' }).where(where);
    const [row] = await db.select({ s: invoices.payment_status }).from(invoices).where(where);
    expect(row?.s).toBe('failed');
  });
});

describe('a charge with an Idempotency-Key', () => {
  it('charges once at the gateway for 50 concurrent identical requests', async () => {
    let calls = 0;
    const restore = registerGateway('offlinegateway', () => ({
      ...offlineGateway,
      async charge(request) {
        calls += 1;
        await new Promise((r) => setTimeout(r, 20));
        return offlineGateway.charge(request);
      },
    }));
    try {
      const orderId = await placeOrder();
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          req(staff, 'POST', api(`orders/${orderId}/charge`), {}, `charge-${orderId}`),
        ),
      );
      const statuses = answers.map((a) => a.statusCode);
      // One ran; the others were replayed (200) or told it is still in progress (409): none charged again.
      expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
      expect(statuses.filter((s) => s === 200).length).toBeGreaterThan(0);
      expect(calls).toBe(1);
      const attempts = await h.database.primary.execute(
        sql`SELECT count(*)::int AS n FROM transactions WHERE company_id = ${cid} AND order_id = ${orderId}`,
      );
      expect((attempts as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(1);
    } finally {
      restore();
    }
  });
});
