/**
 * The product form: its values (text as typed), the schema that reads them for the company currency,
 * and the payloads of `POST products` and `PUT products/{id}`. Field rules come from the domain's
 * `productCreateSchema` / `productUpdateSchema`; amounts and whole numbers are read by amounts.ts.
 */
import {
  PRODUCT_CLASSES,
  type Product,
  type ProductDetail,
  productCreateSchema,
  productUpdateSchema,
  variantInputSchema,
} from '@rentloop/domain/catalog';
import { PRODUCT_TYPES } from '@rentloop/domain/enums';
import { z } from 'zod';
import { numberText, via, wholeNumberField } from '../../components/amounts.ts';
import { amountField, amountText } from '../../components/money-input.ts';

/** Statuses a person can set (a synced product can also be `deleted_in_shop`). */
export const EDITABLE_STATUSES = ['active', 'draft', 'archived'] as const;
/** The billing intervals in the order a merchant reads them. */
export const INTERVALS = ['monthly', 'quarterly', 'annually'] as const;
/** The rent of each billing interval, as a label. */
export const RENT_LABELS: Record<(typeof INTERVALS)[number], string> = {
  monthly: 'Monthly rent',
  quarterly: 'Quarterly rent',
  annually: 'Annual rent',
};

/** What a variant's price is, beside the product's rent (the two are easy to confuse). */
export const VARIANT_PRICE_HELP =
  'What a customer pays to buy this variant outright (the shop’s price). Rent is set on the product, per billing period, and is the same for every variant.';

/** The rent of each billing interval, per period, for the pricing line. */
const RENT_PERIODS: Record<(typeof INTERVALS)[number], string> = {
  monthly: 'month',
  quarterly: 'quarter',
  annually: 'year',
};

/**
 * A variant's price explained next to the product's rent:
 * "Price: CA$1,299.00 (purchase) · Rent: CA$49.00 / month".
 */
export function pricingLine(
  price: string | null,
  product: { rental_prices: Record<(typeof INTERVALS)[number], string | null> },
  format: (amount: string | null) => string,
): string {
  const rents = INTERVALS.filter((i) => product.rental_prices[i] !== null).map(
    (i) => `${format(product.rental_prices[i])} / ${RENT_PERIODS[i]}`,
  );
  return `Price: ${price === null ? 'not set' : `${format(price)} (purchase)`} · Rent: ${
    rents.length ? rents.join(', ') : 'not set'
  }`;
}

export const OPTIONS_FORMAT = 'Write options as name: value, separated by commas.';

/** "Color: Red, Size: M" -> { Color: 'Red', Size: 'M' }; undefined when a part has no name. */
export function parseOptions(text: string): Record<string, string> | undefined {
  const options: Record<string, string> = {};
  for (const part of text.split(',')) {
    if (part.trim() === '') continue;
    const colon = part.indexOf(':');
    if (colon < 0) return undefined;
    const name = part.slice(0, colon).trim();
    const value = part.slice(colon + 1).trim();
    if (name === '') return undefined;
    options[name] = value;
  }
  return options;
}

/** { Color: 'Red', Size: 'M' } -> "Color: Red, Size: M". */

const optionsField = z
  .string()
  .transform((text, ctx) => {
    const options = parseOptions(text);
    if (!options) {
      ctx.addIssue({ code: 'custom', message: OPTIONS_FORMAT });
      return z.NEVER;
    }
    return options;
  })
  .transform(via(variantInputSchema.shape.options));

/** Empty text as null, then the domain's rule for the field. */
const optionalText = <O>(rule: z.ZodType<O>) =>
  z
    .string()
    .transform((v) => (v.trim() === '' ? null : v))
    .transform(via(rule));

export interface VariantFormValues {
  sku: string;
  name: string;
  options: string;
  price: string;
  stock: string;
}

export interface ProductFormValues {
  name: string;
  description: string;
  type: (typeof PRODUCT_TYPES)[number];
  status: (typeof EDITABLE_STATUSES)[number];
  image_url: string;
  rental_prices: Record<(typeof INTERVALS)[number], string>;
  minimum_term_months: string;
  buyout_price: string;
  deposit: string;
  purchase_price: string;
  product_class: (typeof PRODUCT_CLASSES)[number];
  collection_ids: number[];
  variants: VariantFormValues[];
}

export const emptyVariant = (): VariantFormValues => ({
  sku: '',
  name: '',
  options: '',
  price: '',
  stock: '',
});

const rentalShape = (currency: string) => ({
  rental_prices: z.object({
    monthly: amountField(currency),
    quarterly: amountField(currency),
    annually: amountField(currency),
  }),
  minimum_term_months: wholeNumberField().transform(via(productCreateSchema.shape.minimum_term_months)),
  buyout_price: amountField(currency),
  deposit: amountField(currency),
  purchase_price: amountField(currency),
  product_class: z.enum(PRODUCT_CLASSES),
  collection_ids: z.array(z.number().int().positive()).max(100),
});

const ownShape = {
  name: productCreateSchema.shape.name,
  description: optionalText(productUpdateSchema.shape.description.unwrap()),
  type: z.enum(PRODUCT_TYPES),
  status: z.enum(EDITABLE_STATUSES),
  image_url: optionalText(productUpdateSchema.shape.image_url.unwrap()),
};

export const variantFormSchema = (currency: string) =>
  z.object({
    sku: optionalText(variantInputSchema.shape.sku.unwrap()),
    name: variantInputSchema.shape.name,
    options: optionsField,
    price: amountField(currency),
    stock: wholeNumberField().transform(via(variantInputSchema.shape.stock.unwrap())),
  });

/** The create form: every field, with at least one variant. */
export const productCreateFormSchema = (currency: string) =>
  z.object({
    ...ownShape,
    ...rentalShape(currency),
    variants: z.array(variantFormSchema(currency)).min(1, 'A product needs at least one variant.').max(200),
  });

/** The edit form: the product's fields without its variants (they are edited in the variants table). */
export const productEditFormSchema = (currency: string) =>
  z.object({ ...ownShape, ...rentalShape(currency) });

export type ProductCreateOutput = z.output<ReturnType<typeof productCreateFormSchema>>;
export type ProductEditOutput = z.output<ReturnType<typeof productEditFormSchema>>;
export type ProductCreatePayload = z.input<typeof productCreateSchema>;
export type ProductUpdatePayload = z.input<typeof productUpdateSchema>;

export function toFormValues(product?: Product): ProductFormValues {
  return {
    name: product?.name ?? '',
    // A shop's description is HTML; the form shows it (read-only) as text.
    description:
      (product && isFromShop(product) ? htmlToText(product.description) : product?.description) ?? '',
    type: product?.type ?? 'normal',
    status: product && product.status !== 'deleted_in_shop' ? product.status : 'active',
    image_url: product?.image_url ?? '',
    rental_prices: {
      monthly: amountText(product?.rental_prices.monthly),
      quarterly: amountText(product?.rental_prices.quarterly),
      annually: amountText(product?.rental_prices.annually),
    },
    minimum_term_months: numberText(product?.minimum_term_months),
    buyout_price: amountText(product?.buyout_price),
    deposit: amountText(product?.deposit),
    purchase_price: amountText(product?.purchase_price),
    product_class: product?.product_class ?? 'standard',
    collection_ids: product?.collections.map((c) => c.id) ?? [],
    variants: [emptyVariant()],
  };
}

export function toCreatePayload(values: ProductCreateOutput): ProductCreatePayload {
  return values;
}

/**
 * The update of a product. A product synced from a shop sends only Rentloop's fields: the shop owns
 * name, description, type, status and image (a sync would overwrite them).
 */
export function toUpdatePayload(values: ProductEditOutput, product: ProductDetail): ProductUpdatePayload {
  const { name, description, type, status, image_url, ...rental } = values;
  return isFromShop(product) ? rental : { name, description, type, status, image_url, ...rental };
}

export const isFromShop = (product: Pick<Product, 'source'>) => product.source !== 'manual';

/** The text of a shop's HTML description, for showing it (never rendered as HTML). */
export const htmlToText = (html: string | null) =>
  html === null
    ? null
    : html
        .replace(/<[^>]*>/g, ' ')
        .replace(/&nbsp;/g, ' ')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#0?39;/g, "'")
        .replace(/\s+/g, ' ')
        .trim();

/** The fields a synced product takes from its shop. */
export const SHOP_FIELDS = ['name', 'description', 'type', 'status', 'image_url'] as const;
