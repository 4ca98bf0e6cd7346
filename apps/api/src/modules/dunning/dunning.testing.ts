/**
 * Test helpers of dunning: a scripted Stripe gateway answering with Stripe's own PaymentIntents (mapped
 * by the adapter's `intentOutcome`, so decline codes are classified exactly as live answers are), a
 * customer's card at Stripe, and a due recurring payment with its issued invoice. Until the billing run
 * exists, the recurring payment is written here and its invoice issued by `issueInvoice`, as the run
 * will do.
 */
import { addDays, addMonths } from '@rentloop/domain/billing-periods';
import { SETTINGS_SECTIONS } from '@rentloop/domain/settings';
import { and, asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { companyToday } from '../../company-time.ts';
import type { Clock } from '../../context.ts';
import type { Database } from '../../db/client.ts';
import {
  emailEntries,
  events,
  paymentMethods,
  recurringPayments,
  subscriptions,
} from '../../db/schema/index.ts';
import { registerGateway } from '../../integrations/payments/index.ts';
import { intentOutcome } from '../../integrations/payments/stripe.ts';
import type { GatewayOutcome, PaymentGateway } from '../../integrations/payments/types.ts';
import { testCtx } from '../../testing/ctx.ts';
import { call, createCompany, createUser, customerBody, type Harness } from '../../testing/harness.ts';
import { companyClock } from '../companies/clock.ts';
import { issueInvoice } from '../invoices/issue.ts';

/** What the next charge answers: success, a Stripe decline code, or a thrown error (a lost answer). */
export type Answer = 'succeeded' | 'throw' | { decline?: string; code?: string };

/** A PaymentIntent as Stripe answers an off-session charge. */
function intent(key: string, answer: Exclude<Answer, 'throw'>): Stripe.PaymentIntent {
  const base = { id: `pi_${key.replaceAll(':', '_')}`, object: 'payment_intent', metadata: { key } };
  if (answer === 'succeeded') return { ...base, status: 'succeeded' } as unknown as Stripe.PaymentIntent;
  return {
    ...base,
    status: 'requires_payment_method',
    last_payment_error: {
      type: 'card_error',
      code: answer.code ?? 'card_declined',
      decline_code: answer.decline,
      message: 'Your card was declined.',
    },
  } as unknown as Stripe.PaymentIntent;
}

/**
 * Registers a Stripe gateway that answers charges from `script` in turn (the last answer repeats);
 * `charges` lists the idempotency keys it was called with. `restore()` puts the real one back.
 */
export function scriptedStripe(script: Answer[]) {
  const charges: string[] = [];
  const gateway: PaymentGateway = {
    name: 'stripe',
    async charge(request): Promise<GatewayOutcome> {
      const answer = script[Math.min(charges.length, script.length - 1)] ?? 'succeeded';
      charges.push(request.idempotencyKey);
      if (answer === 'throw') throw new Error('socket hang up');
      return intentOutcome(intent(request.idempotencyKey, answer));
    },
    refund: () => Promise.reject(new Error('not scripted')),
    lookup: async () => null,
    parseWebhook: () => {
      throw new Error('not scripted');
    },
  };
  const restore = registerGateway('stripe', () => gateway);
  return { charges, restore };
}

/** The customer's card at Stripe (references only), the method a charge uses. */
export async function stripeCard(database: Database, companyId: number, customerId: number) {
  await database.primary.insert(paymentMethods).values({
    company_id: companyId,
    customer_id: customerId,
    gateway: 'stripe',
    customer_reference: `cus_${customerId}`,
    method_reference: `pm_card_${customerId}`,
    label: 'Visa •••• 4242, 12/30',
    is_default: true,
  });
}

/**
 * The next period of `subscriptionId` as a recurring payment due today (the company's, on its business
 * clock), with its invoice issued on Stripe (or the gateway given); answers their ids.
 */
export async function dueRecurringPayment(
  database: Database,
  companyId: number,
  subscriptionId: number,
  wall: Clock,
  gateway: 'stripe' | 'offlinegateway' = 'stripe',
): Promise<{ recurringPaymentId: number; invoiceId: number }> {
  const clock = await companyClock(database.primary, companyId, wall);
  return database.primary.transaction(async (tx) => {
    const ctx = testCtx(tx, companyId, { clock });
    const [sub] = await tx
      .select()
      .from(subscriptions)
      .where(and(eq(subscriptions.company_id, companyId), eq(subscriptions.id, subscriptionId)));
    if (!sub) throw new Error(`No subscription ${subscriptionId}`);
    const today = await companyToday(ctx);
    const start = sub.next_billing_date ?? today;
    const end = addDays(addMonths(start, 1), -1);
    const amount = sub.price * BigInt(sub.quantity);
    const [rp] = await tx
      .insert(recurringPayments)
      .values({
        company_id: companyId,
        subscription_id: subscriptionId,
        order_id: sub.order_id,
        customer_id: sub.customer_id,
        period_start: start,
        period_end: end,
        due_date: today,
        amount,
        status: 'scheduled',
      })
      .returning({ id: recurringPayments.id });
    const invoiceId = await issueInvoice(ctx, {
      type: 'recurring payment',
      customerId: sub.customer_id,
      buyer: { name: sub.customer_name, email: sub.customer_email, address: null },
      gateway,
      rule: 'net_prices',
      lines: [
        {
          description: sub.product_name,
          quantity: sub.quantity,
          unit_amount: sub.price,
          discount: 0n,
          amount,
          tax_percent: String(Number(sub.tax_percent)),
          order_item_id: sub.order_item_id,
          subscription_id: subscriptionId,
          period_start: start,
          period_end: end,
        },
      ],
      orderId: sub.order_id,
      subscriptionId,
      recurringPaymentId: rp!.id,
    });
    return { recurringPaymentId: rp!.id, invoiceId };
  });
}

/** A test company (its clock moves) billing on Stripe, with the dunning settings given, a customer with a card. */
export async function dunningCompany(
  h: Harness,
  recurring: Partial<(typeof SETTINGS_SECTIONS)['recurring_payments']['defaults']> = {},
) {
  const company = await createCompany(h.database, { is_test: true, currency: 'EUR' });
  const staff = await createUser(h, { company, role: 'admin' });
  const api = (path: string) => `/api/${company.id}/rentloopdb/${path}`;
  const req = async (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, status = 200) => {
    const res = await call(h.app, staff, { method, url, payload });
    if (res.statusCode !== status) throw new Error(`${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json().data;
  };
  const settings = `/api/companies/${company.id}/settings`;
  await req('PUT', `${settings}/payment_service_provider`, {
    ...SETTINGS_SECTIONS.payment_service_provider.defaults,
    enabled_gateways: ['offlinegateway', 'stripe'],
    default_gateway: 'stripe',
    credentials: { stripe: { secret_key: 'sk_test_dunning', webhook_secret: 'whsec_dunning' } },
  });
  await req('PUT', `${settings}/recurring_payments`, {
    ...SETTINGS_SECTIONS.recurring_payments.defaults,
    ...recurring,
  });
  await req('PUT', `${settings}/general`, {
    ...SETTINGS_SECTIONS.general.defaults,
    website_url: 'https://shop.example.com/account',
  });
  const product = await req(
    'POST',
    api('products'),
    {
      name: 'E-bike City',
      rental_prices: { monthly: '33.33' },
      variants: [{ sku: `EB-${company.id}`, name: 'Size M', price: '2400.00' }],
    },
    201,
  );
  const customer = await req('POST', api('customers'), customerBody(), 201);
  await stripeCard(h.database, company.id, customer.id);
  /** An order with one rented bike: its id and its subscription's. */
  const subscription = async () => {
    const order = await req(
      'POST',
      api('orders/full'),
      {
        customer_id: customer.id,
        items: [
          { variant_id: product.variants[0].id, quantity: 1, kind: 'rental', billing_interval: 'monthly' },
        ],
      },
      201,
    );
    const detail = await req('GET', api(`orders/${order.id}`));
    return { orderId: Number(order.id), subscriptionId: Number(detail.subscription_ids[0]) };
  };
  const operator = await createUser(h, { globalRole: 'super-admin' });
  /** Moves the company's business clock `days` ahead, running every business job on each day. */
  const advance = async (days: number) => {
    const res = await call(h.app, operator, {
      method: 'POST',
      url: `/api/companies/${company.id}/clock/advance`,
      payload: { days },
    });
    if (res.statusCode !== 200) throw new Error(`advance: ${res.statusCode} ${res.body}`);
    return res.json().data as { steps: { business_date: string; ran: Record<string, number> }[] };
  };
  /** The kinds of the mails the company sent, oldest first. */
  const mails = () =>
    h.database.primary
      .select({
        kind: emailEntries.kind,
        to: emailEntries.to,
        subject: emailEntries.subject,
        body: emailEntries.body_html,
      })
      .from(emailEntries)
      .where(eq(emailEntries.company_id, company.id))
      .orderBy(asc(emailEntries.id));
  /** The company's events about `object`, oldest first. */
  const eventsOf = (object: string, objectId: number) =>
    h.database.primary
      .select({ type: events.type, payload: events.payload })
      .from(events)
      .where(
        and(eq(events.company_id, company.id), eq(events.object, object), eq(events.object_id, objectId)),
      )
      .orderBy(asc(events.id));
  return { company, staff, customer, api, req, subscription, advance, mails, eventsOf };
}
