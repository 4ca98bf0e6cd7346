/**
 * The subscription's state machine: its rows and its table in packages/domain. It lives with
 * subscriptions (orders' swap and cancellation use it from here), so nothing in this module needs to
 * import orders' internals for it.
 */
import { SUBSCRIPTION_TRANSITIONS } from '@rentloop/domain/subscriptions';
import { subscriptions } from '../../db/schema/index.ts';
import type { MachineOf } from '../events/transition.ts';

export const subscriptionMachine = {
  object: 'subscription',
  table: subscriptions,
  id: subscriptions.id,
  status: subscriptions.status,
  companyId: subscriptions.company_id,
  updatedAt: subscriptions.updated_at,
  transitions: SUBSCRIPTION_TRANSITIONS,
} as MachineOf<typeof SUBSCRIPTION_TRANSITIONS, typeof subscriptions>;
