/**
 * A service context for tests, benches and scripts that call services directly (context.ts):
 * acting as the given user (or a test job), with the system clock unless one is passed.
 */
import { randomBytes } from 'node:crypto';
import { type ActorRef, type Clock, type Ctx, type Deps, type PlatformCtx, systemClock } from '../context.ts';
import type { Tx } from '../db/client.ts';
import { createSecrets } from '../integrations/secrets.ts';

export function testDeps(overrides: Partial<Deps> = {}): Deps {
  return {
    boss: null,
    mailer: null,
    appUrl: 'http://localhost:3000',
    secrets: createSecrets(randomBytes(32)),
    allowPrivateShopUrls: false,
    ...overrides,
  };
}

interface TestCtxOptions {
  actor?: ActorRef;
  clock?: Clock;
  deps?: Partial<Deps>;
}

export function testCtx(db: Tx, companyId: number, opts: TestCtxOptions = {}): Ctx {
  return { ...testPlatformCtx(db, opts), companyId };
}

/** The same outside any company (accounts, purges, operator tools). */
export function testPlatformCtx(db: Tx, opts: TestCtxOptions = {}): PlatformCtx {
  return {
    db,
    actor: opts.actor ?? { kind: 'job', job: 'test', jobId: 'test', onBehalfOf: null },
    clock: opts.clock ?? systemClock,
    deps: testDeps(opts.deps),
  };
}
