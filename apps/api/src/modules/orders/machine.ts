/** The order's state machine: its rows and its table in packages/domain. */
import { ORDER_TRANSITIONS } from '@rentloop/domain/orders';
import { orders } from '../../db/schema/index.ts';
import type { MachineOf } from '../events/transition.ts';

export const orderMachine = {
  object: 'order',
  table: orders,
  id: orders.id,
  status: orders.status,
  companyId: orders.company_id,
  updatedAt: orders.updated_at,
  transitions: ORDER_TRANSITIONS,
} as MachineOf<typeof ORDER_TRANSITIONS, typeof orders>;
