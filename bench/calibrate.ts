/**
 * A yardstick for the machine, printed with every list bench: each session runs on a new 2-core machine, and
 * the same statements have run 1.5-3.4x slower on one than on another (docs/performance.md, 2 December), so
 * figures from two sessions compare only through a fixed piece of work timed on both. Two of them: what the
 * API server spends its CPU on (JSON of list rows, in Node) and what PostgreSQL does for a list (a scan with a
 * filter, one backend). Each is the median of 7 runs after one warm-up; lower is a faster machine.
 *
 * `npx tsx bench/calibrate.ts` prints them alone (for a quiet moment before a bench run).
 */
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

export interface Calibration {
  /** `model name` of /proc/cpuinfo (the same name can still run at another clock). */
  cpu: string;
  /** Milliseconds to turn 2,000 list rows into JSON and back 20 times. */
  node_ms: number;
  /** Milliseconds for PostgreSQL to filter and count 3,000,000 generated rows; null without a server. */
  postgres_ms: number | null;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

async function timed(run: () => unknown | Promise<unknown>, times = 7): Promise<number> {
  await run(); // warm-up: JIT, plan cache, buffers
  const ms: number[] = [];
  for (let i = 0; i < times; i++) {
    const t = performance.now();
    await run();
    ms.push(performance.now() - t);
  }
  return Math.round(median(ms) * 10) / 10;
}

/** Rows shaped like an orders page's (numbers, names, amounts as decimal strings, dates). */
const rows = Array.from({ length: 2_000 }, (_, i) => ({
  id: i + 1,
  number: `ORD-${i + 1}`,
  status: i % 7 === 0 ? 'cancelled' : 'open',
  customer_name: `Customer ${i % 97} Tremblay`,
  customer_email: `customer${i}@example.com`,
  total: `${(i * 137) % 100_000}.${String(i % 100).padStart(2, '0')}`,
  created_at: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
  items_count: (i % 3) + 1,
}));

function cpuModel(): string {
  try {
    const line = readFileSync('/proc/cpuinfo', 'utf8')
      .split('\n')
      .find((l) => l.startsWith('model name'));
    return line?.split(':')[1]?.trim() ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function calibrate(postgresUrl: string | null): Promise<Calibration> {
  const node_ms = await timed(() => {
    for (let i = 0; i < 20; i++) JSON.parse(JSON.stringify(rows));
  });
  let postgres_ms: number | null = null;
  if (postgresUrl) {
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      // One backend, no parallel workers: a list's statement runs on one.
      await client.query('SET max_parallel_workers_per_gather = 0');
      postgres_ms = await timed(() =>
        client.query('SELECT count(*) FROM generate_series(1, 3000000) AS g WHERE g % 7 = 3'),
      );
    } finally {
      await client.end();
    }
  }
  return { cpu: cpuModel(), node_ms, postgres_ms };
}

export const describeCalibration = (c: Calibration) =>
  `Yardstick (bench/calibrate.ts, lower is faster): Node ${c.node_ms} ms, PostgreSQL ${c.postgres_ms ?? '-'} ms; CPU ${c.cpu}`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const url = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  process.stdout.write(`${describeCalibration(await calibrate(url))}\n`);
}
