/**
 * One query at a time per connection, in the order they were asked for. Drizzle's transaction hands its one
 * node-postgres client to code that reads side by side (`Promise.all` over `ctx.db`, about 20 places). pg 8
 * queues a query sent while its client is busy, and warns that pg 9 will refuse it ("Calling client.query()
 * when the client is already executing a query is deprecated"). This chains each promise query on a client
 * after the one before it: the order pg's queue gave, without leaning on that queue. A pool of several
 * connections (the replica's lists) still runs side by side across its connections.
 *
 * Calls with a callback (the pool's own `pool.query`) and submittables (cursors, copy streams) go straight
 * through, as before: they manage their own turn.
 */
import type pg from 'pg';

const chained = new WeakSet<pg.ClientBase>();

export function queriesInTurn(client: pg.ClientBase): void {
  if (chained.has(client)) return;
  chained.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  let last: Promise<unknown> = Promise.resolve();
  client.query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const submittable =
      typeof config === 'object' &&
      config !== null &&
      typeof (config as { submit?: unknown }).submit === 'function';
    if (submittable || typeof values === 'function' || typeof callback === 'function')
      return query(config, values, callback);
    const run = last.then(() => query(config, values) as Promise<unknown>);
    // The next query waits for this one to end, whether it succeeded or failed.
    last = run.catch(() => {});
    return run;
  }) as typeof client.query;
}
