/** The order's and the subscription's state machines: their rows and their tables in packages/domain. */
import { ORDER_TRANSITIONS } from '@rentloop/domain/orders';
import { SUBSCRIPTION_TRANSITIONS } from '@rentloop/domain/subscriptions';
import { orders, subscriptions } from '../../db/schema/index.ts';
import type { Machine } from '../events/transition.ts';

type TableOf<T> = T extends readonly {
  from: readonly (infer S)[];
  action: infer A;
  guard?: (g: infer G) => unknown;
}[]
  ? Machine<S & string, A & string, G>
  : never;

export const orderMachine = {
  object: 'order',
  table: orders,
  id: orders.id,
  status: orders.status,
  companyId: orders.company_id,
  updatedAt: orders.updated_at,
  transitions: ORDER_TRANSITIONS,
} as TableOf<typeof ORDER_TRANSITIONS>;

export const subscriptionMachine = {
  object: 'subscription',
  table: subscriptions,
  id: subscriptions.id,
  status: subscriptions.status,
  companyId: subscriptions.company_id,
  updatedAt: subscriptions.updated_at,
  transitions: SUBSCRIPTION_TRANSITIONS,
} as TableOf<typeof SUBSCRIPTION_TRANSITIONS>;
