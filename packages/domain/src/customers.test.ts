import { describe, expect, it } from 'vitest';
import { customerInputSchema, customerUpdateSchema } from './customers.ts';

describe('customerInputSchema', () => {
  it('trims and lower-cases the email and defaults the language', () => {
    const c = customerInputSchema.parse({ name: ' Ann Lee ', email: ' Ann@Example.COM ' });
    expect(c).toMatchObject({ name: 'Ann Lee', email: 'ann@example.com', language: 'en' });
  });
  it('names the field of a bad email', () => {
    const r = customerInputSchema.safeParse({ name: 'A', email: 'not-an-email' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.path).toEqual(['email']);
    expect(r.error?.issues[0]?.message).toBe('Email must be valid.');
  });
  it('turns an empty optional text into null', () => {
    expect(customerUpdateSchema.parse({ phone: '' }).phone).toBeNull();
  });
  it('requires the address fields of a billing address', () => {
    const r = customerUpdateSchema.safeParse({ billing_address: { first_name: 'A', country: 'CA' } });
    expect(r.success).toBe(false);
    const paths = r.error?.issues.map((i) => i.path.join('.'));
    expect(paths).toContain('billing_address.street');
    expect(paths).toContain('billing_address.postal_code');
  });
});
