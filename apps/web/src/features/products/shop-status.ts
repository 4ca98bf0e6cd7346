/**
 * What the shop connection's badge says (issue 11, "Wording"): whether Rentloop has actually reached
 * the shop, read from the latest sync, not merely whether settings are saved. "Connected" next to a
 * shop that refuses the credentials told the merchant the opposite of the truth.
 */

import type { ProductSync } from '@rentloop/domain/catalog';
import type { ShopSettings } from '@rentloop/domain/companies';

export type ShopReach = 'not-connected' | 'not-reached-yet' | 'syncing' | 'reached' | 'not-reached';

export const SHOP_REACH_LABELS: Record<ShopReach, string> = {
  'not-connected': 'Not connected',
  'not-reached-yet': 'Saved, not reached yet',
  syncing: 'Syncing',
  reached: 'Reached',
  'not-reached': 'Could not reach the shop',
};

export const SHOP_REACH_COLORS: Record<ShopReach, 'default' | 'info' | 'success' | 'error'> = {
  'not-connected': 'default',
  'not-reached-yet': 'default',
  syncing: 'info',
  reached: 'success',
  'not-reached': 'error',
};

/** The shop's state from its settings and the company's latest sync (null when none ran). */
export function shopReach(settings: ShopSettings, latest: ProductSync | null | undefined): ShopReach {
  if (!settings.shop_system || !settings.url || !settings.has_credentials) return 'not-connected';
  // A sync of another shop system says nothing about this one.
  if (!latest || latest.shop_system !== settings.shop_system) return 'not-reached-yet';
  switch (latest.status) {
    case 'queued':
    case 'running':
      return 'syncing';
    case 'succeeded':
      return 'reached';
    case 'failed':
      return 'not-reached';
  }
}
