/**
 * The subscription CSV import end to end (routes -> job -> polling): the preview names every row
 * error by row and column and writes nothing; a file with one bad row imports nothing; a good file
 * makes one order per customer with exact amounts and a subscription per row; a job that fails
 * midway (data changed since the check, a failure inside the write) leaves nothing behind, not even
 * a used order number, and the import failed with its reason. Jobs run as in `npm start`.
 */
import { randomBytes } from 'node:crypto';
import {
  SUBSCRIPTION_IMPORT_MAX_BYTES,
  SUBSCRIPTION_IMPORT_MAX_ROWS,
  SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS,
} from '@rentloop/domain/subscription-import';
import { SUBSCRIPTION_IMPORT_COLUMNS } from '@rentloop/domain/subscriptions';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { fixedClock } from '../../context.ts';
import {
  events,
  numberSeries,
  orderItems,
  orders,
  subscriptionImports,
  subscriptions,
} from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';
import { recordSubscriptionImport, subscriptionImportJob } from './import.ts';
import { parseImportFile } from './import-check.ts';

const clock = fixedClock('2026-03-15T12:00:00Z');
const h = useHarness({ jobs: true, clock });
let cid: number;
let admin: TestUser;
let staff: TestUser;
const customer: Record<string, { id: number; email: string }> = {};

const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;
const HEADER = SUBSCRIPTION_IMPORT_COLUMNS.join(',');
const csv = (...rows: string[]) => `${HEADER}\r\n${rows.join('\r\n')}\r\n`;
/** A row in the columns' order: email, sku, quantity, price, tax, frequency, interval, start, term, renew, status. */
const line = (cells: (string | number)[]) => cells.join(',');

/** A multipart body with `text` as the file `file`. */
function form(text: string, name = 'subscriptions.csv') {
  const boundary = `----rentloop${randomBytes(8).toString('hex')}`;
  const payload = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: text/csv\r\n\r\n${text}\r\n--${boundary}--\r\n`;
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const upload = (path: 'import' | 'import/preview', text: string, user = admin, headers = {}) => {
  const body = form(text);
  return call(h.app, user, {
    method: 'POST',
    url: api(`subscriptions/${path}`),
    payload: body.payload,
    headers: { ...body.headers, ...headers },
  });
};

/** Every row the import could write, counted: proves "nothing written". */
async function written() {
  const n = async (table: typeof orders | typeof subscriptions | typeof orderItems) =>
    Number(
      (await h.database.primary.select({ n: count() }).from(table).where(eq(table.company_id, cid)))[0]!.n,
    );
  const [series] = await h.database.primary
    .select({ next: numberSeries.next_value })
    .from(numberSeries)
    .where(eq(numberSeries.company_id, cid));
  return {
    orders: await n(orders),
    items: await n(orderItems),
    subscriptions: await n(subscriptions),
    nextNumber: series?.next ?? 1,
  };
}

async function finished(id: number) {
  let last: { status: string } | undefined;
  await expect
    .poll(
      async () => {
        last = (await call(h.app, staff, { method: 'GET', url: api(`subscriptions/import/${id}`) })).json()
          .data;
        return last!.status;
      },
      { timeout: 30_000, interval: 200 },
    )
    .toMatch(/succeeded|failed/);
  return last as Record<string, unknown>;
}

beforeAll(async () => {
  const company = await createCompany(h.database, { name: 'Import Rentals', currency: 'CAD' });
  cid = company.id;
  admin = await createUser(h, { company, role: 'admin' });
  staff = await createUser(h, { company, role: 'user' });
  const post = async (path: string, payload: object) => {
    const res = await call(h.app, admin, { method: 'POST', url: api(path), payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data;
  };
  for (const name of ['anna', 'ben', 'carl', 'dora']) {
    const c = await post('customers', customerBody({ name: `${name} Import`, email: `${name}@import.test` }));
    customer[name] = { id: c.id, email: c.email };
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

const good = {
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

describe('the preview', () => {
  it('names every row error by row and column, counts the valid rows, and writes nothing', async () => {
    const before = await written();
    const res = await upload(
      'import/preview',
      csv(
        good.annaBike,
        line(['nobody@import.test', 'BIKE-M', 1, '10', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
        line(['ben@import.test', 'NOPE', 1, '10', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
        line(['ben@import.test', 'DUP', 1, '10.005', '13', 'hourly', 1, '2026-02-30', 0, 'yes', 'ended']),
        line(['ben@import.test', 'PADS', 1, '10', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
        good.benBike,
      ),
    );
    expect(res.statusCode, res.body).toBe(200);
    const preview = res.json().data;
    expect(preview).toMatchObject({
      file_name: 'subscriptions.csv',
      rows: 6,
      valid: 2,
      invalid: 4,
      orders: 2,
    });
    expect(preview.errors).toEqual([
      { row: 3, column: 'customer_email', message: TEXTS.noCustomer },
      { row: 4, column: 'sku', message: TEXTS.noVariant },
      { row: 5, column: 'frequency', message: 'Must be one of: daily, weekly, monthly, yearly.' },
      { row: 5, column: 'start_date', message: 'Must be a date like 2026-01-31.' },
      {
        row: 5,
        column: 'status',
        message:
          'A subscription cannot be imported as "ended": import it as active, paused, pending activation, cancellation requested.',
      },
      { row: 6, column: 'sku', message: TEXTS.consumable('Pads') },
    ]);
    expect(preview.error_count).toBe(6);
    expect(preview.sample[0]).toMatchObject({
      row: 2,
      customer_name: 'anna Import',
      product_name: 'City bike',
      variant_name: 'Medium',
      quantity: 2,
      price: '29.90',
    });
    expect(await written()).toEqual(before);
  });

  it('reports an ambiguous SKU and a price with more decimals than the currency has', async () => {
    const res = await upload(
      'import/preview',
      csv(
        line(['ben@import.test', 'DUP', 1, '10.005', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
      ),
    );
    expect(res.json().data.errors).toEqual([
      { row: 2, column: 'sku', message: TEXTS.ambiguousSku },
      { row: 2, column: 'price', message: 'Must be an amount in CAD (at most its number of decimals).' },
    ]);
  });

  it('refuses a file it cannot read as a whole with a 422 naming file', async () => {
    const fileError = async (text: string | Buffer, message: string) => {
      const res = await upload('import/preview', text as string);
      expect(res.statusCode, res.body).toBe(422);
      expect(res.json()).toMatchObject({ message, errors: { file: [message] } });
    };
    await fileError(
      'customer_email,sku\r\nanna@import.test,BIKE-M\r\n',
      TEXTS.missingColumns(['price', 'tax_percent', 'frequency', 'start_date']),
    );
    await fileError(`${HEADER}\r\n`, TEXTS.noRows);
    await fileError('', TEXTS.noRows);
    await fileError(
      csv(...Array.from({ length: SUBSCRIPTION_IMPORT_MAX_ROWS + 1 }, () => good.benBike)),
      TEXTS.tooManyRows(SUBSCRIPTION_IMPORT_MAX_ROWS + 1),
    );
    await fileError(
      `${HEADER}\r\n"unclosed,quote\r\n`,
      expect.stringMatching(/^The file is not a readable CSV/) as unknown as string,
    );
    const big = csv(
      ...Array.from({ length: 1 + SUBSCRIPTION_IMPORT_MAX_BYTES / good.benBike.length }, () => good.benBike),
    );
    await fileError(big, TEXTS.tooLarge);
  });

  it('takes a file saved with semicolons', async () => {
    const text = `${SUBSCRIPTION_IMPORT_COLUMNS.join(';')}\r\n${good.benBike.replaceAll(',', ';')}\r\n`;
    const res = await upload('import/preview', text);
    expect(res.json().data).toMatchObject({ rows: 1, valid: 1, error_count: 0 });
  });

  it('asks for the file, and is for admins', async () => {
    const none = await call(h.app, admin, {
      method: 'POST',
      url: api('subscriptions/import/preview'),
      payload: {},
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().errors.file).toEqual([TEXTS.fileRequired]);
    expect((await upload('import/preview', csv(good.benBike), staff)).statusCode).toBe(403);
    expect((await upload('import', csv(good.benBike), staff)).statusCode).toBe(403);
  });
});

describe('the import', () => {
  it('imports nothing from a file with one bad row among good ones', async () => {
    const before = await written();
    const imports = await h.database.primary.select({ n: count() }).from(subscriptionImports);
    const res = await upload(
      'import',
      csv(
        good.annaBike,
        line(['ben@import.test', 'NOPE', 1, '10', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
        good.benBike,
      ),
    );
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({
      message: TEXTS.rowsHaveErrors(1),
      errors: { file: [TEXTS.rowsHaveErrors(1)], 'rows.3.sku': [TEXTS.noVariant] },
    });
    expect(await written()).toEqual(before);
    expect(await h.database.primary.select({ n: count() }).from(subscriptionImports)).toEqual(imports);
  });

  it('creates one order per customer and a subscription per row, with exact amounts', async () => {
    const before = await written();
    const headers = { 'idempotency-key': `import-${randomBytes(4).toString('hex')}` };
    const text = csv(good.annaBike, good.annaScooter, good.benBike);
    const res = await upload('import', text, admin, headers);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ message: TEXTS.started, data: { status: 'queued', total_rows: 3 } });
    const id = res.json().data.id as number;
    // A retry with the same key is the same import, not a second one.
    const again = await upload('import', text, admin, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(id);

    const done = await finished(id);
    expect(done).toMatchObject({
      status: 'succeeded',
      processed_rows: 3,
      total_rows: 3,
      created_orders: 2,
      created_subscriptions: 3,
      error: null,
      requested_by: admin.id,
    });
    const latest = await call(h.app, staff, { method: 'GET', url: api('subscriptions/import') });
    expect(latest.json().data.id).toBe(id);
    expect(await written()).toEqual({
      orders: before.orders + 2,
      items: before.items + 3,
      subscriptions: before.subscriptions + 3,
      nextNumber: before.nextNumber + 2,
    });

    const made = await h.database.primary
      .select()
      .from(orders)
      .where(and(eq(orders.company_id, cid), sql`${orders.note} like ${`%(import ${id}).`}`))
      .orderBy(asc(orders.id));
    expect(made.map((o) => [o.number, o.customer_id, o.status, o.payment_status])).toEqual([
      ['ORD-1', customer.anna!.id, 'open', 'payment_required'],
      ['ORD-2', customer.ben!.id, 'open', 'payment_required'],
    ]);
    // Anna: 2 x 29.90 at 13 % (777.4 -> 777) and 15.00 at 5 % (75); prices exclude tax by default.
    expect(made.map((o) => [o.subtotal, o.net, o.tax, o.total])).toEqual([
      [7480n, 7480n, 852n, 8332n],
      [12000n, 12000n, 1560n, 13560n],
    ]);
    const items = await h.database.primary
      .select()
      .from(orderItems)
      .where(eq(orderItems.order_id, made[0]!.id))
      .orderBy(asc(orderItems.position));
    expect(
      items.map((i) => [i.sku, i.quantity, i.unit_price, i.amount, i.tax, i.gross, i.billing_interval]),
    ).toEqual([
      ['BIKE-M', 2, 2990n, 5980n, 777n, 6757n, 'monthly'],
      ['SCOOT', 1, 1500n, 1500n, 75n, 1575n, null],
    ]);

    const subs = await h.database.primary
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, cid), eq(subscriptions.order_id, made[0]!.id)))
      .orderBy(asc(subscriptions.id));
    expect(
      subs.map((s) => [
        s.number,
        s.status,
        s.price,
        s.quantity,
        s.start_date,
        s.next_billing_date,
        s.auto_renew,
      ]),
    ).toEqual([
      // Monthly from January 31: the first boundary after March 15 is March 31.
      ['ORD-1-1', 'active', 2990n, 2, '2026-01-31', '2026-03-31', true],
      // Paused: no next billing date until it is resumed.
      ['ORD-1-2', 'paused', 1500n, 1, '2026-01-10', null, false],
    ]);
    expect(subs[0]).toMatchObject({
      minimum_term_end: '2027-01-31',
      buyout_price: 50000n,
      price_mode: 'fixed',
    });
    const [ben] = await h.database.primary
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.order_id, made[1]!.id));
    // Starting after today: billed first on its start.
    expect(ben).toMatchObject({
      status: 'active',
      frequency: 'yearly',
      interval: 1,
      next_billing_date: '2026-04-01',
    });

    const created = await h.database.primary
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.company_id, cid), sql`${events.payload} ->> 'import_id' = ${String(id)}`));
    expect(created.map((e) => e.type).sort()).toEqual([
      'order.created',
      'order.created',
      'subscription.created',
      'subscription.created',
      'subscription.created',
    ]);
    // The import keeps its counts, not the rows.
    const [row] = await h.database.primary
      .select()
      .from(subscriptionImports)
      .where(eq(subscriptionImports.id, id));
    expect(row!.rows).toEqual([]);
  });

  it('refuses a second import while one is queued (409)', async () => {
    const queued = await recordSubscriptionImport(testCtx(h.database.primary, cid), [], {
      fileName: 'other.csv',
      currency: 'CAD',
    });
    const res = await upload('import', csv(good.benBike));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEXTS.alreadyRunning);
    await h.database.primary
      .update(subscriptionImports)
      .set({ status: 'failed' })
      .where(eq(subscriptionImports.id, queued.id));
  });
});

describe('a job that fails midway', () => {
  it('imports nothing when a customer was archived after the file was checked', async () => {
    // Checked and recorded as the route does while carl is a customer; archived before the job runs.
    const { rows } = parseImportFile(
      csv(
        good.benBike,
        line(['carl@import.test', 'SCOOT', 1, '9.00', '13', 'monthly', 1, '2026-01-01', 0, 'yes', 'active']),
      ),
    );
    const recorded = await recordSubscriptionImport(testCtx(h.database.primary, cid), rows, {
      fileName: 'late.csv',
      currency: 'CAD',
    });
    const archived = await call(h.app, admin, {
      method: 'POST',
      url: api(`customers/${customer.carl!.id}/archive`),
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const before = await written();
    await h.database.primary.transaction((tx) =>
      enqueue(h.boss, tx, subscriptionImportJob, { importId: recorded.id, requestedBy: admin.id }),
    );
    const done = await finished(recorded.id);
    expect(done).toMatchObject({
      status: 'failed',
      created_subscriptions: 0,
      error: TEXTS.changedSinceChecked(3, 'customer_email', TEXTS.customerArchived, 0),
    });
    expect(await written()).toEqual(before);
  });

  it('rolls back every order already written when writing a later one fails, numbers included', async () => {
    // A failure the checks cannot foresee, inside the one write transaction, after anna's order.
    await h.database.primary.execute(
      sql.raw(`
      CREATE FUNCTION import_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.customer_id = ${customer.dora!.id} THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`),
    );
    await h.database.primary.execute(
      sql.raw(`
      CREATE TRIGGER import_test_refuse BEFORE INSERT ON subscriptions
        FOR EACH ROW EXECUTE FUNCTION import_test_refuse()`),
    );
    try {
      const before = await written();
      const res = await upload(
        'import',
        csv(
          good.annaBike,
          line([
            'dora@import.test',
            'SCOOT',
            1,
            '9.00',
            '13',
            'monthly',
            1,
            '2026-01-01',
            0,
            'yes',
            'active',
          ]),
        ),
      );
      expect(res.statusCode, res.body).toBe(202);
      const done = await finished(res.json().data.id);
      expect(done).toMatchObject({ status: 'failed', error: TEXTS.unexpected, created_orders: 0 });
      expect(await written()).toEqual(before);
    } finally {
      await h.database.primary.execute(sql.raw('DROP TRIGGER import_test_refuse ON subscriptions'));
      await h.database.primary.execute(sql.raw('DROP FUNCTION import_test_refuse()'));
    }
  });
});

describe('another company', () => {
  it('cannot read the import (404), and its own latest is its own', async () => {
    const other = await createCompany(h.database, { name: 'Other Rentals', currency: 'CAD' });
    const otherAdmin = await createUser(h, { company: other, role: 'admin' });
    const [mine] = await h.database.primary
      .select({ id: subscriptionImports.id })
      .from(subscriptionImports)
      .where(eq(subscriptionImports.company_id, cid))
      .limit(1);
    const res = await call(h.app, otherAdmin, {
      method: 'GET',
      url: `/api/${other.id}/rentloopdb/subscriptions/import/${mine!.id}`,
    });
    expect(res.statusCode).toBe(404);
    const latest = await call(h.app, otherAdmin, {
      method: 'GET',
      url: `/api/${other.id}/rentloopdb/subscriptions/import`,
    });
    expect(latest.json().data).toBeNull();
  });
});
