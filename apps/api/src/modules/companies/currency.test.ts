/**
 * A company's currency is frozen once amounts are stored in it (migration 0017): a new currency would
 * relabel every stored price. Refused with a 422 on `currency`, and by the database for any other path.
 */
import { MESSAGES } from '@rentloop/domain/messages';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { sqlStateOf } from '../../db/errors.ts';
import { companies } from '../../db/schema/index.ts';
import { call, createCompany, createUser, useHarness } from '../../testing/harness.ts';

const h = useHarness();

async function ownedCompany() {
  const company = await createCompany(h.database, { currency: 'CAD' });
  const owner = await createUser(h, { company, role: 'owner' });
  const update = (payload: object) =>
    call(h.app, owner, { method: 'PUT', url: `/api/companies/${company.id}`, payload });
  const addProduct = (payload: object) =>
    call(h.app, owner, { method: 'POST', url: `/api/${company.id}/rentloopdb/products`, payload });
  return { company, owner, update, addProduct };
}

const currencyOf = async (id: number) =>
  (await h.database.primary.select().from(companies).where(eq(companies.id, id)))[0]?.currency;

describe('the company currency', () => {
  it('can change while nothing is priced (a product without any amount included)', async () => {
    const { company, update, addProduct } = await ownedCompany();
    expect((await addProduct({ name: 'Unpriced tent', variants: [{ name: 'Standard' }] })).statusCode).toBe(
      201,
    );
    const r = await update({ currency: 'EUR' });
    expect(r.statusCode).toBe(200);
    expect(r.json().data.currency).toBe('EUR');
    expect(await currencyOf(company.id)).toBe('EUR');
  });

  it('is refused once a price is stored: 422 on currency, the prices keep their meaning', async () => {
    const { company, owner, update, addProduct } = await ownedCompany();
    const product = await addProduct({
      name: 'E-bike',
      rental_prices: { monthly: '49.00' },
      variants: [{ name: 'Standard' }],
    });
    expect(product.statusCode).toBe(201);
    const r = await update({ currency: 'USD' });
    expect(r.statusCode).toBe(422);
    expect(r.json().errors).toEqual({ currency: [MESSAGES.currencyFrozen] });
    expect(await currencyOf(company.id)).toBe('CAD');
    const read = await call(h.app, owner, {
      method: 'GET',
      url: `/api/${company.id}/rentloopdb/products/${product.json().data.id}`,
    });
    expect(read.json().data.rental_prices.monthly).toBe('49.00');

    // The same currency again, and other fields, still save.
    expect((await update({ currency: 'CAD', name: 'Renamed Rentals' })).statusCode).toBe(200);
  });

  it('is refused by the database itself, whatever the path, once a variant has a price', async () => {
    const { company, addProduct } = await ownedCompany();
    const product = await addProduct({
      name: 'Camera',
      variants: [{ name: 'Body only', price: '12.00' }],
    });
    expect(product.statusCode).toBe(201);
    const refused = await h.database.primary
      .update(companies)
      .set({ currency: 'EUR' })
      .where(eq(companies.id, company.id))
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlStateOf(refused)).toBe('RL001');
    expect(await currencyOf(company.id)).toBe('CAD');
  });
});
