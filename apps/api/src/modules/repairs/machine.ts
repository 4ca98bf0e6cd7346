/** The repair's state machine: its rows and its table in packages/domain. */
import { REPAIR_TRANSITIONS } from '@rentloop/domain/repairs';
import { repairs } from '../../db/schema/index.ts';
import type { MachineOf } from '../events/transition.ts';

export const repairMachine = {
  object: 'repair',
  table: repairs,
  id: repairs.id,
  status: repairs.status,
  companyId: repairs.company_id,
  updatedAt: repairs.updated_at,
  transitions: REPAIR_TRANSITIONS,
} as MachineOf<typeof REPAIR_TRANSITIONS, typeof repairs>;
