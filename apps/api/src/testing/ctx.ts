/**
 * A service context for tests, benches and scripts that call services directly (context.ts):
 * acting as the given user (or a test job), with the system clock unless one is passed.
 */
import { randomBytes } from 'node:crypto';
import { type ActorRef, type Clock, type Ctx, type Deps, systemClock } from '../context.ts';
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

export function testCtx(
  db: Tx,
  companyId: number,
  opts: { actor?: ActorRef; clock?: Clock; deps?: Partial<Deps> } = {},
): Ctx {
  return {
    db,
    companyId,
    actor: opts.actor ?? { kind: 'job', job: 'test', jobId: 'test', onBehalfOf: null },
    clock: opts.clock ?? systemClock,
    deps: testDeps(opts.deps),
  };
}
