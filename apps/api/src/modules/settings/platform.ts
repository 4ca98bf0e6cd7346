/**
 * Platform settings (operators): `registration_allowed` and `company_defaults`, one `platform_settings`
 * row each. A new company starts with the defaults (`applyCompanyDefaults`, called where companies are
 * created): each section set there is stored for the company, so it reads as its own from then on.
 */
import type { PlatformSettings, PlatformSettingsInput } from '@rentloop/domain/platform-settings';
import { SETTINGS_SECTIONS, type SettingsSectionKey } from '@rentloop/domain/settings';
import { inArray } from 'drizzle-orm';
import type { PlatformCtx } from '../../context.ts';
import { companySettings, platformSettings } from '../../db/schema/index.ts';

const KEYS = ['registration_allowed', 'company_defaults'] as const;

export async function getPlatformSettings(ctx: PlatformCtx): Promise<PlatformSettings> {
  const rows = await ctx.db
    .select()
    .from(platformSettings)
    .where(inArray(platformSettings.key, [...KEYS]));
  const value = new Map(rows.map((r) => [r.key, r.value]));
  const stored = (value.get('company_defaults') ?? {}) as Record<string, unknown>;
  const defaults: Record<string, unknown> = {};
  for (const [key, values] of Object.entries(stored)) {
    // A section whose stored defaults no longer pass its schema (a field renamed since) is left out.
    const section = SETTINGS_SECTIONS[key as SettingsSectionKey];
    if (section?.values.safeParse(values).success) defaults[key] = values;
  }
  return {
    registration_allowed: value.get('registration_allowed') === true,
    company_defaults: defaults as PlatformSettings['company_defaults'],
  };
}

export async function putPlatformSettings(
  ctx: PlatformCtx,
  input: PlatformSettingsInput,
): Promise<PlatformSettings> {
  const now = ctx.clock.now().toISOString();
  for (const [key, value] of Object.entries(input)) {
    await ctx.db
      .insert(platformSettings)
      .values({ key, value })
      .onConflictDoUpdate({ target: platformSettings.key, set: { value, updated_at: now } });
  }
  return getPlatformSettings(ctx);
}

/** Stores the platform's section defaults for a company just created (in the creating transaction). */
export async function applyCompanyDefaults(ctx: PlatformCtx, companyId: number): Promise<void> {
  const { company_defaults: defaults } = await getPlatformSettings(ctx);
  const rows = Object.entries(defaults).map(([group, data]) => ({
    company_id: companyId,
    group,
    data: data as Record<string, unknown>,
  }));
  if (rows.length > 0) await ctx.db.insert(companySettings).values(rows);
}
