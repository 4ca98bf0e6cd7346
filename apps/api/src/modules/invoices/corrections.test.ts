/**
 * Cancellation and replacement invoices through the API (corrections.ts): the preview, the cancellation
 * mirroring its original to the cent (also for random invoices), numbered in the same gapless series,
 * at most one per original (the chain rule, and the database's partial unique index), idempotent; the
 * replacement drafted, edited, issued and then itself cancellable; a paid original keeps its payment;
 * another company's invoice is a 404 on every route. What a cancellation does to a recurring payment and
 * its dunning: corrections-collection.test.ts.
 */

import { CORRECTION_TEXTS } from '@rentloop/domain/invoice-corrections';
import { invoiceTax } from '@rentloop/domain/invoice-tax';
import { MESSAGES } from '@rentloop/domain/messages';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { extractText } from 'unpdf';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { invoices } from '../../db/schema/index.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { cancelInvoice } from './corrections.ts';
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

type Json = Record<string, unknown>;
interface Line {
  position: number;
  description: string;
  quantity: number;
  unit_price: string;
  discount: string;
  tax_percent: string;
  net: string;
  tax: string;
  gross: string;
}
interface InvoiceJson {
  id: number;
  cancellation_invoice: number | null;
  cancellation_html: string | null;
  status: string;
  type: string;
  number: string | null;
  issue_date: string | null;
  payment_status: string;
  original_invoice: number | null;
  lines: Line[];
  tax_breakdown: { tax_percent: string; net: string; tax: string; gross: string }[];
  net: string;
  tax: string;
  gross: string;
  html: string | null;
  customer: { name: string; email: string; address: Json | null };
}

const api = (path: string, company = cid) => `/api/${company}/rentloopdb/${path}`;
const req = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  call(h.app, who, { method, url, payload, headers: key ? { 'idempotency-key': key } : {} });
async function ok<T = Json>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string; status: boolean };
}
async function refused(res: Awaited<ReturnType<typeof req>>, status: number, message?: string) {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().message).toBe(message);
}
const getInvoice = async (id: number) =>
  (await ok<InvoiceJson>(await req(staff, 'GET', api(`invoices/${id}`)))).data;
const actionsOf = async (id: number) =>
  (
    await ok<{ actions: { action: string }[] }>(await req(staff, 'GET', api(`invoices/${id}/actions`)))
  ).data.actions.map((a) => a.action);

/** An order's initial invoice, issued on the offline gateway (not settled). */
async function issuedInvoice(): Promise<InvoiceJson> {
  const order = await ok<{ id: number }>(
    await req(staff, 'POST', api('orders/full'), {
      customer_id: customerId,
      items: [{ variant_id: bikeVariant, quantity: 2, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  const made = await ok<{ id: number }>(
    await req(staff, 'POST', `/api/${cid}/order/generate-offline-invoice`, { order_id: order.data.id }),
  );
  return getInvoice(made.data.id);
}

const cents = (v: string) => BigInt(v.replace('.', ''));
const negated = (v: string) => String(-cents(v));

/** The cancellation mirrors the original to the cent: every line, the breakdown, the totals. */
function expectMirror(c: InvoiceJson, o: InvoiceJson) {
  expect(c.lines.map((l) => [l.description, l.quantity, l.tax_percent])).toEqual(
    o.lines.map((l) => [l.description, l.quantity, l.tax_percent]),
  );
  for (const k of ['unit_price', 'discount', 'net', 'tax', 'gross'] as const)
    expect(c.lines.map((l) => String(cents(l[k])))).toEqual(o.lines.map((l) => negated(l[k])));
  expect(c.tax_breakdown.map((b) => [b.tax_percent, cents(b.net), cents(b.tax), cents(b.gross)])).toEqual(
    o.tax_breakdown.map((b) => [b.tax_percent, -cents(b.net), -cents(b.tax), -cents(b.gross)]),
  );
  for (const k of ['net', 'tax', 'gross'] as const) expect(cents(c[k])).toBe(-cents(o[k]));
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Storno Loop', currency: 'EUR' });
  const other = await createCompany(h.database, { name: 'Other Storno Loop', currency: 'EUR' });
  cid = company.id;
  otherCid = other.id;
  staff = await createUser(h, { company, role: 'admin' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  await ok(
    await req(staff, 'PUT', `/api/companies/${cid}/settings/invoice`, {
      ...SETTINGS_SECTIONS.invoice.defaults,
      company_name: 'Storno Loop GmbH',
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
      name: 'Greta Storm',
      email: 'greta@storno.test',
      language: 'de',
      billing_address: {
        first_name: 'Greta',
        last_name: 'Storm',
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

describe('cancelling an invoice with a replacement', () => {
  it('previews, issues the Stornorechnung once, drafts, edits and issues the replacement', async () => {
    const original = await issuedInvoice();
    expect(await actionsOf(original.id)).toEqual(['charge', 'settle', 'cancel']);

    const preview = await ok<{ html: string }>(
      await req(staff, 'GET', api(`invoices/${original.id}/cancellation-html`)),
    );
    expect(preview.data.html).toContain('Stornorechnung Entwurf');
    expect(preview.data.html).toContain(`Storno der Rechnung ${original.number} vom 10.03.2026`);
    expect(preview.data.html).toContain('-');

    // A preview that is not what would be issued now: refused, nothing issued.
    await refused(
      await req(staff, 'POST', api(`invoices/${original.id}/cancel`), {
        html: '<p>old</p>',
        regenerate: true,
      }),
      409,
      CORRECTION_TEXTS.cancellationPreviewChanged,
    );

    const body = { html: preview.data.html, regenerate: true };
    const key = `cancel-${original.id}`;
    const first = await req(staff, 'POST', api(`invoices/${original.id}/cancel`), body, key);
    const made = await ok<{ cancellation: InvoiceJson; replacement: number }>(first, 201);
    expect(made.message).toBe(MESSAGES.cancellationCreated);
    const c = made.data.cancellation;
    expect(c).toMatchObject({
      status: 'issued',
      type: 'cancellation',
      original_invoice: original.id,
      issue_date: '2026-03-10',
      payment_status: 'settled',
    });
    expect(Number(c.number!.split('-').at(-1))).toBe(Number(original.number!.split('-').at(-1)) + 1);
    expectMirror(c, original);
    // Issued exactly as previewed, with its number in place of "Entwurf".
    expect(c.html).toBe(preview.data.html.replace('Stornorechnung Entwurf', `Stornorechnung ${c.number}`));

    // The same key: the first answer again, nothing issued twice; another try: 409.
    const replay = await req(staff, 'POST', api(`invoices/${original.id}/cancel`), body, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.cancellation.id).toBe(c.id);
    await refused(
      await req(staff, 'POST', api(`invoices/${original.id}/cancel`), { regenerate: false }),
      409,
      CORRECTION_TEXTS.invoiceAlreadyCancelled,
    );
    await refused(
      await req(staff, 'GET', api(`invoices/${original.id}/cancellation-html`)),
      409,
      CORRECTION_TEXTS.invoiceAlreadyCancelled,
    );
    const cancellations = await h.database.primary
      .select({ id: invoices.id })
      .from(invoices)
      .where(and(eq(invoices.company_id, cid), eq(invoices.original_invoice_id, original.id)));
    expect(cancellations).toHaveLength(2); // the cancellation and the replacement

    // The original names its cancellation (the spec's cancellation_html: the issued document).
    const cancelled = await getInvoice(original.id);
    expect(cancelled).toMatchObject({ cancellation_invoice: c.id, cancellation_html: c.html });

    // The original is no longer collected; the cancellation is neither charged nor cancelled.
    expect(await actionsOf(original.id)).toEqual([]);
    await refused(
      await req(staff, 'POST', api(`invoices/${original.id}/charge`), {}),
      409,
      CORRECTION_TEXTS.invoiceCancelledNotCollectable,
    );
    await refused(
      await req(staff, 'POST', api(`invoices/${original.id}/settle`), { transaction_id: 'X' }),
      409,
      CORRECTION_TEXTS.invoiceCancelledNotCollectable,
    );
    expect(await actionsOf(c.id)).toEqual([]);
    await refused(
      await req(staff, 'POST', api(`invoices/${c.id}/cancel`), {}),
      409,
      CORRECTION_TEXTS.cancelCorrection,
    );

    // The replacement: a draft copy, unnumbered, that only edit issues.
    const draft = await getInvoice(made.data.replacement);
    expect(draft).toMatchObject({
      status: 'draft',
      type: 'replacement',
      number: null,
      original_invoice: original.id,
      html: null,
    });
    expect(draft.lines).toEqual(original.lines);
    expect(await actionsOf(draft.id)).toEqual(['edit']);
    await refused(
      await req(staff, 'POST', api(`invoices/${draft.id}/cancel`), {}),
      409,
      CORRECTION_TEXTS.cancelNotIssued,
    );
    await refused(await req(staff, 'PUT', api(`invoices/${original.id}/edit`), { html: '' }), 422);

    const address = {
      first_name: 'Greta',
      last_name: 'Storm',
      street: 'Neue Allee',
      street_number: '7',
      postal_code: '20095',
      city: 'Hamburg',
      country: 'de',
    };
    const edit = {
      html: '<p>ignored</p>',
      customer: { name: 'Greta Storm', email: 'greta@storno.test', address },
      lines: [
        {
          position: 1,
          description: 'E-bike City – Size M',
          quantity: 1,
          unit_price: '2400.00',
          discount: '0',
          tax_percent: '19',
        },
        { description: 'Helmet', quantity: 3, unit_price: '10.01', discount: '0.02', tax_percent: '7' },
      ],
    };
    const bad = await req(staff, 'PUT', api(`invoices/${draft.id}/edit`), {
      ...edit,
      lines: [{ ...edit.lines[1], discount: '31' }],
    });
    await refused(bad, 422);
    expect(bad.json().errors).toHaveProperty(['lines.0.discount']);
    // The buyer's address by its country's rules: a Calgary postal code is not in Ontario.
    const wrongProvince = await req(staff, 'PUT', api(`invoices/${draft.id}/edit`), {
      ...edit,
      customer: {
        ...edit.customer,
        address: { ...address, country: 'ca', postal_code: 'T2P 1J9', city: 'Calgary', region: 'ON' },
      },
    });
    await refused(wrongProvince, 422);
    expect(wrongProvince.json().errors).toEqual({
      'customer.address.postal_code': ['The postal code is in Alberta.'],
      'customer.address.region': [MESSAGES.provinceMismatch],
    });
    await refused(
      await req(staff, 'PUT', api(`invoices/${original.id}/edit`), edit),
      409,
      CORRECTION_TEXTS.editNotReplacement,
    );

    const edited = await ok<InvoiceJson>(await req(staff, 'PUT', api(`invoices/${draft.id}/edit`), edit));
    expect(edited.message).toBe(MESSAGES.replacementEdited);
    const r = edited.data;
    expect(r).toMatchObject({
      id: draft.id,
      status: 'issued',
      type: 'replacement',
      original_invoice: original.id,
    });
    expect(Number(r.number!.split('-').at(-1))).toBe(Number(c.number!.split('-').at(-1)) + 1);
    expect(r.customer.address).toMatchObject({ city: 'Hamburg', street: 'Neue Allee' });
    expect(r.html).toContain(`Ersatzrechnung ${r.number}`);
    expect(r.html).toContain(`Ersetzt die Rechnung ${original.number} vom 10.03.2026`);
    expect(r.html).not.toContain('ignored');
    // The figures are the one tax function's, from the lines.
    const tax = invoiceTax('net_prices', [
      { amount: 240000n, tax_percent: '19' },
      { amount: 3001n, tax_percent: '7' },
    ]);
    expect(r.tax_breakdown.map((b) => [b.tax_percent, cents(b.net), cents(b.tax)])).toEqual(
      tax.breakdown.map((b) => [b.tax_percent, b.net, b.tax]),
    );
    expect(cents(r.gross)).toBe(tax.totals.gross);
    expect(r.lines[0]).toMatchObject({ unit_price: '2400.00', quantity: 1 });
    await refused(
      await req(staff, 'PUT', api(`invoices/${draft.id}/edit`), edit),
      409,
      CORRECTION_TEXTS.replacementAlreadyIssued,
    );

    // An issued replacement is an ordinary invoice: it may be cancelled, once.
    expect(await actionsOf(r.id)).toEqual(['charge', 'settle', 'cancel']);
    const again = await ok<{ cancellation: InvoiceJson; replacement: null }>(
      await req(staff, 'POST', api(`invoices/${r.id}/cancel`), { regenerate: false }),
      201,
    );
    expect(again.data.replacement).toBeNull();
    expect(again.data.cancellation.html).toContain(`Storno der Rechnung ${r.number} vom 10.03.2026`);
    expectMirror(again.data.cancellation, r);

    // The cancellation's PDF, as every invoice's: its title and the invoice it cancels, hashed.
    const jc = { database: h.database, clock, log: { info: () => {}, error: () => {} } };
    await invoicePdfJob.handler({ invoiceId: c.id }, jc);
    const pdf = await req(staff, 'GET', api(`invoices/pdf?id=${c.id}`));
    expect(pdf.statusCode).toBe(200);
    const { text } = await extractText(new Uint8Array(pdf.rawPayload), { mergePages: true });
    expect(text).toContain('Stornorechnung');
    expect(text).toContain(`Storno der Rechnung ${original.number}`);
    expect((await getInvoice(c.id)).html).toBeTruthy();
  });

  it('keeps the payment of a paid original; its cancellation is the open credit', async () => {
    const original = await issuedInvoice();
    await ok(await req(staff, 'POST', api(`invoices/${original.id}/settle`), { transaction_id: 'SEPA-1' }));
    const made = await ok<{ cancellation: InvoiceJson }>(
      await req(staff, 'POST', api(`invoices/${original.id}/cancel`), { regenerate: false }),
      201,
    );
    expect(made.data.cancellation.payment_status).toBe('not settled');
    expect((await getInvoice(original.id)).payment_status).toBe('settled');
    await refused(
      await req(staff, 'POST', api(`invoices/${made.data.cancellation.id}/settle`), { transaction_id: 'X' }),
      409,
      CORRECTION_TEXTS.cancellationNotCharged,
    );
  });

  it('issues one cancellation for concurrent requests; the others are told it is cancelled', async () => {
    const original = await issuedInvoice();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => req(staff, 'POST', api(`invoices/${original.id}/cancel`), {})),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    for (const a of answers.filter((x) => x.statusCode === 409))
      expect(a.json().message).toBe(CORRECTION_TEXTS.invoiceAlreadyCancelled);
  });

  it('allows one cancellation per original at the database too', async () => {
    const original = await issuedInvoice();
    await ok(await req(staff, 'POST', api(`invoices/${original.id}/cancel`), {}), 201);
    const [row] = await h.database.primary
      .select()
      .from(invoices)
      .where(and(eq(invoices.company_id, cid), eq(invoices.original_invoice_id, original.id)));
    const { id: _id, search_text: _s, seq: _q, number: _n, ...copy } = row!;
    const err = await h.database.primary
      .insert(invoices)
      .values({ ...copy, status: 'draft', seq: null, number: null })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('answers 404 for another company on every route, changing nothing', async () => {
    const original = await issuedInvoice();
    const foreign = (path: string) => api(`invoices/${original.id}/${path}`, otherCid);
    await refused(await req(stranger, 'GET', foreign('cancellation-html')), 404);
    await refused(await req(stranger, 'POST', foreign('cancel'), { regenerate: true }), 404);
    await refused(
      await req(stranger, 'PUT', foreign('edit'), {
        customer: { name: 'X', email: 'x@x.test', address: null },
        lines: [{ description: 'X', quantity: 1, unit_price: '1', tax_percent: '19' }],
      }),
      404,
    );
    // A missing id in the own company: 404 too.
    await refused(await req(staff, 'GET', api('invoices/999999999/cancellation-html')), 404);
    expect(await actionsOf(original.id)).toContain('cancel');
  });

  it('numbers cancellations in the one gapless series with the invoices', async () => {
    const rows = await h.database.primary
      .select({ seq: invoices.seq, status: invoices.status })
      .from(invoices)
      .where(eq(invoices.company_id, cid));
    const seqs = rows
      .filter((r) => r.status === 'issued')
      .map((r) => Number(r.seq))
      .sort((a, b) => a - b);
    expect(seqs.length).toBeGreaterThan(5);
    expect(seqs).toEqual(Array.from({ length: seqs.length }, (_, i) => 1000 + i));
    expect(rows.filter((r) => r.status === 'draft').every((r) => r.seq === null)).toBe(true);
  });
});

describe('a cancellation of random invoices', () => {
  it('mirrors its original to the cent, breakdown included (property)', async () => {
    const line = fc.record({
      quantity: fc.integer({ min: 1, max: 5 }),
      unit: fc.bigInt({ min: 0n, max: 500_000n }),
      discountPermille: fc.integer({ min: 0, max: 1000 }),
      tax_percent: fc.constantFrom('0', '7', '19', '9.975', '25.5'),
    });
    await fc.assert(
      fc.asyncProperty(
        fc.array(line, { minLength: 1, maxLength: 6 }),
        fc.constantFrom('net_prices' as const, 'gross_prices' as const),
        async (lines, rule) => {
          const ids = await h.database.primary.transaction(async (tx) => {
            const ctx = testCtx(tx, cid, { clock });
            const original = await issueInvoice(ctx, {
              type: 'initial',
              customerId,
              buyer: { name: 'Greta Storm', email: 'greta@storno.test', address: null },
              gateway: 'offlinegateway',
              rule,
              lines: lines.map((l, i) => {
                const gross = l.unit * BigInt(l.quantity);
                const discount = (gross * BigInt(l.discountPermille)) / 1000n;
                return {
                  description: `Line ${i + 1}`,
                  quantity: l.quantity,
                  unit_amount: l.unit,
                  discount,
                  amount: gross - discount,
                  tax_percent: l.tax_percent,
                  order_item_id: null,
                  subscription_id: null,
                  period_start: null,
                  period_end: null,
                };
              }),
              orderId: null,
              subscriptionId: null,
              recurringPaymentId: null,
            });
            const made = await cancelInvoice(ctx, original, { regenerate: false });
            return { original, cancellation: made.cancellation };
          });
          expectMirror(await getInvoice(ids.cancellation), await getInvoice(ids.original));
        },
      ),
      { numRuns: process.env.CI ? 8 : 15 },
    );
  });
});
