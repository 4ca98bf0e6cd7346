/**
 * The delivery engine's worker loop: every minute (a `crons` row, editable in the Cron Manager) rounds
 * of engine.ts until a round finds nothing to read or send, or the run's budget is spent (`runRounds`).
 * pg-boss runs one at a time per worker; two workers never send one delivery twice at once (each
 * delivery is claimed before it is sent).
 */
import { z } from 'zod';
import { defineJob } from '../../jobs/queue.ts';
import { runRounds } from './engine.ts';

export const webhooksDeliverJob = defineJob({
  name: 'webhooks-deliver',
  schema: z.object({}),
  cron: '* * * * *',
  retryLimit: 0,
  async handler(_data, jc) {
    const { read, queued, attempted } = await runRounds(jc);
    if (read + attempted > 0) jc.log.info({ read, queued, attempted }, 'webhooks delivered');
    return { read, queued, attempted };
  },
});
