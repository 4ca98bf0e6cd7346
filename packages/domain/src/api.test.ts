import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { updateSchemaOf } from './api.ts';

describe('updateSchemaOf', () => {
  const input = z.object({
    name: z.string(),
    language: z.string().default('en'),
    active: z.boolean().default(true),
  });

  it('leaves out the fields not sent instead of filling their defaults', () => {
    expect(updateSchemaOf(input).parse({ name: 'A' })).toEqual({ name: 'A' });
    // What plain .partial() does under zod 4, the bug this prevents:
    expect(input.partial().parse({ name: 'A' })).toEqual({ name: 'A', language: 'en', active: true });
  });

  it('still validates the fields that are sent', () => {
    expect(updateSchemaOf(input).safeParse({ active: 'yes' }).success).toBe(false);
    expect(updateSchemaOf(input).parse({ active: false })).toEqual({ active: false });
  });
});
