/**
 * POST invoices/zip through the API (spec 01 §7, §8): the selection checked (another company's invoice
 * 404, nothing recorded; the limit and bad ids 422 naming `ids`), the job's archive holding exactly the
 * selected PDFs by number with the stored bytes (one PDF made by the job itself), the link mailed to the
 * requester, the download 404 from another company and once expired, a failed job told to the staff.
 */
import { INVOICES_ZIP_LIMIT } from '@rentloop/domain/invoice-zips';
import { MESSAGES } from '@rentloop/domain/messages';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, eq, inArray } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { emailEntries, invoiceDocuments, invoiceZips, notifications } from '../../db/schema/index.ts';
import { createMailer } from '../../integrations/email/mailer.ts';
import type { JobContext } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import {
  call,
  createCompany,
  createUser,
  TEST_APP_URL,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { linkIn } from '../../testing/mail.ts';
import { invoicePdfJob } from './pdf-job.ts';
import { purgeExpiredInvoiceZips, recordInvoicesZip } from './zip.ts';
import { invoicesZipJob } from './zip-job.ts';

const clock = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock, mail: true });
let cid: number;
let otherCid: number;
let staff: TestUser;
let stranger: TestUser;
let customerId: number;
let variantId: number;
let jc: JobContext;

const api = (path: string, company = cid) => `/api/${company}/rentloopdb/${path}`;
const req = (who: TestUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, key?: string) =>
  call(h.app, who, { method, url, payload, headers: key ? { 'idempotency-key': key } : {} });
async function ok<T = Record<string, unknown>>(res: Awaited<ReturnType<typeof req>>, status = 200) {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as { data: T; message: string; status: boolean };
}

/** An order of one bike, charged offline: its invoice is issued (its PDF job queued, not run). */
async function issuedInvoice(): Promise<{ id: number; number: string }> {
  const order = await ok<{ id: number }>(
    await req(staff, 'POST', api('orders/full'), {
      customer_id: customerId,
      items: [{ variant_id: variantId, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
    }),
    201,
  );
  const charged = await ok<{ invoice: { id: number; number: string } }>(
    await req(staff, 'POST', api(`orders/${order.data.id}/charge`), {}),
  );
  return charged.data.invoice;
}

async function storedPdf(invoiceId: number): Promise<Buffer | null> {
  const [doc] = await h.database.primary
    .select({ pdf: invoiceDocuments.pdf })
    .from(invoiceDocuments)
    .where(eq(invoiceDocuments.invoice_id, invoiceId));
  return doc?.pdf ?? null;
}

const zipsOf = async (companyId: number) =>
  (await h.database.primary.select().from(invoiceZips).where(eq(invoiceZips.company_id, companyId))).length;

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Zip Loop', currency: 'EUR' });
  const other = await createCompany(h.database, { name: 'Other Zip Loop', currency: 'EUR' });
  cid = company.id;
  otherCid = other.id;
  staff = await createUser(h, { company, role: 'user' });
  const admin = await createUser(h, { company, role: 'admin' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  await ok(
    await req(admin, 'PUT', `/api/companies/${cid}/settings/invoice`, {
      ...SETTINGS_SECTIONS.invoice.defaults,
      company_name: 'Zip Loop GmbH',
    }),
  );
  const bike = await ok<{ variants: { id: number }[] }>(
    await req(admin, 'POST', api('products'), {
      name: 'E-bike City',
      rental_prices: { monthly: '33.33' },
      variants: [{ sku: 'ZIP-1', name: 'Size M', price: '2400.00' }],
    }),
    201,
  );
  variantId = bike.data.variants[0]!.id;
  const customer = await ok<{ id: number }>(
    await req(admin, 'POST', api('customers'), { name: 'Zoe Zipper', email: 'zoe@zip.test' }),
    201,
  );
  customerId = customer.data.id;
  jc = {
    database: h.database,
    boss: h.boss,
    mailer: createMailer({ smtpUrl: h.inbox.url, from: 'Rentloop <no-reply@rentloop.test>' }),
    appUrl: TEST_APP_URL,
    clock,
    log: { info: () => {}, error: () => {} },
  };
});

describe('POST invoices/zip', () => {
  it('zips exactly the selected PDFs, named by number, as stored, and mails the requester the link', async () => {
    const [first, second, third] = [await issuedInvoice(), await issuedInvoice(), await issuedInvoice()];
    // The first two PDFs made by their job; the third's job has not run: the zip job makes it.
    await invoicePdfJob.handler({ invoiceId: first!.id }, jc);
    await invoicePdfJob.handler({ invoiceId: second!.id }, jc);
    expect(await storedPdf(third!.id)).toBeNull();

    const asked = await ok<{ id: number; status: string; invoice_count: number; file_name: string }>(
      await req(staff, 'POST', api('invoices/zip'), { ids: [third!.id, first!.id, third!.id] }, 'zip-1'),
      202,
    );
    expect(asked.message).toBe(MESSAGES.invoicesZipQueued);
    expect(asked.data).toMatchObject({ status: 'queued', invoice_count: 2 });
    expect(asked.data.file_name).toBe(`invoices-2026-03-10-${asked.data.id}.zip`);
    // The same Idempotency-Key: the same answer, no second download.
    const again = await ok<{ id: number }>(
      await req(staff, 'POST', api('invoices/zip'), { ids: [third!.id, first!.id, third!.id] }, 'zip-1'),
      202,
    );
    expect(again.data.id).toBe(asked.data.id);
    expect(await zipsOf(cid)).toBe(1);

    const url = api(`invoices/zip/${asked.data.id}`);
    const early = await req(staff, 'GET', url);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(MESSAGES.invoiceZipPreparing);

    await invoicesZipJob.handler({ zipId: asked.data.id, requestedBy: staff.id }, jc);
    const res = await req(staff, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/zip');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${asked.data.file_name}"`);
    const entries = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(entries)).toEqual([`${third!.number}.pdf`, `${first!.number}.pdf`]);
    const madeByTheJob = await storedPdf(third!.id);
    expect(madeByTheJob).not.toBeNull();
    expect(Buffer.from(entries[`${third!.number}.pdf`]!).equals(madeByTheJob!)).toBe(true);
    expect(Buffer.from(entries[`${first!.number}.pdf`]!).equals((await storedPdf(first!.id))!)).toBe(true);

    const mail = await h.inbox.waitFor(staff.email, { subject: /ready to download/ });
    expect(mail.subject).toBe('Your invoices from Zip Loop are ready to download');
    expect(mail.text).toContain('2 invoices');
    expect(mail.text).toContain('17.03.2026');
    const link = linkIn(mail, '/cms/invoice-downloads/');
    expect(`${link.origin}${link.pathname}`).toBe(`${TEST_APP_URL}/cms/invoice-downloads/${asked.data.id}`);
    expect(link.searchParams.get('company')).toBe(String(cid));
    const sent = await h.database.primary
      .select({ kind: emailEntries.kind })
      .from(emailEntries)
      .where(and(eq(emailEntries.company_id, cid), eq(emailEntries.kind, 'invoices_download')));
    expect(sent).toHaveLength(1);

    // A repeat of the job (pg-boss delivers at least once) changes nothing and mails nobody again.
    await invoicesZipJob.handler({ zipId: asked.data.id, requestedBy: staff.id }, jc);
    expect((await req(staff, 'GET', url)).rawPayload.equals(res.rawPayload)).toBe(true);
    const mails = await h.database.primary
      .select({ id: emailEntries.id })
      .from(emailEntries)
      .where(eq(emailEntries.kind, 'invoices_download'));
    expect(mails).toHaveLength(1);
  });

  it("refuses another company's invoice with 404 before anything is recorded", async () => {
    const own = await issuedInvoice();
    const before = await zipsOf(cid);
    // A real invoice of this company, asked for by the other company's owner through their own URL.
    const res = await req(stranger, 'POST', api('invoices/zip', otherCid), { ids: [own.id] });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.notFound);
    const mixed = await req(staff, 'POST', api('invoices/zip'), { ids: [own.id, 999_999_999] });
    expect(mixed.statusCode).toBe(404);
    expect(await zipsOf(cid)).toBe(before);
    expect(await zipsOf(otherCid)).toBe(0);
  });

  it('names the field of a bad selection', async () => {
    const cases: [object, string, string | null][] = [
      [{}, 'ids', null],
      [{ ids: [] }, 'ids', null],
      [{ ids: ['seven'] }, 'ids.0', null],
      [{ ids: [0] }, 'ids.0', null],
      [
        { ids: Array.from({ length: INVOICES_ZIP_LIMIT + 1 }, (_, i) => i + 1) },
        'ids',
        MESSAGES.invoicesZipLimit(INVOICES_ZIP_LIMIT),
      ],
    ];
    for (const [body, field, text] of cases) {
      const res = await req(staff, 'POST', api('invoices/zip'), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(422);
      expect(res.json().message).toBe(MESSAGES.invoicesZipFailed);
      expect(Object.keys(res.json().errors)).toEqual([field]);
      if (text) expect(res.json().errors[field]).toEqual([text]);
    }
    // Exactly the limit is accepted as far as the ids go (these are not the company's: 404, not 422).
    const atLimit = Array.from({ length: INVOICES_ZIP_LIMIT }, (_, i) => 900_000_000 + i);
    expect((await req(staff, 'POST', api('invoices/zip'), { ids: atLimit })).statusCode).toBe(404);
  });
});

describe('GET invoices/zip/{id}', () => {
  it("is 404 to another company's staff, through their URL and through the owner's", async () => {
    const invoice = await issuedInvoice();
    const asked = await ok<{ id: number }>(
      await req(staff, 'POST', api('invoices/zip'), { ids: [invoice.id] }),
      202,
    );
    await invoicesZipJob.handler({ zipId: asked.data.id, requestedBy: staff.id }, jc);
    expect((await req(staff, 'GET', api(`invoices/zip/${asked.data.id}`))).statusCode).toBe(200);
    const theirs = await req(stranger, 'GET', api(`invoices/zip/${asked.data.id}`, otherCid));
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(MESSAGES.notFound);
    expect((await req(stranger, 'GET', api(`invoices/zip/${asked.data.id}`))).statusCode).toBe(404);
  });

  it('is 404 once expired, and the nightly purge deletes the archive', async () => {
    const invoice = await issuedInvoice();
    const asked = await ok<{ id: number; expires_at: string }>(
      await req(staff, 'POST', api('invoices/zip'), { ids: [invoice.id] }),
      202,
    );
    expect(asked.data.expires_at).toBe('2026-03-17T10:00:00.000Z');
    await invoicesZipJob.handler({ zipId: asked.data.id, requestedBy: staff.id }, jc);
    // Moved into the past by hand: moving the clock 7 days would end the test users' sessions too.
    await h.database.primary
      .update(invoiceZips)
      .set({ expires_at: '2026-03-10T09:00:00.000Z' })
      .where(eq(invoiceZips.id, asked.data.id));
    const res = await req(staff, 'GET', api(`invoices/zip/${asked.data.id}`));
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe(MESSAGES.invoiceZipExpired);
    expect(await purgeExpiredInvoiceZips(h.database.primary, clock.now())).toBeGreaterThanOrEqual(1);
    const left = await h.database.primary
      .select({ id: invoiceZips.id })
      .from(invoiceZips)
      .where(inArray(invoiceZips.id, [asked.data.id]));
    expect(left).toHaveLength(0);
  });

  it('says a download failed, and tells the staff with the spec text, when the job cannot make it', async () => {
    // Recorded without the route's check, naming an invoice the company does not have: the job reads
    // the invoices of the download's own company only, finds none and gives up (this run is its last).
    const zip = await recordInvoicesZip(testCtx(h.database.primary, cid, { clock }), [999_999_998]);
    await expect(invoicesZipJob.handler({ zipId: zip.id, requestedBy: staff.id }, jc)).rejects.toThrow(
      'has no PDF',
    );
    const res = await req(staff, 'GET', api(`invoices/zip/${zip.id}`));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(MESSAGES.invoiceZipBroken);
    const told = await h.database.primary
      .select({ title: notifications.title, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.company_id, cid));
    expect(told).toEqual([{ title: MESSAGES.invoicesZipFailed, type: 'error' }]);
  });
});
