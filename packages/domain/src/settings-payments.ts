/**
 * The payment settings sections (spec 02 §3: payment service provider, recurring payments): which
 * gateways customers pay through, with their credentials (write-only), and what a failed recurring
 * payment leads to (BILLING.md, "Dunning").
 */
import { z } from 'zod';
import { PAYMENT_SYSTEMS } from './companies.ts';
import { defineSection, field, flag, requiredText, wholeNumber } from './settings-fields.ts';

/**
 * The gateways' credential fields (all write-only), by gateway; the offline gateway has none. No key
 * ends in `_id`: the access matrix reads such body fields as naming records (testing/schema-ids.ts).
 */
export const GATEWAY_CREDENTIAL_FIELDS = {
  adyen: ['api_key', 'merchant_account'],
  braintree: ['merchant', 'public_key', 'private_key'],
  mollie: ['api_key'],
  offlinegateway: [],
  payone: ['merchant', 'portal', 'sub_account', 'key'],
  paypal: ['client', 'client_secret'],
  stripe: ['secret_key', 'webhook_secret'],
} as const satisfies Record<(typeof PAYMENT_SYSTEMS)[number], readonly string[]>;

/** The labels of the credential fields, as the gateways' dashboards name them. */
export const CREDENTIAL_LABELS: Record<string, string> = {
  api_key: 'API key',
  merchant_account: 'Merchant account',
  merchant: 'Merchant ID',
  public_key: 'Public key',
  private_key: 'Private key',
  portal: 'Portal ID',
  sub_account: 'Sub-account ID',
  key: 'Key',
  client: 'Client ID',
  client_secret: 'Client secret',
  secret_key: 'Secret key',
  webhook_secret: 'Webhook signing secret',
};

export const GATEWAY_LABELS: Record<(typeof PAYMENT_SYSTEMS)[number], string> = {
  adyen: 'Adyen',
  braintree: 'Braintree',
  mollie: 'Mollie',
  offlinegateway: 'Offline (invoice, transfer)',
  payone: 'PAYONE',
  paypal: 'PayPal',
  stripe: 'Stripe',
};

const credential = () => requiredText(500);
const gatewayCredentials = z.strictObject(
  Object.fromEntries(
    Object.entries(GATEWAY_CREDENTIAL_FIELDS)
      .filter(([, fields]) => fields.length > 0)
      .map(([gateway, fields]) => [
        gateway,
        z
          .strictObject(Object.fromEntries(fields.map((f) => [f, credential()])))
          .nullable()
          .optional(),
      ]),
  ),
);

export const paymentServiceProvider = defineSection({
  key: 'payment_service_provider',
  title: 'Payment service provider',
  description:
    'The payment gateways customers pay through. Credentials are stored encrypted and never shown.',
  group: 'business',
  aliases: ['psp', 'payment'],
  fields: {
    enabled_gateways: field(
      z.array(z.enum(PAYMENT_SYSTEMS)).max(PAYMENT_SYSTEMS.length),
      ['offlinegateway'],
      {
        label: 'Gateways',
        help: 'The gateways customers can choose from. Each needs its credentials (the offline gateway none).',
        kind: 'multiselect',
        options: PAYMENT_SYSTEMS,
        optionLabels: GATEWAY_LABELS,
      },
    ),
    default_gateway: field(z.enum(PAYMENT_SYSTEMS).nullable(), 'offlinegateway', {
      label: 'Default gateway',
      help: 'Preselected in the checkout and used for orders staff create.',
      kind: 'select',
      options: PAYMENT_SYSTEMS,
      optionLabels: GATEWAY_LABELS,
    }),
    test_mode: field(flag(), false, {
      label: 'Test mode',
      help: 'Charge through the gateways’ test environments: no real money moves.',
      kind: 'switch',
    }),
  },
  refine: (v, ctx) => {
    if (new Set(v.enabled_gateways).size !== v.enabled_gateways.length) {
      ctx.addIssue({ code: 'custom', path: ['enabled_gateways'], message: 'Each gateway only once.' });
    }
    if (v.default_gateway !== null && !v.enabled_gateways.includes(v.default_gateway)) {
      ctx.addIssue({
        code: 'custom',
        path: ['default_gateway'],
        message: 'Must be one of the gateways switched on.',
      });
    }
  },
  writeOnly: {
    /** Per gateway: its credentials (replace the stored ones), null (delete them); omitted: kept. */
    credentials: gatewayCredentials.describe(
      'Per gateway: its credentials (they replace the stored ones) or null (deletes them); a gateway left out keeps its stored credentials. Never answered.',
    ),
  },
  readOnly: {
    credentials_stored: z
      .array(z.enum(PAYMENT_SYSTEMS))
      .describe('The gateways whose credentials are stored (encrypted; never answered).'),
  },
});

export const AFTER_LAST_RETRY = ['cancel_subscription', 'debt_collection', 'nothing'] as const;

export const recurringPayments = defineSection({
  key: 'recurring_payments',
  title: 'Recurring payments',
  description: 'What happens when a recurring payment fails: retries, reminders and the last resort.',
  group: 'business',
  aliases: ['recurring_payment'],
  fields: {
    retry_schedule_days: field(
      z
        .array(wholeNumber(1, 90))
        .max(10, 'At most 10 retries.')
        .refine(
          (days) => days.every((d, i) => i === 0 || d > (days[i - 1] ?? 0)),
          'Must go up: e.g. 3, 7, 14.',
        ),
      [3, 7, 14],
      {
        label: 'Retry schedule',
        help: 'Days after the failed payment on which it is charged again, e.g. "3, 7, 14".',
        kind: 'numberlist',
        unit: 'days',
      },
    ),
    max_retries: field(wholeNumber(0, 10), 3, {
      label: 'Number of retries',
      help: 'How many of the scheduled retries are made. 0: none.',
      kind: 'number',
    }),
    after_last_retry: field(z.enum(AFTER_LAST_RETRY), 'nothing', {
      label: 'After the last retry',
      help: 'What happens when the last retry fails too.',
      kind: 'select',
      options: AFTER_LAST_RETRY,
      optionLabels: {
        cancel_subscription: 'Cancel the subscription',
        debt_collection: 'Hand over to debt collection',
        nothing: 'Nothing (staff decide)',
      },
    }),
    dunning_emails: field(flag(), true, {
      label: 'Payment reminders',
      help: 'Mail the customer after each failed payment (dunning 1 to 3).',
      kind: 'switch',
    }),
  },
  refine: (v, ctx) => {
    if (v.max_retries > v.retry_schedule_days.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['max_retries'],
        message: `At most the ${v.retry_schedule_days.length} days of the retry schedule.`,
      });
    }
  },
});
