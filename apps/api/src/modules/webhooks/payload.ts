/**
 * What a delivery carries: `{ type, timestamp, data }`, `data` being the object as the API's own GET
 * answers it. For an event, the object is read when the event is queued (right after its transaction
 * committed, by the engine's next round); an object gone by then (deleted) is sent as the event recorded
 * it: its id and the event's payload. The event itself (which change, when) always comes from the
 * events table, never from the object's current state.
 */
import type { WebhookModel } from '@rentloop/domain/webhooks';
import type { Ctx } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { getProduct } from '../catalog/products.ts';
import { getCustomer } from '../customers/service.ts';
import { getInvoice } from '../invoices/records.ts';
import { getOrder } from '../orders/records.ts';
import { getTransaction } from '../payments/records.ts';
import { getAsset } from '../product-tracking/records.ts';
import { getRecurringPayment } from '../recurring-payments/records.ts';
import { getRepair } from '../repairs/records.ts';
import { getSubscription } from '../subscriptions/records.ts';
import { getVoucher } from '../vouchers/service.ts';

type Loader = (ctx: Ctx, id: number) => Promise<unknown>;

const LOADERS: Record<string, Loader> = {
  customer: getCustomer,
  order: (ctx, id) => getOrder(ctx, id),
  subscription: getSubscription,
  invoice: getInvoice,
  transaction: getTransaction,
  recurring_payment: getRecurringPayment,
  product_tracking: getAsset,
  product: getProduct,
  repair: getRepair,
  voucher: getVoucher,
} satisfies Partial<Record<WebhookModel | string, Loader>>;

/** The object as the API answers it; null for a kind without a reader or an object that is gone. */
export async function loadObject(
  ctx: Ctx,
  object: string,
  id: number,
): Promise<Record<string, unknown> | null> {
  const load = LOADERS[object];
  if (!load) return null;
  try {
    return (await load(ctx, id)) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof AppError && err.code === 'not_found') return null;
    throw err;
  }
}

export interface WebhookPayload {
  type: string;
  timestamp: string;
  data: Record<string, unknown>;
}

/** The body of an event's delivery. */
export async function eventPayload(
  ctx: Ctx,
  event: {
    type: string;
    object: string;
    object_id: number;
    payload: Record<string, unknown>;
    created_at: string;
  },
): Promise<WebhookPayload> {
  const current = await loadObject(ctx, event.object, event.object_id);
  return {
    type: event.type,
    timestamp: new Date(event.created_at).toISOString(),
    data: current ?? { id: event.object_id, object: event.object, ...event.payload },
  };
}
