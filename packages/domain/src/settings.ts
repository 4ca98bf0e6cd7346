/**
 * Company settings (spec 02 §3 "Company settings, grouped into sections", §7 "Settings and system"):
 * every section by its canonical snake_case key, the spec's other names for it, and the feature flags.
 * The sections themselves are declared in `settings-checkout.ts`, `settings-business.ts` and
 * `settings-payments.ts`, `credit-checks.ts` (`defineSection` in `settings-fields.ts`: per field its schema, default,
 * label and help text).
 *
 * `shop_system` is a section too, but it keeps its own schemas (`companies.ts`) and routes: its
 * credentials are checked against the shop's address before they are stored.
 */
import { z } from 'zod';
import { shopSettingsSchema } from './companies.ts';
import { creditCheck } from './credit-checks.ts';
import {
  customerLogin,
  debtCollection,
  dns,
  email,
  general,
  invoice,
  order,
  referAFriend,
  subscription,
} from './settings-business.ts';
import {
  checkoutFeatures,
  checkoutFraud,
  checkoutGeneral,
  checkoutLimitation,
  checkoutSetupFee,
  checkoutShipping,
  checkoutStyling,
  checkoutTaxes,
} from './settings-checkout.ts';
import { paymentServiceProvider, recurringPayments } from './settings-payments.ts';

export { ORDER_START_STATUSES, ORDER_START_SUB_STATUSES } from './settings-business.ts';
export type { FieldKind, FieldMeta, SettingField } from './settings-fields.ts';
export {
  AFTER_LAST_RETRY,
  CREDENTIAL_LABELS,
  GATEWAY_CREDENTIAL_FIELDS,
  GATEWAY_LABELS,
} from './settings-payments.ts';

/** The sections served by the generic settings routes, in the screen's order. */
export const SETTINGS_SECTIONS = {
  general,
  invoice,
  order,
  subscription,
  recurring_payments: recurringPayments,
  payment_service_provider: paymentServiceProvider,
  credit_check: creditCheck,
  email,
  customer_login: customerLogin,
  debt_collection: debtCollection,
  refer_a_friend: referAFriend,
  dns,
  checkout_general: checkoutGeneral,
  checkout_features: checkoutFeatures,
  checkout_fraud: checkoutFraud,
  checkout_limitation: checkoutLimitation,
  checkout_setup_fee: checkoutSetupFee,
  checkout_shipping: checkoutShipping,
  checkout_styling: checkoutStyling,
  checkout_taxes: checkoutTaxes,
} as const;

export type SettingsSectionKey = keyof typeof SETTINGS_SECTIONS;
export const SETTINGS_SECTION_KEYS = Object.keys(SETTINGS_SECTIONS) as SettingsSectionKey[];
export type SettingsSectionDef = (typeof SETTINGS_SECTIONS)[SettingsSectionKey];

/** The section served by its own routes (`GET, PUT /api/companies/{company}/settings/shop_system`). */
export const SHOP_SECTION = 'shop_system';
/** Every section name a path or `?sections=` accepts, canonical first. */
export type AnySectionKey = SettingsSectionKey | typeof SHOP_SECTION;

/** The stored values of a section, every field filled in (what services read). */
export type SectionValues<K extends SettingsSectionKey> = z.output<(typeof SETTINGS_SECTIONS)[K]['values']>;
/** What the API answers for a section (values plus the fields the server computes). */
export type SectionView<K extends SettingsSectionKey> = z.output<(typeof SETTINGS_SECTIONS)[K]['view']>;
/** What a PUT of a section takes. */
export type SectionInput<K extends SettingsSectionKey> = z.input<(typeof SETTINGS_SECTIONS)[K]['input']>;

const ALIASES: ReadonlyMap<string, AnySectionKey> = new Map<string, AnySectionKey>([
  ...SETTINGS_SECTION_KEYS.flatMap((key) => [
    [key, key] as const,
    ...SETTINGS_SECTIONS[key].aliases.map((alias) => [alias, key] as const),
  ]),
  [SHOP_SECTION, SHOP_SECTION],
  ['shop', SHOP_SECTION],
]);

/** The canonical key of a section name (its key or one of the spec's other names), or null. */
export const sectionKeyOf = (name: string): AnySectionKey | null => ALIASES.get(name) ?? null;

/** Every name a section answers to (for the API's documentation). */
export const SECTION_NAMES = [...ALIASES.keys()];

/** The whole settings object: every section by its key, and the shop connection's public view. */
export const companySettingsSchema = z.object({
  ...(Object.fromEntries(SETTINGS_SECTION_KEYS.map((k) => [k, SETTINGS_SECTIONS[k].view])) as {
    [K in SettingsSectionKey]: (typeof SETTINGS_SECTIONS)[K]['view'];
  }),
  shop_system: shopSettingsSchema,
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** A PUT of the whole settings: any of the sections, each complete; the others stay as they are. */
export const companySettingsInputSchema = z
  .strictObject(
    Object.fromEntries(SETTINGS_SECTION_KEYS.map((k) => [k, SETTINGS_SECTIONS[k].input.optional()])) as {
      [K in SettingsSectionKey]: z.ZodOptional<(typeof SETTINGS_SECTIONS)[K]['input']>;
    },
  )
  .describe(
    'Any of the sections, each one complete (it replaces the stored section); sections left out stay as they are. shop_system is saved through its own route.',
  );
export type CompanySettingsInput = z.input<typeof companySettingsInputSchema>;

/** The answer of `POST .../settings/checkout_general/api-key`: the only time the key is shown. */
export const checkoutApiKeySchema = z.object({
  api_key: z.string().describe('The new API key. Shown this once: only its SHA-256 hash is stored.'),
  api_key_last4: z.string(),
});
export type CheckoutApiKey = z.infer<typeof checkoutApiKeySchema>;

export * from './feature-flags.ts';

/** A process reuses a company's settings this long before reading them again (spec 02 §9). */
export const SETTINGS_CACHE_MS = 60_000;
