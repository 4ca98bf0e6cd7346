/**
 * A deterministic test catalog, the same for every run, that the fake shops render in their own
 * wire format. Product `key` n (1-based) follows fixed rules, so a test can predict the mapping:
 *   variable (with 2-4 variants) when n % 4 === 0, with one option (Color) when n % 8 === 4;
 *   consumable when n % 10 === 5, else digital when n % 9 === 0, else normal;
 *   draft when n % 17 === 0, archived when n % 29 === 0, else active;
 *   stock not tracked when n % 5 === 0; no image when n % 6 === 0; no SKU when n % 23 === 0;
 *   key 7 costs "19.995" (three decimals), key 11 has no price.
 * A test mutates it between syncs (`deleteProduct`, `restoreProduct`, `removeVariant`, `setPrice`).
 * Its prices are in `currency` (EUR unless the constructor says otherwise; a test may change it),
 * which the fake shops report as the store's currency.
 */

export type FakeKind = 'normal' | 'digital' | 'consumable';
export type FakeStatus = 'active' | 'draft' | 'archived';

export interface FakeVariant {
  /** 0-based position within the product. */
  index: number;
  sku: string | null;
  /** Option name and value pairs, in order (empty for a simple product). */
  options: [string, string][];
  /** Decimal string, or '' for no price. */
  price: string;
  stock: number | null;
}

export interface FakeProduct {
  key: number;
  name: string;
  description: string;
  status: FakeStatus;
  kind: FakeKind;
  variable: boolean;
  image: string | null;
  tracked: boolean;
  /** A simple product has exactly one, which carries its SKU, price and stock. */
  variants: FakeVariant[];
}

const ADJECTIVES = ['Compact', 'Deluxe', 'Electric', 'Folding', 'Heavy', 'Light', 'Pro', 'Smart', 'Urban'];
const NOUNS = [
  'Bike',
  'Camera',
  'Drill',
  'Kayak',
  'Ladder',
  'Mixer',
  'Projector',
  'Scooter',
  'Speaker',
  'Tent',
];
const COMBOS: [string, string][] = [
  ['Red', 'S'],
  ['Red', 'M'],
  ['Blue', 'S'],
  ['Blue', 'M'],
];
const COLORS = ['Red', 'Blue', 'Green', 'Black'];

const basePrice = (n: number) => {
  if (n === 7) return '19.995';
  if (n === 11) return '';
  return `${10 + ((n * 37) % 490)}.${String((n * 13) % 100).padStart(2, '0')}`;
};

/** A price plus whole units ("19.99" + 5 -> "24.99"); '' stays ''. */
const plus = (price: string, units: number) => {
  if (price === '' || units === 0) return price;
  const [int = '0', frac] = price.split('.');
  return frac === undefined ? String(Number(int) + units) : `${Number(int) + units}.${frac}`;
};

export function fakeProduct(n: number): FakeProduct {
  const name = `${ADJECTIVES[n % ADJECTIVES.length]} ${NOUNS[n % NOUNS.length]} ${n}`;
  const variable = n % 4 === 0;
  const tracked = n % 5 !== 0;
  const sku = n % 23 === 0 ? null : `SKU-${n}`;
  const price = basePrice(n);
  let variants: FakeVariant[];
  if (!variable) {
    variants = [{ index: 0, sku, options: [], price, stock: tracked ? (n * 7) % 40 : null }];
  } else if (n % 8 === 4) {
    variants = COLORS.slice(0, 2 + (n % 3)).map((color, index) => ({
      index,
      sku: sku && `${sku}-${color}`,
      options: [['Color', color]],
      price: plus(price, index * 5),
      stock: tracked ? (n + index * 3) % 25 : null,
    }));
  } else {
    variants = COMBOS.slice(0, 2 + (n % 3)).map(([color, size], index) => ({
      index,
      sku: sku && `${sku}-${color}-${size}`,
      options: [
        ['Color', color],
        ['Size', size],
      ],
      price: plus(price, index * 5),
      stock: tracked ? (n + index * 3) % 25 : null,
    }));
  }
  return {
    key: n,
    name,
    description: n % 19 === 0 ? '' : `<p>Rent the ${name.toLowerCase()} by the month.</p>`,
    status: n % 17 === 0 ? 'draft' : n % 29 === 0 ? 'archived' : 'active',
    kind: n % 10 === 5 ? 'consumable' : n % 9 === 0 ? 'digital' : 'normal',
    variable,
    image: n % 6 === 0 ? null : `https://cdn.example.test/products/${n}.jpg`,
    tracked,
    variants,
  };
}

export class FakeCatalog {
  private readonly byKey = new Map<number, FakeProduct>();
  private readonly removed = new Map<number, FakeProduct>();

  /** The ISO 4217 code of the shop's currency ("EUR"). */
  currency: string;

  constructor(count: number, options: { currency?: string } = {}) {
    this.currency = options.currency ?? 'EUR';
    for (let n = 1; n <= count; n++) this.byKey.set(n, fakeProduct(n));
  }

  /** The products in the shop, by key ascending. */
  get products(): FakeProduct[] {
    return [...this.byKey.values()].sort((a, b) => a.key - b.key);
  }

  get size(): number {
    return this.byKey.size;
  }

  /** Variants over all products. */
  get variantCount(): number {
    return this.products.reduce((sum, p) => sum + p.variants.length, 0);
  }

  get(key: number): FakeProduct {
    const p = this.byKey.get(key);
    if (!p) throw new Error(`No product ${key} in the fake catalog`);
    return p;
  }

  has(key: number): boolean {
    return this.byKey.has(key);
  }

  deleteProduct(key: number): void {
    this.removed.set(key, this.get(key));
    this.byKey.delete(key);
  }

  restoreProduct(key: number): void {
    const p = this.removed.get(key);
    if (!p) throw new Error(`Product ${key} was not deleted`);
    this.byKey.set(key, p);
    this.removed.delete(key);
  }

  /** Removes one variant of a variable product (the others keep their ids). */
  removeVariant(key: number, variantIndex: number): void {
    const p = this.get(key);
    if (!p.variable) throw new Error(`Product ${key} is not variable`);
    p.variants = p.variants.filter((v) => v.index !== variantIndex);
  }

  setPrice(key: number, variantIndex: number, price: string): void {
    const v = this.get(key).variants.find((x) => x.index === variantIndex);
    if (!v) throw new Error(`Product ${key} has no variant ${variantIndex}`);
    v.price = price;
  }
}
