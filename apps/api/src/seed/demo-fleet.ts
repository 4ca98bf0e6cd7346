/**
 * The demo companies' fleet (issue 26 part 7, decision 76): every physical unit the demo history rents
 * out is an asset, and its life follows the orders and subscriptions of demo-orders.ts, day by day under
 * the day's clock, through the product's own functions (demo-fleet-steps.ts):
 *
 * - When the history begins the company records the units on its shelves (the catalog's stock figures)
 *   as assets, bought some months before; later it buys a few more of a variant whenever a shipment
 *   finds none in stock (its stock is then the count of its units in stock, decision 59).
 * - A subscription whose order went out (shipped or picked up) gets the unit longest on the shelf.
 * - A subscription that ends or is cancelled has its return opened by the product itself; one the demo
 *   moves to pending return, one lost or stolen, gets a return by hand (the lost one reported stolen at
 *   once); one bought out keeps its unit (bought out).
 * - Returns arrive a few days later, are inspected and closed: most back in stock, incomplete or damaged
 *   ones to repair (some written off), a few never come back and are reported stolen.
 * - Repairs are answered with the company's questionnaire (the default one, spec 02 §4) page by page, from
 *   what the return's inspection found, and closed: back in stock and rented again, or sold for parts
 *   (broken), or deleted from stock (REMOVE_STOCK: removed, written off).
 * - A subscription waiting for a replacement (its unit reported faulty) is given another unit the day the
 *   history says, through the product's replacement (product-tracking/replacement.ts): the faulty one
 *   goes to repair, the subscription runs again.
 *
 * Steps planned past today have not happened: returns and repairs in progress on first start.
 * Deterministic for a seed and a "now": the fleet draws from its own sequence, and nothing it does
 * changes what the orders' sequence draws, so a seed's orders are the same with or without the fleet.
 */

import { returnUpdateSchema } from '@rentloop/domain/returns';
import { and, asc, eq, gt } from 'drizzle-orm';
import { companyToday } from '../company-time.ts';
import type { Ctx } from '../context.ts';
import { repairs, returns } from '../db/schema/index.ts';
import { AppError } from '../errors.ts';
import { updateReturn } from '../modules/returns/service.ts';
import { companyCurrency } from '../money.ts';
import { prng } from './demo-customers.ts';
import {
  answerPage,
  assetStep,
  awaitingReplacement,
  awaitingUnits,
  buyUnit,
  type FleetVariant,
  finishRepair,
  fleetVariants,
  openReturn,
  rentOut,
  returnStep,
  subscriptionsOf,
  unitOnShelf,
  unitsToBringBack,
} from './demo-fleet-steps.ts';

type Rng = ReturnType<typeof prng>;
type Step = (ctx: Ctx) => Promise<unknown>;

/** What a unit came back with: the return's inspection, read again by its repair's first page. */
interface Finding {
  missing: string | null;
  damage: string | null;
}

const MISSING = ['Charger', 'Battery key', 'Carry bag', 'Battery', 'Mounting kit', 'Lens cap'];
const DAMAGE = ['Scratched frame', 'Cracked housing', 'Bent rim', 'Torn cover', 'Loose cable, no power'];
const HOURS = ['0.5', '0.75', '1', '1.5', '2', '2.5', '3.25'];
const REPLACED_PARTS = ['24.90', '39.00', '89.00', '149.00'];
const REPAIRED_PARTS = ['15.00', '35.50', '60.00'];
const CARRIERS = ['UPS', 'DHL', 'FedEx'];

/** A calendar day `days` before `day` (YYYY-MM-DD). */
const daysBefore = (day: string, days: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

export interface DemoFleet {
  /** The day's fleet work, in the day's transaction; `tick` moves the day's clock on between steps. */
  day(ctx: Ctx, day: number, tick: () => void): Promise<void>;
  /** The replacement for `subscriptionId` goes out (a step of demo-orders.ts, in its day's transaction). */
  replace(ctx: Ctx, subscriptionId: number): Promise<void>;
}

export function demoFleet(seed: number): DemoFleet {
  const rng: Rng = prng(seed);
  const agenda = new Map<number, Step[]>();
  const later = (day: number, step: Step) => agenda.set(day, [...(agenda.get(day) ?? []), step]);
  const numbered = new Map<number, number>();
  const findings = new Map<number, Finding>();
  /**
   * Returns opened by hand for a subscription the demo moved to pending return, waiting for the parcel:
   * it arrives when the demo marks the subscription returned, or never (the history's overdue returns).
   */
  const parcels = new Map<number, { subscriptionId: number; assetId: number }>();
  let variants: Map<number, FleetVariant> | null = null;
  /** Whether a returned unit was written off yet (the first faulty one is, see planReturn). */
  let writtenOff = false;
  /** Whether the opening stock is recorded (on the history's first day). */
  let stocked = false;
  let returnsSeen = 0;
  let repairsSeen = 0;

  const serial = (v: FleetVariant) => {
    const n = (numbered.get(v.id) ?? 0) + 1;
    numbered.set(v.id, n);
    return `${v.sku}-${String(n).padStart(4, '0')}`;
  };

  const variantsOf = async (ctx: Ctx) => {
    if (variants === null) {
      const list = await fleetVariants(ctx, await companyCurrency(ctx));
      variants = new Map(list.map((v) => [v.id, v]));
    }
    return variants;
  };

  /** A unit for the subscription: the one longest on the shelf, else a few bought today. */
  const unitFor = async (ctx: Ctx, variantId: number, today: string) => {
    const onShelf = await unitOnShelf(ctx, variantId);
    if (onShelf !== null) return onShelf;
    const v = (await variantsOf(ctx)).get(variantId)!;
    const first = await buyUnit(ctx, v, serial(v), today);
    for (let i = rng.int(1, 3); i > 0; i--) await buyUnit(ctx, v, serial(v), today);
    return first;
  };

  /** When the return opened today arrives, what it is found to be, and how it closes. */
  const planReturn = (id: number, assetId: number, day: number, sent = false) => {
    if (!sent && rng.int(1, 100) <= 4) {
      later(day + rng.int(21, 40), (c) =>
        returnStep(c, id, {
          action: 'report_stolen',
          note: 'Never sent back; the customer stopped answering. Reported to the police.',
        }),
      );
      return;
    }
    const missing = rng.int(1, 100) <= 12 ? rng.pick(MISSING) : null;
    const damage = rng.int(1, 100) <= 15 ? rng.pick(DAMAGE) : null;
    const faulty = missing !== null || damage !== null;
    // One in ten faulty returns is written off, and the history's first faulty return always is: the
    // demo shows a written-off unit whatever the seed (the die is cast first, keeping the sequence).
    const outcome = faulty
      ? rng.int(1, 10) === 1 || !writtenOff
        ? 'removed'
        : 'to repair'
      : rng.int(1, 100) <= 8
        ? 'to repair'
        : 'in stock';
    if (outcome === 'removed') writtenOff = true;
    // Planned at the end of `day`: the first step is the next day's at the soonest.
    const arrives = day + (sent ? 1 : rng.int(2, 12));
    const inspected = arrives + rng.int(0, 1);
    const closed = inspected + rng.int(0, 2);
    if (rng.int(1, 100) <= 60) {
      const label = returnUpdateSchema.parse({
        carrier: rng.pick(CARRIERS),
        tracking_number: `RT${String(id).padStart(8, '0')}`,
      });
      later(day + 1, (c) => updateReturn(c, id, label));
    }
    later(arrives, (c) =>
      returnStep(c, id, {
        action: 'receive',
        condition_note: faulty ? 'Box opened, see inspection' : 'Good',
      }),
    );
    later(inspected, (c) =>
      returnStep(c, id, {
        action: 'inspect',
        complete: missing === null,
        missing,
        damaged: damage !== null,
        damage,
      }),
    );
    later(closed, (c) => {
      findings.set(assetId, { missing, damage });
      const note =
        outcome === 'removed'
          ? 'Damaged beyond repair: written off.'
          : outcome === 'to repair' && !faulty
            ? 'Due for its service.'
            : null;
      return returnStep(c, id, { action: 'close', outcome, note });
    });
  };

  /** The repair answered with the default questionnaire, page by page, then closed. */
  const planRepair = (id: number, assetId: number, day: number) => {
    const found = findings.get(assetId) ?? { missing: null, damage: null };
    const inspection: Record<string, string> =
      found.missing === null && found.damage === null
        ? { is_complete: 'yes' }
        : {
            is_complete: 'no',
            has_missing_parts: found.missing ? 'yes' : 'no',
            has_damaged_parts: found.damage ? 'yes' : 'no',
            ...(found.missing ? { missing_parts: found.missing } : {}),
            ...(found.damage ? { damaged_parts: found.damage } : {}),
          };
    const way = rng.int(1, 100);
    const work: Record<string, string> = { repair_duration: rng.pick(HOURS), rentable_again: 'yes' };
    if (way > 86) Object.assign(work, { rentable_again: 'no', sell_for_parts: way > 93 ? 'yes' : 'no' });
    if (way > 86 && way <= 93) work.delete_from_stock = 'yes';
    const summary: Record<string, string> = {
      ...(found.missing ? { replaced_parts_cost: rng.pick(REPLACED_PARTS) } : {}),
      ...(found.damage ? { repaired_parts_cost: rng.pick(REPAIRED_PARTS) } : {}),
    };
    const first = day + rng.int(1, 3);
    const done = first + rng.int(0, 4);
    later(first, (c) => answerPage(c, id, 1, inspection));
    later(done, async (c) => {
      await answerPage(c, id, 2, work);
      if (Object.keys(summary).length > 0) await answerPage(c, id, 3, summary);
      // Sold for parts: it stays broken until it is sold; deleted from stock: REMOVE_STOCK removes it.
      return finishRepair(c, id, work.sell_for_parts === 'yes' ? 'broken' : 'in stock');
    });
  };

  return {
    async day(ctx, day, tick) {
      /** A step in a savepoint: one the product refuses (a 404, 409 or 422) is skipped, leaving nothing. */
      const run = async (step: Step) => {
        tick();
        try {
          await ctx.db.transaction((tx) => step({ ...ctx, db: tx }));
        } catch (error) {
          if (error instanceof AppError && ['conflict', 'validation', 'not_found'].includes(error.code))
            return;
          throw error;
        }
      };
      const today = await companyToday(ctx);
      if (!stocked) {
        stocked = true;
        for (const v of (await variantsOf(ctx)).values())
          for (let i = 0; i < v.stock; i++) {
            const bought = daysBefore(today, rng.int(30, 400));
            await run((c) => buyUnit(c, v, serial(v), bought));
          }
      }
      const steps = agenda.get(day) ?? [];
      agenda.delete(day);
      for (const step of steps) await run(step);

      for (const unit of await unitsToBringBack(ctx)) {
        const status = unit.subscriptionStatus;
        if (status === 'manual bought out' || status === 'bought out')
          await run((c) => assetStep(c, unit.assetId, 'buy_out', 'Bought out by the customer'));
        else if (status === 'lost/stolen')
          await run(async (c) => {
            const opened = await openReturn(c, unit.assetId, 'The customer reported it lost or stolen.');
            return returnStep(c, opened.id, { action: 'report_stolen', note: 'Police report filed.' });
          });
        else
          await run(async (c) => {
            const opened = await openReturn(c, unit.assetId, 'The customer is sending it back.');
            if (status === 'pending return' && opened.subscription_id !== null)
              parcels.set(opened.id, { subscriptionId: opened.subscription_id, assetId: unit.assetId });
          });
      }
      const sending = await subscriptionsOf(
        ctx,
        [...parcels.values()].map((p) => p.subscriptionId),
      );
      for (const [returnId, parcel] of parcels) {
        if (sending.get(parcel.subscriptionId)?.status === 'pending return') continue;
        parcels.delete(returnId);
        planReturn(returnId, parcel.assetId, day, true);
      }

      for (const sub of await awaitingUnits(ctx, [...(await variantsOf(ctx)).keys()]))
        await run(async (c) =>
          rentOut(c, await unitFor(c, sub.variantId, today), sub.id, 'Shipped with the order'),
        );

      const opened = await ctx.db
        .select({ id: returns.id, assetId: returns.product_tracking_id, status: returns.status })
        .from(returns)
        .where(and(eq(returns.company_id, ctx.companyId), gt(returns.id, returnsSeen)))
        .orderBy(asc(returns.id));
      for (const r of opened)
        if (r.status === 'pending' && !parcels.has(r.id)) planReturn(r.id, r.assetId, day);
      returnsSeen = opened.at(-1)?.id ?? returnsSeen;

      const repairing = await ctx.db
        .select({ id: repairs.id, assetId: repairs.product_tracking_id, status: repairs.status })
        .from(repairs)
        .where(and(eq(repairs.company_id, ctx.companyId), gt(repairs.id, repairsSeen)))
        .orderBy(asc(repairs.id));
      for (const r of repairing) if (r.status === 'open') planRepair(r.id, r.assetId, day);
      repairsSeen = repairing.at(-1)?.id ?? repairsSeen;
    },

    async replace(ctx, subscriptionId) {
      const [waiting] = await subscriptionsOf(ctx, [subscriptionId]).then((m) => [...m.values()]);
      if (waiting?.status !== 'pending replacement') return;
      // The faulty unit goes to repair with the replacement (the product does it); its repair then finds
      // what the customer reported.
      const faulty = (await awaitingReplacement(ctx)).find((r) => r.subscriptionId === subscriptionId);
      if (faulty)
        findings.set(faulty.assetId, {
          missing: null,
          damage: 'Faulty: the customer asked for a replacement',
        });
      const unit = await unitFor(ctx, waiting.variantId, await companyToday(ctx));
      await rentOut(ctx, unit, subscriptionId, 'Replacement unit');
    },
  };
}
