/**
 * The gateways the billing engine charges through, by name (shared/BILLING.md "Gateways"). The engine
 * asks `gatewayFor(ctx, name)`; a gateway registers a factory, which gets the company context: Stripe
 * and Mollie are built per call from the company's sealed credentials (settings `payment_service_provider`)
 * and the process's gateway settings (`ctx.deps.gateways`: STRIPE_API_BASE, MOLLIE_API_BASE, the public
 * URL its webhooks are named under). Building an adapter calls nobody, so it may happen inside a
 * transaction; only its methods call out. Tests register a counting gateway the same way.
 */

import { MESSAGES } from '@rentloop/domain/messages';
import { GATEWAY_LABELS } from '@rentloop/domain/settings-payments';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getGatewayCredentials } from '../../modules/settings/sections.ts';
import { gatewayFor as adapterFor, GatewayUnavailableError } from './adapters.ts';
import { offlineGateway } from './offline.ts';
import type { GatewayName, PaymentGateway } from './types.ts';

export type GatewayFactory = (ctx: Ctx) => PaymentGateway | Promise<PaymentGateway>;

/** The public route a provider posts a company's events to (webhooks/routes.ts). */
export const webhookPath = (gateway: GatewayName, companyId: number) =>
  `/api/webhooks/payments/${gateway}/${companyId}`;

/** A provider adapter for the company: its credentials (else GatewayUnavailableError) and the process's config. */
const withCredentials =
  (name: GatewayName): GatewayFactory =>
  async (ctx) => {
    const config = ctx.deps.gateways ?? {};
    const credentials = await getGatewayCredentials(ctx, name);
    return adapterFor(name, credentials, {
      ...config,
      mollieWebhookUrl:
        config.mollieWebhookUrl ??
        (config.publicUrl ? `${config.publicUrl}${webhookPath('mollie', ctx.companyId)}` : undefined),
    });
  };

const factories = new Map<GatewayName, GatewayFactory>([
  ['offlinegateway', () => offlineGateway],
  ['stripe', withCredentials('stripe')],
  ['mollie', withCredentials('mollie')],
]);

/** Makes `name` chargeable; answers a function that puts back what was registered before (for tests). */
export function registerGateway(name: GatewayName, factory: GatewayFactory): () => void {
  const before = factories.get(name);
  factories.set(name, factory);
  return () => {
    if (before) factories.set(name, before);
    else factories.delete(name);
  };
}

/** The company's adapter of `name`, or why it cannot use it (as staff read it). */
async function resolve(ctx: Ctx, name: GatewayName): Promise<PaymentGateway | string> {
  const factory = factories.get(name);
  if (!factory) return MESSAGES.gatewayNotAvailable(GATEWAY_LABELS[name] ?? name);
  try {
    return await factory(ctx);
  } catch (err) {
    if (err instanceof GatewayUnavailableError)
      return MESSAGES.gatewayCredentialsMissing(GATEWAY_LABELS[name] ?? name);
    throw err;
  }
}

/**
 * The adapter of `name` for the company, or null when it has none (no adapter for that gateway yet,
 * or the company stored no credentials for it).
 */
export async function gatewayFor(ctx: Ctx, name: GatewayName): Promise<PaymentGateway | null> {
  const found = await resolve(ctx, name);
  return typeof found === 'string' ? null : found;
}

/** As `gatewayFor`, but a gateway the company cannot use is a 409 saying why (before any attempt is written). */
export async function requireGateway(ctx: Ctx, name: GatewayName): Promise<PaymentGateway> {
  const found = await resolve(ctx, name);
  if (typeof found === 'string') throw new AppError('conflict', found);
  return found;
}

export type { GatewayName, GatewayOutcome, PaymentGateway, PaymentMethodRef } from './types.ts';
