/**
 * The subscription CSV import end to end (routes -> job -> polling): a file with one bad row imports
 * nothing; a good file makes one order per customer with exact amounts and a subscription per row; a
 * job that fails midway (data changed since the check, a failure inside the write) leaves nothing
 * behind, not even a used order number, and the import failed with its reason. Jobs run as in
 * `npm start`. The preview: import-preview.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { SUBSCRIPTION_IMPORT_FILE_TEXTS as TEXTS } from '@rentloop/domain/subscription-import';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { events, orderItems, orders, subscriptionImports, subscriptions } from '../../db/schema/index.ts';
import { enqueue } from '../../jobs/queue.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser } from '../../testing/harness.ts';
import { recordSubscriptionImport, subscriptionImportJob } from './import.ts';
import { parseImportFile } from './import-check.ts';
import { csv, good, line, useImportFixture } from './import-fixture.ts';

const f = useImportFixture();

describe('the import', () => {
  it('imports nothing from a file with one bad row among good ones', async () => {
    const before = await f.written();
    const imports = await f.h.database.primary.select({ n: count() }).from(subscriptionImports);
    const res = await f.upload(
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
    expect(await f.written()).toEqual(before);
    expect(await f.h.database.primary.select({ n: count() }).from(subscriptionImports)).toEqual(imports);
  });

  it('creates one order per customer and a subscription per row, with exact amounts', async () => {
    const before = await f.written();
    const headers = { 'idempotency-key': `import-${randomBytes(4).toString('hex')}` };
    const text = csv(good.annaBike, good.annaScooter, good.benBike);
    const res = await f.upload('import', text, f.admin, headers);
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({ message: TEXTS.started, data: { status: 'queued', total_rows: 3 } });
    const id = res.json().data.id as number;
    // A retry with the same key is the same import, not a second one.
    const again = await f.upload('import', text, f.admin, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(id);

    const done = await f.finished(id);
    expect(done).toMatchObject({
      status: 'succeeded',
      processed_rows: 3,
      total_rows: 3,
      created_orders: 2,
      created_subscriptions: 3,
      error: null,
      requested_by: f.admin.id,
    });
    const latest = await call(f.h.app, f.staff, { method: 'GET', url: f.api('subscriptions/import') });
    expect(latest.json().data.id).toBe(id);
    expect(await f.written()).toEqual({
      orders: before.orders + 2,
      items: before.items + 3,
      subscriptions: before.subscriptions + 3,
      nextNumber: before.nextNumber + 2,
    });

    const made = await f.h.database.primary
      .select()
      .from(orders)
      .where(and(eq(orders.company_id, f.cid), sql`${orders.note} like ${`%(import ${id}).`}`))
      .orderBy(asc(orders.id));
    expect(made.map((o) => [o.number, o.customer_id, o.status, o.payment_status])).toEqual([
      ['ORD-1', f.customer.anna!.id, 'open', 'payment_required'],
      ['ORD-2', f.customer.ben!.id, 'open', 'payment_required'],
    ]);
    // Anna: 2 x 29.90 at 13 % (777.4 -> 777) and 15.00 at 5 % (75); prices exclude tax by default.
    expect(made.map((o) => [o.subtotal, o.net, o.tax, o.total])).toEqual([
      [7480n, 7480n, 852n, 8332n],
      [12000n, 12000n, 1560n, 13560n],
    ]);
    const items = await f.h.database.primary
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

    const subs = await f.h.database.primary
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, f.cid), eq(subscriptions.order_id, made[0]!.id)))
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
    const [ben] = await f.h.database.primary
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

    const created = await f.h.database.primary
      .select({ type: events.type })
      .from(events)
      .where(and(eq(events.company_id, f.cid), sql`${events.payload} ->> 'import_id' = ${String(id)}`));
    expect(created.map((e) => e.type).sort()).toEqual([
      'order.created',
      'order.created',
      'subscription.created',
      'subscription.created',
      'subscription.created',
    ]);
    // The import keeps its counts, not the rows.
    const [row] = await f.h.database.primary
      .select()
      .from(subscriptionImports)
      .where(eq(subscriptionImports.id, id));
    expect(row!.rows).toEqual([]);
    // The company's members are told (written by the job right after the import's transaction).
    const notices = async () =>
      (
        await call(f.h.app, f.staff, {
          method: 'GET',
          url: `/read-replica/${f.cid}/rentloopdb/notifications`,
        })
      ).json();
    await expect.poll(async () => (await notices()).meta.unread, { timeout: 10_000 }).toBeGreaterThan(0);
    expect((await notices()).data[0]).toMatchObject({
      title: 'Subscription import finished',
      description: TEXTS.succeeded(3, 2),
      type: 'success',
    });
  });

  it('refuses a second import while one is queued (409)', async () => {
    const queued = await recordSubscriptionImport(testCtx(f.h.database.primary, f.cid), [], {
      fileName: 'other.csv',
      currency: 'CAD',
    });
    const res = await f.upload('import', csv(good.benBike));
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe(TEXTS.alreadyRunning);
    await f.h.database.primary
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
    const recorded = await recordSubscriptionImport(testCtx(f.h.database.primary, f.cid), rows, {
      fileName: 'late.csv',
      currency: 'CAD',
    });
    const archived = await call(f.h.app, f.admin, {
      method: 'POST',
      url: f.api(`customers/${f.customer.carl!.id}/archive`),
    });
    expect(archived.statusCode, archived.body).toBe(200);
    const before = await f.written();
    await f.h.database.primary.transaction((tx) =>
      enqueue(f.h.boss, tx, subscriptionImportJob, { importId: recorded.id, requestedBy: f.admin.id }),
    );
    const done = await f.finished(recorded.id);
    expect(done).toMatchObject({
      status: 'failed',
      created_subscriptions: 0,
      error: TEXTS.changedSinceChecked(3, 'customer_email', TEXTS.customerArchived, 0),
    });
    expect(await f.written()).toEqual(before);
  });

  it('rolls back every order already written when writing a later one fails, numbers included', async () => {
    // A failure the checks cannot foresee, inside the one write transaction, after anna's order.
    await f.h.database.primary.execute(
      sql.raw(`
      CREATE FUNCTION import_test_refuse() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF NEW.customer_id = ${f.customer.dora!.id} THEN RAISE EXCEPTION 'refused by the test'; END IF;
        RETURN NEW;
      END $$`),
    );
    await f.h.database.primary.execute(
      sql.raw(`
      CREATE TRIGGER import_test_refuse BEFORE INSERT ON subscriptions
        FOR EACH ROW EXECUTE FUNCTION import_test_refuse()`),
    );
    try {
      const before = await f.written();
      const res = await f.upload(
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
      const done = await f.finished(res.json().data.id);
      expect(done).toMatchObject({ status: 'failed', error: TEXTS.unexpected, created_orders: 0 });
      expect(await f.written()).toEqual(before);
    } finally {
      await f.h.database.primary.execute(sql.raw('DROP TRIGGER import_test_refuse ON subscriptions'));
      await f.h.database.primary.execute(sql.raw('DROP FUNCTION import_test_refuse()'));
    }
  });
});

describe('another company', () => {
  it('cannot read the import (404), and its own latest is its own', async () => {
    const other = await createCompany(f.h.database, { name: 'Other Rentals', currency: 'CAD' });
    const otherAdmin = await createUser(f.h, { company: other, role: 'admin' });
    const [mine] = await f.h.database.primary
      .select({ id: subscriptionImports.id })
      .from(subscriptionImports)
      .where(eq(subscriptionImports.company_id, f.cid))
      .limit(1);
    const res = await call(f.h.app, otherAdmin, {
      method: 'GET',
      url: `/api/${other.id}/rentloopdb/subscriptions/import/${mine!.id}`,
    });
    expect(res.statusCode).toBe(404);
    const latest = await call(f.h.app, otherAdmin, {
      method: 'GET',
      url: `/api/${other.id}/rentloopdb/subscriptions/import`,
    });
    expect(latest.json().data).toBeNull();
  });
});
