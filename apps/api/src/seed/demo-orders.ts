/**
 * A demo company's order history: some 18 months of orders, quotes, consumable orders and their
 * subscriptions, made through the product's own functions (createOrder, createDraftOrder,
 * finaliseDraft, cancelOrder, updateOrder, updateOrderItem and the subscriptions' transitions), each
 * under a clock set to the moment it happens, stepping forward day by day to today. So every list,
 * filter, timeline and event of a newcomer's screens shows what those functions make, in time order.
 *
 * The company moved its billing to Rentloop about three months ago (DEMO_BILLING_DAYS): the months before
 * were billed elsewhere and claim no payment here. From that day on, billing happens as time passes, as
 * the lifecycle simulator moves a test company's clock (shared/BILLING.md "Time you can move"): every
 * day first runs the business jobs on that day's clock (payments created ahead, the billing run, dunning,
 * reconciliation), so the recurring payments, their numbered invoices and attempts are made by the engine
 * itself (demo-billing.ts). Staff charge most new orders' initial payment and book the bank transfers that
 * arrive: the demo companies bill on the offline gateway (no card provider is reachable from `npm start`).
 * The offline gateway never declines; the bank does: a few booked debits are returned and staff record
 * that, so the demo's past holds declines, dunning with its reminders, recoveries and a subscription
 * cancelled by dunning, all made by the product (demo-returns.ts). Three months, not eighteen: each invoice is some forty statements, and on the embedded
 * database the whole history would keep a first start busy for minutes. No subscription is "bought out"
 * (that status comes with a buyout payment); "manual bought out" (settled outside the product) is. No
 * function makes a subscription "pending activation" yet (placed units start active), so the demo has
 * none. Deterministic for a seed and a "now".
 */
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Clock, Ctx } from '../context.ts';
import { fixedClock } from '../context.ts';
import { customers, orderItems, products, productVariants, subscriptions } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { cancelOrder, updateOrder, updateOrderItem } from '../modules/orders/changes.ts';
import { deleteDraftOrder } from '../modules/orders/drafts.ts';
import { createDraftOrder, createOrder, finaliseDraft } from '../modules/orders/placement.ts';
import { settleInvoice } from '../modules/payments/charge.ts';
import { quoteShipping } from '../modules/shipping/rules.ts';
import { runSubscriptionAction } from '../modules/subscriptions/changes.ts';
import {
  chargeInitialPayment,
  chargesInitialPayment,
  expectTransfers,
  type Outside,
  runBusinessJobs,
  startBilling,
} from './demo-billing.ts';
import { prng } from './demo-customers.ts';
import { demoFleet } from './demo-fleet.ts';
import { demoReturns } from './demo-returns.ts';

/** About 18 months, in days. */
export const DEMO_HISTORY_DAYS = 548;
/** The demo companies moved their billing to Rentloop about three months ago (demo-billing.ts). */
export const DEMO_BILLING_DAYS = 92;
const DAY_MS = 86_400_000;
/** A day's business jobs run at 06:00 UTC (the early morning in the demo companies' time zones). */
const BUSINESS_JOBS_BEFORE_MS = 3 * 3_600_000;

/** Runs `fn` in one audited transaction of the company, with `clock` as its "now". */
export type InTransaction = <T>(clock: Clock, fn: (ctx: Ctx) => Promise<T>) => Promise<T>;

export interface DemoOrdersOptions {
  seed: number;
  now: Date;
  days?: number;
  /** The last days of the history that Rentloop billed (the earlier ones were billed elsewhere). */
  billingDays?: number;
  /** Orders and quotes started per day, on average. */
  perDay?: number;
}

/** Something that happens on a day, made with that day's context. */
type Step = (ctx: Ctx, day: number) => Promise<unknown>;
type Rng = ReturnType<typeof prng>;
type SubscriptionAction = Parameters<typeof runSubscriptionAction>[2];

interface Variant {
  id: number;
  productName: string;
  type: string;
  intervals: ('monthly' | 'quarterly' | 'annually')[];
  purchasable: boolean;
}

const CANCEL_REASONS = ['Customer changed their mind', 'Out of stock', 'Ordered twice', 'Delivery area'];
const END_REASONS = [
  'Minimum term over, not renewed',
  'Moved abroad',
  'Bought their own',
  'No longer needed',
];

/** What is in the catalog to order: every variant with its rental intervals and whether it is sold. */
async function catalog(ctx: Ctx): Promise<Variant[]> {
  const rows = await ctx.db
    .select({
      id: productVariants.id,
      productName: products.name,
      type: products.type,
      monthly: products.rental_price_monthly,
      quarterly: products.rental_price_quarterly,
      annually: products.rental_price_annually,
      purchase: products.purchase_price,
      variantPrice: productVariants.price,
    })
    .from(productVariants)
    .innerJoin(
      products,
      and(eq(products.id, productVariants.product_id), eq(products.company_id, productVariants.company_id)),
    )
    .where(and(eq(productVariants.company_id, ctx.companyId), isNull(products.archived_at)))
    .orderBy(asc(productVariants.id));
  return rows.map((r) => ({
    id: Number(r.id),
    productName: r.productName,
    type: r.type,
    intervals: (['monthly', 'quarterly', 'annually'] as const).filter((k) => r[k] !== null),
    purchasable: r.purchase !== null || r.variantPrice !== null,
  }));
}

/** The company's customers with the country their orders ship to. */
async function customerList(ctx: Ctx) {
  const rows = await ctx.db
    .select({
      id: customers.id,
      shipping: customers.shipping_address,
      billing: customers.billing_address,
    })
    .from(customers)
    .where(and(eq(customers.company_id, ctx.companyId), isNull(customers.archived_at)))
    .orderBy(asc(customers.id));
  return rows.map((r) => {
    const address = (r.shipping ?? r.billing) as { country?: string; region?: string | null } | null;
    return { id: Number(r.id), country: address?.country ?? null, region: address?.region ?? null };
  });
}

/** The order lines of one demo order: one or two rentals, sometimes a purchase; or consumables only. */
function linesFor(rng: Rng, variants: Variant[], consumable: boolean) {
  const sold = variants.filter((v) => v.type === 'consumable' || (v.purchasable && v.intervals.length === 0));
  if (consumable) {
    const pick = rng.pick(sold.length > 0 ? sold : variants.filter((v) => v.purchasable));
    return [{ variant_id: pick.id, quantity: rng.int(1, 3), kind: 'consumable' as const }];
  }
  const rentable = variants.filter((v) => v.type !== 'consumable' && v.intervals.length > 0);
  const lines: {
    variant_id: number;
    quantity: number;
    kind: 'rental' | 'purchase' | 'consumable';
    billing_interval?: 'monthly' | 'quarterly' | 'annually';
  }[] = [];
  const rentals = rng.int(1, 5) === 1 ? 2 : 1;
  const used = new Set<number>();
  for (let i = 0; i < rentals; i++) {
    const v = rng.pick(rentable);
    if (used.has(v.id)) continue;
    used.add(v.id);
    // Mostly monthly, as rental businesses are; the longer intervals where the product has them.
    const interval = rng.int(1, 5) <= 3 ? 'monthly' : rng.pick(v.intervals);
    lines.push({
      variant_id: v.id,
      quantity: rng.int(1, 6) === 1 ? 2 : 1,
      kind: 'rental',
      billing_interval: v.intervals.includes(interval) ? interval : v.intervals[0]!,
    });
  }
  if (sold.length > 0 && rng.int(1, 3) === 1) {
    const v = rng.pick(sold);
    lines.push({ variant_id: v.id, quantity: 1, kind: v.type === 'consumable' ? 'consumable' : 'purchase' });
  }
  return lines;
}

/**
 * Makes the history. `inTransaction` runs each day's work in one transaction with that day's clock;
 * `outside` runs the business jobs and the charges, which call gateways, outside any transaction.
 * Answers how many orders (placed or quoted) it started, how long the fleet's days took and how many
 * debits the bank returned (the job logs them: the fleet's share of a first start is measured, decision 76).
 */
export async function seedDemoOrders(
  inTransaction: InTransaction,
  outside: Outside,
  opts: DemoOrdersOptions,
): Promise<{ started: number; fleetMs: number; returned: number }> {
  const rng = prng(opts.seed);
  // Payments draw from their own sequence: the orders of a seed are the same with or without them.
  const billingRng = prng(opts.seed + 7919);
  // The fleet draws from its own sequence too (demo-fleet.ts).
  const fleet = demoFleet(opts.seed + 104_729);
  // And the bank's returned debits (demo-returns.ts).
  const returns = demoReturns(prng(opts.seed + 15_485_863));
  /** The orders whose initial payment staff charge at the end of a day. */
  const charges = new Map<number, number[]>();
  const days = opts.days ?? DEMO_HISTORY_DAYS;
  const billedFrom = days - Math.min(days, opts.billingDays ?? DEMO_BILLING_DAYS);
  const perDay = opts.perDay ?? 0.5;
  const nowMs = opts.now.getTime();
  // Day 0 starts `days` days ago; each day's steps happen from 09:00 UTC on, a few minutes apart.
  const dayStart = (d: number) => {
    const at = new Date(nowMs - (days - d) * DAY_MS);
    at.setUTCHours(9, 0, 0, 0);
    return at.getTime();
  };
  const agenda = new Map<number, Step[]>();
  const later = (day: number, step: Step) => {
    if (day > days) return; // the future: not yet happened
    const list = agenda.get(day) ?? [];
    list.push(step);
    agenda.set(day, list);
  };

  const setup = await inTransaction(fixedClock(new Date(dayStart(0))), async (ctx) => ({
    variants: await catalog(ctx),
    people: await customerList(ctx),
  }));
  const rentable = setup.variants.filter((v) => v.type !== 'consumable' && v.intervals.length > 0);
  if (rentable.length === 0 || setup.people.length === 0) return { started: 0, fleetMs: 0, returned: 0 };

  /** The shipping method of the address (the first the company offers there), if any. */
  const methodFor = async (ctx: Ctx, to: { country: string | null; region: string | null }) => {
    if (!to.country) return null;
    const answer = await quoteShipping(ctx, { lines: [] }, { country: to.country, region: to.region });
    return answer.shippable ? (answer.options[0]?.method_id ?? null) : null;
  };

  /** A rented unit's life after it starts on day `start`: most run on, some take another way. */
  const subscriptionLife = (id: number, start: number) => {
    const run = (day: number, action: SubscriptionAction, reason?: string) =>
      later(day, (ctx) => runSubscriptionAction(ctx, id, action, reason));
    const r = rng.int(1, 100);
    const soon = start + rng.int(20, 120);
    const afterTerm = start + rng.int(100, 400);
    if (r <= 45) return; // active
    if (r <= 53) return run(soon, 'pause');
    if (r <= 57) {
      run(soon, 'pause');
      return run(soon + rng.int(14, 60), 'resume');
    }
    if (r <= 63) return run(afterTerm, 'request_cancellation');
    if (r <= 69) {
      run(afterTerm, 'request_cancellation');
      return run(afterTerm + rng.int(5, 30), 'cancel', rng.pick(END_REASONS));
    }
    if (r <= 78) return run(afterTerm, 'end', rng.pick(END_REASONS));
    if (r <= 82) return run(afterTerm, 'request_return');
    if (r <= 87) {
      run(afterTerm, 'request_return');
      return run(afterTerm + rng.int(3, 20), 'mark_returned');
    }
    if (r <= 89) return run(soon, 'report_lost');
    if (r <= 92) return run(afterTerm, 'request_buyout');
    if (r <= 95) return run(afterTerm, 'manual_buyout');
    if (r <= 98) return run(soon, 'request_replacement');
    run(soon, 'request_replacement');
    // The replacement goes out: the product swaps the units and runs the subscription again.
    later(soon + rng.int(3, 15), (ctx) => fleet.replace(ctx, id));
  };

  /** After an order is placed on `day`: shipped and delivered, or cancelled; its units start living. */
  const orderLife = async (ctx: Ctx, orderId: number, day: number) => {
    const units = await ctx.db
      .select({ id: subscriptions.id })
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, ctx.companyId), eq(subscriptions.order_id, orderId)));
    const way = rng.int(1, 100);
    if (way <= 8) {
      const reason = rng.pick(CANCEL_REASONS);
      later(day + rng.int(0, 3), (c) =>
        cancelOrder(c, orderId, { refunded: false, reason, cancellation_message: undefined }),
      );
      return;
    }
    for (const unit of units) subscriptionLife(Number(unit.id), day + 5);
    // The last two days' orders still owe their first payment, as a newcomer's inbox of work would.
    if (chargesInitialPayment(billingRng) && day >= billedFrom && day < days - 1)
      charges.set(day, [...(charges.get(day) ?? []), orderId]);
    if (way <= 13) {
      // Stuck with a question to the customer: still open.
      later(day + 1, (c) => updateOrder(c, orderId, { tag: 'in clarification' }));
      return;
    }
    if (way <= 20) {
      // Picked up at the counter: no parcel, no tracking number.
      const pickedUp = day + rng.int(1, 4);
      later(day, (c) => updateOrder(c, orderId, { tag: 'pick up' }));
      later(pickedUp, (c) => updateOrder(c, orderId, { tag: 'picked up', status: 'fulfilled' }));
      return;
    }
    const shipped = day + rng.int(1, 3);
    const delivered = shipped + rng.int(1, 5);
    later(day, (c) => updateOrder(c, orderId, { tag: 'ordered at supplier' }));
    later(shipped, async (c) => {
      const items = await c.db
        .select({ id: orderItems.id })
        .from(orderItems)
        .where(and(eq(orderItems.company_id, c.companyId), eq(orderItems.order_id, orderId)));
      for (const item of items)
        await updateOrderItem(c, Number(item.id), {
          action: 'add_tracking_number',
          tracking_number: `1Z${String(orderId).padStart(6, '0')}${String(item.id).padStart(6, '0')}`,
        });
      await updateOrder(c, orderId, { tag: 'delivery' });
    });
    later(delivered, (c) => updateOrder(c, orderId, { tag: 'delivered', status: 'fulfilled' }));
  };

  /** One new order (or quote) of a customer on `day`. */
  const newOrder = async (ctx: Ctx, day: number) => {
    const person = rng.pick(setup.people);
    const consumable = rng.int(1, 100) <= 8;
    const body = {
      customer_id: person.id,
      items: linesFor(rng, setup.variants, consumable),
      shipping_method_id: await methodFor(ctx, person),
      consumable,
      voucher_code: rng.int(1, 12) === 1 ? 'FREESHIP' : null,
    };
    const place = async (c: Ctx, order: typeof body) => {
      if (!consumable && rng.int(1, 100) <= 14) {
        const quoteId = await createDraftOrder(c, order);
        const r = rng.int(1, 100);
        if (r <= 60)
          later(day + rng.int(1, 14), async (c, placed) => {
            await finaliseDraft(c, quoteId);
            await orderLife(c, quoteId, placed);
          });
        else if (r <= 75) later(day + rng.int(20, 60), (c) => deleteDraftOrder(c, quoteId));
        return;
      }
      const orderId = await createOrder(c, order);
      await orderLife(c, orderId, day);
    };
    try {
      await ctx.db.transaction((tx) => place({ ...ctx, db: tx }, body));
    } catch (error) {
      // A voucher the order does not qualify for is refused (422 on voucher_code), as it would be for
      // staff: they place the order without it.
      const refusedVoucher =
        error instanceof AppError && error.code === 'validation' && error.errors?.voucher_code;
      if (!body.voucher_code || !refusedVoucher) throw error;
      await place(ctx, { ...body, voucher_code: null });
    }
  };

  let started = 0;
  let fleetMs = 0;
  let debt = 0;
  /**
   * Runs a step in a savepoint: one the product refuses (a 409 or 422, as staff would meet it) is
   * skipped and leaves nothing half made.
   */
  const attempt = async (ctx: Ctx, day: number, step: Step) => {
    try {
      await ctx.db.transaction((tx) => step({ ...ctx, db: tx }, day));
    } catch (error) {
      if (error instanceof AppError && (error.code === 'conflict' || error.code === 'validation')) return;
      throw error;
    }
  };
  let invoicesSeen = 0;
  for (let day = 0; day <= days; day++) {
    const clock = fixedClock(new Date(dayStart(day)));
    // Today's steps must not pass the real now: the last day's start is pulled back to an hour ago.
    if (day === days) clock.set(new Date(Math.min(dayStart(day), nowMs - 3_600_000)));
    if (day >= billedFrom) {
      const morning = fixedClock(new Date(clock.now().getTime() - BUSINESS_JOBS_BEFORE_MS));
      if (day === billedFrom)
        await inTransaction(morning, async (ctx) => {
          await startBilling(ctx);
          await returns.configure(ctx);
        });
      await runBusinessJobs(outside, morning);
    }
    debt += perDay * (rng.int(50, 150) / 100);
    const fresh = Math.floor(debt);
    debt -= fresh;
    if (agenda.has(day) || fresh > 0)
      await inTransaction(clock, async (ctx) => {
        for (let i = 0; i < fresh; i++) {
          clock.advance(60_000 * rng.int(5, 40));
          await attempt(ctx, day, newOrder);
          started += 1;
        }
        // The day's steps, including those its own steps schedule for the same day.
        for (let steps = agenda.get(day); steps && steps.length > 0; steps = agenda.get(day)) {
          agenda.delete(day);
          for (const step of steps) {
            clock.advance(60_000);
            await attempt(ctx, day, step);
          }
        }
      });
    // The day's work in the warehouse and the workshop, after the day's orders (demo-fleet.ts).
    const fleetStart = performance.now();
    await inTransaction(clock, (ctx) => fleet.day(ctx, day, () => clock.advance(30_000)));
    fleetMs += performance.now() - fleetStart;
    for (const orderId of charges.get(day) ?? []) {
      clock.advance(60_000);
      await outside(clock, (ctx, transact) => chargeInitialPayment(ctx, transact, orderId));
    }
    charges.delete(day);
    // The day's new offline invoices: when (and whether) their transfers arrive, and whether the bank
    // returns the debit; the day's dunning retries: returned again, or paid.
    if (day >= billedFrom)
      invoicesSeen = await inTransaction(clock, async (ctx) => {
        await returns.retries(ctx, (inDays, step) => later(day + inDays, (c) => step(c)));
        return expectTransfers(ctx, billingRng, invoicesSeen, (invoiceId, reference, inDays, recurring) => {
          later(day + inDays, (c) => settleInvoice(c, invoiceId, reference));
          if (recurring)
            returns.booked(invoiceId, (more, step) => later(day + inDays + more, (c) => step(c)));
        });
      });
    // Let the server answer between days: on the embedded database the history takes minutes, and the
    // queries of one day resolve as a chain of promises that would otherwise starve its requests.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { started, fleetMs: Math.round(fleetMs), returned: returns.returned };
}
