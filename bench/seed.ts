/**
 * The bench's data set: 10 companies, 100,000 customers in the first, a few thousand spread over
 * the other nine, and one owner of the first company to sign in with; the catalog (50,000 products
 * and 200,000 variants in the first company) comes from seed-catalog.ts.
 *
 * Rows come from the demo generator (apps/api/src/seed/demo-customers.ts: names, emails, phones,
 * Canadian / US / European addresses), with one change: the surname is drawn from a pool of 100
 * (the demo's 40 and 60 more), so one surname is in about 1% of rows, as the search scenario asks.
 * They are inserted in bulk (INSERT ... SELECT FROM jsonb_to_recordset, 5,000 rows a statement);
 * the statement-level trigger of migration 0002 keeps entity_counts exact on the way.
 */
import type { SqlExecutor } from '../apps/api/src/db/client.ts';
import { hashPassword } from '../apps/api/src/modules/auth/passwords.ts';
import { DEMO_SURNAMES, demoCustomers, prng } from '../apps/api/src/seed/demo-customers.ts';
import { withoutAudit } from './audit-off.ts';
import { seedAssets } from './seed-assets.ts';
import { seedCatalog } from './seed-catalog.ts';
import { BENCH_OPERATOR, seedMore } from './seed-more.ts';
import { seedOrders } from './seed-orders.ts';

export const BIG_COMPANY_CUSTOMERS = 100_000;
export const SMALL_COMPANIES = 9;
export const SMALL_COMPANY_CUSTOMERS = 500;
export const BENCH_USER = { email: 'bench-owner@rentloop.local', password: 'bench-password-2024' };
/** The surname searched for; in about 1% of the big company's rows. */
export const SEARCH_SURNAME = 'Tremblay';

const BATCH = 5_000;

/** The rows of one statement. */
export const rowsOf = async (exec: SqlExecutor, text: string, values: unknown[] = []) =>
  (await exec.executeSql(text, values)).rows;

// The demo's surnames, then 60 more (none contains "tremblay").
const SURNAMES = [
  ...DEMO_SURNAMES,
  'Anderson',
  'Thompson',
  'Campbell',
  'Stewart',
  'Robertson',
  'Fraser',
  'Bélanger',
  'Lévesque',
  'Pelletier',
  'Bergeron',
  'Leblanc',
  'Girard',
  'Fortin',
  'Ouellet',
  'Williams',
  'Jones',
  'Garcia',
  'Miller',
  'Davis',
  'Rodriguez',
  'Hernandez',
  'Lopez',
  'Gonzalez',
  'Moore',
  'Jackson',
  'White',
  'Harris',
  'Clark',
  'Lewis',
  'Walker',
  'Hall',
  'Young',
  'Wagner',
  'Becker',
  'Hoffmann',
  'Schulz',
  'Koch',
  'Richter',
  'Klein',
  'Wolf',
  'Bernard',
  'Durand',
  'Moreau',
  'Laurent',
  'Simon',
  'Michel',
  'Ricci',
  'Romano',
  'Colombo',
  'Bakker',
  'Visser',
  'Smit',
  'Johansson',
  'Karlsson',
  'Larsen',
  'Hansen',
  'Byrne',
  'Walsh',
  "O'Brien",
  'Ryan',
] as const;

const slug = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-zA-Z]/g, '')
    .toLowerCase();

interface Row {
  name: string;
  email: string;
  phone: string | null;
  language: string;
  billing_address: Record<string, unknown> | null;
  shipping_address: Record<string, unknown> | null;
  created_at: string;
}

/** `count` customers like the demo's, surnames from the wider pool, created over the last two years. */
function customerRows(count: number, seed: number): Row[] {
  const rng = prng(seed ^ 0x5eed);
  const base = demoCustomers(count, seed);
  const now = Date.now();
  const span = 730 * 86_400_000;
  return base.map((c, i) => {
    const address = { ...(c.billing_address as Record<string, unknown>) };
    const first = String(address.first_name);
    const last = rng.pick(SURNAMES);
    const email = `${slug(first)}.${slug(last)}.${i + 1}@example.com`;
    Object.assign(address, { last_name: last, email });
    return {
      name: `${first} ${last}`,
      email,
      phone: c.phone ?? null,
      language: c.language ?? 'en',
      billing_address: address,
      shipping_address: c.shipping_address ? address : null,
      // Older first, so ids and created_at grow together as in a real shop.
      created_at: new Date(now - span + Math.floor((span * i) / count)).toISOString(),
    };
  });
}

async function insertCustomers(exec: SqlExecutor, companyId: number, rows: Row[]) {
  if (rows.length === 0) return;
  await exec.executeSql(
    `INSERT INTO customers (company_id, name, email, phone, language, billing_address, shipping_address, created_at, updated_at)
     SELECT $1::int8, r.name, r.email, r.phone, r.language, r.billing_address, r.shipping_address, r.created_at, r.created_at
       FROM jsonb_to_recordset($2::jsonb) AS r(name text, email text, phone text, language text,
            billing_address jsonb, shipping_address jsonb, created_at timestamptz)`,
    [companyId, JSON.stringify(rows)],
  );
}

export type SeededEntity = 'customers' | 'products' | 'product_variants' | 'product_tracking';

export interface Seeded {
  companyId: number;
  /** Rows per entity (entity_counts' name) and company id, for the entities seeded. */
  counts: Partial<Record<SeededEntity, Record<number, number>>>;
  userEmail: string;
  userPassword: string;
  /** The operator (same password), when the operators' lists were seeded. */
  operatorEmail?: string;
}

async function seedCustomers(exec: SqlExecutor, big: number, small: number[]) {
  // Interleaved, as customers of many shops arrive in a real database: each round adds a batch of the
  // big company's customers and a slice of every small company's, so ids of the companies mix.
  const bigRows = customerRows(BIG_COMPANY_CUSTOMERS, 1);
  const smallRows = small.map((_, i) => customerRows(SMALL_COMPANY_CUSTOMERS, 100 + i));
  const rounds = Math.ceil(BIG_COMPANY_CUSTOMERS / BATCH);
  const slice = Math.ceil(SMALL_COMPANY_CUSTOMERS / rounds);
  for (let r = 0; r < rounds; r++) {
    await insertCustomers(exec, big, bigRows.slice(r * BATCH, (r + 1) * BATCH));
    for (const [i, id] of small.entries()) {
      await insertCustomers(exec, id, smallRows[i]?.slice(r * slice, (r + 1) * slice) ?? []);
    }
  }
  const customers: Record<number, number> = { [big]: BIG_COMPANY_CUSTOMERS };
  for (const id of small) customers[id] = SMALL_COMPANY_CUSTOMERS;
  return customers;
}

/**
 * The companies, the owner to sign in with, and the rows of the entities asked for: customers
 * and/or the catalog (products with their variants, seed-catalog.ts).
 */
export async function seed(
  exec: SqlExecutor,
  what: { customers: boolean; catalog: boolean; more?: boolean; orders?: boolean; assets?: boolean },
): Promise<Seeded> {
  const companies = await rowsOf(
    exec,
    `INSERT INTO companies (name, currency, shop_system, payment_system)
     SELECT 'Bench Company ' || n, (ARRAY['CAD','EUR','USD'])[1 + n % 3], 'woocommerce', 'stripe'
       FROM generate_series(1, $1::int) AS n ORDER BY n
     RETURNING id`,
    [SMALL_COMPANIES + 1],
  );
  const ids = companies.map((r) => Number(r.id)).sort((a, b) => a - b);
  const [big, ...small] = ids;
  if (big === undefined) throw new Error('no company created');

  const counts: Seeded['counts'] = {};
  // The audit trigger (migration 0004) would write a history entry for every row; the lists never
  // read history, so the bulk load runs without it (the count triggers stay on).
  if (what.customers) {
    await withoutAudit(exec, ['customers'], async () => {
      counts.customers = await seedCustomers(exec, big, small);
    });
  }
  if (what.catalog) {
    await withoutAudit(
      exec,
      ['products', 'product_variants', 'product_collections', 'product_collection_items'],
      async () => {
        Object.assign(counts, await seedCatalog(exec, big, small));
      },
    );
  }

  if (what.orders) {
    // Orders and subscriptions need the customers and the catalog (the caller asks for both).
    await withoutAudit(exec, ['orders', 'order_items', 'subscriptions', 'number_series'], async () => {
      await seedOrders(exec, big, small);
    });
  }

  if (what.assets) {
    // Assets are units of the catalog's variants (the caller asks for the catalog).
    await withoutAudit(exec, ['product_tracking'], async () => {
      Object.assign(counts, await seedAssets(exec, big, small));
    });
  }

  const passwordHash = await hashPassword(BENCH_USER.password);
  if (what.more) {
    await withoutAudit(
      exec,
      ['users', 'company_users', 'product_collections', 'email_entries', 'events'],
      async () => seedMore(exec, big, small, passwordHash),
    );
  }
  const [user] = await rowsOf(
    exec,
    `INSERT INTO users (name, email, password_hash, email_verified_at) VALUES ('Bench Owner', $1, $2, now())
     RETURNING id`,
    [BENCH_USER.email, passwordHash],
  );
  await exec.executeSql(`INSERT INTO company_users (company_id, user_id, role) VALUES ($1, $2, 'owner')`, [
    big,
    user?.id,
  ]);

  // The counts the triggers kept must equal the rows: the API's totals come from here.
  for (const [entity, seeded] of Object.entries(counts) as [SeededEntity, Record<number, number>][]) {
    const rows = await rowsOf(
      exec,
      `SELECT c.company_id, c.total, (SELECT count(*) FROM ${entity} x WHERE x.company_id = c.company_id) AS actual
         FROM entity_counts c WHERE c.entity = $1`,
      [entity],
    );
    for (const id of ids) {
      const row = rows.find((r) => Number(r.company_id) === id);
      if (!row || Number(row.total) !== seeded[id] || Number(row.actual) !== seeded[id]) {
        throw new Error(
          `entity_counts ${entity} for company ${id} is ${row?.total}, rows ${row?.actual}, seeded ${seeded[id]}`,
        );
      }
    }
  }

  // What a settled production table looks like: statistics gathered and the visibility map set
  // (autovacuum does both after a bulk load; index-only scans depend on the visibility map).
  await exec.executeSql('VACUUM ANALYZE');
  return {
    companyId: big,
    counts,
    userEmail: BENCH_USER.email,
    userPassword: BENCH_USER.password,
    operatorEmail: what.more ? BENCH_OPERATOR.email : undefined,
  };
}
