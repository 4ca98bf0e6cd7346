/**
 * The company's business settings sections (spec 02 §3: customer login and self-service, debt
 * collection, email, invoice, order, refer a friend, subscription, dns, and the company-wide
 * `general`); the payment ones are in `settings-payments.ts`. `shop_system` has its own schemas and
 * routes (`companies.ts`, `shopSettingsInputSchema`).
 */
import { z } from 'zod';
import { countryByAlpha2 } from './countries.ts';
import { TEMPLATE_LANGUAGES } from './enums.ts';
import { MESSAGES } from './messages.ts';
import { regionByCode, regionsForCountry } from './regions.ts';
import {
  defineSection,
  emailOrNull,
  field,
  flag,
  hostName,
  httpsUrl,
  requiredText,
  text,
  wholeNumber,
} from './settings-fields.ts';

const LANGUAGE_LABELS = { de: 'German', en: 'English', gr: 'Greek', nl: 'Dutch', no: 'Norwegian' } as const;

export const general = defineSection({
  key: 'general',
  title: 'General',
  description: 'How the company works day to day: its time zone, formats and contact details.',
  group: 'business',
  fields: {
    time_zone: field(
      requiredText(64).refine((tz) => {
        try {
          new Intl.DateTimeFormat('en', { timeZone: tz });
          return true;
        } catch {
          return false;
        }
      }, 'Must be a time zone such as Europe/Berlin.'),
      'Europe/Berlin',
      {
        label: 'Time zone',
        help: 'Due dates, billing runs and the days in reports follow this zone (e.g. Europe/Berlin).',
        kind: 'text',
      },
    ),
    date_format: field(z.enum(['DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD']), 'DD.MM.YYYY', {
      label: 'Date format',
      help: 'How dates are written in documents and mails.',
      kind: 'select',
      options: ['DD.MM.YYYY', 'DD/MM/YYYY', 'MM/DD/YYYY', 'YYYY-MM-DD'],
    }),
    support_email: field(emailOrNull(), null, {
      label: 'Support email',
      help: 'Where customers write with questions; shown in mails and the self-service area.',
      kind: 'text',
    }),
    support_phone: field(text(40).nullable(), null, {
      label: 'Support phone',
      help: 'Shown next to the support email, as you write it (+49 30 1234567).',
      kind: 'text',
    }),
    website_url: field(httpsUrl(), null, {
      label: 'Website',
      help: 'Your public website (https://), linked from mails and documents.',
      kind: 'text',
    }),
  },
});

export const customerLogin = defineSection({
  key: 'customer_login',
  title: 'Customer login and self-service',
  description: 'What customers can do themselves after signing in to their account.',
  group: 'business',
  aliases: ['customer_self_service', 'self_service'],
  fields: {
    enabled: field(flag(), true, {
      label: 'Customer accounts',
      help: 'Customers can sign in to see their orders, subscriptions and invoices.',
      kind: 'switch',
    }),
    login_method: field(z.enum(['magic_link', 'password']), 'magic_link', {
      label: 'Sign-in method',
      help: 'A link sent by email each time, or a password the customer chooses.',
      kind: 'select',
      options: ['magic_link', 'password'],
      optionLabels: { magic_link: 'Link by email', password: 'Password' },
    }),
    cancel_subscription: field(flag(), true, {
      label: 'Cancel subscriptions',
      help: 'Customers can cancel at the end of the minimum term, within the notice period.',
      kind: 'switch',
    }),
    change_address: field(flag(), true, {
      label: 'Change addresses',
      help: 'Customers can change their billing and delivery addresses.',
      kind: 'switch',
    }),
    change_payment_method: field(flag(), true, {
      label: 'Change the payment method',
      help: 'Customers can replace the card or mandate future payments are charged to.',
      kind: 'switch',
    }),
    download_invoices: field(flag(), true, {
      label: 'Download invoices',
      help: 'Customers can download their invoices as PDF.',
      kind: 'switch',
    }),
  },
});

const agencyUrl = () =>
  text(500)
    .url(MESSAGES.validUrl)
    .refine((u) => /^https?:\/\//i.test(u), 'Must start with https://.')
    .nullable();

export const debtCollection = defineSection({
  key: 'debt_collection',
  title: 'Debt collection',
  description: 'Handing unpaid invoices over to a collection agency.',
  group: 'business',
  fields: {
    enabled: field(flag(), false, {
      label: 'Debt collection',
      help: 'Unpaid invoices can be handed over to the agency below.',
      kind: 'switch',
    }),
    provider: field(z.enum(['debtist']), 'debtist', {
      label: 'Agency',
      help: 'The collection agency claims are filed with.',
      kind: 'select',
      options: ['debtist'],
      optionLabels: { debtist: 'Debtist' },
    }),
    // http:// only for an agency on the merchant's own network (checked when saved, as credit_check's).
    base_url: field(agencyUrl(), null, {
      label: 'API address',
      help: 'The agency’s API base address, e.g. https://api.debtist.example (from your Debtist contract).',
      kind: 'text',
    }),
    handover_after_days: field(wholeNumber(1, 365), 30, {
      label: 'Hand over after',
      help: 'Days after the due date of the last reminder before a claim is filed.',
      kind: 'number',
      unit: 'days',
    }),
    min_claim_minor: field(wholeNumber(0, 100_000_000), 2000, {
      label: 'Smallest claim (in cents)',
      help: 'Smaller open amounts are not handed over: 2000 is 20.00 in your currency.',
      kind: 'number',
      unit: 'cents',
    }),
    notify_customer: field(flag(), true, {
      label: 'Tell the customer',
      help: 'Send the customer a mail when the claim is handed over.',
      kind: 'switch',
    }),
  },
  refine: (v, ctx) => {
    if (v.enabled && !v.base_url)
      ctx.addIssue({ code: 'custom', path: ['base_url'], message: 'Required to switch debt collection on.' });
  },
  writeOnly: {
    /** The agency's API key (replaces the stored one), null (deletes it); omitted: kept. */
    api_key: z
      .string()
      .trim()
      .min(1, MESSAGES.required)
      .max(500)
      .nullable()
      .describe(
        'The agency’s API key (replaces the stored one); null deletes it. Stored encrypted, never answered.',
      ),
  },
  readOnly: {
    api_key_stored: z.boolean().describe('Whether an API key is stored (encrypted; never answered).'),
  },
});

export const email = defineSection({
  key: 'email',
  title: 'Email',
  description: 'How mails to your customers are sent.',
  group: 'business',
  fields: {
    sender_name: field(text(100), '', {
      label: 'Sender name',
      help: 'The name customers see as the sender. Empty: your company name.',
      kind: 'text',
    }),
    reply_to: field(emailOrNull(), null, {
      label: 'Reply-to address',
      help: 'Where customers’ replies go. Empty: the support email under General.',
      kind: 'text',
    }),
    bcc: field(emailOrNull(), null, {
      label: 'Blind copy to',
      help: 'A copy of every mail to customers goes to this address, for your records.',
      kind: 'text',
    }),
    default_language: field(z.enum(TEMPLATE_LANGUAGES), 'en', {
      label: 'Default language',
      help: 'The language of mails to customers whose language has no template.',
      kind: 'select',
      options: TEMPLATE_LANGUAGES,
      optionLabels: LANGUAGE_LABELS,
    }),
  },
});

const PREFIX_HELP = 'Letters, digits and - _ / . ; {YYYY} is replaced by the year.';
const prefix = () =>
  text(20).regex(/^([A-Za-z0-9_./-]|\{YYYY\})*$/, 'Must contain only letters, digits, - _ / . and {YYYY}.');

export const invoice = defineSection({
  key: 'invoice',
  title: 'Invoice',
  description: 'Numbering, payment terms and the legal details printed on every invoice.',
  group: 'business',
  fields: {
    number_prefix: field(prefix(), 'INV-{YYYY}-', {
      label: 'Number prefix',
      help: `Put before every invoice number. ${PREFIX_HELP}`,
      kind: 'text',
    }),
    number_start: field(wholeNumber(1, 999_999_999), 1000, {
      label: 'First number',
      help: 'The number of the first invoice of the series. Invoices already issued keep their numbers.',
      kind: 'number',
    }),
    payment_terms_days: field(wholeNumber(0, 365), 14, {
      label: 'Payment terms',
      help: 'Days between the invoice date and its due date. 0: due on receipt.',
      kind: 'number',
      unit: 'days',
    }),
    company_name: field(text(200), '', {
      label: 'Legal company name',
      help: 'As registered, e.g. "Northwind Rentals GmbH".',
      kind: 'text',
    }),
    address: field(text(500), '', {
      label: 'Address',
      help: 'The registered address, one line per row.',
      kind: 'textarea',
    }),
    // The words of the legal fields follow these two (invoice-legal-fields.ts).
    country: field(
      text(2)
        .toLowerCase()
        .refine((c) => c === '' || countryByAlpha2(c) !== undefined, MESSAGES.countryUnknown),
      '',
      {
        label: 'Country',
        help: 'Where the company is registered: the tax numbers below are named as there.',
        kind: 'country',
      },
    ),
    region: field(text(100), '', {
      label: 'Province or state',
      help: 'Where the company is registered, where the country has provinces or states.',
      kind: 'region',
    }),
    vat_number: field(text(30), '', {
      label: 'VAT number',
      help: 'Your VAT or sales tax registration, as printed on invoices.',
      kind: 'text',
    }),
    tax_number: field(text(40), '', {
      label: 'Tax number',
      help: 'A second tax registration, where your country asks for it on invoices.',
      kind: 'text',
    }),
    register: field(text(200), '', {
      label: 'Company register',
      help: 'The register and your company’s number in it, where your country asks for it on invoices.',
      kind: 'text',
    }),
    managing_directors: field(text(200), '', {
      label: 'Managing directors',
      help: 'The names required on business letters in some countries.',
      kind: 'text',
    }),
    bank_name: field(text(100), '', { label: 'Bank', help: 'The name of your bank.', kind: 'text' }),
    iban: field(
      text(42).refine(
        (v) => v === '' || /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(v.replace(/\s+/g, '')),
        'Must be an IBAN such as DE89 3704 0044 0532 0130 00.',
      ),
      '',
      { label: 'IBAN', help: 'The account customers pay into by transfer.', kind: 'text' },
    ),
    bic: field(
      text(11).refine(
        (v) => v === '' || /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v),
        'Must be a BIC such as COBADEFFXXX.',
      ),
      '',
      { label: 'BIC', help: 'The bank’s identifier code (8 or 11 characters).', kind: 'text' },
    ),
    footer: field(text(2000), '', {
      label: 'Footer',
      help: 'Printed at the bottom of every invoice, after the legal details.',
      kind: 'textarea',
    }),
  },
  refine: (v, ctx) => {
    const regions = regionsForCountry(v.country);
    if (v.region !== '' && regions.length > 0 && !regionByCode(v.country, v.region)) {
      ctx.addIssue({ code: 'custom', path: ['region'], message: MESSAGES.regionUnknown });
    }
  },
  readOnly: {
    next_number: z
      .string()
      .describe('The number the next invoice gets (prefix and counter); kept by the invoice number series.'),
  },
});

export const ORDER_START_STATUSES = ['open', 'draft'] as const;
export const ORDER_START_SUB_STATUSES = ['in clarification', 'ordered at supplier', 'test order'] as const;

export const order = defineSection({
  key: 'order',
  title: 'Order',
  description: 'Numbering of orders and the status a new order starts in.',
  group: 'business',
  fields: {
    number_prefix: field(prefix(), 'ORD-', {
      label: 'Number prefix',
      help: `Put before every order number. ${PREFIX_HELP}`,
      kind: 'text',
    }),
    initial_status: field(z.enum(ORDER_START_STATUSES), 'open', {
      label: 'Status of a new order',
      help: 'Open: ready to be fulfilled. Draft: a quote that staff finalise first.',
      kind: 'select',
      options: ORDER_START_STATUSES,
      optionLabels: { open: 'Open', draft: 'Draft' },
    }),
    initial_sub_status: field(z.enum(ORDER_START_SUB_STATUSES).nullable(), null, {
      label: 'Sub-status of a new order',
      help: 'Optional: e.g. "in clarification" when every order is checked by hand first.',
      kind: 'select',
      options: ORDER_START_SUB_STATUSES,
    }),
    manual_approval: field(flag(), false, {
      label: 'Approve orders by hand',
      help: 'No payment is charged and nothing ships until staff approve the order.',
      kind: 'switch',
    }),
  },
});

export const referAFriend = defineSection({
  key: 'refer_a_friend',
  title: 'Refer a friend',
  description: 'Rewards for customers who bring in new customers.',
  group: 'business',
  aliases: ['referral'],
  fields: {
    enabled: field(flag(), false, {
      label: 'Refer a friend',
      help: 'Customers get a personal link to share.',
      kind: 'switch',
    }),
    friend_discount_percent: field(wholeNumber(1, 100), 10, {
      label: 'Friend’s discount',
      help: 'Off the new customer’s first payment.',
      kind: 'number',
      unit: '%',
    }),
    referrer_discount_percent: field(wholeNumber(0, 100), 10, {
      label: 'Referrer’s reward',
      help: 'Off the referring customer’s next payment, once the friend has paid.',
      kind: 'number',
      unit: '%',
    }),
    max_referrals: field(wholeNumber(0, 1000), 10, {
      label: 'Rewards per customer',
      help: 'The most referrals one customer is rewarded for. 0: no limit.',
      kind: 'number',
    }),
  },
});

export const subscription = defineSection({
  key: 'subscription',
  title: 'Subscription',
  description: 'The terms a new subscription gets unless its product says otherwise.',
  group: 'business',
  fields: {
    minimum_term_months: field(wholeNumber(0, 120), 12, {
      label: 'Minimum term',
      help: 'Months before a subscription can end. 0: any time.',
      kind: 'number',
      unit: 'months',
    }),
    auto_renew: field(flag(), true, {
      label: 'Renew automatically',
      help: 'After the minimum term, the subscription goes on until it is cancelled.',
      kind: 'switch',
    }),
    renewal_period_months: field(wholeNumber(1, 24), 1, {
      label: 'Renewal period',
      help: 'Months a renewed subscription runs on each time.',
      kind: 'number',
      unit: 'months',
    }),
    cancellation_notice_days: field(wholeNumber(0, 365), 30, {
      label: 'Notice period',
      help: 'Days before the end of a term by which a cancellation must arrive.',
      kind: 'number',
      unit: 'days',
    }),
    allow_pause: field(flag(), false, {
      label: 'Pauses',
      help: 'Staff can pause a subscription; paused months are not charged.',
      kind: 'switch',
    }),
  },
});

export const dns = defineSection({
  key: 'dns',
  title: 'DNS',
  description: 'Your own domains for the checkout and for sending mail.',
  group: 'business',
  fields: {
    checkout_domain: field(hostName(), null, {
      label: 'Checkout domain',
      help: 'e.g. rent.example.com, with a CNAME record pointing to checkout.rentloop.app.',
      kind: 'text',
    }),
    email_domain: field(hostName(), null, {
      label: 'Mail domain',
      help: 'Mails to customers are sent from this domain once its SPF and DKIM records are in place.',
      kind: 'text',
    }),
  },
});
