/**
 * Data export through the API (decision 66): the request checked (422 naming the field), the job's
 * file equal row for row to the list's JSON for the same filter (count and checksum), CSV with a BOM
 * and XLSX read back from its zip, formula cells neutralized in both, the download's name and type,
 * the token bound to its company (another company's: 404), expired (404), the access of the list, the
 * history log entry, the notification's download link and the mail, and the nightly purge.
 */
import { createHash } from 'node:crypto';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq } from 'drizzle-orm';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { csvLine, csvRow } from '../../csv.ts';
import { dataExportChunks, emailEntries, historyLogs, notifications } from '../../db/schema/index.ts';
import { createMailer } from '../../integrations/email/mailer.ts';
import type { JobContext } from '../../jobs/queue.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  TEST_APP_URL,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { dataExportJob } from './job.ts';
import { kindColumns } from './kinds.ts';
import { purgeExpiredDataExports } from './service.ts';

const clock = fixedClock('2026-05-04T09:00:00Z');
const h = useHarness({ clock, mail: true });
let cid: number;
let otherCid: number;
let staff: TestUser;
let stranger: TestUser;
let jc: JobContext;
let keyN = 0;

type Created = { id: number; token: string; status: string; file_name: string; columns: string[] };

const post = (who: TestUser, body: object, company = cid) =>
  call(h.app, who, {
    method: 'POST',
    url: `/api/${company}/data-export`,
    payload: body,
    headers: { 'idempotency-key': `export-${++keyN}` },
  });
const download = (who: TestUser, token: string, company = cid) =>
  call(h.app, who, { method: 'GET', url: `/api/${company}/data/${token}` });

/** Requests an export, runs its job, and answers the export (with its token). */
async function exported(body: object): Promise<Created> {
  const res = await post(staff, body);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().message).toBe(MESSAGES.dataExportRequested);
  const created = res.json().data as Created;
  await dataExportJob.handler({ exportId: created.id, requestedBy: staff.id, token: created.token }, jc);
  return created;
}

/** The list's own rows for the filter, every page. */
async function listRows(filters: object): Promise<Record<string, unknown>[]> {
  const rows: Record<string, unknown>[] = [];
  for (let page = 1; ; page++) {
    const q = new URLSearchParams({ filters: JSON.stringify(filters), per_page: '2', page: String(page) });
    const res = await call(h.app, staff, {
      method: 'GET',
      url: `/read-replica/${cid}/rentloopdb/customers?${q}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as { data: Record<string, unknown>[]; meta: { last_page: number } };
    rows.push(...body.data);
    if (page >= body.meta.last_page) return rows;
  }
}

const sha = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Export Loop', currency: 'EUR' });
  const other = await createCompany(h.database, { name: 'Other Export Loop', currency: 'EUR' });
  cid = company.id;
  otherCid = other.id;
  staff = await createUser(h, { company, role: 'user' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  const names = ['=HYPERLINK("http://evil.test","x")', '+SUM(1,2)', '-2+3', '@cmd', 'Ann "Quotes", Comma'];
  for (const [n, name] of names.entries()) {
    const res = await call(h.app, staff, {
      method: 'POST',
      url: `/api/${cid}/rentloopdb/customers`,
      payload: customerBody({ name, language: n % 2 === 0 ? 'de' : 'fr' }),
    });
    expect(res.statusCode, res.body).toBe(201);
  }
  // More German customers than one batch holds is not needed: batches are the list's own (keyset).
  jc = {
    database: h.database,
    boss: h.boss,
    mailer: createMailer({ smtpUrl: h.inbox.url, from: 'Rentloop <no-reply@rentloop.test>' }),
    appUrl: TEST_APP_URL,
    clock,
    log: { info: () => {}, error: () => {} },
  };
});

describe('POST data-export', () => {
  it('answers 422 naming the field for a bad kind, format, column, sort or filter', async () => {
    const cases: [object, string][] = [
      [{ kind: 'spaceships', format: 'csv' }, 'kind'],
      [{ kind: 'customers', format: 'pdf' }, 'format'],
      [{ kind: 'customers', format: 'csv', columns: ['id', 'password_hash'] }, 'columns.1'],
      [{ kind: 'customers', format: 'csv', sort: 'secret' }, 'sort'],
      [{ kind: 'customers', format: 'csv', filters: '{"language":"xx"}' }, 'filters.language'],
      [{ kind: 'customers', format: 'csv', filters: 'not json' }, 'filters'],
    ];
    for (const [body, field] of cases) {
      const res = await post(staff, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json().errors ?? {}), JSON.stringify(body)).toContain(field);
    }
  });

  it('refuses a user without access to the company (as the list does)', async () => {
    const res = await post(stranger, { kind: 'customers', format: 'csv' });
    expect([403, 404]).toContain(res.statusCode);
    const list = await call(h.app, stranger, {
      method: 'GET',
      url: `/read-replica/${cid}/rentloopdb/customers`,
    });
    expect(res.statusCode).toBe(list.statusCode);
  });
});

describe('the export file', () => {
  it('CSV: the same rows as the list for the filter (count and checksum), formulas neutralized', async () => {
    const filters = { language: 'de' };
    const created = await exported({ kind: 'customers', format: 'csv', filters: JSON.stringify(filters) });
    const res = await download(staff, created.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="${created.file_name}"`);
    expect(created.file_name).toBe(`customers-2026-05-04-${created.id}.csv`);
    const body = res.rawPayload.toString('utf8');
    expect(body.startsWith('\uFEFF')).toBe(true);

    const rows = await listRows(filters);
    expect(rows.length).toBe(3);
    const columns = kindColumns('customers');
    const expected = `\uFEFF${csvLine(columns)}${rows.map((r) => csvRow(r, columns)).join('')}`;
    expect(body.split('\r\n').length - 2).toBe(rows.length);
    expect(sha(body)).toBe(sha(expected));
    expect(body).toContain(`"'=HYPERLINK(""http://evil.test"",""x"")"`);
    expect(body).toContain(`'-2+3`);
    expect(body).not.toMatch(/(^|,)[=+@]/m);

    const [export_] = (await call(h.app, staff, { method: 'GET', url: `/api/${cid}/data-export` })).json()
      .data as { id: number; status: string; rows_done: number; rows_total: number }[];
    expect(export_).toMatchObject({ id: created.id, status: 'ready', rows_done: 3, rows_total: 3 });
  });

  it('XLSX: a workbook whose sheet holds the chosen columns and rows, formulas neutralized', async () => {
    const created = await exported({
      kind: 'customers',
      format: 'xlsx',
      columns: ['name', 'language', 'id'],
    });
    const res = await download(staff, created.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    const files = unzipSync(new Uint8Array(res.rawPayload));
    expect(Object.keys(files).sort()).toEqual([
      '[Content_Types].xml',
      '_rels/.rels',
      'xl/_rels/workbook.xml.rels',
      'xl/workbook.xml',
      'xl/worksheets/sheet1.xml',
    ]);
    const sheet = strFromU8(files['xl/worksheets/sheet1.xml']!);
    const rows = [...sheet.matchAll(/<row>(.*?)<\/row>/g)].map((m) =>
      [
        ...m[1]!.matchAll(
          /<c(?: t="inlineStr")?>(?:<is><t xml:space="preserve">(.*?)<\/t><\/is>|<v>(.*?)<\/v>)<\/c>/g,
        ),
      ].map((c) => c[1] ?? c[2]),
    );
    const list = await listRows({});
    expect(rows[0]).toEqual(['name', 'language', 'id']);
    expect(rows.slice(1)).toEqual(
      list.map((r) => [
        String(r.name)
          .replace(/^(?=[=+\-@])(?![+-]?\d+(\.\d+)?$)/, "'")
          .replaceAll('&', '&amp;')
          .replaceAll('<', '&lt;')
          .replaceAll('>', '&gt;'),
        r.language,
        String(r.id),
      ]),
    );
    expect(sheet).toContain(`'=HYPERLINK("http://evil.test","x")`);
    expect(sheet).toContain(`'@cmd`);
    expect(strFromU8(files['xl/workbook.xml']!)).toContain('<sheet name="Customers"');
  });

  it('tells the staff with the download link and mails the requester; logs the export in the history', async () => {
    const created = await exported({ kind: 'customers', format: 'csv' });
    const [note] = await h.database.primary
      .select()
      .from(notifications)
      .where(eq(notifications.company_id, cid))
      .orderBy(notifications.id)
      .then((n) => n.slice(-1));
    expect(note?.input).toEqual({
      type: 'download-link',
      href: `/cms/data-export/${created.token}?company=${cid}`,
      text: 'Download',
    });
    const mails = await h.database.primary
      .select()
      .from(emailEntries)
      .where(eq(emailEntries.company_id, cid));
    const mail = mails.find((m) => m.kind === 'data_export');
    expect(mail?.to).toBe(staff.email);
    // The outbox copy shown in Email History holds no token (only the copy to deliver has it).
    expect(JSON.stringify(mails.map((m) => m.body_html))).not.toContain(created.token);
    expect(mail?.body_html).toContain('/cms/data-export/[hidden]');
    const [log] = await h.database.primary
      .select()
      .from(historyLogs)
      .where(and(eq(historyLogs.entity_type, 'data_exports'), eq(historyLogs.entity_id, String(created.id))));
    expect(log).toMatchObject({ company_id: cid, user_id: staff.id, action: 'exported' });
    expect(log?.after).toMatchObject({ kind: 'customers', format: 'csv', personal_data: true });
  });
});

describe('GET data/{token}', () => {
  it("404 for another company's token, an unknown one, or from another company's member", async () => {
    const created = await exported({ kind: 'customers', format: 'csv' });
    const owner = await createUser(h, { company: { id: otherCid }, role: 'owner' });
    expect((await download(owner, created.token, otherCid)).statusCode).toBe(404);
    expect((await download(staff, 'A'.repeat(43))).statusCode).toBe(404);
    expect((await download(staff, 'short')).statusCode).toBe(404);
    expect([403, 404]).toContain((await download(stranger, created.token)).statusCode);
  });

  it('409 while being written; 404 once expired, and the nightly purge deletes it with its file', async () => {
    const res = await post(staff, { kind: 'vouchers', format: 'csv' });
    const queued = res.json().data as Created;
    const early = await download(staff, queued.token);
    expect(early.statusCode).toBe(409);
    await dataExportJob.handler({ exportId: queued.id, requestedBy: staff.id, token: queued.token }, jc);
    expect((await download(staff, queued.token)).statusCode).toBe(200);

    clock.advance(7 * 86_400_000 + 1000);
    try {
      const late = await download(staff, queued.token);
      expect(late.statusCode).toBe(404);
      expect(await purgeExpiredDataExports(h.database.primary, clock.now())).toBeGreaterThan(0);
      const pieces = await h.database.primary
        .select({ seq: dataExportChunks.seq })
        .from(dataExportChunks)
        .where(eq(dataExportChunks.export_id, queued.id));
      expect(pieces).toEqual([]);
    } finally {
      clock.set('2026-05-04T09:00:00Z');
    }
  });
});
