/**
 * What the catalog's HTTP tests share (products, bundles and availability, tax): one database and
 * app per test file, a CAD company with an admin and a plain user, another (EUR) company with its
 * owner, and helpers to call the company's routes. The bindings are live: read them inside tests
 * or hooks, after `useCatalogFixture()`'s `beforeAll` has filled them.
 */
import { beforeAll } from 'vitest';
import {
  call,
  createCompany,
  createUser,
  type Harness,
  type TestUser,
  useHarness,
} from '../../testing/harness.ts';

export let h: Harness;
/** The company the tests work in (CAD). */
export let cid: number;
/** Another company (EUR): its records must stay out of reach and unchanged. */
export let otherCid: number;
export let admin: TestUser;
export let staff: TestUser;
/** The other company's owner. */
export let stranger: TestUser;

/** Call at the top of a test file; `setUp` runs after the companies and users exist. */
export function useCatalogFixture(setUp?: () => Promise<void>) {
  h = useHarness();
  beforeAll(async () => {
    const company = await createCompany(h.database, { name: 'Tool Hire', currency: 'CAD' });
    const other = await createCompany(h.database, { name: 'Other Hire', currency: 'EUR' });
    cid = company.id;
    otherCid = other.id;
    admin = await createUser(h, { company, role: 'admin' });
    staff = await createUser(h, { company, role: 'user' });
    stranger = await createUser(h, { company: other, role: 'owner' });
    await setUp?.();
  });
}

/** A company API path of the test company. */
export const api = (path: string) => `/api/${cid}/rentloopdb/${path}`;

export const req = (
  user: TestUser | null,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  payload?: object,
) => call(h.app, user, { method, url, payload });

/** A product made by hand that passes validation: rental terms and two variants. */
export const drill = (overrides: object = {}) => ({
  name: 'Cordless Drill',
  type: 'normal',
  rental_prices: { monthly: '19.90', quarterly: '54.00' },
  minimum_term_months: 3,
  buyout_price: '149.00',
  deposit: '50',
  purchase_price: '99.95',
  variants: [
    { sku: 'DRL-18V', name: 'Drill 18 V', options: { Voltage: '18 V' }, price: '129.00', stock: 4 },
    { sku: 'DRL-12V', name: 'Drill 12 V', options: { Voltage: '12 V' }, price: '99.00', stock: 0 },
  ],
  ...overrides,
});
