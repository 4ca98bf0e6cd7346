/**
 * Pricing's customer lookup: only a missing customer is the 422 on `customer_id`; any other failure (a
 * database that is down) propagates as itself, so the API answers it as such (503) and never blames a valid id.
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from '../../context.ts';
import { orderParty } from './pricing-customer.ts';

/** A context whose database answers the customer lookup (`select … from … where … limit`) with `rows`. */
function ctxAnswering(rows: () => Promise<unknown[]>): Ctx {
  const query = {
    from: () => query,
    where: () => query,
    limit: () => query,
    // biome-ignore lint/suspicious/noThenProperty: a drizzle query is awaited as a thenable; this fake is one.
    then: (resolve: (v: unknown[]) => unknown, reject: (e: unknown) => unknown) =>
      rows().then(resolve, reject),
  };
  return { companyId: 1, db: { select: () => query } } as unknown as Ctx;
}

const input = { customer_id: 7, items: [] } as unknown as Parameters<typeof orderParty>[1];

describe('orderParty: the customer', () => {
  it('answers 422 on customer_id when the customer is not found', async () => {
    await expect(
      orderParty(
        ctxAnswering(async () => []),
        input,
      ),
    ).rejects.toMatchObject({
      code: 'validation',
      errors: { customer_id: ['No such customer.'] },
    });
  });

  it('lets any other failure through unchanged (a down database is not bad input)', async () => {
    const down = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    await expect(
      orderParty(
        ctxAnswering(async () => {
          throw down;
        }),
        input,
      ),
    ).rejects.toBe(down);
  });
});
