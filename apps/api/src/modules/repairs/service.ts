/**
 * Changing repairs (decision 55): opening one by hand for an asset, saving a page's answers (checked
 * against the pinned questionnaire version: 422 naming `answers.<question>`), and closing, which
 * records the total cost and moves the asset through its transition table: removed when the answers
 * say REMOVE_STOCK, else back in stock or broken as staff choose.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import type { AssetAction } from '@rentloop/domain/product-tracking';
import { keptAnswers, removesFromStock, repairCosts } from '@rentloop/domain/repair-answers';
import { answersProblems } from '@rentloop/domain/repair-answers-check';
import { REPAIR_TEXTS, type RepairDetail, type RepairOutcome } from '@rentloop/domain/repairs';
import { and, eq } from 'drizzle-orm';
import { actingUserId, type Ctx } from '../../context.ts';
import { productTracking, repairs } from '../../db/schema/index.ts';
import { AppError, invalid } from '../../errors.ts';
import { transition } from '../events/transition.ts';
import { assetRow } from '../product-tracking/records.ts';
import { runAssetAction } from '../product-tracking/service.ts';
import { questionnaireVersion } from '../repair-questions/service.ts';
import { repairMachine } from './machine.ts';
import { openRepair, openRepairOf } from './open.ts';
import { getRepair, repairRow } from './records.ts';

const refuse = (problems: Record<string, string>) => {
  const errors = Object.fromEntries(Object.entries(problems).map(([k, m]) => [k, [m]]));
  return new AppError('validation', MESSAGES.validationFailed, errors);
};

/**
 * POST repairs: a repair for the asset. An asset in repair without an open one gets one; any other is
 * sent to repair first (its table's 409 when it cannot be), which opens it.
 */
export async function createRepair(
  ctx: Ctx,
  input: { product_tracking_id: number; reason: string | null },
): Promise<RepairDetail> {
  // An asset of another company (or none) is a field the body got wrong: 422, as for any reference.
  const asset = await assetRow(ctx, input.product_tracking_id, true).catch((e: unknown) => {
    throw e instanceof AppError && e.code === 'not_found'
      ? invalid('product_tracking_id', 'No such asset.')
      : e;
  });
  if (asset.status === 'to repair') {
    if ((await openRepairOf(ctx, asset.id)) !== null)
      throw new AppError('conflict', REPAIR_TEXTS.alreadyOpen);
    return getRepair(ctx, await openRepair(ctx, asset.id, input.reason));
  }
  await runAssetAction(ctx, asset.id, { action: 'send_to_repair', reason: input.reason });
  return getRepair(ctx, (await openRepairOf(ctx, asset.id)) as number);
}

/** POST repairs/{id}/answers: one page's answers (others given are kept too); nothing on a 422. */
export async function saveAnswers(
  ctx: Ctx,
  id: number,
  input: { page: number; answers: Record<string, string> },
): Promise<RepairDetail> {
  const row = await repairRow(ctx, id, true);
  if (row.status !== 'open') throw new AppError('conflict', REPAIR_TEXTS.notEditable);
  const q = await questionnaireVersion(ctx, row.questionnaire_id);
  if (!q.pages.some((p) => p.position === input.page)) throw invalid('page', REPAIR_TEXTS.unknownPage);
  const merged = { ...row.answers, ...input.answers };
  const problems = answersProblems(q.pages, input.answers, merged, q.currency, [input.page]);
  if (Object.keys(problems).length > 0) throw refuse(problems);
  await ctx.db
    .update(repairs)
    .set({ answers: keptAnswers(q.pages, merged), updated_at: ctx.clock.now().toISOString() })
    .where(and(eq(repairs.company_id, ctx.companyId), eq(repairs.id, id)));
  return getRepair(ctx, id);
}

const ASSET_ACTION_OF: Record<RepairOutcome, AssetAction> = {
  'in stock': 'repaired',
  broken: 'mark_broken',
  removed: 'remove',
};

/**
 * POST repairs/{id}/close: every asked mandatory question answered (422 naming them), the asset still
 * in repair (409), then the repair closes with its total cost and the asset takes its outcome.
 */
export async function closeRepair(
  ctx: Ctx,
  id: number,
  input: { asset_status: 'in stock' | 'broken'; reason: string | null },
): Promise<RepairDetail> {
  const row = await repairRow(ctx, id, true);
  if (row.status !== 'open') throw new AppError('conflict', REPAIR_TEXTS.notOpen);
  const q = await questionnaireVersion(ctx, row.questionnaire_id);
  const problems = answersProblems(
    q.pages,
    {},
    row.answers,
    q.currency,
    q.pages.map((p) => p.position),
  );
  if (Object.keys(problems).length > 0) throw refuse(problems);
  const [asset] = await ctx.db
    .select({ status: productTracking.status })
    .from(productTracking)
    .where(
      and(eq(productTracking.company_id, ctx.companyId), eq(productTracking.id, row.product_tracking_id)),
    )
    .for('update');
  if (asset?.status !== 'to repair') throw new AppError('conflict', REPAIR_TEXTS.assetNotInRepair);
  const outcome: RepairOutcome = removesFromStock(q.pages, row.answers) ? 'removed' : input.asset_status;
  const total = repairCosts(q.pages, row.answers, q.currency).total;
  const at = ctx.clock.now().toISOString();
  await transition(ctx, repairMachine, id, 'close', {
    guard: undefined,
    set: { total_cost: total, outcome, closed_by: actingUserId(ctx.actor), closed_at: at },
    payload: { total_cost: total.toString(), outcome },
  });
  await runAssetAction(ctx, row.product_tracking_id, {
    action: ASSET_ACTION_OF[outcome],
    reason: input.reason ?? `Repair ${id} closed.`,
  });
  return getRepair(ctx, id);
}
