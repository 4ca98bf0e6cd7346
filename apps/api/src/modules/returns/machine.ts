/** The return's state machine: its rows and its table in packages/domain. */
import { RETURN_TRANSITIONS } from '@rentloop/domain/returns';
import { returns } from '../../db/schema/index.ts';
import type { MachineOf } from '../events/transition.ts';

export const returnMachine = {
  object: 'return',
  table: returns,
  id: returns.id,
  status: returns.status,
  companyId: returns.company_id,
  updatedAt: returns.updated_at,
  transitions: RETURN_TRANSITIONS,
} as MachineOf<typeof RETURN_TRANSITIONS, typeof returns>;
