/**
 * One real record of every company-scoped resource, made through the product's own routes by an owner
 * of the company: the access matrix (src/http/access.test.ts) asks for these records through another
 * company's URL and expects them never to be found.
 *
 * Every name, email and SKU carries `marker`, so a test can prove that no response given to someone
 * else ever contains any of it. A new company-scoped resource adds its record here and a recipe for
 * its route in the access matrix.
 */
import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  cumulatedInvoices,
  dataExports,
  debtClaims,
  events,
  paymentMethods,
  recurringPayments,
} from '../db/schema/index.ts';
import { tokenHash } from '../modules/data-export/service.ts';
import { recordInvoicesZip } from '../modules/invoices/zip.ts';
import { notifyCompany } from '../modules/notifications/service.ts';
import { recordAssetImport } from '../modules/product-tracking/import.ts';
import { recordSubscriptionImport } from '../modules/subscriptions/import.ts';
import { testCtx } from './ctx.ts';
import { call, customerBody, type Harness, type TestUser } from './harness.ts';

export interface CompanyRecords {
  companyId: number;
  /** A string found in every record made here (and in the company's name). */
  marker: string;
  owner: TestUser;
  /** A plain member (role user): another user's id for the account routes. */
  member: TestUser;
  customer: number;
  product: number;
  variant: number;
  sku: string;
  bundle: number;
  collection: number;
  taxRule: number;
  availability: { id: number; sku: string };
  /** An invited member (its invitation is an email entry of the company). */
  invitee: { id: number; email: string };
  historyLog: number;
  /** The `customer.created` event of `customer` (events are read by operators only). */
  event: number;
  /** A note on `customer`, written by the owner. */
  note: number;
  /** A notification of the company (the product writes them: no route creates one). */
  notification: number;
  /** A voucher (code carrying the marker) limited to `product`. */
  voucher: number;
  /** A webhook (description carrying the marker) with one logged delivery (its test event). */
  webhook: { id: number; delivery: number };
  /** A shipping country (CA), its method with a price rule, a global method and a standalone rule. */
  shipping: { country: number; method: number; globalMethod: number; methodRule: number; rule: number };
  /** An order of `customer` renting `variant` (shipped by the shipping method), its item and subscription. */
  order: number;
  orderItem: number;
  subscription: number;
  /** A quote (draft order) of `customer`. */
  draft: number;
  /** A subscription import (recorded as the route does; no job runs it here), its file named with the marker. */
  subscriptionImport: number;
  assetImport: number;
  /** A stored payment method of `customer` (written as the route does after the provider's check). */
  paymentMethod: number;
  /** The initial invoice of `order` (offline gateway) and its charge attempt (pending payment). */
  invoice: number;
  /** A ZIP download of `invoice` (recorded as the route does; no job makes it here: still queued). */
  invoiceZip: number;
  /** A written (empty) data export and its download token. */
  dataExportToken: string;
  /** A recurring payment of `subscription`'s next period, scheduled (written as the creation job does). */
  recurringPayment: number;
  /** A statement of `customer`'s month listing `invoice` (written as the month's close does, without its PDF). */
  cumulatedInvoice: number;
  transaction: number;
  /**
   * A debt claim of `invoice` (written as the agency's confirmation records it), the company connected to
   * an agency that is never called here (so its debt-collection reads answer rather than 409).
   */
  debtClaim: number;
  /** An asset (product tracking) of `variant`, its serial number carrying the marker. */
  asset: { id: number; serial: string };
  /** An open repair of a second asset (sent to repair by opening it). */
  repair: number;
  /** A return (opened by hand) of a second asset rented out on a second order's subscription. */
  unitReturn: { id: number; asset: number };
}

/** Makes the records of `companyId` as its owner; `member` is a plain user of the company. */
export async function seedCompanyRecords(
  h: Harness,
  opts: { companyId: number; marker: string; owner: TestUser; member: TestUser },
): Promise<CompanyRecords> {
  const { companyId, marker, owner } = opts;
  const api = (path: string) => `/api/${companyId}/rentloopdb/${path}`;
  const made = async (method: 'POST' | 'PUT', url: string, payload: object, status = 201) => {
    const res = await call(h.app, owner, { method, url, payload });
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json().data;
  };

  const customer = await made(
    'POST',
    api('customers'),
    customerBody({ name: `Customer ${marker}`, email: `customer.${marker}@example.com` }),
  );
  const note = await made('POST', api('notes'), {
    entity: 'customer',
    entity_id: customer.id,
    text: `Note ${marker}`,
  });
  const sku = `SKU-${marker}`;
  const product = await made('POST', api('products'), {
    name: `Product ${marker}`,
    rental_prices: { monthly: '5.00' },
    variants: [{ name: `Variant ${marker}`, sku, price: '10.00', stock: 3 }],
  });
  const variant = product.variants[0].id as number;
  const bundle = await made('POST', api('bundles'), { name: `Bundle ${marker}`, price: '20.00' });
  await made('POST', api(`bundles/${bundle.id}/variants/add`), { variants: [{ variant_id: variant }] }, 200);
  const collection = await made('POST', api('product-collections'), {
    name: `Collection ${marker}`,
    product_ids: [product.id],
  });
  const taxRule = await made('POST', api('tax-rules'), {
    name: `Tax ${marker}`,
    country: 'ca',
    percentage: '5',
  });
  const availability = await made('POST', api('availability_settings'), { sku_name: sku, note: marker });
  const voucher = await made('POST', api('vouchers'), {
    code: `V${marker}`,
    description: `Voucher ${marker}`,
    kind: 'percentage',
    value: '10',
  });
  await made('PUT', api(`vouchers/${voucher.id}/products/${product.id}/include`), {}, 200);
  // Its test event goes to a closed local port: a failed delivery, logged, is all the matrix needs.
  const webhook = await made('POST', api('webhooks'), {
    url: 'http://127.0.0.1:9/hooks',
    event_types: ['order.created'],
    description: `Webhook ${marker}`,
  });
  const webhookDelivery = await made('POST', api(`webhooks/${webhook.id}/test`), {}, 200);
  const settings = (path: string) => `/api/companies/${companyId}/settings/${path}`;
  const shippingCountry = await made('POST', settings('shipping-countries'), {
    country: 'ca',
    regions: ['ON'],
  });
  const shippingMethod = await made(
    'POST',
    settings(`shipping-countries/${shippingCountry.id}/shipping-methods`),
    {
      name: `Standard ${marker}`,
      price: '15',
    },
  );
  const methodRule = await made(
    'POST',
    settings(`shipping-methods/${shippingMethod.id}/shipping-rule`),
    { name: `Bands ${marker}`, bands: [{ from: '0', price: '15' }] },
    200,
  );
  const globalMethod = await made('POST', settings('shipping-methods'), {
    name: `Pickup ${marker}`,
    price: '0',
  });
  const shippingRule = await made('POST', settings('shipping-rules'), {
    name: `Block ${marker}`,
    action: 'block',
    regions: ['CA-NU'],
    product_ids: [product.id],
  });
  const cart = {
    customer_id: customer.id,
    items: [{ variant_id: variant, quantity: 1, kind: 'rental', billing_interval: 'monthly' }],
    shipping_method_id: shippingMethod.id,
    note: `Order ${marker}`,
  };
  // A second unit rented out on an order of its own, coming back: a return opened by hand. Its order is
  // another customer's, placed first, so `customer`'s figures and the company's latest order stay `order`'s.
  const returning = await made(
    'POST',
    api('customers'),
    customerBody({ name: `Returning ${marker}`, email: `returning.${marker}@example.com` }),
  );
  const returnOrder = await made('POST', api('orders/full'), { ...cart, customer_id: returning.id });
  const returned = await made('POST', api('product-tracking'), {
    serial_number: `RT-${marker}`,
    variant_id: variant,
  });
  await made(
    'POST',
    api(`subscriptions/${returnOrder.subscription_ids[0]}/product-tracking`),
    {
      serial_number: `RT-${marker}`,
    },
    200,
  );
  const order = await made('POST', api('orders/full'), cart);
  const draft = await made('POST', api('draft-orders'), cart);
  const assetSerial = `SN-${marker}`;
  const asset = await made('POST', api('product-tracking'), {
    serial_number: assetSerial,
    variant_id: variant,
  });
  const repaired = await made('POST', api('product-tracking'), {
    serial_number: `SR-${marker}`,
    variant_id: variant,
  });
  const repair = await made('POST', api('repairs'), { product_tracking_id: repaired.id });
  const unitReturn = await made('POST', api('returns'), { product_tracking_id: returned.id });
  const invoice = await made(
    'POST',
    `/api/${companyId}/order/generate-offline-invoice`,
    { order_id: order.id },
    200,
  );
  const charged = await made('POST', api(`invoices/${invoice.id}/charge`), {}, 200);
  const invited = await made('POST', `/api/auth/${companyId}/users`, {
    name: `Invitee ${marker}`,
    email: `invitee.${marker}@example.com`,
    role: 'user',
  });
  const logs = await call(h.app, owner, {
    method: 'GET',
    url: `/api/${companyId}/utils/history-logs?per_page=1&filters=${encodeURIComponent(
      JSON.stringify({ entity: 'customers', entity_id: String(customer.id) }),
    )}`,
  });
  const historyLog = logs.json().data[0]?.id as number | undefined;
  expect(historyLog, 'a history log of the new customer').toBeDefined();
  const [event] = await h.database.primary
    .select({ id: events.id })
    .from(events)
    .where(
      and(eq(events.company_id, companyId), eq(events.object, 'customer'), eq(events.object_id, customer.id)),
    );
  expect(event, 'the event of the new customer').toBeDefined();
  // Notifications are written by the product (a finished sync), not through a route: as a job would.
  const notification = await notifyCompany(testCtx(h.database.primary, companyId), {
    title: `Notice ${marker}`,
    description: `Sync of ${marker} finished`,
  });
  // Storing a method asks the provider first (no provider here): the row the route writes after it.
  const [paymentMethod] = await h.database.primary
    .insert(paymentMethods)
    .values({
      company_id: companyId,
      customer_id: customer.id,
      gateway: 'stripe',
      customer_reference: `cus_${marker.replace(/[^A-Za-z0-9]/g, '')}`,
      method_reference: 'pm_card_visa',
      label: `Visa •••• 4242 ${marker}`,
      is_default: true,
    })
    .returning({ id: paymentMethods.id });
  // The import route needs the job queue (this harness runs none): the record it makes, made as it does.
  const [recurringPayment] = await h.database.primary
    .insert(recurringPayments)
    .values({
      company_id: companyId,
      subscription_id: order.subscription_ids[0],
      order_id: order.id,
      customer_id: customer.id,
      period_start: '2099-01-01',
      period_end: '2099-01-31',
      due_date: '2099-01-01',
      amount: 1000n,
      status: 'scheduled',
    })
    .returning({ id: recurringPayments.id });
  // Made by the month's close (a business job), not by a route: the statement as it writes one.
  const [cumulatedInvoice] = await h.database.primary
    .insert(cumulatedInvoices)
    .values({
      company_id: companyId,
      customer_id: customer.id,
      mode: 'statement',
      period_start: '2098-12-01',
      period_end: '2098-12-31',
      status: 'closed',
      number: `ST-${marker}`,
      entries: [
        {
          invoice_id: invoice.id,
          number: `RE-${marker}`,
          type: 'initial',
          issue_date: '2098-12-01',
          gross: '1000',
        },
      ],
      total: 1000n,
      currency: 'EUR',
      html: `<p>${marker}</p>`,
    })
    .returning({ id: cumulatedInvoices.id });
  // The route needs the job queue too: the download it records, recorded as it does.
  await made(
    'PUT',
    `/api/companies/${companyId}/settings/debt_collection`,
    {
      enabled: true,
      provider: 'debtist',
      base_url: 'http://127.0.0.1:9',
      api_key: `key-${marker}`,
      handover_after_days: 30,
      min_claim_minor: 0,
      notify_customer: false,
    },
    200,
  );
  const [debtClaim] = await h.database.primary
    .insert(debtClaims)
    .values({
      company_id: companyId,
      invoice_id: invoice.id,
      customer_id: customer.id,
      provider: 'debtist',
      reference: `clm-${marker}`,
      status: 'open',
      amount: 1000n,
      currency: 'CAD',
    })
    .returning({ id: debtClaims.id });
  const invoiceZip = await recordInvoicesZip(testCtx(h.database.primary, companyId), [invoice.id]);
  const dataExportToken = randomBytes(32).toString('base64url');
  await h.database.primary.insert(dataExports).values({
    company_id: companyId,
    kind: 'customers',
    format: 'csv',
    status: 'ready',
    params: {},
    columns: ['id'],
    token_hash: tokenHash(dataExportToken),
    file_name: `customers-${marker}.csv`,
    size: 0,
    expires_at: new Date(Date.now() + 86_400_000).toISOString(),
  });
  const subscriptionImport = await recordSubscriptionImport(testCtx(h.database.primary, companyId), [], {
    fileName: `subscriptions-${marker}.csv`,
    currency: 'CAD',
  });
  const assetImport = await recordAssetImport(testCtx(h.database.primary, companyId), [], {
    fileName: `assets-${marker}.csv`,
    currency: 'CAD',
  });

  return {
    companyId,
    marker,
    owner,
    member: opts.member,
    customer: customer.id,
    product: product.id,
    variant,
    sku,
    bundle: bundle.id,
    collection: collection.id,
    taxRule: taxRule.id,
    availability: { id: availability.id, sku },
    invitee: { id: invited.user.id, email: invited.user.email },
    historyLog: historyLog!,
    event: event!.id,
    note: note.id,
    notification,
    paymentMethod: paymentMethod!.id,
    recurringPayment: recurringPayment!.id,
    cumulatedInvoice: cumulatedInvoice!.id,
    voucher: voucher.id,
    webhook: { id: webhook.id, delivery: webhookDelivery.id },
    shipping: {
      country: shippingCountry.id,
      method: shippingMethod.id,
      globalMethod: globalMethod.id,
      methodRule: methodRule.id,
      rule: shippingRule.id,
    },
    order: order.id,
    orderItem: order.items[0].id,
    subscription: order.subscription_ids[0],
    draft: draft.draft_id,
    subscriptionImport: subscriptionImport.id,
    assetImport: assetImport.id,
    invoice: invoice.id,
    invoiceZip: invoiceZip.id,
    dataExportToken,
    transaction: charged.transaction.id,
    debtClaim: debtClaim!.id,
    asset: { id: asset.id, serial: assetSerial },
    repair: repair.id,
    unitReturn: { id: unitReturn.id, asset: returned.id },
  };
}
