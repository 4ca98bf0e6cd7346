import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { idFieldPaths, valuesAt } from './schema-ids.ts';

describe('idFieldPaths', () => {
  it('finds id, *_id and *_ids at any depth, through optional, nullable, default, pipe and union', () => {
    const schema = z.object({
      id: z.number(),
      name: z.string(),
      customer_id: z.number().optional(),
      collection_ids: z.array(z.number()).default([]),
      variants: z
        .array(z.object({ variant_id: z.number(), quantity: z.number() }))
        .optional()
        .transform((v) => v),
      address: z.object({ street: z.string(), country_id: z.number().nullable() }),
      either: z.union([z.object({ product_id: z.number() }), z.object({ sku: z.string() })]),
      paid: z.boolean(),
    });
    expect(idFieldPaths(schema).sort()).toEqual(
      [
        'address.country_id',
        'collection_ids',
        'customer_id',
        'either.product_id',
        'id',
        'variants[].variant_id',
      ].sort(),
    );
  });

  it('finds nothing in a body without record references, or without a body', () => {
    expect(idFieldPaths(z.object({ name: z.string(), identity: z.string(), valid: z.boolean() }))).toEqual(
      [],
    );
    expect(idFieldPaths(undefined)).toEqual([]);
  });
});

describe('valuesAt', () => {
  it('reads a path through arrays', () => {
    const body = { ids: [1, 2], variants: [{ variant_id: 3 }, { variant_id: 4 }], a: { b_id: 5 } };
    expect(valuesAt(body, 'ids')).toEqual([1, 2]);
    expect(valuesAt(body, 'variants[].variant_id')).toEqual([3, 4]);
    expect(valuesAt(body, 'a.b_id')).toEqual([5]);
    expect(valuesAt(body, 'missing[].id')).toEqual([]);
  });
});
