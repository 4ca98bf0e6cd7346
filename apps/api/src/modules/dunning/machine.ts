/** The dunning's machine for `transition()` (modules/events/transition.ts). */
import { DUNNING_TRANSITIONS } from '@rentloop/domain/dunning';
import { dunnings } from '../../db/schema/index.ts';
import type { MachineOf } from '../events/transition.ts';

export const dunningMachine: MachineOf<typeof DUNNING_TRANSITIONS, typeof dunnings> = {
  object: 'dunning',
  table: dunnings,
  id: dunnings.id,
  status: dunnings.status,
  companyId: dunnings.company_id,
  updatedAt: dunnings.updated_at,
  transitions: DUNNING_TRANSITIONS,
};
