/**
 * The company's "today" and "this year" at the boundaries where they differ from UTC's: the rule itself,
 * then what the modules take from it (an order's number and its subscriptions' start, a voucher's last
 * day, the number series' stamp).
 */
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { companyTime, companyTimeAt, companyToday, companyYear } from './company-time.ts';
import { fixedClock } from './context.ts';
import { numberSeries, subscriptions } from './db/schema/index.ts';
import { quoteVoucher } from './modules/vouchers/service.ts';
import { testCtx } from './testing/ctx.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from './testing/harness.ts';

describe('companyTimeAt()', () => {
  it.each([
    // 23:30 UTC on New Year's Eve is already 00:30 on New Year's Day in Berlin (UTC+1 in winter).
    ['2026-12-31T23:30:00Z', 'Europe/Berlin', '2027-01-01', 2027],
    ['2026-12-31T23:30:00Z', 'UTC', '2026-12-31', 2026],
    ['2026-12-31T22:59:59Z', 'Europe/Berlin', '2026-12-31', 2026],
    ['2026-12-31T23:00:00Z', 'Europe/Berlin', '2027-01-01', 2027],
    // And west of UTC the other way round: 04:30 UTC on 1 January is 23:30 on 31 December in Toronto.
    ['2027-01-01T04:30:00Z', 'America/Toronto', '2026-12-31', 2026],
    ['2027-01-01T05:00:00Z', 'America/Toronto', '2027-01-01', 2027],
    // Summer time: Berlin is UTC+2, so 22:30 UTC on 30 June is 1 July there.
    ['2026-06-30T22:30:00Z', 'Europe/Berlin', '2026-07-01', 2026],
  ])('%s in %s is %s (%i)', (instant, zone, today, year) => {
    expect(companyTimeAt(new Date(instant), zone)).toEqual({ today, year });
  });
});

describe('the company time of a company, by its clock and time zone', () => {
  const clock = fixedClock('2026-12-31T23:30:00Z');
  const h = useHarness({ clock });
  let berlin: number;
  let toronto: number;
  let staff: TestUser;
  let torontoStaff: TestUser;

  const put = (who: TestUser, url: string, payload: object) =>
    call(h.app, who, { method: 'PUT', url, payload });

  beforeAll(async () => {
    // Berlin is the default time zone of the general settings.
    const b = await createCompany(h.database, { name: 'Berlin Loop', currency: 'EUR' });
    const t = await createCompany(h.database, { name: 'Toronto Loop', currency: 'CAD' });
    berlin = b.id;
    toronto = t.id;
    staff = await createUser(h, { company: b, role: 'admin' });
    torontoStaff = await createUser(h, { company: t, role: 'admin' });
    const general = await put(torontoStaff, `/api/companies/${toronto}/settings/general`, {
      ...SETTINGS_SECTIONS.general.defaults,
      time_zone: 'America/Toronto',
    });
    expect(general.statusCode, general.body).toBe(200);
    const order = await put(staff, `/api/companies/${berlin}/settings/order`, {
      ...SETTINGS_SECTIONS.order.defaults,
      number_prefix: 'ORD-{YYYY}-',
    });
    expect(order.statusCode, order.body).toBe(200);
  });

  it('companyTime(), companyToday() and companyYear() read the company’s zone at the context’s clock', async () => {
    const ctxOf = (companyId: number) => testCtx(h.database.primary, companyId, { clock });
    expect(await companyTime(ctxOf(berlin))).toEqual({ today: '2027-01-01', year: 2027 });
    expect(await companyToday(ctxOf(toronto))).toBe('2026-12-31');
    expect(await companyYear(ctxOf(toronto))).toBe(2026);
  });

  it('an order placed at 23:30 UTC on 31 December in Berlin is numbered in, and its subscription starts in, 2027', async () => {
    const api = (path: string) => `/api/${berlin}/rentloopdb/${path}`;
    const product = await call(h.app, staff, {
      method: 'POST',
      url: api('products'),
      payload: {
        name: 'Cargo bike',
        rental_prices: { monthly: '99.00' },
        variants: [{ sku: 'CARGO-TZ', name: 'Blue', price: '3000.00' }],
      },
    });
    expect(product.statusCode, product.body).toBe(201);
    const customer = await call(h.app, staff, {
      method: 'POST',
      url: api('customers'),
      payload: customerBody(),
    });
    const placed = await call(h.app, staff, {
      method: 'POST',
      url: api('orders/full'),
      payload: {
        customer_id: customer.json().data.id,
        items: [
          {
            variant_id: product.json().data.variants[0].id,
            quantity: 1,
            kind: 'rental',
            billing_interval: 'monthly',
          },
        ],
      },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json().data.number).toBe('ORD-2027-1');
    const [sub] = await h.database.primary
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, berlin), eq(subscriptions.order_id, placed.json().data.id)));
    expect(sub).toMatchObject({ start_date: '2027-01-01', next_billing_date: '2027-02-01' });
    // The series is stamped by the context's clock, not the database's.
    const [series] = await h.database.primary
      .select()
      .from(numberSeries)
      .where(and(eq(numberSeries.company_id, berlin), eq(numberSeries.series, 'order:ORD-2027-')));
    expect(series?.updated_at).toBe('2026-12-31T23:30:00.000Z');
  });

  it('a voucher valid until 31 December still applies at 23:30 that evening in Toronto, and not after midnight', async () => {
    const url = `/api/${toronto}/rentloopdb/vouchers`;
    const made = await call(h.app, torontoStaff, {
      method: 'POST',
      url,
      payload: { code: 'NYE', kind: 'percentage', value: '10', valid_until: '2026-12-31' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const id = made.json().data.id as number;
    const customer = await call(h.app, torontoStaff, {
      method: 'POST',
      url: `/api/${toronto}/rentloopdb/customers`,
      payload: customerBody(),
    });
    const quote = () =>
      quoteVoucher(
        testCtx(h.database.primary, toronto, { clock }),
        id,
        { lines: [{ product_id: 0, amount: 10_000n }], shipping: 0n },
        { customerId: customer.json().data.id, paymentNumber: 1 },
      );
    const notExpired = async () =>
      (
        await call(h.app, torontoStaff, {
          method: 'GET',
          url: `${url}?per_page=100&filters=${encodeURIComponent('{"expired":false}')}`,
        })
      )
        .json()
        .data.map((v: { code: string }) => v.code);

    clock.set('2027-01-01T04:30:00Z'); // 23:30 on 31 December in Toronto; UTC's date is already 1 January.
    try {
      expect(await quote()).toMatchObject({ applies: true, discount: 1_000n });
      expect(await notExpired()).toEqual(['NYE']);
      clock.set('2027-01-01T05:30:00Z'); // 00:30 on 1 January in Toronto.
      expect(await quote()).toMatchObject({ applies: false, reason: 'expired' });
      expect(await notExpired()).toEqual([]);
    } finally {
      clock.set('2026-12-31T23:30:00Z');
    }
  });
});
