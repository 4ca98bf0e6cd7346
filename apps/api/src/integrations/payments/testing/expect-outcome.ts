/** Asserts an outcome's state and narrows it (the failure message shows the outcome). */
import { expect } from 'vitest';
import type { GatewayOutcome } from '../types.ts';

type Narrowed<S extends GatewayOutcome['state']> = S extends 'succeeded' | 'pending'
  ? Extract<GatewayOutcome, { state: 'succeeded' | 'pending' }>
  : Extract<GatewayOutcome, { state: S }>;

export function expectState<S extends GatewayOutcome['state']>(o: GatewayOutcome, state: S): Narrowed<S> {
  expect(o.state, JSON.stringify(o, (_k, v) => (typeof v === 'bigint' ? String(v) : v)).slice(0, 400)).toBe(
    state,
  );
  return o as Narrowed<S>;
}
