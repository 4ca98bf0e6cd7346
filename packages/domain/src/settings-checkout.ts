/**
 * The checkout's settings sections (spec 02 §3: checkout feature, fraud, general, limitation, setup fee,
 * shipping, styling, tax setting): how the hosted checkout behaves for this company's customers.
 */
import { z } from 'zod';
import { TEMPLATE_LANGUAGES } from './enums.ts';
import {
  countryCodes,
  defineSection,
  field,
  flag,
  httpsUrl,
  percent,
  text,
  wholeNumber,
} from './settings-fields.ts';

const LANGUAGE_LABELS = { de: 'German', en: 'English', gr: 'Greek', nl: 'Dutch', no: 'Norwegian' } as const;

export const checkoutFeatures = defineSection({
  key: 'checkout_features',
  title: 'Checkout – features',
  description: 'What customers can do in the checkout.',
  group: 'checkout',
  aliases: ['checkout_feature', 'feature'],
  fields: {
    guest_checkout: field(flag(), true, {
      label: 'Guest checkout',
      help: 'Customers can order without creating a customer account first.',
      kind: 'switch',
    }),
    vouchers: field(flag(), true, {
      label: 'Vouchers',
      help: 'Show the voucher code field in the checkout.',
      kind: 'switch',
    }),
    buyout_offer: field(flag(), true, {
      label: 'Buyout offer',
      help: 'Show customers the price at which they can buy the item instead of renting it on.',
      kind: 'switch',
    }),
    delivery_date_picker: field(flag(), false, {
      label: 'Delivery date picker',
      help: 'Let customers choose the day the rental starts.',
      kind: 'switch',
    }),
    terms_url: field(httpsUrl(), null, {
      label: 'Terms and conditions address',
      help: 'Customers must accept the terms at this address before ordering (https://). Empty: no checkbox.',
      kind: 'text',
    }),
  },
});

export const checkoutFraud = defineSection({
  key: 'checkout_fraud',
  title: 'Checkout – fraud',
  description: 'Checks an order must pass before it is accepted.',
  group: 'checkout',
  aliases: ['fraud'],
  fields: {
    enabled: field(flag(), true, {
      label: 'Fraud checks',
      help: 'Run the checks below on every new order.',
      kind: 'switch',
    }),
    max_orders_per_day: field(wholeNumber(1, 100), 3, {
      label: 'Orders per customer per day',
      help: 'More orders from the same email address within 24 hours are held for review.',
      kind: 'number',
    }),
    max_open_subscriptions: field(wholeNumber(1, 1000), 10, {
      label: 'Open subscriptions per customer',
      help: 'A customer with this many running subscriptions cannot start another without review.',
      kind: 'number',
    }),
    block_disposable_emails: field(flag(), true, {
      label: 'Block disposable email addresses',
      help: 'Refuse orders from throw-away mail services.',
      kind: 'switch',
    }),
    same_country_addresses: field(flag(), false, {
      label: 'Billing and delivery in one country',
      help: 'Hold orders whose billing and delivery addresses are in different countries.',
      kind: 'switch',
    }),
    blocked_countries: field(countryCodes(), [], {
      label: 'Blocked countries',
      help: 'Countries whose billing addresses are refused.',
      kind: 'codelist',
    }),
  },
});

export const checkoutGeneral = defineSection({
  key: 'checkout_general',
  title: 'Checkout – general',
  description: 'Where the checkout lives and how it authenticates against the API.',
  group: 'checkout',
  aliases: ['general_checkout'],
  fields: {
    checkout_url: field(httpsUrl(), null, {
      label: 'Checkout address',
      help: 'The public address of your checkout page (https://).',
      kind: 'text',
    }),
    success_url: field(httpsUrl(), null, {
      label: 'After a successful order',
      help: 'Where customers land after ordering (https://). Empty: the checkout’s own thank-you page.',
      kind: 'text',
    }),
    cancel_url: field(httpsUrl(), null, {
      label: 'After a cancelled checkout',
      help: 'Where customers land when they leave the checkout (https://). Empty: back to the shop.',
      kind: 'text',
    }),
    default_language: field(z.enum(TEMPLATE_LANGUAGES), 'en', {
      label: 'Default language',
      help: 'The checkout’s language when the customer’s browser asks for none we offer.',
      kind: 'select',
      options: TEMPLATE_LANGUAGES,
      optionLabels: LANGUAGE_LABELS,
    }),
  },
  readOnly: {
    api_key_set: z
      .boolean()
      .describe('Whether an API key has been generated (the key itself is never shown again).'),
    api_key_last4: z
      .string()
      .nullable()
      .describe('The last four characters of the API key, to recognise it.'),
  },
});

export const checkoutLimitation = defineSection({
  key: 'checkout_limitation',
  title: 'Checkout – limitations',
  description: 'Limits on what one order may contain and who may order.',
  group: 'checkout',
  aliases: ['limitation'],
  fields: {
    max_items_per_order: field(wholeNumber(1, 100), 10, {
      label: 'Items per order',
      help: 'The most items one order may contain.',
      kind: 'number',
    }),
    min_customer_age: field(wholeNumber(0, 99), 18, {
      label: 'Minimum age',
      help: 'Customers confirm they are at least this old. 0: no age check.',
      kind: 'number',
      unit: 'years',
    }),
    allowed_countries: field(countryCodes(), [], {
      label: 'Countries you rent to',
      help: 'Countries the checkout takes. Empty: every supported country.',
      kind: 'codelist',
    }),
    business_customers_only: field(flag(), false, {
      label: 'Business customers only',
      help: 'Require a company name and VAT id in the checkout.',
      kind: 'switch',
    }),
  },
});

export const checkoutSetupFee = defineSection({
  key: 'checkout_setup_fee',
  title: 'Checkout – setup fee',
  description: 'A one-time fee charged with the first payment of a subscription.',
  group: 'checkout',
  aliases: ['setup_fee'],
  fields: {
    enabled: field(flag(), false, {
      label: 'Charge a setup fee',
      help: 'Add the fee below to the first payment.',
      kind: 'switch',
    }),
    amount_minor: field(wholeNumber(0, 100_000_000), 0, {
      label: 'Fee (in cents)',
      help: 'The fee in the smallest unit of your currency: 2500 is 25.00.',
      kind: 'number',
      unit: 'cents',
    }),
    per: field(z.enum(['order', 'item']), 'order', {
      label: 'Charged per',
      help: 'Once per order, or once for each item in it.',
      kind: 'select',
      options: ['order', 'item'],
      optionLabels: { order: 'Order', item: 'Item' },
    }),
    waive_for_returning_customers: field(flag(), false, {
      label: 'Waive for returning customers',
      help: 'No fee for customers who already had a subscription.',
      kind: 'switch',
    }),
  },
});

export const checkoutShipping = defineSection({
  key: 'checkout_shipping',
  title: 'Checkout – shipping',
  description: 'How rented items reach the customer. Countries, methods and rules have their own screens.',
  group: 'checkout',
  aliases: ['shipping'],
  fields: {
    delivery: field(flag(), true, {
      label: 'Delivery',
      help: 'Customers can have the items delivered.',
      kind: 'switch',
    }),
    pickup: field(flag(), false, {
      label: 'Pickup',
      help: 'Customers can collect the items at the address below.',
      kind: 'switch',
    }),
    pickup_address: field(text(500), '', {
      label: 'Pickup address',
      help: 'Shown to customers who choose pickup, with opening hours if you like.',
      kind: 'textarea',
    }),
    handling_days: field(wholeNumber(0, 60), 2, {
      label: 'Handling time',
      help: 'Working days between an order and its dispatch; the checkout’s earliest start date.',
      kind: 'number',
      unit: 'days',
    }),
  },
  refine: (v, ctx) => {
    if (!v.delivery && !v.pickup) {
      ctx.addIssue({ code: 'custom', path: ['delivery'], message: 'Offer delivery, pickup or both.' });
    }
    if (v.pickup && v.pickup_address === '') {
      ctx.addIssue({ code: 'custom', path: ['pickup_address'], message: 'Required for pickup.' });
    }
  },
});

export const checkoutStyling = defineSection({
  key: 'checkout_styling',
  title: 'Checkout – styling',
  description: 'How the checkout looks.',
  group: 'checkout',
  aliases: ['styling'],
  fields: {
    primary_color: field(
      z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Must be a colour such as #1f6feb.'),
      '#1f6feb',
      { label: 'Main colour', help: 'Buttons and links, as #rrggbb.', kind: 'color' },
    ),
    logo_url: field(httpsUrl(), null, {
      label: 'Logo address',
      help: 'An image at https:// shown at the top of the checkout. Empty: your company name.',
      kind: 'text',
    }),
    font: field(z.enum(['system', 'inter', 'roboto', 'open_sans']), 'system', {
      label: 'Font',
      help: 'The typeface of the checkout.',
      kind: 'select',
      options: ['system', 'inter', 'roboto', 'open_sans'],
      optionLabels: { system: 'The device’s own', inter: 'Inter', roboto: 'Roboto', open_sans: 'Open Sans' },
    }),
    custom_css: field(text(20_000), '', {
      label: 'Custom CSS',
      help: 'Added after the checkout’s own styles.',
      kind: 'textarea',
    }),
  },
});

export const checkoutTaxes = defineSection({
  key: 'checkout_taxes',
  title: 'Checkout – taxes',
  description: 'How prices and tax are shown and computed. The rates per country are under Products → Tax.',
  group: 'checkout',
  aliases: ['checkout_Taxes', 'tax_setting', 'taxes'],
  fields: {
    prices_include_tax: field(flag(), false, {
      label: 'Prices include tax',
      help: 'On: the prices you enter are gross, tax is taken out of them. Off: tax is added on top.',
      kind: 'switch',
    }),
    default_rate: field(percent(), '0', {
      label: 'Default tax rate',
      help: 'The rate where no tax rule matches the customer’s address and the product’s class.',
      kind: 'text',
      unit: '%',
    }),
    show_tax_breakdown: field(flag(), true, {
      label: 'Show the tax in the checkout',
      help: 'List the tax amount separately in the basket and the confirmation.',
      kind: 'switch',
    }),
  },
});
