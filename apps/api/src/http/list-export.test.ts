/**
 * `GET <list>/export` (list-export.ts): the list's rows as CSV, with the list's search, sort and
 * filters, escaped for spreadsheets, amounts as exact decimals, streamed in keyset batches; another
 * company's export is a 404 like its list.
 */
import { customerSchema } from '@rentloop/domain/customers';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { csvColumns, csvField } from '../csv.ts';
import {
  call,
  createCompany,
  createUser,
  customerBody,
  type TestUser,
  useHarness,
} from '../testing/harness.ts';

const h = useHarness();
let companyId: number;
let staff: TestUser;
let stranger: TestUser;

const customersUrl = (query = '') => `/read-replica/${companyId}/rentloopdb/customers/export${query}`;
const get = (user: TestUser | null, url: string) => call(h.app, user, { method: 'GET', url });

/** RFC 4180 parsing, enough for the test: quoted fields with doubled quotes, commas and line breaks. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field || row.length) rows.push([...row, field]);
  return rows;
}

/** The export as objects keyed by the header line (the byte order mark first). */
function records(body: string): Record<string, string>[] {
  expect(body.startsWith('\uFEFF')).toBe(true);
  const [header, ...rows] = parseCsv(body.slice(1));
  return rows.map((r) => Object.fromEntries(header!.map((name, i) => [name, r[i] ?? ''])));
}

beforeAll(async () => {
  const company = await createCompany(h.database);
  const other = await createCompany(h.database);
  companyId = company.id;
  staff = await createUser(h, { company, role: 'user' });
  stranger = await createUser(h, { company: other, role: 'owner' });
  const create = (overrides: Record<string, unknown>) =>
    call(h.app, staff, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/customers`,
      payload: customerBody(overrides),
    });
  for (const overrides of [
    { name: '=HYPERLINK("http://evil.test","click")', language: 'de' },
    { name: 'Quote "Q", comma', language: 'fr' },
    { name: '+Plus and -minus', language: 'en' },
    { name: '@at the start', language: 'en' },
  ]) {
    expect((await create(overrides)).statusCode).toBe(201);
  }
  // Plenty of rows for a streamed, batched export (500 a batch): ids interleave with another company's.
  await h.database.primary.execute(sql`
    insert into customers (company_id, name, email, language, created_at)
    select case when n % 5 = 0 then ${other.id}::int8 else ${companyId}::int8 end,
           'Bulk ' || lpad((n % 37)::text, 2, '0'), 'bulk' || n || '@export.test', 'nl',
           timestamptz '2026-01-01' + n * interval '1 minute'
      from generate_series(1, 2600) as n`);
});

describe('CSV fields', () => {
  it('quotes commas, quotes and line breaks, and guards formulas but not numbers', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField('=1+2')).toBe("'=1+2");
    expect(csvField('+1 416 555 0123')).toBe("'+1 416 555 0123");
    expect(csvField('-x')).toBe("'-x");
    expect(csvField('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvField('=A1,"x"')).toBe('"\'=A1,""x"""');
    expect(csvField('-12.50')).toBe('-12.50');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(csvField(['a', 'b'])).toBe('a; b');
    expect(csvField({ Voltage: '18 V' })).toBe('"{""Voltage"":""18 V""}"');
  });

  it('takes its columns from the record schema, nested objects flattened', () => {
    const columns = csvColumns(customerSchema);
    expect(columns.slice(0, 3)).toEqual(['id', 'company_id', 'name']);
    expect(columns).toContain('billing_address.city');
    expect(columns).not.toContain('search_text');
  });
});

describe('exporting a list', () => {
  it('sends the whole filtered list as a CSV attachment, escaped', async () => {
    const res = await get(staff, customersUrl(`?filters=${encodeURIComponent('{"language":"fr"}')}`));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="customers-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = records(res.body);
    expect(rows.map((r) => r.name)).toEqual(['Quote "Q", comma']);
    expect(rows[0]).toMatchObject({ language: 'fr', 'billing_address.city': 'Toronto' });
    // The raw line keeps the quoting: the parser above is not what makes it right.
    expect(res.body).toContain('"Quote ""Q"", comma"');
  });

  it('guards every cell a spreadsheet would run as a formula', async () => {
    const rows = records((await get(staff, customersUrl('?search=at%20the%20start'))).body);
    expect(rows.map((r) => r.name)).toEqual(["'@at the start"]);
    const all = records(
      (await get(staff, customersUrl(`?filters=${encodeURIComponent('{"language":"de"}')}`))).body,
    );
    expect(all.map((r) => r.name)).toEqual(['\'=HYPERLINK("http://evil.test","click")']);
    // The phone is text that starts with "+": guarded too.
    expect(all[0]?.phone).toBe("'+1 416 555 0123");
  });

  it('streams every row of a long list in the list order, from every batch', async () => {
    const res = await get(staff, customersUrl('?sort=name&desc=true'));
    const rows = records(res.body);
    const list = await get(staff, `/read-replica/${companyId}/rentloopdb/customers?per_page=1`);
    expect(rows.length).toBe(list.json().meta.total);
    expect(rows.length).toBeGreaterThan(2000);
    const keys = rows.map((r) => [r.name!, Number(r.id)] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? b[1] - a[1] : a[0] < b[0] ? 1 : -1));
    expect(keys).toEqual(sorted);
    expect(new Set(keys.map((k) => k[1])).size).toBe(rows.length);
  });

  it('exports only the selected rows with ids', async () => {
    const page = (await get(staff, `/read-replica/${companyId}/rentloopdb/customers?per_page=3`)).json();
    const ids = page.data.map((c: { id: number }) => c.id);
    const rows = records((await get(staff, customersUrl(`?ids=${ids.join(',')}`))).body);
    expect(rows.map((r) => Number(r.id))).toEqual(ids);
  });

  it('refuses what the list refuses, naming the parameter', async () => {
    const res = await get(staff, customersUrl('?sort=password'));
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().errors)).toEqual(['sort']);
    const bad = await get(staff, customersUrl('?ids=1,x'));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors)).toEqual(['ids']);
  });

  it("answers 404 for another company's export, and 401 without a session", async () => {
    expect((await get(stranger, customersUrl())).statusCode).toBe(404);
    expect((await get(null, customersUrl())).statusCode).toBe(401);
  });

  it('writes amounts as the exact decimals of the list', async () => {
    const admin = await createUser(h, { company: { id: companyId }, role: 'admin' });
    const created = await call(h.app, admin, {
      method: 'POST',
      url: `/api/${companyId}/rentloopdb/products`,
      payload: {
        name: 'Exported Drill',
        type: 'normal',
        rental_prices: { monthly: '19.90' },
        buyout_price: '1299.99',
        purchase_price: '0.10',
        variants: [{ sku: 'EXP-1', name: 'Drill', price: '129.00', stock: 1 }],
      },
    });
    expect(created.statusCode).toBe(201);
    const products = records(
      (await get(staff, `/read-replica/${companyId}/rentloopdb/products/export?search=exported`)).body,
    );
    expect(products).toHaveLength(1);
    expect(products[0]).toMatchObject({
      name: 'Exported Drill',
      buyout_price: '1299.99',
      purchase_price: '0.10',
      'rental_prices.monthly': '19.90',
    });
    const variants = records(
      (await get(staff, `/read-replica/${companyId}/rentloopdb/variants/export?search=EXP-1`)).body,
    );
    expect(variants.map((v) => v.price)).toEqual(['129.00']);
  });
});
