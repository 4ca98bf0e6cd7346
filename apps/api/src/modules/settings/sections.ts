/**
 * Company settings sections (`@rentloop/domain/settings`): one `company_settings` row per section,
 * `data` holding the section's values and, for three sections, what is never answered:
 * `checkout_general` the SHA-256 of its API key (`api_key_hash`, `api_key_last4`), and
 * `payment_service_provider` the sealed credentials per gateway (`credentials_sealed`, AES-GCM by
 * `integrations/secrets.ts`, as the shop credentials), `credit_check` its sealed secret
 * (`secret_sealed`) and `debt_collection` the agency's sealed API key (`api_key_sealed`). The audit trail redacts them (their keys match
 * `audit_secret_pattern()`, migration 0013).
 *
 * Reads go through the per-process cache (`cache.ts`); `getSettings(ctx, 'invoice')` is what other
 * modules call. A PUT replaces the whole section with the validated values (the screen sends every
 * field); fields a stored section lacks (added later) read as their defaults.
 */
import { createHash, randomBytes } from 'node:crypto';
import { localDate } from '@rentloop/domain/billing-periods';
import { MESSAGES } from '@rentloop/domain/messages';
import {
  type CheckoutApiKey,
  type CompanySettings,
  type CompanySettingsInput,
  GATEWAY_CREDENTIAL_FIELDS,
  SETTINGS_SECTION_KEYS,
  SETTINGS_SECTIONS,
  type SectionValues,
  type SectionView,
  type SettingsSectionKey,
} from '@rentloop/domain/settings';
import type { Ctx } from '../../context.ts';
import { companySettings } from '../../db/schema/index.ts';
import { AppError, fieldErrors } from '../../errors.ts';
import { invoiceSeriesOf, peekInvoiceNumber } from '../../numbering.ts';
import { freshRows, markDirty, type StoredRows, storedRows } from './cache.ts';
import { checkCreditCheckUrl } from './provider-url.ts';
import { getShopSettings } from './shop.ts';

type Gateway = keyof typeof GATEWAY_CREDENTIAL_FIELDS;
type Stored = Record<string, unknown>;

/** A stored section as its values: each field as stored when it is still valid, else its default. */
export function valuesOf<K extends SettingsSectionKey>(key: K, stored: Stored | undefined): SectionValues<K> {
  const section = SETTINGS_SECTIONS[key];
  const out: Record<string, unknown> = {};
  for (const [name, f] of Object.entries(section.fields)) {
    const value = stored?.[name];
    out[name] = value !== undefined && f.schema.safeParse(value).success ? value : f.default;
  }
  return out as SectionValues<K>;
}

const sealedOf = (stored: Stored | undefined) =>
  (stored?.credentials_sealed ?? {}) as Partial<Record<Gateway, string>>;

/**
 * The number the next invoice will really get: the counter of the series an invoice issued today (in
 * the company's time zone) is numbered in, or the series start before its first invoice.
 */
async function nextInvoiceNumber(ctx: Ctx, rows: StoredRows, v: SectionValues<'invoice'>): Promise<string> {
  const { time_zone } = valuesOf('general', rows.get('general'));
  return peekInvoiceNumber(ctx, invoiceSeriesOf(v, localDate(ctx.clock.now(), time_zone)));
}

async function viewOf<K extends SettingsSectionKey>(
  ctx: Ctx,
  key: K,
  stored: Stored | undefined,
  rows: StoredRows,
): Promise<SectionView<K>> {
  const values = valuesOf(key, stored) as Record<string, unknown>;
  switch (key) {
    case 'invoice':
      values.next_number = await nextInvoiceNumber(ctx, rows, values as SectionValues<'invoice'>);
      break;
    case 'checkout_general':
      values.api_key_set = typeof stored?.api_key_hash === 'string';
      values.api_key_last4 = typeof stored?.api_key_last4 === 'string' ? stored.api_key_last4 : null;
      break;
    case 'payment_service_provider':
      values.credentials_stored = (Object.keys(sealedOf(stored)) as Gateway[]).sort();
      break;
    case 'credit_check':
      values.secret_stored = typeof stored?.secret_sealed === 'string';
      break;
    case 'debt_collection':
      values.api_key_stored = typeof stored?.api_key_sealed === 'string';
      break;
  }
  return values as SectionView<K>;
}

/** A section's values (defaults where nothing is stored), through the cache: for other modules. */
export async function getSettings<K extends SettingsSectionKey>(ctx: Ctx, key: K): Promise<SectionValues<K>> {
  return valuesOf(key, (await storedRows(ctx)).get(key));
}

/** A section as the API answers it. */
export async function getSectionView<K extends SettingsSectionKey>(
  ctx: Ctx,
  key: K,
): Promise<SectionView<K>> {
  const rows = await storedRows(ctx);
  return viewOf(ctx, key, rows.get(key), rows);
}

/** The chosen sections as the API answers them (`shop_system`: the shop connection's public view). */
export async function selectSettings(
  ctx: Ctx,
  keys: readonly (SettingsSectionKey | 'shop_system')[],
): Promise<Partial<CompanySettings>> {
  const rows = await storedRows(ctx);
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    out[key] =
      key === 'shop_system' ? await getShopSettings(ctx) : await viewOf(ctx, key, rows.get(key), rows);
  }
  return out as Partial<CompanySettings>;
}

/** Every section. */
export const getAllSettings = async (ctx: Ctx) =>
  (await selectSettings(ctx, [...SETTINGS_SECTION_KEYS, 'shop_system'])) as CompanySettings;

const invalidSettings = (errors: Record<string, string[]>) =>
  new AppError('validation', MESSAGES.validationFailed, errors);

/**
 * The payment gateways' credentials after an input: sent ones sealed (replacing the stored), null ones
 * removed, the others kept. Every gateway switched on must have credentials (the offline one needs none).
 */
function gatewayCredentials(
  ctx: Ctx,
  values: SectionValues<'payment_service_provider'>,
  sent: Partial<Record<Gateway, Record<string, string> | null>> | undefined,
  stored: Stored | undefined,
  prefix: string,
): Partial<Record<Gateway, string>> {
  const sealed = { ...sealedOf(stored) };
  for (const [gateway, credentials] of Object.entries(sent ?? {}) as [
    Gateway,
    Record<string, string> | null,
  ][]) {
    if (credentials === null) delete sealed[gateway];
    else if (credentials !== undefined)
      sealed[gateway] = ctx.deps.secrets.encrypt(JSON.stringify(credentials));
  }
  const missing: Record<string, string[]> = {};
  for (const gateway of values.enabled_gateways) {
    if (sealed[gateway]) continue;
    for (const field of GATEWAY_CREDENTIAL_FIELDS[gateway]) {
      missing[`${prefix}credentials.${gateway}.${field}`] = ['Required to switch this gateway on.'];
    }
  }
  if (Object.keys(missing).length > 0) throw invalidSettings(missing);
  return sealed;
}

/** What a validated input stores: its values plus what the section keeps besides them. */
function toStored(
  ctx: Ctx,
  key: SettingsSectionKey,
  input: Record<string, unknown>,
  stored: Stored | undefined,
  prefix: string,
): Stored {
  const { credentials, secret: _secret, api_key: _apiKey, ...rest } = input;
  const values = valuesOf(key, rest) as Stored;
  if (key === 'checkout_general' && typeof stored?.api_key_hash === 'string') {
    return { ...values, api_key_hash: stored.api_key_hash, api_key_last4: stored.api_key_last4 };
  }
  if (key === 'payment_service_provider') {
    const sealed = gatewayCredentials(
      ctx,
      values as SectionValues<'payment_service_provider'>,
      credentials as Parameters<typeof gatewayCredentials>[2],
      stored,
      prefix,
    );
    return { ...values, credentials_sealed: sealed };
  }
  if (key === 'credit_check') {
    // The secret: a sent one sealed (replacing the stored), null removes it, omitted keeps it.
    const sent = input.secret as string | null | undefined;
    const kept = typeof stored?.secret_sealed === 'string' ? stored.secret_sealed : undefined;
    const sealed = sent === null ? undefined : sent ? ctx.deps.secrets.encrypt(sent) : kept;
    if (values.enabled === true && !sealed) {
      throw invalidSettings({ [`${prefix}secret`]: ['Required to switch credit checks on.'] });
    }
    return sealed ? { ...values, secret_sealed: sealed } : values;
  }
  if (key === 'debt_collection') {
    // The agency's API key, as credit_check's secret: sent sealed, null removes it, omitted keeps it.
    const sent = input.api_key as string | null | undefined;
    const kept = typeof stored?.api_key_sealed === 'string' ? stored.api_key_sealed : undefined;
    const sealed = sent === null ? undefined : sent ? ctx.deps.secrets.encrypt(sent) : kept;
    if (values.enabled === true && !sealed) {
      throw invalidSettings({ [`${prefix}api_key`]: ['Required to switch debt collection on.'] });
    }
    return sealed ? { ...values, api_key_sealed: sealed } : values;
  }
  return values;
}

async function write(ctx: Ctx, key: SettingsSectionKey, data: Stored): Promise<void> {
  markDirty(ctx.deps, ctx.companyId);
  await ctx.db
    .insert(companySettings)
    .values({ company_id: ctx.companyId, group: key, data })
    .onConflictDoUpdate({
      target: [companySettings.company_id, companySettings.group],
      set: { data, updated_at: ctx.clock.now().toISOString() },
    });
}

/** Replaces a section with the body, validated by the section's input schema (422 naming the field). */
export async function putSection<K extends SettingsSectionKey>(
  ctx: Ctx,
  key: K,
  body: unknown,
): Promise<SectionView<K>> {
  const parsed = SETTINGS_SECTIONS[key].input.safeParse(body);
  if (!parsed.success) throw invalidSettings(fieldErrors(parsed.error.issues));
  if (key === 'credit_check' || key === 'debt_collection')
    await checkCreditCheckUrl(ctx, parsed.data as { base_url?: string }, '');
  const rows = await freshRows(ctx);
  const data = toStored(ctx, key, parsed.data as Stored, rows.get(key), '');
  await write(ctx, key, data);
  return viewOf(ctx, key, data, rows);
}

/** Changes some fields of a section (for the modules that own a part of one: tax's `checkout_taxes`). */
export async function updateSection<K extends SettingsSectionKey>(
  ctx: Ctx,
  key: K,
  changes: Partial<SectionValues<K>>,
): Promise<SectionValues<K>> {
  // valuesOf keeps only the section's fields: what it stores besides them, putSection keeps.
  const merged = { ...valuesOf(key, (await freshRows(ctx)).get(key)), ...changes };
  await putSection(ctx, key, merged);
  return valuesOf(key, merged);
}

/** Replaces the sections the input names (each already validated by the route's schema). */
export async function putSettings(ctx: Ctx, input: CompanySettingsInput): Promise<CompanySettings> {
  // Before anything is written (a DNS lookup).
  if (input.credit_check) await checkCreditCheckUrl(ctx, input.credit_check, 'credit_check.');
  if (input.debt_collection) await checkCreditCheckUrl(ctx, input.debt_collection, 'debt_collection.');
  const rows = await freshRows(ctx);
  for (const key of SETTINGS_SECTION_KEYS) {
    const section = input[key];
    if (section === undefined) continue;
    await write(ctx, key, toStored(ctx, key, section as Stored, rows.get(key), `${key}.`));
  }
  markDirty(ctx.deps, ctx.companyId);
  const all = await freshRows(ctx);
  const out: Record<string, unknown> = {};
  for (const key of SETTINGS_SECTION_KEYS) out[key] = await viewOf(ctx, key, all.get(key), all);
  out.shop_system = await getShopSettings(ctx);
  return out as CompanySettings;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A new API key for the checkout (`checkout_general`), replacing any earlier one: answered this once,
 * stored as its SHA-256 and its last four characters.
 */
export async function generateCheckoutApiKey(ctx: Ctx): Promise<CheckoutApiKey> {
  const apiKey = `rl_${randomBytes(32).toString('base64url')}`;
  const last4 = apiKey.slice(-4);
  const rows = await freshRows(ctx);
  const values = valuesOf('checkout_general', rows.get('checkout_general'));
  await write(ctx, 'checkout_general', { ...values, api_key_hash: sha256(apiKey), api_key_last4: last4 });
  return { api_key: apiKey, api_key_last4: last4 };
}

/** Whether a key is the company's checkout API key (for the checkout's calls, later). */
export async function checkoutApiKeyMatches(ctx: Ctx, apiKey: string): Promise<boolean> {
  const stored = (await storedRows(ctx)).get('checkout_general');
  return typeof stored?.api_key_hash === 'string' && stored.api_key_hash === sha256(apiKey);
}

/** A gateway's decrypted credentials, or null when none are stored (for the payment adapters). */
export async function getGatewayCredentials(
  ctx: Ctx,
  gateway: Gateway,
): Promise<Record<string, string> | null> {
  const sealed = sealedOf((await storedRows(ctx)).get('payment_service_provider'))[gateway];
  return sealed ? (JSON.parse(ctx.deps.secrets.decrypt(sealed)) as Record<string, string>) : null;
}

export type { StoredRows };

/** The credit check provider's settings with its decrypted secret, or null when none is usable. */
export async function getCreditCheckConfig(
  ctx: Ctx,
): Promise<(SectionValues<'credit_check'> & { secret: string }) | null> {
  const stored = (await storedRows(ctx)).get('credit_check');
  const values = valuesOf('credit_check', stored);
  if (!values.enabled || !values.base_url || !values.username) return null;
  if (typeof stored?.secret_sealed !== 'string') return null;
  return { ...values, secret: ctx.deps.secrets.decrypt(stored.secret_sealed) };
}

/** The debt collection agency's settings with its decrypted API key, or null when none is usable. */
export async function getDebtCollectionConfig(
  ctx: Ctx,
): Promise<(SectionValues<'debt_collection'> & { api_key: string }) | null> {
  const stored = (await storedRows(ctx)).get('debt_collection');
  const values = valuesOf('debt_collection', stored);
  if (!values.enabled || !values.base_url) return null;
  if (typeof stored?.api_key_sealed !== 'string') return null;
  return { ...values, api_key: ctx.deps.secrets.decrypt(stored.api_key_sealed) };
}
