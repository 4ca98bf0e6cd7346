/**
 * What read-your-writes costs on a streaming standby (docs/performance.md, "Read replica"), on the primary and
 * standby of scripts/replica.sh:
 * - the standby's delay: a commit on the primary (synchronous_commit = local) until pg_last_wal_replay_lsn()
 *   on the standby reaches the WAL position after it;
 * - what a write request pays: the one `select pg_current_wal_lsn()` after its commit (db/read-router.ts);
 * - what the user's list read right after the write pays, and where it goes (the standby, or the primary
 *   because the standby has not replayed the write yet).
 *
 * scripts/replica.sh -- npx tsx bench/replica.ts   (BENCH_REPLICA_N=500)
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { openPostgres } from '../apps/api/src/db/client.ts';
import { parseLsn } from '../apps/api/src/db/read-router.ts';

const N = Number(process.env.BENCH_REPLICA_N ?? 500);
const primaryUrl = process.env.DATABASE_URL;
const replicaUrl = process.env.READ_REPLICA_URL;
if (!primaryUrl || !replicaUrl)
  throw new Error('run under scripts/replica.sh (DATABASE_URL, READ_REPLICA_URL)');

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))] ?? 0;
};
const fmt = (xs: number[]) => `p50 ${pct(xs, 50).toFixed(3)} ms, p99 ${pct(xs, 99).toFixed(3)} ms`;

const database = await openPostgres(primaryUrl, {
  replicaUrl,
  poolSize: 2,
  settings: { synchronous_commit: 'local' },
});
const rows = async (db: typeof database.primary, text: string) =>
  ((await db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] }).rows;
await rows(
  database.primary,
  'create table if not exists bench_replica (id serial primary key, at timestamptz)',
);

const delay: number[] = [];
const lsnCall: number[] = [];
const readAfter: number[] = [];
let toPrimary = 0;
for (let i = 0; i < N; i++) {
  await rows(database.primary, 'insert into bench_replica (at) values (now())');
  const committed = performance.now();
  const t0 = performance.now();
  const [head] = await rows(database.primary, 'select pg_current_wal_lsn()::text as lsn');
  lsnCall.push(performance.now() - t0);
  const target = parseLsn(head?.lsn) as bigint;
  for (;;) {
    const [r] = await rows(database.replica, 'select pg_last_wal_replay_lsn()::text as lsn');
    if ((parseLsn(r?.lsn) ?? 0n) >= target) break;
  }
  delay.push(performance.now() - committed);
}
// The router's own path: a write noted, then that user's list read decided at once.
for (let i = 0; i < N; i++) {
  await rows(database.primary, 'insert into bench_replica (at) values (now())');
  await database.reads.noteWrite(1);
  const t0 = performance.now();
  const db = await database.reads.readDb(1);
  readAfter.push(performance.now() - t0);
  if (db === database.primary) toPrimary++;
  await new Promise((r) => setTimeout(r, 25));
}
await rows(database.primary, 'drop table bench_replica');
await database.close();

const [load1] = loadavg();
console.log(`load average (1 min) ${load1?.toFixed(1)}; ${N} writes each`);
console.log(`standby delay, commit to replayed:       ${fmt(delay)}`);
console.log(`pg_current_wal_lsn() after a write:      ${fmt(lsnCall)}`);
console.log(`the writer's next list read, decided in: ${fmt(readAfter)}`);
console.log(`  of which read the primary (standby not there yet): ${toPrimary} of ${N}`);
