import type { ProductSync } from '@rentloop/domain/catalog';
import type { ShopSettings } from '@rentloop/domain/companies';
import { describe, expect, it } from 'vitest';
import { shopReach } from './shop-status.ts';

const saved: ShopSettings = {
  shop_system: 'woocommerce',
  url: 'https://shop.example',
  has_credentials: true,
  syncable: true,
};
const sync = (status: ProductSync['status'], shop_system = 'woocommerce') =>
  ({ id: 1, shop_system, status }) as ProductSync;

describe('shopReach', () => {
  it('is not connected without a system, an address or credentials', () => {
    expect(shopReach({ ...saved, shop_system: null }, null)).toBe('not-connected');
    expect(shopReach({ ...saved, url: null }, null)).toBe('not-connected');
    expect(shopReach({ ...saved, has_credentials: false }, sync('succeeded'))).toBe('not-connected');
  });

  it('has not reached a saved shop before its first sync, or after another system synced', () => {
    expect(shopReach(saved, null)).toBe('not-reached-yet');
    expect(shopReach(saved, sync('succeeded', 'shopify'))).toBe('not-reached-yet');
  });

  it('follows the latest sync', () => {
    expect(shopReach(saved, sync('queued'))).toBe('syncing');
    expect(shopReach(saved, sync('running'))).toBe('syncing');
    expect(shopReach(saved, sync('succeeded'))).toBe('reached');
    expect(shopReach(saved, sync('failed'))).toBe('not-reached');
  });
});
