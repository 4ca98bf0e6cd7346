/**
 * What an order's page offers, from the order as last read (issue 25, "nothing irreversible happens by
 * accident"): an action that no longer applies is hidden rather than refused by the server after a
 * click. The status transitions (cancel, fulfil, reopen) come from `GET orders/{id}/actions`; these are
 * the page's other actions, whose rule is the order's status.
 */
import type { OrderStatus } from '@rentloop/domain/enums';
import { ApiError } from '../../api/client.ts';

export interface OrderOffers {
  /** "Add tracking number" on the items: a cancelled order ships nothing. */
  tracking: boolean;
  /** "Send confirmation": a cancelled order confirms nothing (and a quote is sent as a quote). */
  confirmationMail: boolean;
  /** "Swap missing product": only for rented items of an order that still runs. */
  swap: boolean;
  /** "One-time payment": an open or fulfilled order. */
  oneTimePayment: boolean;
}

export function orderOffers(order: { status: OrderStatus; items: { kind: string }[] }): OrderOffers {
  const live = order.status === 'open' || order.status === 'fulfilled';
  return {
    tracking: live,
    confirmationMail: live,
    swap: live && order.items.some((item) => item.kind === 'rental'),
    oneTimePayment: live,
  };
}

/**
 * A refusal that says the record changed under the page (409: someone finalised, cancelled or sent it
 * meanwhile) or is gone (404): the page reads the record again instead of showing what is stale.
 */
export function isStaleRecordError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 409);
}
