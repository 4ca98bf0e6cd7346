import { describe, expect, it } from 'vitest';
import { ASSET_STATUSES, type AssetStatus } from './enums.ts';
import { MESSAGES } from './messages.ts';
import {
  ASSET_ACTION_LABELS,
  ASSET_ACTIONS,
  ASSET_TRANSITIONS,
  type AssetAction,
  productTrackingActionSchema,
  productTrackingFiltersSchema,
  productTrackingInputSchema,
} from './product-tracking.ts';
import { allowedActions, refusal } from './transitions.ts';

/** The table written out by hand: from each status, the actions allowed and where they lead. */
const EXPECTED: Record<AssetStatus, Partial<Record<AssetAction, AssetStatus>>> = {
  'in stock': {
    rent_out: 'rented out',
    send_to_repair: 'to repair',
    mark_broken: 'broken',
    mark_stolen: 'stolen',
    remove: 'removed',
  },
  'rented out': {
    return: 'in stock',
    send_to_repair: 'to repair',
    mark_broken: 'broken',
    mark_stolen: 'stolen',
    buy_out: 'bought out',
  },
  'to repair': { repaired: 'in stock', mark_broken: 'broken', mark_stolen: 'stolen', remove: 'removed' },
  broken: { send_to_repair: 'to repair', remove: 'removed' },
  stolen: { recover: 'in stock' },
  removed: {},
  'bought out': {},
};

describe('ASSET_TRANSITIONS', () => {
  it('has one transition per action, each with a label', () => {
    expect(ASSET_TRANSITIONS.map((t) => t.action).sort()).toEqual([...ASSET_ACTIONS].sort());
    for (const a of ASSET_ACTIONS) expect(ASSET_ACTION_LABELS[a]).toBeTruthy();
  });

  for (const status of ASSET_STATUSES) {
    for (const action of ASSET_ACTIONS) {
      const to = EXPECTED[status][action];
      it(`${to ? 'allows' : 'refuses'} ${action} from ${status}`, () => {
        const why = refusal(ASSET_TRANSITIONS, action, status, undefined);
        if (to) {
          expect(why).toBeNull();
          expect(ASSET_TRANSITIONS.find((t) => t.action === action)?.to).toBe(to);
        } else {
          expect(why).toBe(ASSET_TRANSITIONS.find((t) => t.action === action)?.message);
        }
      });
    }
    it(`lists exactly the allowed actions from ${status}`, () => {
      const allowed = allowedActions(ASSET_TRANSITIONS, status, undefined);
      expect(Object.fromEntries(allowed.map((a) => [a.action, a.to]))).toEqual(EXPECTED[status]);
    });
  }

  it('leaves bought out and removed final, every other status reachable', () => {
    const reached = new Set(ASSET_TRANSITIONS.map((t) => t.to));
    for (const s of ASSET_STATUSES) expect(reached.has(s)).toBe(true);
    expect(allowedActions(ASSET_TRANSITIONS, 'removed', undefined)).toEqual([]);
    expect(allowedActions(ASSET_TRANSITIONS, 'bought out', undefined)).toEqual([]);
  });
});

describe('productTrackingInputSchema', () => {
  it('takes a variant unit with its purchase', () => {
    const v = productTrackingInputSchema.parse({
      serial_number: ' EB-0001 ',
      variant_id: 3,
      purchase_cost: 1299.5,
      purchase_date: '2026-01-05',
      location: '',
    });
    expect(v).toMatchObject({ serial_number: 'EB-0001', purchase_cost: '1299.5', location: null });
  });

  it('wants exactly one of variant and bundle', () => {
    const none = productTrackingInputSchema.safeParse({ serial_number: 'A1' });
    expect(none.error?.issues[0]).toMatchObject({
      path: ['variant_id'],
      message: MESSAGES.assetVariantOrBundle,
    });
    const both = productTrackingInputSchema.safeParse({ serial_number: 'A1', variant_id: 1, bundle_id: 2 });
    expect(both.error?.issues[0]?.path).toEqual(['bundle_id']);
    expect(productTrackingInputSchema.safeParse({ serial_number: 'A1', bundle_id: 2 }).success).toBe(true);
  });

  it('refuses an empty or odd serial number and a negative cost', () => {
    for (const serial_number of ['', '  ', '-A', 'A\u0000B', 'x'.repeat(101)])
      expect(
        productTrackingInputSchema.safeParse({ serial_number, variant_id: 1 }).error?.issues[0]?.path,
      ).toEqual(['serial_number']);
    expect(
      productTrackingInputSchema.safeParse({ serial_number: 'A', variant_id: 1, purchase_cost: '-1' }).error
        ?.issues[0]?.path,
    ).toEqual(['purchase_cost']);
  });
});

describe('productTrackingActionSchema', () => {
  it('needs the subscription to rent out', () => {
    expect(productTrackingActionSchema.safeParse({ action: 'rent_out' }).error?.issues[0]?.path).toEqual([
      'subscription_id',
    ]);
    expect(productTrackingActionSchema.parse({ action: 'mark_stolen', reason: ' gone ' })).toEqual({
      action: 'mark_stolen',
      reason: 'gone',
    });
  });
});

describe('productTrackingFiltersSchema', () => {
  it('takes the tracked-status ranges only', () => {
    expect(productTrackingFiltersSchema.parse({ status_changed_within: '90' }).status_changed_within).toBe(
      90,
    );
    expect(productTrackingFiltersSchema.safeParse({ status_changed_within: 60 }).success).toBe(false);
  });
});
