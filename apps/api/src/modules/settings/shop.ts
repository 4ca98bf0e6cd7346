/**
 * The `shop_system` settings section: which shop a company runs, where, and its API credentials
 * (encrypted at rest, never returned). `getShopConnection` gives the sync what it needs.
 */
import {
  SHOP_URL_HTTPS,
  SHOP_URL_HTTPS_PUBLIC,
  SHOP_URL_SCHEME,
  type ShopSettings,
  type ShopSettingsInput,
  SYNCABLE_SHOPS,
} from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { and, eq } from 'drizzle-orm';
import type { Ctx } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { companies, companySettings } from '../../db/schema/index.ts';
import { invalid } from '../../errors.ts';
import {
  type AddressClass,
  AddressRefusedError,
  type Resolver,
  resolveGuarded,
} from '../../integrations/address-guard.ts';
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

export async function getShopSettings(ctx: Ctx): Promise<ShopSettings> {
  const { db, companyId } = ctx;
  return view(await stored(db, companyId));
}

/**
 * What is wrong with a shop address, or null. The credentials go with every request, so https is
 * required; the host must resolve to public internet addresses only (integrations/address-guard.ts;
 * the same guard checks the address actually dialled on every connection of a sync, so this check
 * is the early, readable answer, not the protection).
 * With `allowPrivateUrls` (ALLOW_PRIVATE_SHOP_URLS) addresses of the merchant's own network are
 * allowed too, and plain http only for them (a self-hosted shop on the LAN, a test shop). There a
 * name the server cannot resolve yet is accepted with https, as before this guard: the connection
 * is checked when it is made.
 */
export async function shopUrlProblem(
  url: string,
  allowPrivateUrls: boolean,
  resolve?: Resolver,
): Promise<string | null> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return MESSAGES.validUrl;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return SHOP_URL_SCHEME;
  let addresses: AddressClass[] = [];
  try {
    addresses = await resolveGuarded(parsed.hostname, { allowPrivate: allowPrivateUrls }, resolve);
  } catch (err) {
    if (err instanceof AddressRefusedError) {
      return allowPrivateUrls ? MESSAGES.addressSpecialPurpose : MESSAGES.addressNotPublic;
    }
    if (!allowPrivateUrls) return MESSAGES.hostNotFound(parsed.hostname);
  }
  if (parsed.protocol === 'https:') return null;
  if (!allowPrivateUrls) return SHOP_URL_HTTPS;
  // Plain http only for a host shown to be on the merchant's network (not a public or unknown one).
  return addresses.some((a) => a.verdict === 'private') ? null : SHOP_URL_HTTPS_PUBLIC;
}

/** Checks the shop URL (a DNS lookup: call it outside any transaction); a problem is a 422 on `url`. */
export async function checkShopSettings(
  input: ShopSettingsInput,
  opts: { allowPrivateUrls?: boolean; resolve?: Resolver } = {},
): Promise<void> {
  if (input.shop_system === null) return;
  const problem = await shopUrlProblem(input.url, opts.allowPrivateUrls ?? false, opts.resolve);
  if (problem) throw invalid('url', problem);
}

type CheckOptions = { allowPrivateUrls?: boolean; resolve?: Resolver };

/** Checks, then stores (for callers outside a request: tests, scripts). */
export async function saveShopSettings(
  ctx: Ctx,
  input: ShopSettingsInput,
  opts: CheckOptions = {},
): Promise<ShopSettings> {
  await checkShopSettings(input, opts);
  return storeShopSettings(ctx, input);
}

/** Stores settings `checkShopSettings` accepted: database only, so it belongs in a transaction. */
export function storeShopSettings(ctx: Ctx, input: ShopSettingsInput): Promise<ShopSettings> {
  return store(ctx.db, ctx.deps.secrets, ctx.companyId, input, ctx.clock.now());
}

async function store(
  db: Db,
  secrets: Secrets,
  companyId: number,
  input: ShopSettingsInput,
  now: Date,
): Promise<ShopSettings> {
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
      set: { data, updated_at: now.toISOString() },
    });
  await db
    .update(companies)
    .set({
      shop_system: data.shop_system as (typeof companies.$inferInsert)['shop_system'],
      updated_at: now.toISOString(),
    })
    .where(eq(companies.id, companyId));
  return view(data);
}

/** The decrypted connection of a company's shop, or null when none is configured. */
export async function getShopConnection(ctx: Ctx): Promise<ShopConnection | null> {
  const { db, companyId } = ctx;
  const { secrets } = ctx.deps;
  const s = await stored(db, companyId);
  if (!s?.shop_system || !s.url || !s.credentials_sealed) return null;
  const credentials = JSON.parse(secrets.decrypt(s.credentials_sealed));
  return { shop_system: s.shop_system, url: s.url, credentials } as ShopConnection;
}
