import { describe, expect, it } from 'vitest';
import {
  companySettingsInputSchema,
  SECTION_NAMES,
  SETTINGS_SECTION_KEYS,
  SETTINGS_SECTIONS,
  sectionKeyOf,
} from './settings.ts';

describe('settings sections', () => {
  it('each default passes its own section’s schemas', () => {
    for (const key of SETTINGS_SECTION_KEYS) {
      const section = SETTINGS_SECTIONS[key];
      expect(section.values.safeParse(section.defaults).success, key).toBe(true);
      expect(section.input.safeParse(section.defaults).success, key).toBe(true);
    }
    expect(
      companySettingsInputSchema.safeParse(
        Object.fromEntries(SETTINGS_SECTION_KEYS.map((k) => [k, SETTINGS_SECTIONS[k].defaults])),
      ).success,
    ).toBe(true);
  });

  it('gives every field a label and a help text, and keys in snake_case', () => {
    for (const key of SETTINGS_SECTION_KEYS) {
      expect(key).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(SETTINGS_SECTIONS[key].title).not.toContain('_');
      for (const [name, f] of Object.entries(SETTINGS_SECTIONS[key].fields)) {
        expect(f.label.length, `${key}.${name}`).toBeGreaterThan(1);
        expect(f.help.length, `${key}.${name}`).toBeGreaterThan(10);
        // The access matrix reads `*_id` body fields as naming records (apps/api testing/schema-ids.ts).
        expect(name, `${key}.${name}`).not.toMatch(/(^id|_id|_ids)$/);
      }
    }
  });

  it('answers the spec’s other names for the same section', () => {
    expect(sectionKeyOf('checkout_Taxes')).toBe('checkout_taxes');
    expect(sectionKeyOf('recurring_payment')).toBe('recurring_payments');
    expect(sectionKeyOf('shop_system')).toBe('shop_system');
    expect(sectionKeyOf('nope')).toBeNull();
    for (const name of [
      'checkout_fraud',
      'checkout_general',
      'checkout_limitation',
      'checkout_shipping',
      'checkout_styling',
      'debt_collection',
      'general',
      'invoice',
      'order',
      'subscription',
    ]) {
      expect(sectionKeyOf(name), name).toBe(name);
    }
    const declared = SETTINGS_SECTION_KEYS.flatMap((k) => [k, ...SETTINGS_SECTIONS[k].aliases]);
    expect(new Set(declared).size, 'a name used twice').toBe(declared.length);
    expect(SECTION_NAMES).toEqual(expect.arrayContaining(declared));
  });

  it('refuses unknown keys and checks across fields', () => {
    const invoice = SETTINGS_SECTIONS.invoice;
    expect(invoice.input.safeParse({ ...invoice.defaults, extra: 1 }).success).toBe(false);
    const rp = SETTINGS_SECTIONS.recurring_payments;
    const tooMany = rp.input.safeParse({ ...rp.defaults, retry_schedule_days: [3], max_retries: 2 });
    expect(tooMany.error?.issues.map((i) => i.path.join('.'))).toEqual(['max_retries']);
    const psp = SETTINGS_SECTIONS.payment_service_provider;
    const off = psp.input.safeParse({ ...psp.defaults, default_gateway: 'stripe' });
    expect(off.error?.issues.map((i) => i.path.join('.'))).toEqual(['default_gateway']);
  });
});
