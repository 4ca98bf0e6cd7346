/**
 * The delivery engine's worker loop: every minute (a `crons` row, editable in the Cron Manager) rounds
 * of engine.ts until a round finds nothing to queue or send. pg-boss runs one at a time per worker;
 * two workers never send one delivery twice at once (each delivery is claimed before it is sent).
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { runRound } from './engine.ts';

/** Rounds per run at most, so one run ends well before the next minute's. */
const MAX_ROUNDS = 20;

export const webhooksDeliverJob = defineJob({
  name: 'webhooks-deliver',
  schema: z.object({}),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, jc) {
    let queued = 0;
    let attempted = 0;
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const r = await runRound(jc);
      queued += r.queued;
      attempted += r.attempted;
      if (r.queued === 0 && r.attempted === 0) break;
    }
    if (queued + attempted > 0) jc.log.info({ queued, attempted }, 'webhooks delivered');
    return { queued, attempted };
  },
});
