/**
 * The shop connection form: its values, the domain's `shopSettingsInputSchema` applied to the input
 * they make (credentials only when typed: the stored ones stay otherwise), and that input.
 */
import {
  type ShopSettings,
  type ShopSettingsInput,
  SYNCABLE_SHOPS,
  shopSettingsInputSchema,
} from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { z } from 'zod';

export type ShopSystem = (typeof SYNCABLE_SHOPS)[number];

export const KEEP_CREDENTIALS = 'Stored encrypted; leave empty to keep';

export interface ShopFormValues {
  shop_system: ShopSystem;
  url: string;
  consumer_key: string;
  consumer_secret: string;
  access_token: string;
}

export const CREDENTIAL_FIELDS: Record<ShopSystem, (keyof ShopFormValues)[]> = {
  woocommerce: ['consumer_key', 'consumer_secret'],
  shopify: ['access_token'],
};

/** The form's values as the API's input; credentials only when typed (else the stored ones stay). */
export function toShopInput(values: ShopFormValues): ShopSettingsInput {
  const url = values.url.trim();
  if (values.shop_system === 'shopify') {
    return values.access_token.trim()
      ? { shop_system: 'shopify', url, credentials: { access_token: values.access_token } }
      : { shop_system: 'shopify', url };
  }
  return values.consumer_key.trim() || values.consumer_secret.trim()
    ? {
        shop_system: 'woocommerce',
        url,
        credentials: { consumer_key: values.consumer_key, consumer_secret: values.consumer_secret },
      }
    : { shop_system: 'woocommerce', url };
}

/**
 * The domain's `shopSettingsInputSchema` on the built input; its `credentials.x` errors go on field `x`.
 * Without stored credentials for the chosen shop, they are required.
 */
export const shopFormSchema = (settings: ShopSettings) =>
  z
    .object({
      shop_system: z.enum(SYNCABLE_SHOPS),
      url: z.string(),
      consumer_key: z.string(),
      consumer_secret: z.string(),
      access_token: z.string(),
    })
    .superRefine((values, ctx) => {
      const input = toShopInput(values);
      const parsed = shopSettingsInputSchema.safeParse(input);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = issue.path.at(-1);
          if (typeof field === 'string' && field in values) {
            ctx.addIssue({ code: 'custom', message: issue.message, path: [field] });
          }
        }
      }
      const stored = settings.has_credentials && settings.shop_system === values.shop_system;
      if (!stored && !('credentials' in input && input.credentials)) {
        for (const field of CREDENTIAL_FIELDS[values.shop_system]) {
          ctx.addIssue({ code: 'custom', message: MESSAGES.required, path: [field] });
        }
      }
    })
    .transform(toShopInput);

export const toShopValues = (s: ShopSettings): ShopFormValues => ({
  shop_system: s.shop_system === 'shopify' ? 'shopify' : 'woocommerce',
  url: s.url ?? '',
  consumer_key: '',
  consumer_secret: '',
  access_token: '',
});
