/**
 * The dunning end "hand to debt collection" (handover.ts, handover-due.ts; decision 84): a subscription's
 * payment declined on a scripted Stripe, its one retry (two days later, the date the reminder named)
 * declined too, the test company's clock advanced through the operators' route (the business jobs,
 * `debt-collection-handover` after `dunning-retries`). The claim is filed `handover_after_days` after
 * that date, never before, exactly once; the customer is mailed then (Email History) while
 * `notify_customer` is on; an invoice settled meanwhile or below the smallest claim is not handed over
 * and says why on `GET debtist/invoice/{id}/handover`; without credentials the company is told once.
 */
import { DEBT_TEXTS } from '@rentloop/domain/debt-collection';
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fixedClock, withDb } from '../../context.ts';
import { debtClaims, notifications } from '../../db/schema/index.ts';
import {
  FAKE_DEBTIST_KEY,
  type FakeDebtist,
  startFakeDebtist,
} from '../../integrations/debt-collection/testing/fake-debtist.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, useHarness } from '../../testing/harness.ts';
import { companyClock } from '../companies/clock.ts';
import { dueRecurringPayment, dunningCompany, scriptedStripe } from '../dunning/dunning.testing.ts';
import { externalIdOf } from './claims.ts';
import { handOverDunnedInvoices } from './handover.ts';
import { HANDOVER_TEMPLATE } from './mail.ts';

// Clock advances run every business job day by day: slow on a loaded machine (CI runs suites side by side).
vi.setConfig({ testTimeout: 180_000 });
const wall = fixedClock('2026-03-10T10:00:00Z');
const h = useHarness({ clock: wall });
const restores: (() => void)[] = [];
let debtist: FakeDebtist;
beforeAll(async () => {
  debtist = await startFakeDebtist();
});
afterAll(() => debtist.close());
afterEach(() => {
  while (restores.length > 0) restores.pop()?.();
});

const soft = { decline: 'insufficient_funds' } as const;
/** The retry (and the reminder's date) is two days after the first decline on the 10th. */
const REMINDER_DUE = '2026-03-12';
const AFTER_DAYS = 5;
const HANDOVER_ON = '2026-03-17';

/** A dunning that ends in the hand-over after one declined retry two days after the first decline. */
async function dunned(opts: { connect?: boolean; minClaim?: number; notify?: boolean } = {}) {
  const c = await dunningCompany(h, {
    retry_schedule_days: [2],
    max_retries: 1,
    after_last_retry: 'debt_collection',
  });
  await c.req('PUT', `/api/companies/${c.company.id}/settings/debt_collection`, {
    enabled: opts.connect !== false,
    provider: 'debtist',
    base_url: opts.connect === false ? null : debtist.url,
    ...(opts.connect === false ? {} : { api_key: FAKE_DEBTIST_KEY }),
    handover_after_days: AFTER_DAYS,
    min_claim_minor: opts.minClaim ?? 1000,
    notify_customer: opts.notify ?? true,
  });
  const gateway = scriptedStripe([soft]);
  restores.push(gateway.restore);
  const { subscriptionId } = await c.subscription();
  const { invoiceId } = await dueRecurringPayment(h.database, c.company.id, subscriptionId, wall);
  await c.req('POST', c.api(`invoices/${invoiceId}/charge`), {});
  const claims = () =>
    h.database.primary.select().from(debtClaims).where(eq(debtClaims.company_id, c.company.id));
  const atAgency = () =>
    [...debtist.claims.values()].filter((x) => x.external_id === externalIdOf(c.company.id, invoiceId));
  const handover = async () =>
    (await c.req('GET', `/api/${c.company.id}/debtist/invoice/${invoiceId}/handover`)).handover;
  const noticeMails = async () => (await c.mails()).filter((m) => m.kind === HANDOVER_TEMPLATE);
  const told = () =>
    h.database.primary
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.company_id, c.company.id),
          eq(notifications.title, 'Debt collection hand-over failed'),
        ),
      );
  return { ...c, invoiceId, subscriptionId, claims, atAgency, handover, noticeMails, told };
}

describe('the dunning end "hand to debt collection"', () => {
  it('files the claim handover_after_days after the last reminder, never before, once, and mails the customer', async () => {
    const t = await dunned();
    await t.advance(2);
    const subscription = await t.req('GET', t.api(`subscriptions/${t.subscriptionId}`));
    expect(subscription.dunning).toMatchObject({ status: 'ended', end_action: 'debt_collection' });
    // Scheduled, not filed: the day is the reminder's date plus the settings' days.
    expect(await t.handover()).toEqual({
      invoice_id: t.invoiceId,
      status: 'scheduled',
      reminder_due_on: REMINDER_DUE,
      handover_on: HANDOVER_ON,
      reason: null,
      claim_id: null,
    });
    expect(await t.claims()).toHaveLength(0);

    // The day before: still nothing at the agency, no mail.
    await t.advance(AFTER_DAYS - 1);
    expect(t.atAgency()).toHaveLength(0);
    expect(await t.claims()).toHaveLength(0);
    expect(await t.noticeMails()).toHaveLength(0);

    // The day itself: filed.
    const steps = await t.advance(1);
    expect(steps.steps.at(-1)).toMatchObject({ business_date: HANDOVER_ON });
    expect(steps.steps.at(-1)!.ran['debt-collection-handover']).toBe(1);
    const agency = t.atAgency();
    expect(agency).toHaveLength(1);
    expect(agency[0]).toMatchObject({ status: 'NEW', amount_cents: 3333, currency: 'EUR' });
    const rows = await t.claims();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ invoice_id: t.invoiceId, status: 'open', reference: agency[0]!.id });
    expect(await t.handover()).toMatchObject({ status: 'filed', claim_id: Number(rows[0]!.id) });

    // The customer's notice, in Email History, once.
    const mails = await t.noticeMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toBe(t.customer.email);
    expect(mails[0]!.subject).toContain('handed over to debt collection');
    expect(mails[0]!.body).toContain('€33.33');
    expect(mails[0]!.body).toContain('Debtist');

    // Days later, and the job run by hand on the same day: nothing new, nowhere.
    await t.advance(2);
    const clock = await companyClock(h.database.primary, t.company.id, wall);
    const ctx = testCtx(h.database.primary, t.company.id, { clock, deps: h.app.deps });
    const again = await handOverDunnedInvoices(ctx, (work) =>
      h.database.primary.transaction((tx) => work(withDb(ctx, tx))),
    );
    expect(again).toBe(0);
    expect(t.atAgency()).toHaveLength(1);
    expect(await t.claims()).toHaveLength(1);
    expect(await t.noticeMails()).toHaveLength(1);
  });

  it('does not hand over an invoice settled meanwhile, and says why', async () => {
    const t = await dunned();
    await t.advance(2);
    expect((await t.handover()).status).toBe('scheduled');
    await t.req('POST', t.api(`invoices/${t.invoiceId}/settle`), { transaction_id: 'SEPA-LATE-1' });
    await t.advance(AFTER_DAYS);
    expect(t.atAgency()).toHaveLength(0);
    expect(await t.claims()).toHaveLength(0);
    expect(await t.handover()).toMatchObject({ status: 'skipped', reason: DEBT_TEXTS.invoiceNotUnpaid });
    expect(await t.noticeMails()).toHaveLength(0);
  });

  it('does not hand over an invoice below the smallest claim: skipped at once with the reason', async () => {
    const t = await dunned({ minClaim: 5000 });
    await t.advance(2);
    const handover = await t.handover();
    expect(handover).toMatchObject({ status: 'skipped', claim_id: null });
    expect(handover.reason).toBe(DEBT_TEXTS.invoiceTooSmall('50.00'));
    expect(await t.told()).toHaveLength(1);
    await t.advance(AFTER_DAYS);
    expect(t.atAgency()).toHaveLength(0);
    expect(await t.claims()).toHaveLength(0);
    expect(await t.told()).toHaveLength(1);
  });

  it('files without a mail while notify_customer is off', async () => {
    const t = await dunned({ notify: false });
    await t.advance(2 + AFTER_DAYS);
    expect(t.atAgency()).toHaveLength(1);
    expect(await t.noticeMails()).toHaveLength(0);
  });

  it('without credentials tells the company once on the day, and files nothing', async () => {
    const before = debtist.claims.size;
    const t = await dunned({ connect: false });
    await t.advance(2);
    expect((await t.handover()).status).toBe('scheduled');
    await t.advance(AFTER_DAYS - 1);
    expect(await t.told()).toHaveLength(0);
    await t.advance(1);
    expect(await t.claims()).toHaveLength(0);
    expect(debtist.claims.size).toBe(before);
    const told = await t.told();
    expect(told).toHaveLength(1);
    expect(told[0]!.message).toContain('Failed to create claim...');
    expect(told[0]!.message).toContain('Settings, section Debt collection');
    expect(await t.handover()).toMatchObject({ status: 'skipped', reason: DEBT_TEXTS.notConfigured });
    // The next days do not tell it again.
    await t.advance(2);
    expect(await t.told()).toHaveLength(1);
  });

  it("answers 404 for another company's invoice, and null for an invoice not handed over", async () => {
    const t = await dunned();
    await t.advance(2);
    const other = await createCompany(h.database, { currency: 'EUR' });
    const stranger = await createUser(h, { company: other, role: 'admin' });
    const tries = [
      await call(h.app, stranger, {
        method: 'GET',
        url: `/api/${other.id}/debtist/invoice/${t.invoiceId}/handover`,
      }),
      await call(h.app, stranger, {
        method: 'GET',
        url: `/api/${t.company.id}/debtist/invoice/${t.invoiceId}/handover`,
      }),
      await call(h.app, t.staff, {
        method: 'GET',
        url: `/api/${t.company.id}/debtist/invoice/999999/handover`,
      }),
    ];
    for (const res of tries) expect(res.statusCode, res.body).toBe(404);
    const { invoiceId } = await dueRecurringPayment(
      h.database,
      t.company.id,
      (await t.subscription()).subscriptionId,
      wall,
    );
    expect(
      (await t.req('GET', `/api/${t.company.id}/debtist/invoice/${invoiceId}/handover`)).handover,
    ).toBeNull();
  });
});
