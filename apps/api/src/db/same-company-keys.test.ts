/**
 * Tenancy by structure (migration 0018): a row that refers to another company-owned row does so by
 * (company_id, id), so the database refuses a link across companies even when a query forgets to
 * check — not only the services' `company_id = $company` filters.
 */
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createCompany, useHarness } from '../testing/harness.ts';
import { sqlStateOf } from './errors.ts';
import {
  bundles,
  bundleVariants,
  productCollectionItems,
  productCollections,
  products,
  productVariants,
} from './schema/index.ts';

const h = useHarness();
const FOREIGN_KEY_VIOLATION = '23503';

async function catalogOf(tag: string) {
  const company = await createCompany(h.database, { name: `Keys ${tag}` });
  const db = h.database.primary;
  const [product] = await db
    .insert(products)
    .values({ company_id: company.id, name: `Tent ${tag}` })
    .returning();
  const [variant] = await db
    .insert(productVariants)
    .values({ company_id: company.id, product_id: product!.id, name: `Standard ${tag}` })
    .returning();
  const [bundle] = await db
    .insert(bundles)
    .values({ company_id: company.id, name: `Bundle ${tag}` })
    .returning();
  const [collection] = await db
    .insert(productCollections)
    .values({ company_id: company.id, name: `Collection ${tag}` })
    .returning();
  return {
    companyId: company.id,
    product: product!.id,
    variant: variant!.id,
    bundle: bundle!.id,
    collection: collection!.id,
  };
}

async function stateOf(write: () => Promise<unknown>): Promise<string | undefined> {
  try {
    await write();
    return 'ok';
  } catch (e) {
    return sqlStateOf(e);
  }
}

describe('references between company-owned rows', () => {
  it('accept a link within one company and refuse every link across companies', async () => {
    const a = await catalogOf('A');
    const b = await catalogOf('B');
    const db = h.database.primary;

    // Within company A: accepted.
    expect(
      await stateOf(() =>
        db
          .insert(bundleVariants)
          .values({ company_id: a.companyId, bundle_id: a.bundle, variant_id: a.variant }),
      ),
    ).toBe('ok');
    expect(
      await stateOf(() =>
        db
          .insert(productCollectionItems)
          .values({ company_id: a.companyId, collection_id: a.collection, product_id: a.product }),
      ),
    ).toBe('ok');

    // A's bundle holding B's variant, whichever company the link row claims.
    for (const company_id of [a.companyId, b.companyId]) {
      expect(
        await stateOf(() =>
          db.insert(bundleVariants).values({ company_id, bundle_id: a.bundle, variant_id: b.variant }),
        ),
      ).toBe(FOREIGN_KEY_VIOLATION);
      expect(
        await stateOf(() =>
          db
            .insert(productCollectionItems)
            .values({ company_id, collection_id: a.collection, product_id: b.product }),
        ),
      ).toBe(FOREIGN_KEY_VIOLATION);
    }
    // A variant of company A under B's product.
    expect(
      await stateOf(() =>
        db.insert(productVariants).values({ company_id: a.companyId, product_id: b.product, name: 'Stray' }),
      ),
    ).toBe(FOREIGN_KEY_VIOLATION);
  });

  it('cascade a deleted product to its variants and collection links, as before', async () => {
    const a = await catalogOf('C');
    const db = h.database.primary;
    await db
      .insert(productCollectionItems)
      .values({ company_id: a.companyId, collection_id: a.collection, product_id: a.product });
    await db.delete(products).where(eq(products.id, a.product));
    expect(await db.select().from(productVariants).where(eq(productVariants.product_id, a.product))).toEqual(
      [],
    );
    expect(
      await db.select().from(productCollectionItems).where(eq(productCollectionItems.product_id, a.product)),
    ).toEqual([]);
  });
});
