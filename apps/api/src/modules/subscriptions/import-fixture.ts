/**
 * What the import tests share (import.test.ts, import-preview.test.ts): a company with customers
 * (anna, ben, carl, dora) and products (BIKE-M, SCOOT, the consumable PADS, two variants sharing DUP),
 * multipart uploads, and counts of what an import writes.
 */
import { randomBytes } from 'node:crypto';
import { SUBSCRIPTION_IMPORT_COLUMNS } from '@rentloop/domain/subscription-import-rows';
import { count, eq } from 'drizzle-orm';
import { beforeAll, expect } from 'vitest';
import { fixedClock } from '../../context.ts';
import { numberSeries, orderItems, orders, subscriptions } from '../../db/schema/index.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type Harness,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

export const HEADER = SUBSCRIPTION_IMPORT_COLUMNS.join(',');
export const csv = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
/** A row in the columns' order: email, sku, quantity, price, tax, frequency, interval, start, term, renew, status. */
export const line = (cells: (string | number)[]) => cells.join(',');

export const good = {
  annaBike: line([
    'anna@import.test',
    'BIKE-M',
    2,
    '29.90',
    '13',
    'monthly',
    1,
    '2026-01-31',
    12,
    'yes',
    'active',
  ]),
  annaScooter: line([
    'ANNA@import.test',
    'SCOOT',
    1,
    '15.00',
    '5',
    'weekly',
    2,
    '2026-01-10',
    0,
    'no',
    'paused',
  ]),
  benBike: line(['ben@import.test', 'BIKE-M', 1, '120', '13', 'yearly', '', '2026-04-01', '', '', '']),
};

/** A multipart body with `text` as the file `file`. */
export function form(text: string, name = 'subscriptions.csv') {
  const boundary = `----rentloop${randomBytes(8).toString('hex')}`;
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

export interface ImportFixture {
  h: Harness;
  cid: number;
  admin: TestUser;
  staff: TestUser;
  customer: Record<string, { id: number; email: string }>;
  api(path: string): string;
  upload(
    path: 'import' | 'import/preview',
    text: string,
    user?: TestUser,
    headers?: Record<string, string>,
  ): ReturnType<typeof call>;
  /** Every row an import could write, counted: proves "nothing written". */
  written(): Promise<{ orders: number; items: number; subscriptions: number; nextNumber: number }>;
  /** Polls an import until it has succeeded or failed. */
  finished(id: number): Promise<Record<string, unknown>>;
}

/** Call at the top of a test file: the harness (jobs running, 2026-03-15 12:00 UTC) and the company. */
export function useImportFixture(): ImportFixture {
  const h = useHarness({ jobs: true, clock: fixedClock('2026-03-15T12:00:00Z') });
  const f = { h, customer: {} } as ImportFixture;
  f.api = (path) => `/api/${f.cid}/rentloopdb/${path}`;
  f.upload = (path, text, user = f.admin, headers = {}) => {
    const body = form(text);
    return call(h.app, user, {
      method: 'POST',
      url: f.api(`subscriptions/${path}`),
      payload: body.payload,
      headers: { ...body.headers, ...headers },
    });
  };
  f.written = async () => {
    const n = async (table: typeof orders | typeof subscriptions | typeof orderItems) =>
      Number(
        (await h.database.primary.select({ n: count() }).from(table).where(eq(table.company_id, f.cid)))[0]!
          .n,
      );
    const [series] = await h.database.primary
      .select({ next: numberSeries.next_value })
      .from(numberSeries)
      .where(eq(numberSeries.company_id, f.cid));
    return {
      orders: await n(orders),
      items: await n(orderItems),
      subscriptions: await n(subscriptions),
      nextNumber: series?.next ?? 1,
    };
  };
  f.finished = async (id) => {
    let last: { status: string } | undefined;
    await expect
      .poll(
        async () => {
          const res = await call(h.app, f.staff, { method: 'GET', url: f.api(`subscriptions/import/${id}`) });
          last = res.json().data;
          return last!.status;
        },
        { timeout: 30_000, interval: 200 },
      )
      .toMatch(/succeeded|failed/);
    return last as Record<string, unknown>;
  };

  beforeAll(async () => {
    const company = await createCompany(h.database, { name: 'Import Rentals', currency: 'CAD' });
    f.cid = company.id;
    f.admin = await createUser(h, { company, role: 'admin' });
    f.staff = await createUser(h, { company, role: 'user' });
    const post = async (path: string, payload: object) => {
      const res = await call(h.app, f.admin, { method: 'POST', url: f.api(path), payload });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    for (const name of ['anna', 'ben', 'carl', 'dora']) {
      const c = await post(
        'customers',
        customerBody({ name: `${name} Import`, email: `${name}@import.test` }),
      );
      f.customer[name] = { id: c.id, email: c.email };
    }
    await post('products', {
      name: 'City bike',
      buyout_price: '500.00',
      variants: [{ sku: 'BIKE-M', name: 'Medium' }],
    });
    await post('products', { name: 'Scooter', variants: [{ sku: 'SCOOT', name: 'Standard' }] });
    await post('products', { name: 'Pads', type: 'consumable', variants: [{ sku: 'PADS', name: 'Box' }] });
    await post('products', {
      name: 'Twin',
      variants: [
        { sku: 'DUP', name: 'One' },
        { sku: 'DUP', name: 'Two' },
      ],
    });
  });
  return f;
}
