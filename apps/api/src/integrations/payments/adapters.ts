/**
 * The adapter of a gateway for a company: its decrypted credentials (settings `payment_service_provider`,
 * `getGatewayCredentials` in modules/settings/sections.ts) and the process's settings (config.ts:
 * STRIPE_API_BASE, MOLLIE_API_BASE point the adapters at local fakes). The billing engine's registry calls
 * this; the offline gateway is the engine's own and needs no adapter here.
 */
import { GATEWAY_CREDENTIAL_FIELDS } from '@rentloop/domain/settings-payments';
import type { Config } from '../../config.ts';
import { createMollieGateway } from './mollie.ts';
import { createStripeGateway } from './stripe.ts';
import type { GatewayName, PaymentGateway } from './types.ts';

export interface GatewayConfig {
  stripeApiBase?: string;
  mollieApiBase?: string;
  /** Time allowed for one provider call (default 30 s). */
  timeoutMs?: number;
  /** Where Mollie reports payment changes for this company (the inbound webhook route). */
  mollieWebhookUrl?: string;
  /**
   * The public address of this server (APP_URL): the registry names each company's inbound webhook
   * route under it (`{publicUrl}/api/webhooks/payments/{gateway}/{company}`); unset: Mollie is given none.
   */
  publicUrl?: string;
}

/** A gateway without an adapter yet, or without its credentials: the engine parks the charge with this. */
export class GatewayUnavailableError extends Error {}

export const gatewayConfigFrom = (
  config: Pick<Config, 'stripeApiBase' | 'mollieApiBase' | 'appUrl'>,
): GatewayConfig => ({
  stripeApiBase: config.stripeApiBase,
  mollieApiBase: config.mollieApiBase,
  publicUrl: config.appUrl,
});

export function gatewayFor(
  name: GatewayName,
  credentials: Record<string, string> | null,
  config: GatewayConfig = {},
): PaymentGateway {
  const missing = GATEWAY_CREDENTIAL_FIELDS[name].filter((f) => !credentials?.[f]);
  if (missing.length > 0) {
    throw new GatewayUnavailableError(
      `The ${name} gateway has no ${missing.join(', ')} in the payment settings.`,
    );
  }
  const c = credentials as Record<string, string>;
  switch (name) {
    case 'stripe':
      return createStripeGateway(
        { secret_key: c.secret_key!, webhook_secret: c.webhook_secret! },
        { apiBase: config.stripeApiBase, timeoutMs: config.timeoutMs },
      );
    case 'mollie':
      return createMollieGateway(
        { api_key: c.api_key! },
        { apiBase: config.mollieApiBase, timeoutMs: config.timeoutMs, webhookUrl: config.mollieWebhookUrl },
      );
    default:
      throw new GatewayUnavailableError(`No adapter for the ${name} gateway yet.`);
  }
}
