/**
 * The settings cache (spec 02 §9: "Settings cache reused for 60 seconds"; spec 01: "Cached settings
 * entries are reloaded when stale or dirty"). Per process and per app (keyed by the app's `Deps`, so
 * two apps in one test process never share entries), one entry per company: every stored section row
 * of `company_settings`, read in one query.
 *
 * - An entry is used for `SETTINGS_CACHE_MS` (60 s, by the context's clock), then read again: another
 *   process's write is seen within 60 s at most.
 * - A write in this process makes the company's entry dirty at once (`markDirty`, called by the
 *   service in the writing transaction) and again once the write has committed (the routes' onResponse
 *   hook `settingsWritten`): a read that ran while the write's transaction was open, and saw the old
 *   rows, is never kept. Each mark bumps the company's generation; a read keeps what it loaded only if
 *   the generation did not move while it loaded.
 * - `clearCompany` (`POST /api/{company}/system/cache/clear`) drops the company's entry.
 */
import { SETTINGS_CACHE_MS } from '@rentloop/domain/settings';
import { eq } from 'drizzle-orm';
import type { Ctx, Deps } from '../../context.ts';
import { companySettings } from '../../db/schema/index.ts';

export type StoredRows = ReadonlyMap<string, Record<string, unknown>>;

interface Entry {
  rows: StoredRows;
  loadedAt: number;
}

class SettingsCache {
  private readonly entries = new Map<number, Entry>();
  private readonly generations = new Map<number, number>();

  generation(companyId: number): number {
    return this.generations.get(companyId) ?? 0;
  }

  get(companyId: number, now: number): StoredRows | null {
    const entry = this.entries.get(companyId);
    if (!entry) return null;
    if (now - entry.loadedAt >= SETTINGS_CACHE_MS || now < entry.loadedAt) {
      this.entries.delete(companyId);
      return null;
    }
    return entry.rows;
  }

  keep(companyId: number, generation: number, rows: StoredRows, now: number): void {
    if (this.generation(companyId) === generation) this.entries.set(companyId, { rows, loadedAt: now });
  }

  dirty(companyId: number): void {
    this.entries.delete(companyId);
    this.generations.set(companyId, this.generation(companyId) + 1);
  }
}

const caches = new WeakMap<Deps, SettingsCache>();

function cacheOf(deps: Deps): SettingsCache {
  let cache = caches.get(deps);
  if (!cache) {
    cache = new SettingsCache();
    caches.set(deps, cache);
  }
  return cache;
}

async function load(ctx: Ctx): Promise<StoredRows> {
  const rows = await ctx.db
    .select({ group: companySettings.group, data: companySettings.data })
    .from(companySettings)
    .where(eq(companySettings.company_id, ctx.companyId));
  return new Map(rows.map((r) => [r.group, r.data]));
}

/** Every stored section of the company, from the cache when it is fresh. */
export async function storedRows(ctx: Ctx): Promise<StoredRows> {
  const cache = cacheOf(ctx.deps);
  const now = ctx.clock.now().getTime();
  const cached = cache.get(ctx.companyId, now);
  if (cached) return cached;
  const generation = cache.generation(ctx.companyId);
  const rows = await load(ctx);
  cache.keep(ctx.companyId, generation, rows, now);
  return rows;
}

/** The stored rows as they are in the context's transaction (a write reads its own state, uncached). */
export const freshRows = (ctx: Ctx): Promise<StoredRows> => load(ctx);

/** The company's settings changed (or are about to, in the caller's transaction). */
export const markDirty = (deps: Deps, companyId: number): void => cacheOf(deps).dirty(companyId);

/** Drops the company's cached settings: the next read goes to the database. */
export const clearCompany = (deps: Deps, companyId: number): void => cacheOf(deps).dirty(companyId);
