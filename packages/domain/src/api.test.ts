import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { addressFieldsSchema } from './addresses.ts';
import { emailText, idParam, isoDate, listQuerySchema, parseRecordId, updateSchemaOf } from './api.ts';
import { loginSchema } from './auth.ts';
import { productCreateSchema, productUpdateSchema } from './catalog.ts';
import { companyCreateSchema } from './companies.ts';
import { customerFiltersSchema, customerInputSchema } from './customers.ts';
import { historyLogFiltersSchema } from './history-logs.ts';
import { MESSAGES } from './messages.ts';
import { companyUserCreateSchema, passwordSchema, profileUpdateSchema } from './users.ts';

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

describe('text and date inputs the database can hold', () => {
  it('refuses a NUL character in the list search and in entity text fields, naming the field', () => {
    const pathsOf = (r: { success: boolean; error?: z.ZodError }) =>
      (r.error?.issues ?? []).filter((i) => i.message === MESSAGES.nulCharacter).map((i) => i.path.join('.'));

    expect(pathsOf(listQuerySchema.safeParse({ search: 'a\u0000b' }))).toEqual(['search']);
    expect(listQuerySchema.parse({ search: ' plain ' }).search).toBe('plain');
    expect(pathsOf(customerInputSchema.safeParse({ name: 'X\u0000', email: 'x@example.com' }))).toEqual([
      'name',
    ]);
    expect(
      pathsOf(customerInputSchema.safeParse({ name: 'X', email: 'x@example.com', phone: '1\u0000' })),
    ).toEqual(['phone']);
    expect(pathsOf(customerFiltersSchema.safeParse({ country: 'c\u0000' }))).toEqual(['country']);
    expect(pathsOf(profileUpdateSchema.safeParse({ name: 'X\u0000' }))).toEqual(['name']);
    expect(pathsOf(companyCreateSchema.safeParse({ name: 'Acme\u0000' }))).toEqual(['name']);
    expect(pathsOf(addressFieldsSchema.partial().safeParse({ city: 'Tor\u0000onto' }))).toEqual(['city']);
    expect(pathsOf(historyLogFiltersSchema.safeParse({ entity_id: 'x\u0000' }))).toEqual(['entity_id']);
  });

  it('refuses half of a UTF-16 pair in any text field, naming the field; whole pairs are text', () => {
    const pathsOf = (r: { success: boolean; error?: z.ZodError }) =>
      (r.error?.issues ?? [])
        .filter((i) => i.message === MESSAGES.loneSurrogate)
        .map((i) => i.path.join('.'));

    expect(pathsOf(customerInputSchema.safeParse({ name: 'X\ud800', email: 'x@example.com' }))).toEqual([
      'name',
    ]);
    expect(pathsOf(addressFieldsSchema.partial().safeParse({ city: '\udc00Toronto' }))).toEqual(['city']);
    expect(pathsOf(listQuerySchema.safeParse({ search: 'a\ud83d' }))).toEqual(['search']);
    expect(pathsOf(productCreateSchema.safeParse({ name: 'Tent', variants: [{ name: 'S\udfff' }] }))).toEqual(
      ['variants.0.name'],
    );
    expect(customerInputSchema.parse({ name: 'Zoë \ud83d\ude00', email: 'x@example.com' }).name).toBe(
      'Zoë \ud83d\ude00',
    );
  });

  it('refuses year 0000 and other unlikely years in date filters', () => {
    for (const bad of ['0000-01-01', '0001-01-01', '1899-12-31', '3000-01-01', '2024-02-30', '2024-13-01']) {
      expect(isoDate().safeParse(bad).success, bad).toBe(false);
    }
    for (const good of ['1900-01-01', '2024-02-29', '2999-12-31']) {
      expect(isoDate().parse(good)).toBe(good);
    }
    expect(customerFiltersSchema.safeParse({ created_from: '0000-01-01' }).success).toBe(false);
    expect(customerFiltersSchema.safeParse({ created_to: '0000-01-01' }).success).toBe(false);
    expect(historyLogFiltersSchema.safeParse({ date_from: '0000-01-01' }).success).toBe(false);
    expect(historyLogFiltersSchema.safeParse({ date_to: '0000-12-31' }).success).toBe(false);
  });
});

describe('record ids in paths', () => {
  it('reads plain decimal ids only, within the safe integer range', () => {
    expect(parseRecordId('1')).toBe(1);
    expect(parseRecordId('9007199254740991')).toBe(9007199254740991);
    for (const bad of [
      '0x1',
      ' 1',
      '1 ',
      '1e0',
      '+1',
      '-1',
      '01',
      '0',
      '1.0',
      '',
      'abc',
      '9007199254740992',
    ]) {
      expect(parseRecordId(bad), bad).toBeNull();
      expect(idParam.safeParse(bad).success, bad).toBe(false);
    }
    expect(idParam.parse('42')).toBe(42);
  });
});

describe('product image URLs', () => {
  it('take http and https only', () => {
    for (const url of ['https://cdn.example.com/a.jpg', 'http://shop.example.com/a.png']) {
      expect(productUpdateSchema.parse({ image_url: url }).image_url, url).toBe(url);
    }
    expect(productUpdateSchema.parse({ image_url: null }).image_url).toBeNull();
    for (const url of [
      'javascript:alert(1)',
      'data:image/png;base64,AAAA',
      'file:///etc/passwd',
      'https://',
      '',
    ]) {
      const issues = productUpdateSchema.safeParse({ image_url: url }).error?.issues ?? [];
      expect(
        issues.map((i) => [i.path.join('.'), i.message]),
        url,
      ).toEqual([['image_url', MESSAGES.validUrl]]);
    }
  });
});

describe('an empty required field says "Required field." (spec 01 §5), not a format message', () => {
  const messagesOf = (schema: z.ZodType, value: unknown) =>
    schema.safeParse(value).error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

  it('email: blank is required, a bad one must be valid', () => {
    expect(messagesOf(emailText(), '  ')).toEqual([`: ${MESSAGES.required}`]);
    expect(messagesOf(emailText(), 'ann@example')).toEqual([`: ${MESSAGES.emailInvalid}`]);
    expect(emailText().parse(' Ann@Example.COM ')).toBe('ann@example.com');
  });

  it('in the customer, user and sign-in schemas the API validates with', () => {
    expect(messagesOf(customerInputSchema, { name: 'Ann', email: '' })).toEqual([
      `email: ${MESSAGES.required}`,
    ]);
    expect(messagesOf(companyUserCreateSchema, { name: 'Ann', email: '' })).toEqual([
      `email: ${MESSAGES.required}`,
    ]);
    expect(messagesOf(loginSchema, { email: '', password: '' })).toEqual([
      `email: ${MESSAGES.required}`,
      `password: ${MESSAGES.required}`,
    ]);
    // One message for an empty new password, not also "at least 8 characters".
    expect(messagesOf(passwordSchema, '')).toEqual([`: ${MESSAGES.required}`]);
  });
});
