/** Availability settings per SKU: whether it can be rented, minimum stock, lead time, longest rental. */
import type {
  AvailabilitySetting,
  availabilitySettingInputSchema,
  availabilitySettingUpdateSchema,
} from '@rentloop/domain/catalog';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Ctx } from '../../context.ts';
import { availabilitySettings } from '../../db/schema/index.ts';
import { invalid, notFound } from '../../errors.ts';
import { likePattern } from '../../lists.ts';

const { company_id: _c, ...columns } = {
  company_id: availabilitySettings.company_id,
  id: availabilitySettings.id,
  sku_name: availabilitySettings.sku_name,
  is_available: availabilitySettings.is_available,
  min_stock: availabilitySettings.min_stock,
  lead_time_days: availabilitySettings.lead_time_days,
  max_rental_days: availabilitySettings.max_rental_days,
  note: availabilitySettings.note,
  created_at: availabilitySettings.created_at,
  updated_at: availabilitySettings.updated_at,
};
const toSetting = (r: AvailabilitySetting): AvailabilitySetting => ({ ...r, id: Number(r.id) });

export async function listAvailability(ctx: Ctx, p: { search?: string; offset: number; perPage: number }) {
  const { db, companyId } = ctx;
  const where = and(
    eq(availabilitySettings.company_id, companyId),
    p.search ? sql`lower(${availabilitySettings.sku_name}) LIKE ${likePattern(p.search)}` : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(availabilitySettings)
      .where(where)
      .orderBy(asc(availabilitySettings.sku_name))
      .limit(p.perPage)
      .offset(p.offset),
    db.select({ n: count() }).from(availabilitySettings).where(where),
  ]);
  return { rows: rows.map(toSetting), total: Number(total?.n ?? 0) };
}

export async function getAvailability(ctx: Ctx, skuName: string): Promise<AvailabilitySetting> {
  const [row] = await ctx.db
    .select(columns)
    .from(availabilitySettings)
    .where(
      and(eq(availabilitySettings.company_id, ctx.companyId), eq(availabilitySettings.sku_name, skuName)),
    );
  if (!row) throw notFound();
  return toSetting(row);
}

export async function createAvailability(ctx: Ctx, input: z.infer<typeof availabilitySettingInputSchema>) {
  const [row] = await ctx.db
    .insert(availabilitySettings)
    .values({
      ...input,
      max_rental_days: input.max_rental_days ?? null,
      note: input.note ?? null,
      company_id: ctx.companyId,
    })
    .onConflictDoNothing()
    .returning(columns);
  if (!row) throw invalid('sku_name', 'This SKU already has availability settings.');
  return toSetting(row);
}

export async function updateAvailability(
  ctx: Ctx,
  skuName: string,
  input: z.infer<typeof availabilitySettingUpdateSchema>,
) {
  const [row] = await ctx.db
    .update(availabilitySettings)
    .set({ ...input, updated_at: ctx.clock.now().toISOString() })
    .where(
      and(eq(availabilitySettings.company_id, ctx.companyId), eq(availabilitySettings.sku_name, skuName)),
    )
    .returning(columns);
  if (!row) throw notFound();
  return toSetting(row);
}

export async function deleteAvailability(ctx: Ctx, id: number): Promise<void> {
  const deleted = await ctx.db
    .delete(availabilitySettings)
    .where(and(eq(availabilitySettings.id, id), eq(availabilitySettings.company_id, ctx.companyId)))
    .returning({ id: availabilitySettings.id });
  if (deleted.length === 0) throw notFound();
}
