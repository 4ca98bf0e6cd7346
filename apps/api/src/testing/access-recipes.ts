/**
 * The recipes of the access matrix (http/access.test.ts): for each route that takes a path
 * parameter or a body, the records of a company `r` it names. A route with a path parameter must
 * have one (the matrix fails otherwise); which body fields name records is derived from the body's
 * schema (testing/schema-ids.ts), and the recipe's body must fill every one of them with `r`'s records.
 */
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { ASSET_RECIPES, REPAIR_RECIPES } from './access-recipes-assets.ts';
import { OUTWARD_RECIPES } from './access-recipes-outward.ts';
import { SHIPPING_RECIPES } from './access-recipes-shipping.ts';
import type { CompanyRecords } from './company-records.ts';
import type { TestUser } from './harness.ts';

export interface Recipe {
  /** The path parameters (besides `:company`) naming records of company `r`. */
  params?: (r: CompanyRecords) => Record<string, string | number>;
  /** A valid body; every field that names records (derived from the schema) holds those of `r`. */
  body?: (r: CompanyRecords, caller: TestUser) => object;
  /**
   * Why a body naming another company's records is accepted here (it must say why): the route only
   * ever touches the caller's own records, and shows nothing of the other's.
   */
  foreignBodyAccepted?: string;
  /**
   * Why the path parameters name no record of a company (a settings section's name is the same in
   * every company): the route is then not tried with another company's "record" through its own URL.
   */
  paramsNameNoRecord?: string;
  /**
   * Why the route answers a stream that does not end (Server-Sent Events): the reads check below cannot
   * wait for its answer, so it is left out there; its refusals (401, 404, 403) are checked like any.
   */
  stream?: string;
  /** A query string (without `?`) that would find `r`'s records in a list. */
  query?: (r: CompanyRecords) => string;
  /**
   * Why the query names one record (`invoices/pdf?id=`, the spec's shape): the route is then a read of that
   * record, answering 404 for another company's, and not one of the lists checked to answer 200.
   */
  queryNamesRecord?: string;
}

const byId = (pick: (r: CompanyRecords) => number) => (r: CompanyRecords) => ({ id: pick(r) });
/** A refund naming every kind of record the payload may (each checked against the invoice or order). */
const refundBody = (r: CompanyRecords) => ({
  order_id: r.order,
  customer_id: r.customer,
  items: [{ invoice_id: r.invoice, position: 1, quantity: 1 }],
  products: [{ order_item_id: r.orderItem }],
});
const product = (r: CompanyRecords) => ({
  name: 'Another product',
  collection_ids: [r.collection],
  variants: [{ name: 'Another variant' }],
});

/** An order of `r`'s customer renting `r`'s variant, shipped by `r`'s method. */
const orderBody = (r: CompanyRecords) => ({
  customer_id: r.customer,
  items: [{ variant_id: r.variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
  shipping_method_id: r.shipping.method,
});

/** Keyed by `METHOD url` exactly as in the route table. */
export const RECIPES: Record<string, Recipe> = {
  // companies (`/api/companies/:company`: the company of the path, no recipe needed) and users
  'PUT /api/auth/users/roles': {
    body: (r, caller) => ({ email: caller.email, id: r.companyId, role: 'owner' }),
  },
  'POST /api/auth/:company/users': {
    body: (r) => ({
      name: 'Invited',
      email: `invited.${r.marker}@example.com`,
      role: 'user',
      company_id: r.companyId,
      send_invitation: false,
    }),
  },
  'GET /api/auth/users/:id/actions': { params: byId((r) => r.member.id) },
  'GET /api/auth/users/:id': { params: byId((r) => r.member.id) },
  'PUT /api/auth/users/:id': { params: byId((r) => r.member.id), body: () => ({ name: 'Renamed' }) },
  'PUT /api/auth/users/password/:userId': {
    params: (r) => ({ userId: r.member.id }),
    body: () => ({ password: 'a brand new password' }),
  },
  'DELETE /api/auth/users/:id': { params: byId((r) => r.member.id) },
  'POST /api/auth/:company/users/:id/send-invitation-email': { params: byId((r) => r.invitee.id) },
  'DELETE /api/auth/:company/users/:id': { params: byId((r) => r.member.id) },
  // customers
  'GET /api/:company/rentloopdb/customers/:id': { params: byId((r) => r.customer) },
  'GET /api/:company/insights/customers/:id': { params: byId((r) => r.customer) },
  'GET /api/:company/graphs/:graphId': {
    params: () => ({ graphId: 'invoice-revenue' }),
    paramsNameNoRecord: 'the graph names a figure, the same in every company',
  },
  'PUT /api/:company/rentloopdb/customers/:id': {
    params: byId((r) => r.customer),
    body: () => ({ name: 'Renamed' }),
  },
  'POST /api/:company/rentloopdb/customers/:id/archive': { params: byId((r) => r.customer) },
  'POST /api/:company/rentloopdb/customers/:id/restore': { params: byId((r) => r.customer) },
  'DELETE /api/:company/rentloopdb/customers/:id': { params: byId((r) => r.customer) },
  'GET /api/:company/rentloopdb/customers/:id/payment-methods': { params: byId((r) => r.customer) },
  // Stripe is not switched on in the test companies: the owner's answer is the 409 saying so.
  'POST /api/:company/rentloopdb/customers/:id/payment-methods': {
    params: byId((r) => r.customer),
    body: () => ({ gateway: 'stripe', customer_reference: 'cus_access', method_reference: 'pm_card_visa' }),
  },
  'DELETE /api/:company/rentloopdb/customers/:id/payment-methods/:methodId': {
    params: (r) => ({ id: r.customer, methodId: r.paymentMethod }),
  },
  // Public: a provider posts here; the company's own credentials verify (Stripe) or fetch (Mollie) what comes.
  'POST /api/webhooks/payments/:gateway/:company': {
    params: () => ({ gateway: 'stripe' }),
    paramsNameNoRecord: 'the gateway names a payment provider, the same in every company',
  },
  // orders, quotes and subscriptions
  ...Object.fromEntries(
    [
      'GET /api/:company/rentloopdb/orders/:id',
      'GET /api/:company/rentloopdb/orders/:id/actions',
      'GET /api/:company/rentloopdb/orders/:id/payment-methods',
      'GET /api/:company/rentloopdb/orders/:id/refunded-amount',
      'GET /api/:company/rentloopdb/orders/:id/revenue',
      'GET /read-replica/:company/rentloopdb/order_customers/:id',
      // No provider configured for the test companies: the owner's answer is the 409 saying so.
      'GET /api/:company/rentloopdb/order_customers/:id/crif',
    ].map((key) => [key, { params: byId((r) => r.order) }]),
  ),
  // invoices and payments
  'GET /api/:company/rentloopdb/invoices/:id': { params: byId((r) => r.invoice) },
  'GET /api/:company/rentloopdb/invoices/:id/actions': { params: byId((r) => r.invoice) },
  'GET /api/:company/rentloopdb/invoices': { query: (r) => `order_id=${r.order}` },
  // No PDF is stored yet (the renderer comes later): the owner's answer is the 409 saying so.
  'GET /api/:company/rentloopdb/invoices/pdf': {
    query: (r) => `id=${r.invoice}`,
    queryNamesRecord: 'The PDF of one invoice, named by `id` in the query as the spec has it.',
  },
  // The owner's answer is the 503 of a server without the job queue (this harness runs none), after
  // the ids were checked: another company's invoice is a 404 before that.
  'POST /api/:company/rentloopdb/invoices/zip': { body: (r) => ({ ids: [r.invoice] }) },
  // Cumulated invoices (modules/cumulated-invoices/routes.ts): made by the month's close, read here.
  'GET /api/:company/rentloopdb/cumulated-invoices': { query: (r) => `customer_id=${r.customer}` },
  'GET /api/:company/rentloopdb/cumulated-invoices/:id': { params: byId((r) => r.cumulatedInvoice) },
  'GET /api/:company/rentloopdb/cumulative-invoices': {
    query: (r) => `id=${r.cumulatedInvoice}`,
    queryNamesRecord: 'One cumulative invoice, named by a query key and id as the spec has it.',
  },
  // Still queued (no job made it here): the owner's answer is the 409 saying it is being prepared.
  'GET /api/:company/rentloopdb/invoices/zip/:id': { params: byId((r) => r.invoiceZip) },
  'POST /api/:company/rentloopdb/invoices/:id/charge': { params: byId((r) => r.invoice), body: () => ({}) },
  // Nothing paid on the records' invoice: the owner's answer is the 409 saying so; another company's
  // invoice (or order) is a 404 before that.
  'POST /api/:company/rentloopdb/invoices/:id/refund': {
    params: byId((r) => r.invoice),
    body: (r) => refundBody(r),
  },
  'POST /api/:company/rentloopdb/refund-payments': { body: (r) => refundBody(r) },
  'POST /api/:company/rentloopdb/invoices/:id/settle': {
    params: byId((r) => r.invoice),
    body: (r) => ({ transaction_id: `TRANSFER-${r.marker}` }),
    foreignBodyAccepted:
      '`transaction_id` is the reference of the money received (free text, a bank transfer’s), not a record id: it names nothing of another company.',
  },
  'POST /api/:company/rentloopdb/orders/:id/charge': { params: byId((r) => r.order), body: () => ({}) },
  'POST /api/:company/rentloopdb/one-time-payments': {
    body: (r) => ({ order_id: r.order, subscription_id: r.subscription, amount: '1.00' }),
  },
  'POST /api/:company/rentloopdb/subscriptions/:id/process-buyout': {
    params: byId((r) => r.subscription),
    body: () => ({ buyout_price: '1.00' }),
  },
  // Corrections (modules/invoices/correction-routes.ts): `r.invoice` has an open attempt, so the own
  // company's call is refused (409), never another company's record used.
  'GET /api/:company/rentloopdb/invoices/:id/cancellation-html': { params: byId((r) => r.invoice) },
  'POST /api/:company/rentloopdb/invoices/:id/cancel': {
    params: byId((r) => r.invoice),
    body: () => ({ regenerate: true }),
  },
  'PUT /api/:company/rentloopdb/invoices/:id/edit': {
    params: byId((r) => r.invoice),
    body: () => ({
      customer: { name: 'Someone', email: 'someone@example.com', address: null },
      lines: [{ description: 'A line', quantity: 1, unit_price: '1.00', tax_percent: '19' }],
    }),
  },
  'POST /api/:company/order/generate-offline-invoice': { body: (r) => ({ order_id: r.order }) },
  'GET /api/:company/rentloopdb/transactions/:id': { params: byId((r) => r.transaction) },
  'POST /api/:company/rentloopdb/transactions/:id/return-debit': {
    params: byId((r) => r.transaction),
    body: () => ({ reason: 'AM04' }),
  },
  'GET /api/:company/rentloopdb/recurring-payments/:id': { params: byId((r) => r.recurringPayment) },
  'GET /api/:company/rentloopdb/recurring-payments/:id/refunded-amount': {
    params: byId((r) => r.recurringPayment),
  },
  'GET /api/:company/rentloopdb/recurring-payments/:id/actions': { params: byId((r) => r.recurringPayment) },
  // Charging answers per payment (another company's id: ok false, "Not found.", nothing changed).
  'POST /api/:company/rentloopdb/recurring-payments/charge': { body: (r) => ({ ids: [r.recurringPayment] }) },
  'POST /api/:company/rentloopdb/orders/full': { body: (r) => orderBody(r) },
  'POST /api/:company/rentloopdb/orders/price': { body: (r) => orderBody(r) },
  'POST /api/:company/rentloopdb/draft-orders': { body: (r) => orderBody(r) },
  'POST /api/:company/rentloopdb/orders/draft': { body: (r) => ({ subscription_id: r.subscription }) },
  'POST /api/:company/rentloopdb/orders/:id/clone': {
    params: byId((r) => r.order),
    body: (r) => ({ original_order_id: r.order }),
  },
  'POST /api/:company/rentloopdb/orders/:id/cancel': {
    params: byId((r) => r.order),
    body: () => ({ refunded: false, reason: 'Customer changed their mind' }),
  },
  'PUT /api/:company/rentloopdb/orders/:id': { params: byId((r) => r.order), body: () => ({ tag: 'lost' }) },
  'PUT /api/:company/rentloopdb/orders': { body: (r) => ({ ids: [r.order], tag: 'lost' }) },
  'GET /api/:company/rentloopdb/orders/bulk': { query: (r) => `ids=${r.order}` },
  'GET /api/:company/rentloopdb/order-history': { query: (r) => `order_id=${r.order}` },
  'POST /api/:company/rentloopdb/orders/swap': {
    body: (r) => ({ order: r.order, missing_product: r.orderItem, reason: 'Lost in delivery' }),
  },
  'PUT /api/:company/rentloopdb/order_items/:id': {
    params: byId((r) => r.orderItem),
    body: () => ({ action: 'add_tracking_number', tracking_number: 'TRACK-1' }),
  },
  'PUT /api/:company/rentloopdb/order/customer/:id': {
    params: byId((r) => r.order),
    body: () => ({ name: 'Renamed' }),
  },
  'GET /api/:company/rentloopdb/draft-orders/:id': { params: byId((r) => r.draft) },
  'PUT /api/:company/rentloopdb/draft-orders/:id': {
    params: byId((r) => r.draft),
    body: (r) => orderBody(r),
  },
  'DELETE /api/:company/rentloopdb/draft-orders/:id': { params: byId((r) => r.draft) },
  'POST /api/:company/rentloopdb/orders/swap-draft/:id': { params: byId((r) => r.draft) },
  ...Object.fromEntries(
    [
      'GET /api/:company/rentloopdb/subscriptions/:id',
      'GET /api/:company/rentloopdb/subscriptions/:id/actions',
      'GET /api/:company/rentloopdb/subscriptions/:id/product-tracking',
      'GET /api/:company/rentloopdb/subscriptions/:id/buyout',
      'GET /api/:company/rentloopdb/subscriptions/:id/timeline',
      // Answers 409 for the own company's subscription (no end scheduled), 404 for another's.
      'DELETE /api/:company/rentloopdb/subscriptions/:id/scheduled-end',
    ].map((key) => [key, { params: byId((r) => r.subscription) }]),
  ),
  ...ASSET_RECIPES,
  ...REPAIR_RECIPES,
  ...OUTWARD_RECIPES,
  'GET /api/:company/rentloopdb/subscriptions/import/:id': { params: byId((r) => r.subscriptionImport) },
  'PUT /api/:company/rentloopdb/subscriptions/:id': {
    params: byId((r) => r.subscription),
    body: () => ({ action: 'auto_renew', auto_renew: false }),
  },
  'POST /api/:company/rentloopdb/subscriptions/:id/end': {
    params: byId((r) => r.subscription),
    body: () => ({ reason: 'Ended by the access matrix' }),
  },
  'POST /api/:company/rentloopdb/subscriptions': {
    body: (r) => ({
      order_id: r.order,
      order_item_id: r.orderItem,
      variant_id: r.variant,
      frequency: 'monthly',
      price: '5.00',
      tax_percent: '13',
      start_date: '2026-12-01',
    }),
  },
  'PUT /api/:company/rentloopdb/subscriptions': {
    body: (r) => ({ ids: [r.subscription], auto_renew: false }),
  },
  'GET /api/:company/rentloopdb/vouchers/:id': { params: byId((r) => r.voucher) },
  'PUT /api/:company/rentloopdb/vouchers/:id': {
    params: byId((r) => r.voucher),
    body: () => ({ description: 'Edited' }),
  },
  'DELETE /api/:company/rentloopdb/vouchers/:id': { params: byId((r) => r.voucher) },
  'GET /api/:company/rentloopdb/vouchers/:id/products': { params: byId((r) => r.voucher) },
  'PUT /api/:company/rentloopdb/vouchers/:id/products/:productShopId/include': {
    params: (r) => ({ id: r.voucher, productShopId: r.product }),
  },
  'DELETE /api/:company/rentloopdb/vouchers/:id/products/:productShopId/include': {
    params: (r) => ({ id: r.voucher, productShopId: r.product }),
  },
  ...SHIPPING_RECIPES,
  // notes
  'GET /api/:company/rentloopdb/notes': {
    query: (r) => `entity=customer&entity_id=${r.customer}`,
  },
  'POST /api/:company/rentloopdb/notes': {
    body: (r) => ({ entity: 'customer', entity_id: r.customer, text: 'Another note' }),
  },
  'PUT /api/:company/rentloopdb/notes/:id': { params: byId((r) => r.note), body: () => ({ text: 'Edited' }) },
  'DELETE /api/:company/rentloopdb/notes/:id': { params: byId((r) => r.note) },
  // notifications: the company's own (and the platform's); operators' platform ones (a company's id: 404 there)
  'GET /api/:company/rentloopdb/notifications/:id': { params: byId((r) => r.notification) },
  'GET /api/:company/rentloopdb/notifications/stream': {
    stream:
      'Server-Sent Events: it names only notification ids, of the company of the URL and the platform (notifications.test.ts proves a company never hears another).',
  },
  'PUT /api/:company/rentloopdb/notifications/:id': {
    params: byId((r) => r.notification),
    body: () => ({ is_read: true }),
  },
  'GET /api/notifications/:id': { params: byId((r) => r.notification) },
  'PUT /api/notifications/:id': { params: byId((r) => r.notification), body: () => ({ is_read: true }) },
  'DELETE /api/notifications/:id': { params: byId((r) => r.notification) },
  // crons (operators only; platform rows: the first seeded by migration 0027)
  'GET /api/:company/system/crons/:id': { params: () => ({ id: 1 }) },
  'GET /api/:company/system/crons/jobs': {},
  'PUT /api/:company/system/crons/:id': { params: () => ({ id: 1 }), body: () => ({ enabled: false }) },
  'DELETE /api/:company/system/crons/:id': { params: () => ({ id: 1 }) },
  'POST /api/:company/system/crons/:id/run': { params: () => ({ id: 1 }) },
  'POST /api/:company/system/crons': {
    body: () => ({ name: 'sessions-purge-expired', cron: '0 4 * * *' }),
  },
  // events (operators only: a company's owner gets 403)
  'GET /api/:company/rentloopdb/events/:id': { params: byId((r) => r.event) },
  // history logs
  'GET /api/:company/utils/history-logs': {
    query: (r) => `filters=${encodeURIComponent(JSON.stringify({ entity_id: String(r.customer) }))}`,
  },
  'GET /api/:company/utils/history-logs/:id': { params: byId((r) => r.historyLog) },
  // products and variants
  'POST /api/:company/rentloopdb/products': { body: product },
  'PUT /api/:company/rentloopdb/products': {
    body: (r) => ({ products: [{ id: r.product, buyout_price: '1.00' }] }),
  },
  'PUT /api/:company/rentloopdb/products/variants': {
    body: (r) => ({ variants: [{ id: r.variant, price: '1.00' }] }),
  },
  'GET /api/:company/rentloopdb/products/:id': { params: byId((r) => r.product) },
  'PUT /api/:company/rentloopdb/products/:id': {
    params: byId((r) => r.product),
    body: (r) => ({ buyout_price: '1.00', collection_ids: [r.collection] }),
  },
  'POST /api/:company/rentloopdb/products/:id/archive': { params: byId((r) => r.product) },
  'POST /api/:company/rentloopdb/products/:id/restore': { params: byId((r) => r.product) },
  'DELETE /api/:company/rentloopdb/products/:id': { params: byId((r) => r.product) },
  'GET /api/:company/rentloopdb/products/:id/variants': { params: byId((r) => r.product) },
  'POST /api/:company/rentloopdb/products/:id/variants': {
    params: byId((r) => r.product),
    body: () => ({ name: 'Another variant', price: '2.00' }),
  },
  'DELETE /api/:company/rentloopdb/products/:id/variants/:variantId': {
    params: (r) => ({ id: r.product, variantId: r.variant }),
  },
  'GET /api/:company/rentloopdb/products/:id/variants/insights': { params: byId((r) => r.product) },
  'GET /read-replica/:company/rentloopdb/variants': {
    query: (r) => `filters=${encodeURIComponent(JSON.stringify({ product_id: r.product }))}`,
  },
  // bundles
  'GET /api/:company/rentloopdb/bundles/:id': { params: byId((r) => r.bundle) },
  'PUT /api/:company/rentloopdb/bundles/:id': {
    params: byId((r) => r.bundle),
    body: () => ({ name: 'Renamed' }),
  },
  'DELETE /api/:company/rentloopdb/bundles/:id': { params: byId((r) => r.bundle) },
  'POST /api/:company/rentloopdb/bundles/:id/variants/add': {
    params: byId((r) => r.bundle),
    body: (r) => ({ variants: [{ variant_id: r.variant }] }),
  },
  'POST /api/:company/rentloopdb/bundles/:id/variants/remove': {
    params: byId((r) => r.bundle),
    body: (r) => ({ variants: [{ variant_id: r.variant }] }),
    foreignBodyAccepted:
      "removing a variant the bundle does not hold (anyone's) answers 200 and only touches the caller's own bundle (its updated_at); the other company's variant is neither shown nor changed",
  },
  // collections
  'POST /api/:company/rentloopdb/product-collections': {
    body: (r) => ({ name: 'Another collection', product_ids: [r.product] }),
  },
  'PUT /api/:company/rentloopdb/product-collections/:id': {
    params: byId((r) => r.collection),
    body: (r) => ({ name: 'Renamed', product_ids: [r.product] }),
  },
  'DELETE /api/:company/rentloopdb/product-collections/:id': { params: byId((r) => r.collection) },
  // tax
  'GET /api/:company/rentloopdb/tax-rules/resolve': { query: () => 'country=ca' },
  'PUT /api/:company/rentloopdb/tax-rules/:id': {
    params: byId((r) => r.taxRule),
    body: () => ({ percentage: '7' }),
  },
  'DELETE /api/:company/rentloopdb/tax-rules/:id': { params: byId((r) => r.taxRule) },
  // availability
  'GET /api/:company/rentloopdb/availability_settings/:sku_name': {
    params: (r) => ({ sku_name: r.availability.sku }),
  },
  'PUT /api/:company/rentloopdb/availability_settings/:sku_name': {
    params: (r) => ({ sku_name: r.availability.sku }),
    body: () => ({ is_available: false }),
  },
  // By id, under the name of the SKU of GET and PUT (one parameter name per path shape in OpenAPI).
  'DELETE /api/:company/rentloopdb/availability_settings/:sku_name': {
    params: (r) => ({ sku_name: r.availability.id }),
  },
  // settings (a section is named the same in every company: nothing of another company to name)
  'GET /api/companies/:company/settings/:section': {
    params: () => ({ section: 'invoice' }),
    paramsNameNoRecord: 'the section names part of the company of the URL, the same in every company',
  },
  'PUT /api/companies/:company/settings/:section': {
    params: () => ({ section: 'order' }),
    body: () => ({ ...SETTINGS_SECTIONS.order.defaults, number_prefix: 'ACC-' }),
    paramsNameNoRecord: 'the section names part of the company of the URL, the same in every company',
  },
  // templates: a kind and a language are named the same in every company (nothing of another's to name)
  ...templateRecipes(),
  // feature flags (operators only)
  'PUT /api/:company/system/unleash-settings/:name': {
    params: () => ({ name: 'new_tags' }),
    body: () => ({ enabled: false }),
  },
};

function templateRecipes(): Record<string, Recipe> {
  const same = 'a template kind and language are named the same in every company';
  const kind = () => ({ id: 'invitation' });
  const locale = () => ({ id: 'invitation', locale: 'de' });
  const content = () => ({
    subject: 'Hello {{user.name}}',
    html_raw: '<p>Hi {{user.name}}</p>',
    css_raw: '',
  });
  const c = '/api/:company/rentloopdb/templates/:id';
  const d = '/api/rentloopdb/templates/:id';
  return {
    [`GET ${c}/locales`]: { params: kind, paramsNameNoRecord: same },
    [`POST ${c}/locales`]: {
      params: kind,
      body: () => ({ lang: 'nl', ...content() }),
      paramsNameNoRecord: same,
    },
    [`GET ${c}/locales/:locale`]: { params: locale, paramsNameNoRecord: same },
    [`PUT ${c}/locales/:locale`]: { params: locale, body: content, paramsNameNoRecord: same },
    [`DELETE ${c}/locales/:locale`]: { params: locale, paramsNameNoRecord: same },
    // The order confirmation previews an order of the company (`record_id`): another's is refused.
    [`POST ${c}/preview`]: {
      params: () => ({ id: 'order_confirmation' }),
      body: (r) => ({
        lang: 'de',
        subject: 'Order {{order.number}}',
        html_raw: '<p>{{order.number}}</p>',
        css_raw: '',
        record_id: r.order,
      }),
      paramsNameNoRecord: same,
    },
    [`GET ${d}`]: { params: kind },
    [`PUT ${d}`]: { params: kind, body: () => ({ lang: 'de', ...content() }) },
    [`DELETE ${d}`]: { params: kind },
    [`GET ${d}/locales/:locale`]: { params: locale },
    [`PUT ${d}/locales/:locale`]: { params: locale, body: content },
    [`DELETE ${d}/locales/:locale`]: { params: locale },
    [`POST ${d}/preview`]: { params: kind, body: () => ({ lang: 'de', ...content() }) },
  };
}
