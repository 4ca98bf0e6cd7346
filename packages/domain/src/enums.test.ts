import { describe, expect, it } from 'vitest';
import { CUSTOMER_LANGUAGES } from './customers.ts';
import {
  ACCOUNT_PAYMENT_STATES,
  ASSET_STATUSES,
  accountPaymentStateSchema,
  BILLING_INTERVALS,
  CONTENT_LANGUAGE_CODES,
  CONTENT_LANGUAGES,
  currencySchema,
  FREQUENCIES,
  INVOICE_SETTLEMENTS,
  INVOICE_TYPES,
  invoiceTypeSchema,
  ORDER_STATUSES,
  ORDER_SUB_STATUSES,
  orderSubStatusSchema,
  PAYMENT_GATEWAYS,
  PERIODICITY_UNITS,
  PRICE_MODES,
  PRODUCT_TYPES,
  PROVIDER_TRANSACTION_STATUSES,
  paymentGatewaySchema,
  providerTransactionStatusSchema,
  SHOP_PLATFORMS,
  SUBSCRIPTION_STATUSES,
  shopPlatformSchema,
  subscriptionStatusSchema,
  TEMPLATE_LANGUAGES,
  TRACKED_STATUS_RANGES_DAYS,
  templateLanguageSchema,
  trackedStatusRangeSchema,
} from './enums.ts';

describe('the shared enumerations of spec 01 §3', () => {
  it.each([
    [
      'account payment states',
      ACCOUNT_PAYMENT_STATES,
      ['paid', 'payment_pending', 'payment_required', 'trial'],
    ],
    [
      'subscription statuses',
      SUBSCRIPTION_STATUSES,
      [
        ...['active', 'bought out', 'cancellation requested', 'cancelled', 'ended', 'lost/stolen'],
        ...['manual bought out', 'paused', 'pending activation', 'pending buyout', 'pending replacement'],
        'pending return',
      ],
    ],
    [
      'asset statuses',
      ASSET_STATUSES,
      ['bought out', 'broken', 'in stock', 'removed', 'rented out', 'stolen', 'to repair'],
    ],
    ['invoice settlements', INVOICE_SETTLEMENTS, ['failed', 'not settled', 'pending payment', 'settled']],
    [
      'provider transaction statuses',
      PROVIDER_TRANSACTION_STATUSES,
      [
        ...[
          'authorization_expired',
          'authorized',
          'authorized_order',
          'chargeback',
          'failed',
          'failed_refund',
        ],
        ...['full_refund', 'gateway_rejected', 'partial_refund', 'pending', 'processor_declined'],
        ...[
          'received_partial_refund',
          'refund',
          'refunded',
          'settled',
          'submitted_for_settlement',
          'succeeded',
        ],
      ],
    ],
    [
      'invoice types',
      INVOICE_TYPES,
      [
        ...[
          'cancellation',
          'recurring payment',
          'buyout',
          'partial_refund',
          'delayed payment',
          'full_refund',
        ],
        ...['cumulated invoice', 'replacement', 'one time payment', 'initial', 'refund'],
      ],
    ],
    ['billing intervals', BILLING_INTERVALS, ['annually', 'monthly', 'quarterly']],
    ['periodicity units', PERIODICITY_UNITS, ['days', 'weeks', 'months', 'years']],
    ['frequencies', FREQUENCIES, ['daily', 'weekly', 'monthly', 'yearly']],
    ['price modes', PRICE_MODES, ['changeable', 'fixed', 'skipped']],
    ['template languages', TEMPLATE_LANGUAGES, ['de', 'en', 'gr', 'nl', 'no']],
    [
      'content languages',
      CONTENT_LANGUAGES,
      [
        ...['Danish', 'Dutch', 'English', 'French', 'German', 'Greek', 'Italian', 'Norwegian', 'Slovenian'],
        ...['Spanish', 'Swedish'],
      ],
    ],
    [
      'shop platforms',
      SHOP_PLATFORMS,
      ['magento', 'saleor', 'shopify', 'shopware5', 'shopware6', 'woocommerce'],
    ],
    [
      'payment gateways',
      PAYMENT_GATEWAYS,
      ['adyen', 'braintree', 'mollie', 'offlinegateway', 'payone', 'paypal', 'stripe'],
    ],
    ['tracked-status ranges', TRACKED_STATUS_RANGES_DAYS, [30, 90, 180]],
    ['order statuses', ORDER_STATUSES, ['cancelled', 'draft', 'fulfilled', 'open']],
    [
      'order sub-statuses',
      ORDER_SUB_STATUSES,
      [
        ...['delivered', 'delivery', 'dunning-cancelled', 'in clarification', 'in dunning', 'lost'],
        ...['ordered at supplier', 'picked up', 'pick up', 'replaced', 'replacement', 'test order'],
      ],
    ],
    ['product types', PRODUCT_TYPES, ['consumable', 'digital', 'normal']],
  ] as const)('has the %s of the spec', (_name, values, expected) => {
    expect([...values]).toEqual([...expected]);
    expect(new Set<unknown>(values).size).toBe(values.length);
  });

  it('gives each content language the ISO code customers are written in', () => {
    expect(Object.keys(CONTENT_LANGUAGE_CODES)).toEqual([...CONTENT_LANGUAGES]);
    expect(Object.values(CONTENT_LANGUAGE_CODES).sort()).toEqual([...CUSTOMER_LANGUAGES].sort());
  });
});

describe('the zod enums', () => {
  it('accept the exact values and nothing else', () => {
    expect(subscriptionStatusSchema.parse('lost/stolen')).toBe('lost/stolen');
    expect(subscriptionStatusSchema.safeParse('Lost/Stolen').success).toBe(false);
    expect(invoiceTypeSchema.parse('one time payment')).toBe('one time payment');
    expect(invoiceTypeSchema.safeParse('one_time_payment').success).toBe(false);
    expect(providerTransactionStatusSchema.parse('submitted_for_settlement')).toBe(
      'submitted_for_settlement',
    );
    expect(orderSubStatusSchema.parse('dunning-cancelled')).toBe('dunning-cancelled');
    expect(accountPaymentStateSchema.safeParse('unpaid').success).toBe(false);
    expect(templateLanguageSchema.safeParse('el').success).toBe(false);
    expect(shopPlatformSchema.parse('shopware6')).toBe('shopware6');
    expect(paymentGatewaySchema.safeParse('square').success).toBe(false);
    expect(currencySchema.parse('CAD')).toBe('CAD');
    expect(currencySchema.safeParse('cad').success).toBe(false);
  });
  it('accept only the three tracked-status ranges', () => {
    expect(trackedStatusRangeSchema.parse(90)).toBe(90);
    expect(trackedStatusRangeSchema.safeParse(60).success).toBe(false);
    expect(trackedStatusRangeSchema.safeParse('30').success).toBe(false);
  });
});

describe('template languages', () => {
  it('are the same list in the zod-free template kinds (imported by the web alone)', async () => {
    const { TEMPLATE_LANGUAGES } = await import('./enums.ts');
    const { TEMPLATE_LANGUAGE_LIST, LANGUAGE_NAMES } = await import('./template-kinds.ts');
    expect([...TEMPLATE_LANGUAGE_LIST]).toEqual([...TEMPLATE_LANGUAGES]);
    expect(Object.keys(LANGUAGE_NAMES).sort()).toEqual([...TEMPLATE_LANGUAGES].sort());
  });
});
