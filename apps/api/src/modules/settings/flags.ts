/**
 * Feature flags per company (`GET /api/{company}/system/unleash-settings`): every flag the product
 * knows (`FEATURE_FLAGS`), as the company's row sets it or else its default. Operators set them.
 */
import {
  FEATURE_FLAG_NAMES,
  FEATURE_FLAGS,
  type FeatureFlag,
  type FeatureFlagName,
} from '@rentloop/domain/settings';
import { eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import { featureFlags } from '../../db/schema/index.ts';
import { notFound } from '../../errors.ts';

export const isFeatureFlag = (name: string): name is FeatureFlagName =>
  (FEATURE_FLAG_NAMES as string[]).includes(name);

export async function listFeatureFlags(ctx: Ctx): Promise<FeatureFlag[]> {
  const rows = await ctx.db
    .select({ name: featureFlags.name, enabled: featureFlags.enabled })
    .from(featureFlags)
    .where(eq(featureFlags.company_id, ctx.companyId));
  const set = new Map(rows.map((r) => [r.name, r.enabled]));
  return FEATURE_FLAG_NAMES.map((name) => ({
    name,
    enabled: set.get(name) ?? FEATURE_FLAGS[name].default,
    description: FEATURE_FLAGS[name].description,
    overridden: set.has(name),
  }));
}

export async function setFeatureFlag(ctx: Ctx, name: string, enabled: boolean): Promise<FeatureFlag> {
  if (!isFeatureFlag(name)) throw notFound(`Unknown feature flag: ${name}.`);
  await ctx.db
    .insert(featureFlags)
    .values({ company_id: ctx.companyId, name, enabled })
    .onConflictDoUpdate({
      target: [featureFlags.company_id, featureFlags.name],
      set: { enabled, updated_at: ctx.clock.now().toISOString() },
    });
  return { name, enabled, description: FEATURE_FLAGS[name].description, overridden: true };
}
