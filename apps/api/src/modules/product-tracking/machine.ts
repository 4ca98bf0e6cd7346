/** The asset's state machine: its rows and its table in packages/domain. */
import { ASSET_TRANSITIONS } from '@rentloop/domain/product-tracking';
import { productTracking } from '../../db/schema/index.ts';
import type { MachineOf } from '../events/transition.ts';

export const assetMachine = {
  object: 'product_tracking',
  table: productTracking,
  id: productTracking.id,
  status: productTracking.status,
  companyId: productTracking.company_id,
  updatedAt: productTracking.updated_at,
  transitions: ASSET_TRANSITIONS,
} as MachineOf<typeof ASSET_TRANSITIONS, typeof productTracking>;
