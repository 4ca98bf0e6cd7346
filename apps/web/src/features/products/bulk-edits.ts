/**
 * The bulk edits of the catalog as payloads: the changed rows of a product's variants table
 * (name, SKU, price, stock: `PUT products/variants`) and the buyout prices of the bulk editor (`PUT products`).
 */
import { bulkVariantsSchema, type Product, type Variant } from '@rentloop/domain/catalog';
import { z } from 'zod';
import { numberText, via, wholeNumberField } from '../../components/amounts.ts';
import { amountField, amountText, readAmount } from '../../components/money-input.ts';
import type { BuyoutChange, VariantChange } from './hooks.ts';

export interface VariantRowValues {
  name: string;
  sku: string;
  price: string;
  stock: string;
}
export interface VariantsFormValues {
  variants: VariantRowValues[];
}

const skuRule = bulkVariantsSchema.shape.variants.element.shape.sku.unwrap();
const nameRule = bulkVariantsSchema.shape.variants.element.shape.name.unwrap();
export const variantsFormSchema = (currency: string) =>
  z.object({
    variants: z.array(
      z.object({
        name: nameRule,
        sku: z
          .string()
          .transform((v) => (v.trim() === '' ? null : v))
          .transform(via(skuRule)),
        price: amountField(currency),
        stock: wholeNumberField(),
      }),
    ),
  });
export type VariantsFormOutput = z.output<ReturnType<typeof variantsFormSchema>>;

export const toVariantsValues = (variants: Variant[]): VariantsFormValues => ({
  variants: variants.map((v) => ({
    name: v.name,
    sku: v.sku ?? '',
    price: amountText(v.price),
    stock: numberText(v.stock),
  })),
});

/** The changed fields of each changed row, in row order. */
export function variantChanges(variants: Variant[], output: VariantsFormOutput): VariantChange[] {
  const changes: VariantChange[] = [];
  output.variants.forEach((row, i) => {
    const v = variants[i];
    if (!v) return;
    const change: VariantChange = { id: v.id };
    if (row.name !== v.name) change.name = row.name;
    if (row.sku !== v.sku) change.sku = row.sku;
    if (row.price !== v.price) change.price = row.price;
    if (row.stock !== v.stock) change.stock = row.stock;
    if (Object.keys(change).length > 1) changes.push(change);
  });
  return changes;
}

export interface BuyoutEdit {
  product: Product;
  text: string;
}

/** The edits as the payload of `PUT products`; `invalid` lists the products whose text is no amount. */
export function buyoutPayload(edits: Iterable<BuyoutEdit>, currency: string) {
  const products: BuyoutChange[] = [];
  const invalid: number[] = [];
  for (const { product, text } of edits) {
    const value = readAmount(text, currency);
    if (value === undefined) invalid.push(product.id);
    else products.push({ id: product.id, buyout_price: value });
  }
  return { products, invalid };
}
