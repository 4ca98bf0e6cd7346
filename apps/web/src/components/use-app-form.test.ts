import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { quietWhileBlank } from './use-app-form.ts';

const schema = z.object({
  email: z.string().min(1, 'Required field.').email('Email must be valid.'),
  address: z.object({
    street: z.string().min(1, 'Required field.'),
    city: z.string().min(1, 'Required field.'),
  }),
});
type Values = z.infer<typeof schema>;
const base = zodResolver(schema) as unknown as Resolver<Values>;
const options = (names?: string[]) =>
  ({ names, fields: {}, shouldUseNativeValidation: false, criteriaMode: 'firstError' }) as never;

describe('quietWhileBlank', () => {
  const values = { email: '', address: { street: '', city: 'x' } };

  it('leaves out the errors of empty fields on a field-level check', async () => {
    const resolver = quietWhileBlank(base, () => false);
    const result = await resolver(values, undefined, options(['email', 'address.street']));
    expect(result.errors).toEqual({});
  });

  it('keeps a format error of a field that has a value', async () => {
    const resolver = quietWhileBlank(base, () => false);
    const result = await resolver({ ...values, email: 'anne@' }, undefined, options(['email']));
    expect(result.errors.email?.message).toBe('Email must be valid.');
  });

  it('reports every error, empty fields included, on submit', async () => {
    const resolver = quietWhileBlank(base, () => true);
    const result = await resolver(values, undefined, options(['email', 'address.street', 'address.city']));
    expect(result.errors.email?.message).toBe('Required field.');
    expect(result.errors.address?.street?.message).toBe('Required field.');
  });
});
