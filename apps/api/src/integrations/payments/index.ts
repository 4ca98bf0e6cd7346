/**
 * The gateways the billing engine charges through, by name (shared/BILLING.md "Gateways"). The engine
 * asks `gatewayFor(ctx, name)`; an adapter registers a factory, which gets the company context (its
 * sealed credentials are per company). The offline gateway is always there; Stripe and Mollie register
 * themselves when their adapters land. Tests register a counting gateway the same way.
 */
import type { Ctx } from '../../context.ts';
import { offlineGateway } from './offline.ts';
import type { GatewayName, PaymentGateway } from './types.ts';

export type GatewayFactory = (ctx: Ctx) => PaymentGateway | Promise<PaymentGateway>;

const factories = new Map<GatewayName, GatewayFactory>([['offlinegateway', () => offlineGateway]]);

/** Makes `name` chargeable; answers a function that puts back what was registered before (for tests). */
export function registerGateway(name: GatewayName, factory: GatewayFactory): () => void {
  const before = factories.get(name);
  factories.set(name, factory);
  return () => {
    if (before) factories.set(name, before);
    else factories.delete(name);
  };
}

/** The adapter of `name` for the company, or null when none is registered (not built yet). */
export async function gatewayFor(ctx: Ctx, name: GatewayName): Promise<PaymentGateway | null> {
  const factory = factories.get(name);
  return factory ? factory(ctx) : null;
}

export type { GatewayName, GatewayOutcome, PaymentGateway, PaymentMethodRef } from './types.ts';
