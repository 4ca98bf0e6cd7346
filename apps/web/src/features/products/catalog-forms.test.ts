import type { Product, ProductDetail, Variant } from '@rentloop/domain/catalog';
import { SHOP_URL_SCHEME } from '@rentloop/domain/companies';
import { MESSAGES } from '@rentloop/domain/messages';
import { describe, expect, it } from 'vitest';
import { percentField, wholeNumberField } from '../../components/amounts.ts';
import { formatOptions } from '../../components/catalog-labels.ts';
import { formatPercent, percentText } from '../../components/percent-text.ts';
import { buyoutPayload, toVariantsValues, variantChanges, variantsFormSchema } from './bulk-edits.ts';
import { errorsByItem } from './item-errors.ts';
import {
  htmlToText,
  OPTIONS_FORMAT,
  parseOptions,
  pricingLine,
  productCreateFormSchema,
  productEditFormSchema,
  toFormValues,
  toUpdatePayload,
} from './product-form.ts';
import { shopFormSchema, toShopInput } from './shop-form.ts';
import { taxRuleFormSchema } from './tax-form.ts';

const messagesOf = (result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) => Object.fromEntries((result.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const product = (over: Partial<ProductDetail> = {}): ProductDetail => ({
  id: 7,
  company_id: 1,
  source: 'manual',
  shop_id: null,
  name: 'Road bike',
  description: null,
  type: 'normal',
  status: 'active',
  product_class: 'standard',
  image_url: null,
  currency: 'CAD',
  rental_prices: { monthly: '49.00', quarterly: null, annually: '499.00' },
  minimum_term_months: 3,
  buyout_price: '900.00',
  deposit: null,
  purchase_price: null,
  variants_count: 0,
  stock_total: null,
  collections: [{ id: 4, name: 'Bikes' }],
  archived_at: null,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  variants: [],
  bundles: [],
  delete_refused: null,
  ...over,
});

const variant = (id: number, over: Partial<Variant> = {}): Variant => ({
  id,
  product_id: 7,
  product_name: 'Road bike',
  shop_id: null,
  sku: `RB-${id}`,
  name: `Size ${id}`,
  options: { Size: String(id) },
  price: '49.00',
  stock: 3,
  created_at: '2026-01-01T00:00:00Z',
  updated_at: '2026-01-01T00:00:00Z',
  ...over,
});

describe('amounts', () => {
  it('reads percentages with the domain rule and "Maximum of 100%."', () => {
    expect(percentField.parse('13')).toBe('13');
    expect(percentField.parse('9.98 %')).toBe('9.98');
    expect(messagesOf(percentField.safeParse('150'))).toEqual({ '': MESSAGES.maxHundredPercent });
    expect(messagesOf(percentField.safeParse('abc'))).toEqual({ '': MESSAGES.onlyNumbers });
    expect(messagesOf(percentField.safeParse('-1'))).toEqual({ '': MESSAGES.onlyZeroOrPositive });
    expect(messagesOf(percentField.safeParse(''))).toEqual({ '': MESSAGES.required });
    // Quebec: QST 9.975 %, GST + QST 14.975 %; a fifth decimal is refused.
    expect(percentField.parse('9.975')).toBe('9.975');
    expect(percentField.parse('14.975 %')).toBe('14.975');
    expect(messagesOf(percentField.safeParse('9.97501'))).toEqual({ '': MESSAGES.percentInvalid });
    expect(formatPercent('13.00')).toBe('13 %');
    expect(formatPercent('14.975')).toBe('14.975 %');
    expect(formatPercent('9.9750')).toBe('9.975 %');
    expect(percentText('9.50')).toBe('9.5');
  });

  it('reads whole numbers with the generic messages', () => {
    expect(wholeNumberField().parse('12')).toBe(12);
    expect(wholeNumberField().parse('')).toBeNull();
    expect(messagesOf(wholeNumberField().safeParse('1.5'))).toEqual({ '': MESSAGES.decimalsDisallowed });
    expect(messagesOf(wholeNumberField().safeParse('-2'))).toEqual({ '': MESSAGES.onlyZeroOrPositive });
    expect(messagesOf(wholeNumberField().safeParse('ten'))).toEqual({ '': MESSAGES.onlyNumbers });
    expect(messagesOf(wholeNumberField({ min: 1 }).safeParse('0'))).toEqual({ '': MESSAGES.onlyPositive });
  });
});

describe('product form', () => {
  it('reads and writes variant options', () => {
    expect(parseOptions('Color: Red, Size : M')).toEqual({ Color: 'Red', Size: 'M' });
    expect(parseOptions('')).toEqual({});
    expect(parseOptions('Red')).toBeUndefined();
    expect(formatOptions({ Color: 'Red', Size: 'M' })).toBe('Color: Red, Size: M');
  });

  it('turns the create form into the API payload', () => {
    const values = {
      ...toFormValues(),
      name: ' Camera ',
      rental_prices: { monthly: '1,200', quarterly: '', annually: '$12000.5' },
      minimum_term_months: '6',
      collection_ids: [4],
      variants: [
        { sku: 'CAM-1', name: 'Body', options: 'Mount: E', price: '999.99', stock: '2' },
        { sku: '', name: 'Kit', options: '', price: '', stock: '' },
      ],
    };
    expect(productCreateFormSchema('CAD').parse(values)).toEqual({
      name: 'Camera',
      description: null,
      type: 'normal',
      status: 'active',
      image_url: null,
      rental_prices: { monthly: '1200.00', quarterly: null, annually: '12000.50' },
      minimum_term_months: 6,
      buyout_price: null,
      deposit: null,
      purchase_price: null,
      product_class: 'standard',
      collection_ids: [4],
      variants: [
        { sku: 'CAM-1', name: 'Body', options: { Mount: 'E' }, price: '999.99', stock: 2 },
        { sku: null, name: 'Kit', options: {}, price: null, stock: null },
      ],
    });
  });

  it('puts the problems on their fields', () => {
    const values = {
      ...toFormValues(),
      name: '',
      buyout_price: 'twelve',
      variants: [{ sku: '', name: '', options: 'Red', price: '1.234', stock: '-1' }],
    };
    expect(messagesOf(productCreateFormSchema('CAD').safeParse(values))).toEqual({
      name: MESSAGES.required,
      buyout_price: MESSAGES.amountInvalid,
      'variants.0.name': MESSAGES.required,
      'variants.0.options': OPTIONS_FORMAT,
      'variants.0.price': MESSAGES.amountInvalid,
      'variants.0.stock': MESSAGES.onlyZeroOrPositive,
    });
    expect(
      messagesOf(productCreateFormSchema('CAD').safeParse({ ...toFormValues(), name: 'x', variants: [] })),
    ).toEqual({
      variants: 'A product needs at least one variant.',
    });
  });

  it('shows a shop’s HTML description as text', () => {
    expect(htmlToText('<p>Rent the <b>bike</b> &amp; helmet.</p>\n<p>Monthly.</p>')).toBe(
      'Rent the bike & helmet. Monthly.',
    );
    expect(toFormValues(product({ source: 'shopify', description: '<p>A&nbsp;tent</p>' })).description).toBe(
      'A tent',
    );
    expect(toFormValues(product({ description: 'Typed <by hand>' })).description).toBe('Typed <by hand>');
  });

  it('sends only Rentloop’s fields for a product from a shop', () => {
    const synced = product({ source: 'woocommerce', shop_id: '12' });
    const output = productEditFormSchema('CAD').parse(toFormValues(synced));
    const payload = toUpdatePayload(output, synced);
    expect(Object.keys(payload).sort()).toEqual([
      'buyout_price',
      'collection_ids',
      'deposit',
      'minimum_term_months',
      'product_class',
      'purchase_price',
      'rental_prices',
    ]);
    expect(payload.rental_prices).toEqual({ monthly: '49.00', quarterly: null, annually: '499.00' });
    expect(toUpdatePayload(output, product())).toMatchObject({ name: 'Road bike', status: 'active' });
  });
});

describe('bulk edits', () => {
  it('sends only the changed fields of changed variants', () => {
    const variants = [variant(1), variant(2), variant(3, { price: null, stock: null })];
    const values = toVariantsValues(variants);
    values.variants[0] = { ...values.variants[0]!, stock: '5' };
    values.variants[1] = { ...values.variants[1]!, name: 'Renamed' };
    values.variants[2] = { name: values.variants[2]!.name, sku: '', price: '10', stock: '' };
    const output = variantsFormSchema('CAD').parse(values);
    expect(variantChanges(variants, output)).toEqual([
      { id: 1, stock: 5 },
      { id: 2, name: 'Renamed' },
      { id: 3, sku: null, price: '10.00' },
    ]);
  });

  it('explains a variant’s price beside the product’s rent', () => {
    const fmt = (a: string | null) => `${a} CAD`;
    expect(
      pricingLine(
        '1299.00',
        { rental_prices: { monthly: '49.00', quarterly: null, annually: '499.00' } },
        fmt,
      ),
    ).toBe('Price: 1299.00 CAD (purchase) · Rent: 49.00 CAD / month, 499.00 CAD / year');
    expect(
      pricingLine(null, { rental_prices: { monthly: null, quarterly: null, annually: null } }, fmt),
    ).toBe('Price: not set · Rent: not set');
  });

  it('makes the buyout payload and names the fields that are not amounts', () => {
    const p = (id: number) => ({ id, name: `P${id}` }) as Product;
    expect(
      buyoutPayload(
        [
          { product: p(1), text: '1,000' },
          { product: p(2), text: '' },
          { product: p(3), text: 'abc' },
        ],
        'CAD',
      ),
    ).toEqual({
      products: [
        { id: 1, buyout_price: '1000.00' },
        { id: 2, buyout_price: null },
      ],
      invalid: [3],
    });
  });

  it('puts a 422 on the item it names by its place in the payload', () => {
    const { byKey, other } = errorsByItem(
      {
        'products.1.buyout_price': ['Must be an amount in CAD (at most its number of decimals).'],
        'products.0.id': ['No such product.'],
        'products.9.id': ['Out of range.'],
        products: ['Too many.'],
      },
      'products',
      [11, 22],
    );
    expect(byKey.get(22)).toEqual({
      buyout_price: 'Must be an amount in CAD (at most its number of decimals).',
    });
    expect(byKey.get(11)).toEqual({ id: 'No such product.' });
    expect(other).toEqual(['Out of range.', 'Too many.']);
  });
});

describe('tax rule form', () => {
  it('reads a rule with the domain schema', () => {
    expect(
      taxRuleFormSchema.parse({
        name: '',
        country: 'CA',
        region: 'on',
        product_class: 'standard',
        percentage: '13',
      }),
    ).toEqual({ name: null, country: 'ca', region: 'ON', product_class: 'standard', percentage: '13' });
    expect(
      messagesOf(
        taxRuleFormSchema.safeParse({
          name: '',
          country: '',
          region: '',
          product_class: 'zero',
          percentage: '101',
        }),
      ),
    ).toEqual({ country: MESSAGES.countryCodeFormat, percentage: MESSAGES.maxHundredPercent });
  });

  it('refuses an unknown country and a region that is not one of the country’s', () => {
    const rule = (country: string, region: string) =>
      messagesOf(
        taxRuleFormSchema.safeParse({
          name: '',
          country,
          region,
          product_class: 'standard',
          percentage: '5',
        }),
      );
    expect(rule('zz', '')).toEqual({ country: MESSAGES.countryUnknown });
    expect(rule('ca', 'XX')).toEqual({ region: MESSAGES.regionUnknown });
    expect(rule('ca', 'qc')).toEqual({});
    expect(rule('de', 'BY')).toEqual({});
  });
});

describe('shop connection form', () => {
  const stored = {
    shop_system: 'woocommerce' as const,
    url: 'https://shop.test',
    has_credentials: true,
    syncable: true,
  };
  const none = { shop_system: null, url: null, has_credentials: false, syncable: false };
  const values = {
    shop_system: 'woocommerce' as const,
    url: 'https://shop.test/',
    consumer_key: '',
    consumer_secret: '',
    access_token: '',
  };

  it('keeps the stored credentials when the fields stay empty', () => {
    expect(toShopInput(values)).toEqual({ shop_system: 'woocommerce', url: 'https://shop.test/' });
    expect(shopFormSchema(stored).parse(values)).toEqual({
      shop_system: 'woocommerce',
      url: 'https://shop.test/',
    });
  });

  it('needs credentials when none are stored for that shop', () => {
    expect(messagesOf(shopFormSchema(none).safeParse(values))).toEqual({
      consumer_key: MESSAGES.required,
      consumer_secret: MESSAGES.required,
    });
    expect(messagesOf(shopFormSchema(stored).safeParse({ ...values, shop_system: 'shopify' }))).toEqual({
      access_token: MESSAGES.required,
    });
  });

  it('checks the address and sends typed credentials', () => {
    expect(messagesOf(shopFormSchema(stored).safeParse({ ...values, url: 'shop' }))).toEqual({
      url: MESSAGES.validUrl,
    });
    expect(messagesOf(shopFormSchema(stored).safeParse({ ...values, url: 'ftp://shop.test/' }))).toEqual({
      url: SHOP_URL_SCHEME,
    });
    expect(shopFormSchema(none).parse({ ...values, consumer_key: 'ck_1', consumer_secret: 'cs_1' })).toEqual({
      shop_system: 'woocommerce',
      url: 'https://shop.test/',
      credentials: { consumer_key: 'ck_1', consumer_secret: 'cs_1' },
    });
  });
});
