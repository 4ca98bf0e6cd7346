import { type CompanySettings, SETTINGS_SECTION_KEYS, SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { describe, expect, it } from 'vitest';
import { sectionResolver, toFormValues, toPayload } from './section-form.ts';

const view = (key: (typeof SETTINGS_SECTION_KEYS)[number]) =>
  SETTINGS_SECTIONS[key].defaults as unknown as CompanySettings[typeof key];
const resolve = (key: (typeof SETTINGS_SECTION_KEYS)[number], values: Record<string, unknown>) =>
  sectionResolver(key)(values, undefined, { fields: {}, shouldUseNativeValidation: false });

describe('a settings section as a form', () => {
  it('gives back every section’s defaults unchanged (values -> form -> body)', async () => {
    for (const key of SETTINGS_SECTION_KEYS) {
      expect(toPayload(key, toFormValues(key, view(key))), key).toEqual(SETTINGS_SECTIONS[key].defaults);
      expect((await resolve(key, toFormValues(key, view(key)))).errors, key).toEqual({});
    }
  });

  it('reads typed numbers and lists, and empty text as null where the field takes null', () => {
    const values = {
      ...toFormValues('recurring_payments', view('recurring_payments')),
      retry_schedule_days: ' 2,5;  9 ',
      max_retries: '2',
    };
    expect(toPayload('recurring_payments', values)).toMatchObject({
      retry_schedule_days: [2, 5, 9],
      max_retries: 2,
    });
    const general = { ...toFormValues('general', view('general')), support_email: '  ' };
    expect(toPayload('general', general).support_email).toBeNull();
    const fraud = { ...toFormValues('checkout_fraud', view('checkout_fraud')), blocked_countries: 'RU, by' };
    expect(toPayload('checkout_fraud', fraud).blocked_countries).toEqual(['ru', 'by']);
  });

  it('puts the domain’s messages on the fields, a list’s on the list', async () => {
    const values = {
      ...toFormValues('recurring_payments', view('recurring_payments')),
      retry_schedule_days: '3, x',
      max_retries: 'many',
    };
    const { errors } = await resolve('recurring_payments', values);
    expect(Object.keys(errors).sort()).toEqual(['max_retries', 'retry_schedule_days']);
  });

  it('keeps the invoice’s registered country and province, and refuses a province of another country', async () => {
    const values = { ...toFormValues('invoice', view('invoice')), country: 'ca', region: 'QC' };
    expect(toPayload('invoice', values)).toMatchObject({ country: 'ca', region: 'QC', tax_number: '' });
    expect((await resolve('invoice', values)).errors).toEqual({});
    const { errors } = await resolve('invoice', { ...values, region: 'NY' });
    expect(Object.keys(errors)).toEqual(['region']);
  });

  it('sends only the gateway credentials typed in', () => {
    const values = toFormValues('payment_service_provider', view('payment_service_provider'));
    expect(toPayload('payment_service_provider', values)).not.toHaveProperty('credentials');
    const typed = {
      ...values,
      credentials: { ...(values.credentials as object), mollie: { api_key: ' live_123 ' } },
    };
    expect(toPayload('payment_service_provider', typed).credentials).toEqual({
      mollie: { api_key: 'live_123' },
    });
  });
});
