/**
 * The catalog of the bench's companies: 50,000 products with 200,000 variants in the big company,
 * 500 products with 1,998 variants in each of the others, all as a WooCommerce sync leaves them
 * (source, shop ids, rental prices in minor units), two in three products in one of 20 collections.
 *
 * Product names are "<brand> <kind> <model>", the brand drawn from a pool of 100, so one brand
 * ("Makita", PRODUCT_SEARCH) is in about 1% of products; variant names start with their product's
 * name ("Makita Cordless Drill X120 - Red / M", as WooCommerce names variations), so the same term
 * finds about 1% of variants. Variants per product cycle through 1, 7, 4, 2, 6, 3, 5, 4 (4 on average).
 *
 * Inserted in bulk (INSERT ... SELECT FROM jsonb_to_recordset), each round a batch of the big
 * company's products and a slice of every other company's, then their variants (joined to their
 * product by shop id), so the companies' ids mix as in a real database. The count triggers of
 * migration 0010 keep entity_counts on the way.
 */
import type { SqlExecutor } from '../apps/api/src/db/client.ts';
import { prng } from '../apps/api/src/seed/demo-customers.ts';

export const BIG_COMPANY_PRODUCTS = 50_000;
export const SMALL_COMPANY_PRODUCTS = 500;
const VARIANTS_CYCLE = [1, 7, 4, 2, 6, 3, 5, 4] as const;
const variantsOf = (i: number) => VARIANTS_CYCLE[i % VARIANTS_CYCLE.length] ?? 4;
const variantsFor = (products: number) => {
  let n = 0;
  for (let i = 0; i < products; i++) n += variantsOf(i);
  return n;
};
export const BIG_COMPANY_VARIANTS = variantsFor(BIG_COMPANY_PRODUCTS); // 200,000
export const SMALL_COMPANY_VARIANTS = variantsFor(SMALL_COMPANY_PRODUCTS); // 1,998
/** The term searched for in products and variants: a brand in about 1% of them. */
export const PRODUCT_SEARCH = 'makita';
const COLLECTIONS = 20;
const BATCH = 5_000;

// 100 brands: 99 made-up ones (none contains "makita") and Makita.
const BRANDS = [
  'Makita',
  ...['Al', 'Bo', 'Cor', 'Dex', 'El', 'Fen', 'Gra', 'Hal', 'Ix', 'Jun']
    .flatMap((a) => ['ar', 'bix', 'con', 'dra', 'evo', 'fy', 'gen', 'hold', 'ion', 'lux'].map((b) => a + b))
    .slice(1),
];
const KINDS = [
  ['Cordless Drill', 'normal'],
  ['Impact Driver', 'normal'],
  ['Circular Saw', 'normal'],
  ['Pressure Washer', 'normal'],
  ['Lawn Mower', 'normal'],
  ['E-Bike', 'normal'],
  ['Cargo Bike', 'normal'],
  ['Road Bike', 'normal'],
  ['Laptop', 'normal'],
  ['Tablet', 'normal'],
  ['Smartphone', 'normal'],
  ['Monitor', 'normal'],
  ['Espresso Machine', 'normal'],
  ['Washing Machine', 'normal'],
  ['Office Chair', 'normal'],
  ['Standing Desk', 'normal'],
  ['Camera', 'normal'],
  ['Drone', 'normal'],
  ['Projector', 'normal'],
  ['Stroller', 'normal'],
  ['Cleaning Kit', 'consumable'],
  ['Filter Pack', 'consumable'],
  ['Extended Warranty', 'digital'],
  ['Software Licence', 'digital'],
] as const;
const COLORS = ['Black', 'White', 'Red', 'Blue', 'Green', 'Grey', 'Silver'];
const SIZES = ['XS', 'S', 'M', 'L', 'XL', '128 GB', '256 GB', '18 V', '36 V'];
const STATUSES = ['active', 'active', 'active', 'active', 'active', 'active', 'draft', 'archived'] as const;

interface ProductRow {
  shop_id: string;
  name: string;
  description: string;
  type: string;
  status: string;
  image_url: string;
  rental_price_monthly: number;
  rental_price_quarterly: number;
  rental_price_annually: number;
  minimum_term_months: number;
  buyout_price: number;
  deposit: number;
  purchase_price: number;
  created_at: string;
}

interface VariantRow {
  product_shop_id: string;
  shop_id: string;
  sku: string;
  name: string;
  options: Record<string, string>;
  price: number;
  stock: number;
  created_at: string;
}

/** `count` products of one company and their variants, created over the last two years. */
function catalogRows(count: number, seed: number, prefix: string) {
  const rng = prng(seed ^ 0xca7a);
  const now = Date.now();
  const span = 730 * 86_400_000;
  const products: ProductRow[] = [];
  const variants: VariantRow[][] = [];
  for (let i = 0; i < count; i++) {
    const brand = rng.pick(BRANDS);
    const [kind, type] = rng.pick(KINDS);
    const model = `${String.fromCharCode(65 + rng.int(0, 25))}${rng.int(10, 999)}`;
    const name = `${brand} ${kind} ${model}`;
    const shopId = `${prefix}${i + 1}`;
    const monthly = rng.int(5, 300) * 100 - 1;
    // Older first, so ids and created_at grow together as in a real shop.
    const created = new Date(now - span + Math.floor((span * i) / count)).toISOString();
    products.push({
      shop_id: shopId,
      name,
      description: `${brand} ${kind.toLowerCase()}, model ${model}. Rent it monthly, buy it out at any time.`,
      type,
      status: rng.pick(STATUSES),
      image_url: `https://shop.example.com/images/${shopId}.jpg`,
      rental_price_monthly: monthly,
      rental_price_quarterly: monthly * 3 - 300,
      rental_price_annually: monthly * 12 - 2400,
      minimum_term_months: rng.pick([1, 3, 6, 12]),
      buyout_price: monthly * 20,
      deposit: rng.pick([0, 5000, 10000]),
      purchase_price: monthly * 15,
      created_at: created,
    });
    const own: VariantRow[] = [];
    const n = variantsOf(i);
    const color0 = rng.int(0, COLORS.length - 1);
    const size0 = rng.int(0, SIZES.length - 1);
    for (let k = 0; k < n; k++) {
      const color = COLORS[(color0 + k) % COLORS.length] ?? 'Black';
      const size = SIZES[(size0 + Math.floor(k / 2)) % SIZES.length] ?? 'M';
      own.push({
        product_shop_id: shopId,
        shop_id: `${shopId}-${k + 1}`,
        sku: `${brand.slice(0, 3).toUpperCase()}-${prefix.toUpperCase()}${i + 1}-${k + 1}`,
        name: `${name} - ${color} / ${size}`,
        options: { color, size },
        price: monthly + k * 100,
        stock: rng.int(0, 40),
        created_at: created,
      });
    }
    variants.push(own);
  }
  return { products, variants };
}

async function insertProducts(exec: SqlExecutor, companyId: number, rows: ProductRow[]) {
  if (rows.length === 0) return;
  await exec.executeSql(
    `INSERT INTO products (company_id, source, shop_id, name, description, type, status, image_url,
            rental_price_monthly, rental_price_quarterly, rental_price_annually, minimum_term_months,
            buyout_price, deposit, purchase_price, shop_hash, created_at, updated_at)
     SELECT $1::int8, 'woocommerce', r.shop_id, r.name, r.description, r.type, r.status, r.image_url,
            r.rental_price_monthly, r.rental_price_quarterly, r.rental_price_annually, r.minimum_term_months,
            r.buyout_price, r.deposit, r.purchase_price, md5(r.shop_id), r.created_at, r.created_at
       FROM jsonb_to_recordset($2::jsonb) AS r(shop_id text, name text, description text, type text,
            status text, image_url text, rental_price_monthly int8, rental_price_quarterly int8,
            rental_price_annually int8, minimum_term_months int, buyout_price int8, deposit int8,
            purchase_price int8, created_at timestamptz)`,
    [companyId, JSON.stringify(rows)],
  );
}

async function insertVariants(exec: SqlExecutor, companyId: number, rows: VariantRow[]) {
  for (let i = 0; i < rows.length; i += BATCH * 2) {
    await exec.executeSql(
      `INSERT INTO product_variants (company_id, product_id, shop_id, sku, name, options, price, stock, created_at, updated_at)
       SELECT $1::int8, p.id, r.shop_id, r.sku, r.name, r.options, r.price, r.stock, r.created_at, r.created_at
         FROM ROWS FROM (jsonb_to_recordset($2::jsonb) AS (product_shop_id text, shop_id text, sku text,
              name text, options jsonb, price int8, stock int, created_at timestamptz))
              WITH ORDINALITY AS r(product_shop_id, shop_id, sku, name, options, price, stock, created_at, n)
         JOIN products p ON p.company_id = $1::int8 AND p.source = 'woocommerce' AND p.shop_id = r.product_shop_id
        ORDER BY r.n`,
      [companyId, JSON.stringify(rows.slice(i, i + BATCH * 2))],
    );
  }
}

/** Seeds the catalog of every company; returns products and variants per company id. */
export async function seedCatalog(
  exec: SqlExecutor,
  big: number,
  small: number[],
): Promise<{ products: Record<number, number>; product_variants: Record<number, number> }> {
  const bigRows = catalogRows(BIG_COMPANY_PRODUCTS, 1, 'wc-');
  const smallRows = small.map((_, i) => catalogRows(SMALL_COMPANY_PRODUCTS, 100 + i, 'wc-'));
  const rounds = Math.ceil(BIG_COMPANY_PRODUCTS / BATCH);
  const slice = Math.ceil(SMALL_COMPANY_PRODUCTS / rounds);
  const round = async (
    companyId: number,
    rows: ReturnType<typeof catalogRows>,
    from: number,
    to: number,
  ): Promise<void> => {
    await insertProducts(exec, companyId, rows.products.slice(from, to));
    await insertVariants(exec, companyId, rows.variants.slice(from, to).flat());
  };
  for (let r = 0; r < rounds; r++) {
    await round(big, bigRows, r * BATCH, (r + 1) * BATCH);
    for (const [i, id] of small.entries()) {
      const rows = smallRows[i];
      if (rows) await round(id, rows, r * slice, (r + 1) * slice);
    }
  }
  // 20 collections a company; two in three products in one of them.
  await exec.executeSql(
    `INSERT INTO product_collections (company_id, name)
     SELECT c.id, 'Collection ' || n FROM companies c, generate_series(1, $1::int) AS n
      WHERE c.id = ANY($2::int8[]) ORDER BY c.id, n`,
    [COLLECTIONS, [big, ...small]],
  );
  await exec.executeSql(
    `WITH c AS (SELECT id, company_id, row_number() OVER (PARTITION BY company_id ORDER BY id) - 1 AS k
                  FROM product_collections)
     INSERT INTO product_collection_items (company_id, collection_id, product_id)
     SELECT p.company_id, c.id, p.id FROM products p JOIN c ON c.company_id = p.company_id AND c.k = p.id % $1::int
      WHERE p.id % 3 <> 0`,
    [COLLECTIONS],
  );
  const products: Record<number, number> = { [big]: BIG_COMPANY_PRODUCTS };
  const variants: Record<number, number> = { [big]: BIG_COMPANY_VARIANTS };
  for (const id of small) {
    products[id] = SMALL_COMPANY_PRODUCTS;
    variants[id] = SMALL_COMPANY_VARIANTS;
  }
  return { products, product_variants: variants };
}
