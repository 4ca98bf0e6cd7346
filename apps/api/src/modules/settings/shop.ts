/**
 * The `shop_system` settings section: which shop a company runs, where, and its API credentials
 * (encrypted at rest, never returned). `getShopConnection` gives the sync what it needs.
 */
import { type ShopSettings, type ShopSettingsInput, SYNCABLE_SHOPS } from '@rentloop/domain/companies';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { companies, companySettings } from '../../db/schema/index.ts';
import { invalid } from '../../http/errors.ts';
import { privateUrlReason } from '../../integrations/public-url.ts';
import type { Secrets } from '../../integrations/secrets.ts';
import type { ShopConnection } from '../../integrations/shops/types.ts';

const GROUP = 'shop_system';

interface StoredShopSettings extends Record<string, unknown> {
  shop_system: string | null;
  url: string | null;
  /** AES-GCM sealed JSON of the credentials. */
  credentials_sealed: string | null;
}

async function stored(db: Db, companyId: number): Promise<StoredShopSettings | null> {
  const [row] = await db
    .select({ data: companySettings.data })
    .from(companySettings)
    .where(and(eq(companySettings.company_id, companyId), eq(companySettings.group, GROUP)));
  return (row?.data as StoredShopSettings | undefined) ?? null;
}

const view = (s: StoredShopSettings | null): ShopSettings => ({
  shop_system: (s?.shop_system ?? null) as ShopSettings['shop_system'],
  url: s?.url ?? null,
  has_credentials: Boolean(s?.credentials_sealed),
  syncable: Boolean(
    s?.shop_system && (SYNCABLE_SHOPS as readonly string[]).includes(s.shop_system) && s.credentials_sealed,
  ),
});

export async function getShopSettings(db: Db, companyId: number): Promise<ShopSettings> {
  return view(await stored(db, companyId));
}

export async function saveShopSettings(
  db: Db,
  secrets: Secrets,
  companyId: number,
  input: ShopSettingsInput,
  opts: { allowPrivateUrls?: boolean } = {},
): Promise<ShopSettings> {
  if (input.shop_system !== null && !opts.allowPrivateUrls) {
    const reason = await privateUrlReason(input.url);
    if (reason) throw invalid('url', reason);
  }
  const current = await stored(db, companyId);
  let data: StoredShopSettings;
  if (input.shop_system === null) {
    data = { shop_system: null, url: null, credentials_sealed: null };
  } else {
    // Credentials left out keep the stored ones, but only for the same shop system.
    const keep = current?.shop_system === input.shop_system ? (current?.credentials_sealed ?? null) : null;
    const sealed = input.credentials ? secrets.encrypt(JSON.stringify(input.credentials)) : keep;
    if (!sealed) throw invalid('credentials', 'Credentials are required to connect the shop.');
    data = { shop_system: input.shop_system, url: input.url.replace(/\/+$/, ''), credentials_sealed: sealed };
  }
  await db
    .insert(companySettings)
    .values({ company_id: companyId, group: GROUP, data })
    .onConflictDoUpdate({
      target: [companySettings.company_id, companySettings.group],
      set: { data, updated_at: sql`now()` },
    });
  await db
    .update(companies)
    .set({
      shop_system: data.shop_system as (typeof companies.$inferInsert)['shop_system'],
      updated_at: sql`now()`,
    })
    .where(eq(companies.id, companyId));
  return view(data);
}

/** The decrypted connection of a company's shop, or null when none is configured. */
export async function getShopConnection(
  db: Db,
  secrets: Secrets,
  companyId: number,
): Promise<ShopConnection | null> {
  const s = await stored(db, companyId);
  if (!s?.shop_system || !s.url || !s.credentials_sealed) return null;
  const credentials = JSON.parse(secrets.decrypt(s.credentials_sealed));
  return { shop_system: s.shop_system, url: s.url, credentials } as ShopConnection;
}
