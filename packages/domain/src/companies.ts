import { z } from 'zod';
import { safeText, updateSchemaOf } from './api.ts';
import { companyFlagsSchema, companyRoleSchema } from './roles.ts';

export const SHOP_SYSTEMS = [
  'magento',
  'saleor',
  'shopify',
  'shopware5',
  'shopware6',
  'woocommerce',
] as const;
export const PAYMENT_SYSTEMS = [
  'adyen',
  'braintree',
  'mollie',
  'offlinegateway',
  'payone',
  'paypal',
  'stripe',
] as const;
export const CURRENCIES = [
  'AUD',
  'CAD',
  'CHF',
  'DKK',
  'EUR',
  'GBP',
  'NOK',
  'QAR',
  'SEK',
  'USD',
  'ZAR',
] as const;

export const companySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  shop_system: z.enum(SHOP_SYSTEMS).nullable(),
  payment_system: z.enum(PAYMENT_SYSTEMS).nullable(),
  currency: z.enum(CURRENCIES),
  /** A test company (an operator's sandbox, the demo companies): its business clock can be moved. */
  is_test: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Company = z.infer<typeof companySchema>;

/** A company as seen by the signed-in user: with the user's role there and the access flags. */
export const userCompanySchema = companySchema
  .extend({ role: companyRoleSchema.nullable() })
  .merge(companyFlagsSchema);
export type UserCompany = z.infer<typeof userCompanySchema>;

/** Creating a company (operators): the spec names `name`; the rest have defaults. */
export const companyCreateSchema = z.object({
  name: safeText().trim().min(1, 'Required field.').max(200),
  currency: z.enum(CURRENCIES).default('EUR'),
  shop_system: z.enum(SHOP_SYSTEMS).nullable().default(null),
  payment_system: z.enum(PAYMENT_SYSTEMS).nullable().default(null),
  /** Operators only; a company with orders never becomes a test company. */
  is_test: z.boolean().default(false),
});
export const companyUpdateSchema = updateSchemaOf(companyCreateSchema);

/** Shops whose catalog Rentloop can sync today. */
export const SYNCABLE_SHOPS = ['woocommerce', 'shopify'] as const;

/** A shop address must be a web address; the server also requires https (see `SHOP_URL_HTTPS`). */
export const SHOP_URL_SCHEME = 'Must start with https://.';
/** The server's answer to http:// for a shop on the public internet (credentials would travel in clear). */
export const SHOP_URL_HTTPS =
  'Must start with https://: the shop’s API credentials are sent with every request and must be encrypted.';
/** With ALLOW_PRIVATE_SHOP_URLS, http:// stays refused for a public host. */
export const SHOP_URL_HTTPS_PUBLIC =
  'Must start with https://: plain http:// is allowed only for a shop on a private network.';

const isUrl = (u: string) => {
  try {
    new URL(u);
    return true;
  } catch {
    return false;
  }
};

const shopUrl = () =>
  safeText()
    .trim()
    .url('Must be a valid url.')
    .max(500)
    .refine((u) => !isUrl(u) || /^https?:\/\//i.test(u), SHOP_URL_SCHEME);

/** The `shop_system` settings section as written: credentials are kept encrypted and never read back. */
export const shopSettingsInputSchema = z.discriminatedUnion('shop_system', [
  z.object({
    shop_system: z.literal('woocommerce'),
    url: shopUrl(),
    credentials: z
      .object({
        consumer_key: safeText().trim().min(1, 'Required field.').max(200),
        consumer_secret: safeText().trim().min(1, 'Required field.').max(200),
      })
      .optional(),
  }),
  z.object({
    shop_system: z.literal('shopify'),
    url: shopUrl(),
    credentials: z.object({ access_token: safeText().trim().min(1, 'Required field.').max(200) }).optional(),
  }),
  z.object({ shop_system: z.null() }),
]);
export type ShopSettingsInput = z.infer<typeof shopSettingsInputSchema>;

export const shopSettingsSchema = z.object({
  shop_system: z.enum(SHOP_SYSTEMS).nullable(),
  url: z.string().nullable(),
  has_credentials: z.boolean(),
  syncable: z.boolean(),
});
export type ShopSettings = z.infer<typeof shopSettingsSchema>;
