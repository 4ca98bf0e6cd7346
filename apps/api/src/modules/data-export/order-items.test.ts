/**
 * The data export's "order items" (decision 78): one row per line of the orders the orders list's
 * filters choose, with the order's number, status and customer, amounts exact decimals; CSV and XLSX
 * through the same job; `product_id` keeps that product's lines; never a quote's lines. (Another
 * company's lines: the list's scope, checked with the other lists in db/define-list.test.ts.)
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { strFromU8, unzipSync } from 'fflate';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import { createMailer } from '../../integrations/email/mailer.ts';
import type { JobContext } from '../../jobs/queue.ts';
import {
  call,
  createCompany,
  createUser,
  TEST_APP_URL,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { dataExportJob } from './job.ts';
import { kindColumns } from './kinds.ts';

const clock = fixedClock('2026-05-04T09:00:00Z');
const h = useHarness({ clock, mail: true });
let cid: number;
let staff: TestUser;
let jc: JobContext;
let keyN = 0;
let helmet: number;
let lock: number;
let lockProduct: number;
let ann: number;
const placed: { id: number; number: string }[] = [];

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const req = (method: 'GET' | 'POST', url: string, payload?: object) =>
  call(h.app, staff, { method, url, payload, headers: { 'idempotency-key': `oi-${++keyN}` } });

async function data<T>(res: Awaited<ReturnType<typeof req>>, status = 200): Promise<T> {
  expect(res.statusCode, res.body).toBe(status);
  return res.json().data as T;
}

/** Requests an export, runs its job, and answers the downloaded file. */
async function exported(body: object) {
  const res = await req('POST', `/api/${cid}/data-export`, body);
  expect(res.statusCode, res.body).toBe(202);
  expect(res.json().message).toBe(MESSAGES.dataExportRequested);
  const created = res.json().data as { id: number; token: string; file_name: string };
  await dataExportJob.handler({ exportId: created.id, requestedBy: staff.id, token: created.token }, jc);
  const file = await call(h.app, staff, { method: 'GET', url: `/api/${cid}/data/${created.token}` });
  expect(file.statusCode, file.body).toBe(200);
  return { created, file };
}

/** A CSV's data rows as records (no quoted commas in this test's values). */
function csvRecords(body: string): Record<string, string>[] {
  const [head, ...lines] = body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n');
  const names = head!.split(',');
  return lines.map((l) =>
    Object.fromEntries(l.split(',').map((v, i) => [names[i], v.replace(/^"|"$/g, '')])),
  );
}

type Item = {
  id: number;
  product_name: string;
  quantity: number;
  unit_price: string;
  gross: string;
  net: string;
};

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Lines Loop', currency: 'EUR' });
  cid = company.id;
  staff = await createUser(h, { company, role: 'admin' });
  const product = async (name: string, sku: string, price: string) =>
    data<{ id: number; variants: { id: number }[] }>(
      await req('POST', api('products'), {
        name,
        purchase_price: price,
        variants: [{ sku, name: 'One size', price }],
      }),
      201,
    );
  helmet = (await product('Helmet', 'HLM-OI', '59.99')).variants[0]!.id;
  const lockP = await product('Lock', 'LCK-OI', '19.95');
  lock = lockP.variants[0]!.id;
  lockProduct = lockP.id;
  const customer = async (name: string) =>
    (
      await data<{ id: number }>(
        await req('POST', api('customers'), { name, email: `${name}@lines.test` }),
        201,
      )
    ).id;
  ann = await customer('ann');
  const bob = await customer('bob');
  const order = async (customer_id: number, items: [number, number][]) =>
    data<{ id: number; number: string }>(
      await req('POST', api('orders/full'), {
        customer_id,
        items: items.map(([variant_id, quantity]) => ({ variant_id, quantity, kind: 'purchase' })),
      }),
      201,
    );
  placed.push(
    await order(ann, [
      [helmet, 2],
      [lock, 3],
    ]),
  );
  placed.push(await order(ann, [[lock, 1]]));
  placed.push(await order(bob, [[helmet, 1]]));
  // A quote of Ann's: not an order, so none of its lines.
  await data(
    await req('POST', api('draft-orders'), {
      customer_id: ann,
      items: [{ variant_id: helmet, quantity: 5, kind: 'purchase' }],
    }),
    201,
  );
  jc = {
    database: h.database,
    boss: h.boss,
    mailer: createMailer({ smtpUrl: h.inbox.url, from: 'Rentloop <no-reply@rentloop.test>' }),
    appUrl: TEST_APP_URL,
    clock,
    log: { info: () => {}, error: () => {} },
  };
});

describe('data export of order items', () => {
  it('offers the kind with its columns', async () => {
    const kinds = await data<{ kind: string; columns: string[] }[]>(
      await req('GET', `/api/${cid}/data-export/columns`),
    );
    const columns = kinds.find((k) => k.kind === 'order_items')?.columns;
    expect(columns).toEqual(kindColumns('order_items'));
    for (const c of ['order_number', 'customer_name', 'product_name', 'variant_name', 'quantity', 'gross'])
      expect(columns).toContain(c);
  });

  it('CSV: one row per line of the filtered orders, amounts exact, equal to the orders’ own lines', async () => {
    const columns = [
      'order_number',
      'customer_name',
      'product_name',
      'sku',
      'quantity',
      'unit_price',
      'net',
      'gross',
      'order_id',
    ];
    const { created, file } = await exported({
      kind: 'order_items',
      format: 'csv',
      columns,
      sort: 'order_id',
      desc: false,
      filters: JSON.stringify({ customer_id: ann }),
    });
    expect(created.file_name).toBe(`order-items-2026-05-04-${created.id}.csv`);
    const rows = csvRecords(file.rawPayload.toString('utf8'));
    const expected: Record<string, string>[] = [];
    for (const o of placed.slice(0, 2)) {
      const detail = await data<{ items: Item[] }>(await req('GET', api(`orders/${o.id}`)));
      for (const i of [...detail.items].sort((a, b) => a.id - b.id))
        expected.push({
          order_number: o.number,
          customer_name: 'ann',
          product_name: i.product_name,
          sku: i.product_name === 'Helmet' ? 'HLM-OI' : 'LCK-OI',
          quantity: String(i.quantity),
          unit_price: i.unit_price,
          net: i.net,
          gross: i.gross,
          order_id: String(o.id),
        });
    }
    expect(rows).toEqual(expected);
    expect(rows.map((r) => [r.product_name, r.quantity, r.unit_price])).toEqual([
      ['Helmet', '2', '59.99'],
      ['Lock', '3', '19.95'],
      ['Lock', '1', '19.95'],
    ]);
  });

  it('XLSX: product_id keeps that product’s lines; the orders list’s filters and search apply', async () => {
    const { file } = await exported({
      kind: 'order_items',
      format: 'xlsx',
      columns: ['order_number', 'quantity', 'gross'],
      filters: JSON.stringify({ product_id: lockProduct }),
    });
    const sheet = strFromU8(unzipSync(new Uint8Array(file.rawPayload))['xl/worksheets/sheet1.xml']!);
    const rows = [...sheet.matchAll(/<row>(.*?)<\/row>/g)].map((m) =>
      [...m[1]!.matchAll(/<(?:t xml:space="preserve"|v)>(.*?)<\/(?:t|v)>/g)].map((c) => c[1]),
    );
    // Newest line first (the default order), both Lock lines, each of its order.
    expect(rows).toEqual([
      ['order_number', 'quantity', 'gross'],
      [placed[1]!.number, '1', expect.any(String)],
      [placed[0]!.number, '3', expect.any(String)],
    ]);

    const bob = await exported({ kind: 'order_items', format: 'csv', search: placed[2]!.number });
    expect(csvRecords(bob.file.rawPayload.toString('utf8')).map((r) => r.order_number)).toEqual([
      placed[2]!.number,
    ]);
    const cancelled = await exported({
      kind: 'order_items',
      format: 'csv',
      filters: '{"status":"cancelled"}',
    });
    expect(csvRecords(cancelled.file.rawPayload.toString('utf8'))).toEqual([]);
  });

  it('answers 422 naming the field for a sort or filter the list does not have', async () => {
    for (const [body, field] of [
      [{ sort: 'secret' }, 'sort'],
      [{ filters: '{"status":"lost"}' }, 'filters.status'],
    ] as const) {
      const res = await req('POST', `/api/${cid}/data-export`, {
        kind: 'order_items',
        format: 'csv',
        ...body,
      });
      expect(res.statusCode, res.body).toBe(422);
      expect(Object.keys(res.json().errors ?? {})).toContain(field);
    }
  });
});
