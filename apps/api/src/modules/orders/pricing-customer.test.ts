/**
 * Pricing's customer lookup: only a missing customer is the 422 on `customer_id`; any other failure (a
 * database that is down) propagates as itself, so the API answers it as such (503) and never blames a valid id.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';

const lookup = vi.hoisted(() => ({
  fail: (): never => {
    throw new Error('unset');
  },
}));
vi.mock('../customers/service.ts', () => ({ getCustomer: async () => lookup.fail() }));
vi.mock('../../money.ts', () => ({ companyCurrency: async () => 'EUR' }));

const { priceOrder } = await import('./pricing.ts');
const input = { customer_id: 7, items: [] } as unknown as Parameters<typeof priceOrder>[1];
const ctx = { companyId: 1 } as unknown as Ctx;

describe('priceOrder: the customer', () => {
  it('answers 422 on customer_id when the customer is not found', async () => {
    lookup.fail = () => {
      throw new AppError('not_found');
    };
    await expect(priceOrder(ctx, input)).rejects.toMatchObject({
      code: 'validation',
      errors: { customer_id: ['No such customer.'] },
    });
  });

  it('lets any other failure through unchanged (a down database is not bad input)', async () => {
    const down = new Error('connect ECONNREFUSED 127.0.0.1:5432');
    lookup.fail = () => {
      throw down;
    };
    await expect(priceOrder(ctx, input)).rejects.toBe(down);
  });
});
