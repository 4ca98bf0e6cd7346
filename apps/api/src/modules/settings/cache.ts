/**
 * The settings cache (spec 02 §9: "Settings cache reused for 60 seconds"; spec 01: "Cached settings
 * entries are reloaded when stale or dirty"). Per process and per app (keyed by the app's `Deps`, so
 * two apps in one test process never share entries), one entry per company: every stored section row
 * of `company_settings`, read in one query.
 *
 * - An entry is used for `SETTINGS_CACHE_MS` (60 s, by the context's clock), then read again.
 * - Another process's write is seen at once: every write to `company_settings` sends NOTIFY
 *   rentloop_settings with the company's id (migration 0073), which the app's change listener hears
 *   (db/notify.ts, wired in app.ts by `followSettingsChanges`) and turns into `dirty`. While that listener
 *   is not live (starting, its connection lost), the cache answers nothing: every read goes to the
 *   database, as it would have to to see another instance's write. A cache nobody follows (a job's
 *   context, a test's) keeps the 60 s rule alone. Decision 87.
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
  /** Moves when everything is dropped at once (the listener reset, a payload naming no company). */
  private epoch = 0;
  /** Whether every other instance's write is known to be heard (the change listener's `live()`). */
  live: () => boolean = () => true;

  generation(companyId: number): string {
    return `${this.epoch}:${this.generations.get(companyId) ?? 0}`;
  }

  get(companyId: number, now: number): StoredRows | null {
    if (!this.live()) return null;
    const entry = this.entries.get(companyId);
    if (!entry) return null;
    if (now - entry.loadedAt >= SETTINGS_CACHE_MS || now < entry.loadedAt) {
      this.entries.delete(companyId);
      return null;
    }
    return entry.rows;
  }

  keep(companyId: number, generation: string, rows: StoredRows, now: number): void {
    if (this.generation(companyId) === generation && this.live())
      this.entries.set(companyId, { rows, loadedAt: now });
  }

  dirty(companyId: number): void {
    this.entries.delete(companyId);
    this.generations.set(companyId, (this.generations.get(companyId) ?? 0) + 1);
  }

  clear(): void {
    this.entries.clear();
    this.epoch++;
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

/**
 * Makes the app's cache follow the settings changes its change listener hears (app.ts): `onChange` with
 * a NOTIFY rentloop_settings payload (a company id; anything else drops every company), `onReset` when
 * the listener may have missed some, and `setLive` with the listener's liveness.
 */
export function followSettingsChanges(deps: Deps) {
  const cache = cacheOf(deps);
  return {
    onChange(payload: string): void {
      if (/^\d{1,16}$/.test(payload)) cache.dirty(Number(payload));
      else cache.clear();
    },
    onReset: (): void => cache.clear(),
    setLive(live: () => boolean): void {
      cache.live = live;
    },
  };
}

/** Drops the company's cached settings: the next read goes to the database. */
export const clearCompany = (deps: Deps, companyId: number): void => cacheOf(deps).dirty(companyId);
