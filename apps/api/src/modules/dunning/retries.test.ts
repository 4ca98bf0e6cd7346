/**
 * The `dunning-retries` business job run again on the same day (one after the other and at the same
 * time) charges each due payment once; it never touches another company's dunnings; staff find the
 * dunning on the recurring payments list (columns and filters) and never another company's.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Ctx, fixedClock, shiftedClock, type Transact, withDb } from '../../context.ts';
import { dunnings } from '../../db/schema/index.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createUser, type TestUser, useHarness } from '../../testing/harness.ts';
import { companyClock } from '../companies/clock.ts';
import { startCharge } from '../payments/charge.ts';
import { dueRecurringPayment, dunningCompany, scriptedStripe } from './dunning.testing.ts';
import { runDunningRetries } from './retries.ts';

const DAY = 86_400_000;
const wall = fixedClock('2026-05-04T08:00:00Z');
const h = useHarness({ clock: wall });
const gateway = scriptedStripe([{ decline: 'insufficient_funds' }]);
afterAll(() => gateway.restore());

let home: Awaited<ReturnType<typeof dunningCompany>>;
let away: Awaited<ReturnType<typeof dunningCompany>>;
let stranger: TestUser;
const paid: { orderId: number; subscriptionId: number; invoiceId: number }[] = [];

/** The job's context for `company` some days ahead of its business clock, and its transaction opener. */
async function jobOn(companyId: number, daysAhead: number): Promise<[Ctx, Transact]> {
  const clock = shiftedClock(await companyClock(h.database.primary, companyId, wall), daysAhead * DAY);
  const ctx = testCtx(h.database.primary, companyId, { clock });
  return [ctx, (work) => h.database.primary.transaction((tx) => work(withDb(ctx, tx)))];
}

beforeAll(async () => {
  home = await dunningCompany(h);
  away = await dunningCompany(h);
  stranger = await createUser(h, { company: away.company, role: 'owner' });
  // Two payments of the home company fail on 4 May: both retry on 7 May.
  for (let i = 0; i < 2; i++) {
    const sub = await home.subscription();
    const { invoiceId } = await dueRecurringPayment(h.database, home.company.id, sub.subscriptionId, wall);
    await home.req('POST', home.api(`invoices/${invoiceId}/charge`), {});
    paid.push({ ...sub, invoiceId });
  }
  // One of the other company's, due the same day.
  const theirs = await away.subscription();
  const { invoiceId } = await dueRecurringPayment(h.database, away.company.id, theirs.subscriptionId, wall);
  await away.req('POST', away.api(`invoices/${invoiceId}/charge`), {});
  expect(gateway.charges).toHaveLength(3);
});

describe('the dunning-retries job', () => {
  it('charges nothing before the retry date', async () => {
    expect(await runDunningRetries(...(await jobOn(home.company.id, 2)))).toBe(0);
    expect(gateway.charges).toHaveLength(3);
  });

  it('charges each due payment once, run twice at the same time and once more that day', async () => {
    const [a, b] = await Promise.all([
      jobOn(home.company.id, 3).then((job) => runDunningRetries(...job)),
      jobOn(home.company.id, 3).then((job) => runDunningRetries(...job)),
    ]);
    expect(a + b).toBe(2);
    expect(await runDunningRetries(...(await jobOn(home.company.id, 3)))).toBe(0);
    // The other company's due payment was not its business.
    expect(gateway.charges).toHaveLength(5);
    const rows = await h.database.primary
      .select({ step: dunnings.step, next: dunnings.next_attempt_on, company: dunnings.company_id })
      .from(dunnings)
      .where(eq(dunnings.status, 'active'));
    expect(rows.filter((r) => r.company === home.company.id).map((r) => [r.step, r.next])).toEqual([
      [2, '2026-05-11'],
      [2, '2026-05-11'],
    ]);
    expect(rows.filter((r) => r.company === away.company.id).map((r) => [r.step, r.next])).toEqual([
      [1, '2026-05-07'],
    ]);
    // Each reminder went once per payment and step.
    const kinds = (await home.mails()).map((m) => m.kind).sort();
    expect(kinds).toEqual(['payment_failed_1', 'payment_failed_1', 'payment_failed_2', 'payment_failed_2']);
  });

  it('leaves a payment whose charge cannot start due, and charges it once the cause is gone', async () => {
    const [first] = await h.database.primary
      .select({ id: dunnings.id })
      .from(dunnings)
      .where(eq(dunnings.company_id, away.company.id));
    // Its invoice is being charged by someone else right now: the job's charge is refused (409).
    const [ctx, transact] = await jobOn(away.company.id, 3);
    const [dunning] = await h.database.primary.select().from(dunnings).where(eq(dunnings.id, first!.id));
    await transact((tx) => startCharge(tx, dunning!.invoice_id));
    expect(await runDunningRetries(ctx, transact)).toBe(0);
    expect(gateway.charges).toHaveLength(5);
    const [still] = await h.database.primary.select().from(dunnings).where(eq(dunnings.id, first!.id));
    expect(still).toMatchObject({ status: 'active', step: 1, next_attempt_on: '2026-05-07' });
  });
});

describe('where staff see it', () => {
  const list = (c: typeof home, filters: object, user?: TestUser) =>
    call(h.app, user ?? c.staff, {
      method: 'GET',
      url: `/read-replica/${c.company.id}/rentloopdb/recurring-payments?filters=${encodeURIComponent(JSON.stringify(filters))}`,
    });

  it('lists each payment with its dunning, filtered by step and status', async () => {
    const all = await list(home, {});
    expect(all.statusCode).toBe(200);
    const rows = all.json().data as { subscription_id: number; dunning: Record<string, unknown> | null }[];
    expect(rows).toHaveLength(2);
    for (const row of rows)
      expect(row.dunning).toEqual({
        status: 'active',
        step: 2,
        max_steps: 3,
        next_attempt_on: '2026-05-11',
        end_action: null,
      });
    expect((await list(home, { dunning_step: 2 })).json().data).toHaveLength(2);
    expect((await list(home, { dunning_step: 1 })).json().data).toHaveLength(0);
    expect((await list(home, { dunning_status: 'ended' })).json().data).toHaveLength(0);
    expect((await list(away, { dunning_step: 1 })).json().data).toHaveLength(1);
    const bad = await list(home, { dunning_step: 'two' });
    expect(bad.statusCode).toBe(422);
    // The CSV export carries the dunning columns.
    const csv = await call(h.app, home.staff, {
      method: 'GET',
      url: `/read-replica/${home.company.id}/rentloopdb/recurring-payments/export`,
    });
    expect(csv.statusCode).toBe(200);
    expect(csv.body.split('\r\n')[0]).toContain('dunning.step,dunning.max_steps,dunning.next_attempt_on');
  });

  it('never shows one company’s dunning to another: 404 on its records, none in its lists', async () => {
    const { orderId, subscriptionId } = paid[0]!;
    for (const path of [`subscriptions/${subscriptionId}`, `orders/${orderId}`]) {
      const own = await call(h.app, home.staff, { method: 'GET', url: home.api(path) });
      expect(own.json().data.dunning).toMatchObject({ status: 'active', step: 2 });
      // The stranger through their own company's URL, and through ours.
      for (const url of [`/api/${away.company.id}/rentloopdb/${path}`, home.api(path)])
        expect((await call(h.app, stranger, { method: 'GET', url })).statusCode).toBe(404);
    }
    const theirs = (await list(away, {}, stranger)).json().data as {
      id: number;
      dunning: { step: number };
    }[];
    expect(theirs.map((r) => r.dunning.step)).toEqual([1]);
    expect((await list(home, {}, stranger)).statusCode).toBe(404);
  });
});
