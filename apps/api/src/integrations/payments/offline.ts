/**
 * The offline gateway (`offlinegateway`): an invoice paid by bank transfer or cash. Nothing is called;
 * a charge answers "pending" at once (the money comes later), so the invoice stays `pending payment`
 * until staff settle it with the transfer's reference (POST invoices/{id}/settle). Its provider
 * reference is the attempt's own key: there is no provider to give one.
 */
import type { GatewayOutcome, PaymentGateway } from './types.ts';

const pending = (key: string, raw: Record<string, unknown>): GatewayOutcome => ({
  state: 'pending',
  providerStatus: 'pending',
  providerReference: key,
  raw: { gateway: 'offlinegateway', ...raw },
});

export const offlineGateway: PaymentGateway = {
  name: 'offlinegateway',
  async charge(request) {
    return pending(request.idempotencyKey, {
      kind: 'charge',
      amount_minor: String(request.amountMinor),
      currency: request.currency,
    });
  },
  async refund(request) {
    return pending(request.idempotencyKey, {
      kind: 'refund',
      amount_minor: String(request.amountMinor),
      currency: request.currency,
    });
  },
  // An offline attempt is answered here, never lost: its state is the one recorded.
  async lookup(idempotencyKey) {
    return pending(idempotencyKey, { kind: 'lookup' });
  },
  parseWebhook() {
    throw new Error('The offline gateway receives no webhooks.');
  },
};
