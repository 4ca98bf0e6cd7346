import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ShippingConfig,
  shippingCountryInputSchema,
  shippingOptions,
  shippingRuleInputSchema,
} from './shipping.ts';

const method = (
  over: Partial<ShippingConfig['methods'][number]> = {},
): ShippingConfig['methods'][number] => ({
  id: 1,
  shipping_country_id: 10,
  name: 'Standard',
  carrier: 'Canada Post',
  price: 1500n,
  free_shipping_threshold: null,
  delivery_days_min: 3,
  delivery_days_max: 7,
  active: true,
  ...over,
});
const rule = (over: Partial<ShippingConfig['rules'][number]> = {}): ShippingConfig['rules'][number] => ({
  id: 100,
  name: 'Rule',
  shipping_method_id: null,
  action: 'block',
  basis: 'cart_value',
  bands: [],
  surcharge: null,
  countries: [],
  regions: [],
  product_ids: [],
  active: true,
  ...over,
});
const canada = (over: Partial<ShippingConfig> = {}): ShippingConfig => ({
  countries: [{ id: 10, country: 'ca', regions: null, active: true }],
  methods: [
    method(),
    method({ id: 2, name: 'Express', price: 2900n, delivery_days_min: 1, delivery_days_max: 2 }),
  ],
  rules: [],
  ...over,
});
const cart = (amount: bigint, product_id = 1, grams = 0) => ({ lines: [{ product_id, amount, grams }] });
const on = { country: 'CA', region: 'ON' };
const prices = (a: ReturnType<typeof shippingOptions>) =>
  a.shippable ? a.options.map((o) => [o.name, o.price]) : a.reason;

describe('shippingOptions', () => {
  it('lists the country methods and the global ones, cheapest first', () => {
    const config = canada({
      methods: [...canada().methods, method({ id: 3, shipping_country_id: null, name: 'Pickup', price: 0n })],
    });
    expect(prices(shippingOptions(config, cart(5000n), on))).toEqual([
      ['Pickup', 0n],
      ['Standard', 1500n],
      ['Express', 2900n],
    ]);
    expect(prices(shippingOptions(config, cart(5000n), { country: 'us', region: 'NY' }))).toBe(
      'country_not_served',
    );
  });

  it('is free from the threshold exactly, and not one cent below', () => {
    const config = canada({ methods: [method({ free_shipping_threshold: 15000n })] });
    expect(prices(shippingOptions(config, cart(15000n), on))).toEqual([['Standard', 0n]]);
    expect(prices(shippingOptions(config, cart(14999n), on))).toEqual([['Standard', 1500n]]);
  });

  it('prices a method by its rule: cart value bands or weight bands', () => {
    const byValue = rule({
      shipping_method_id: 1,
      action: 'price',
      bands: [
        { from: 0n, price: 1500n },
        { from: 5000n, price: 900n },
        { from: 10000n, price: 500n },
      ],
    });
    const config = canada({ methods: [method()], rules: [byValue] });
    expect(prices(shippingOptions(config, cart(4999n), on))).toEqual([['Standard', 1500n]]);
    expect(prices(shippingOptions(config, cart(5000n), on))).toEqual([['Standard', 900n]]);
    const byWeight = {
      ...byValue,
      basis: 'weight' as const,
      bands: [
        { from: 0n, price: 1000n },
        { from: 20000n, price: 4500n },
      ],
    };
    expect(
      prices(shippingOptions(canada({ methods: [method()], rules: [byWeight] }), cart(100n, 1, 25000), on)),
    ).toEqual([['Standard', 4500n]]);
  });

  it('limits a country to its regions, and a standalone rule blocks e-bikes to the territories', () => {
    const regions = canada({ countries: [{ id: 10, country: 'ca', regions: ['ON', 'QC'], active: true }] });
    expect(prices(shippingOptions(regions, cart(100n), { country: 'ca', region: 'BC' }))).toBe(
      'region_not_served',
    );
    expect(prices(shippingOptions(regions, cart(100n), { country: 'ca' }))).toBe('region_not_served');
    const block = rule({
      name: 'No e-bikes to the territories',
      regions: ['CA-NU', 'CA-NT', 'CA-YT'],
      product_ids: [7],
    });
    const config = canada({ rules: [block] });
    const nunavut = { country: 'ca', region: 'nu' };
    expect(shippingOptions(config, cart(100n, 7), nunavut)).toMatchObject({
      shippable: false,
      reason: 'blocked',
      rule: { id: 100 },
    });
    expect(prices(shippingOptions(config, cart(100n, 8), nunavut))).toHaveLength(2);
    expect(prices(shippingOptions(config, cart(100n, 7), on))).toHaveLength(2);
  });

  it('adds a surcharge, also to a free method', () => {
    const config = canada({
      methods: [method({ free_shipping_threshold: 1000n })],
      rules: [rule({ action: 'surcharge', surcharge: 2500n, regions: ['CA-YT'] })],
    });
    const answer = shippingOptions(config, cart(5000n), { country: 'ca', region: 'YT' });
    expect(answer).toMatchObject({
      shippable: true,
      options: [{ price: 2500n, free: true, surcharges: [{ amount: 2500n }] }],
    });
  });

  it('never answers a negative price, and a threshold never raises one', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        fc.bigInt({ min: 0n, max: 10n ** 9n }),
        (value, threshold) => {
          const a = shippingOptions(
            canada({ methods: [method({ free_shipping_threshold: threshold })] }),
            cart(value),
            on,
          );
          const b = shippingOptions(canada({ methods: [method()] }), cart(value), on);
          return (
            a.shippable &&
            b.shippable &&
            a.options[0]!.price >= 0n &&
            a.options[0]!.price <= b.options[0]!.price
          );
        },
      ),
    );
  });
});

describe('shipping input', () => {
  it('takes regions only for CA, US and AU, each from its list', () => {
    expect(shippingCountryInputSchema.safeParse({ country: 'ca', regions: ['on', 'QC'] }).success).toBe(true);
    const de = shippingCountryInputSchema.safeParse({ country: 'de', regions: ['BY'] });
    expect(de.success ? [] : de.error.issues.map((i) => i.path.join('.'))).toEqual(['regions']);
    const bad = shippingCountryInputSchema.safeParse({ country: 'ca', regions: ['ON', 'XX'] });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.path.join('.'))).toEqual(['regions.1']);
  });

  it('needs rising bands from 0 for a price rule and an amount for a surcharge', () => {
    const paths = (body: object) => {
      const r = shippingRuleInputSchema.safeParse(body);
      return r.success ? [] : r.error.issues.map((i) => i.path.join('.'));
    };
    expect(paths({ name: 'R', bands: [{ from: '10', price: '5' }] })).toEqual(['bands']);
    expect(
      paths({
        name: 'R',
        bands: [
          { from: '0', price: '5' },
          { from: '0', price: '4' },
        ],
      }),
    ).toEqual(['bands']);
    expect(paths({ name: 'R', action: 'surcharge' })).toEqual(['surcharge']);
    expect(paths({ name: 'R', action: 'block', regions: ['CA-NU'] })).toEqual([]);
  });
});
