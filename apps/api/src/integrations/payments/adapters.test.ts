import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { GatewayUnavailableError, gatewayConfigFrom, gatewayFor } from './adapters.ts';
import { expectState } from './testing/expect-outcome.ts';
import { FAKE_STRIPE, type FakeStripe, startFakeStripe } from './testing/fake-stripe.ts';

let fake: FakeStripe;
beforeAll(async () => {
  fake = await startFakeStripe();
});
afterAll(() => fake.close());

describe('gatewayFor', () => {
  it('builds the Stripe adapter from the stored credentials, pointed by STRIPE_API_BASE at the fake', async () => {
    const config = gatewayConfigFrom(loadConfig({ STRIPE_API_BASE: fake.url }));
    const stripe = gatewayFor(
      'stripe',
      { secret_key: FAKE_STRIPE.secretKey, webhook_secret: FAKE_STRIPE.webhookSecret },
      config,
    );
    expect(stripe.name).toBe('stripe');
    const outcome = await stripe.charge({
      idempotencyKey: 'rl:c1:invoice-1:1',
      amountMinor: 500n,
      currency: 'EUR',
      description: 'Invoice 1',
      method: {
        gateway: 'stripe',
        customerReference: 'cus_1',
        methodReference: 'pm_card_visa',
        label: 'Visa',
      },
      metadata: {},
    });
    expect(expectState(outcome, 'succeeded').providerReference).toMatch(/^pi_/);
    expect(fake.executions('rl:c1:invoice-1:1')).toBe(1);
  });

  it('refuses a gateway without its credentials (naming the missing ones) or without an adapter', () => {
    expect(() => gatewayFor('stripe', { secret_key: 'sk_test_x' })).toThrow(/no webhook_secret/);
    expect(() => gatewayFor('mollie', null)).toThrow(GatewayUnavailableError);
    expect(() => gatewayFor('adyen', { api_key: 'k', merchant_account: 'm' })).toThrow(
      /No adapter for the adyen/,
    );
    expect(gatewayFor('mollie', { api_key: 'test_abc' }).name).toBe('mollie');
  });

  it('MOLLIE_API_BASE must be https (the client speaks nothing else)', () => {
    expect(() => loadConfig({ MOLLIE_API_BASE: 'http://127.0.0.1:9/v2/' })).toThrow(/MOLLIE_API_BASE/);
    expect(loadConfig({ MOLLIE_API_BASE: 'https://127.0.0.1:9/v2/' }).mollieApiBase).toBe(
      'https://127.0.0.1:9/v2/',
    );
  });
});
