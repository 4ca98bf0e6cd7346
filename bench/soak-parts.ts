/**
 * Pieces of the soak (bench/soak.ts): the webhook receiver, what the traffic needs of a company (its
 * ids, a variant to sell, a search term), and the memory verdict.
 */
import { createServer } from 'node:http';
import type { Database } from '../apps/api/src/db/client.ts';
import { round } from './billing-setup.ts';
import type { SoakProcess } from './soak-fleet.ts';
import type { Tenant } from './soak-traffic.ts';

/** A webhook receiver answering 200 at once, counting what it got. */
export async function receiver() {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as { port: number }).port}/hook`;
  return {
    url,
    count: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const ids = async (database: Database, text: string, values: unknown[]) =>
  (await database.executor.executeSql(text, values)).rows.map((r) => Number(r.id));

/**
 * A company's share of the traffic: 2,000 random customers and orders for the details and placements,
 * the variant sold most often as a purchase (else the first), and the commonest surname as the search.
 */
export async function tenantOf(database: Database, companyId: number, token: string): Promise<Tenant> {
  const customerIds = await ids(
    database,
    `SELECT id FROM customers WHERE company_id = $1 ORDER BY random() LIMIT 2000`,
    [companyId],
  );
  const orderIds = await ids(
    database,
    `SELECT id FROM orders WHERE company_id = $1 AND number IS NOT NULL ORDER BY random() LIMIT 2000`,
    [companyId],
  );
  const [variant] = await ids(
    database,
    `SELECT v.id FROM product_variants v
       LEFT JOIN order_items i ON i.company_id = v.company_id AND i.variant_id = v.id AND i.kind = 'purchase'
      WHERE v.company_id = $1
      GROUP BY v.id ORDER BY count(i.id) DESC, v.id LIMIT 1`,
    [companyId],
  );
  const [surname] = (
    await database.executor.executeSql(
      `SELECT lower(split_part(name, ' ', 2)) AS s, count(*) AS n FROM customers
        WHERE company_id = $1 AND name LIKE '% %' GROUP BY 1 ORDER BY 2 DESC LIMIT 1`,
      [companyId],
    )
  ).rows;
  // The billing company's customers are "Kundin <n>": a number's prefix finds about 0.2% of them.
  const search = /^\d+$/.test(String(surname?.s)) ? 'kundin 123' : String(surname?.s ?? 'a');
  if (customerIds.length === 0 || orderIds.length === 0 || variant === undefined)
    throw new Error(`company ${companyId}: no customers, orders or variants to drive traffic with`);
  return { companyId, token, customerIds, orderIds, variantId: variant, search };
}

export interface MemoryFigure {
  process: string;
  samples: number;
  rss_mb_at_1min: number;
  rss_mb_max: number;
  rss_mb_last: number;
  heap_used_mb_at_1min: number;
  heap_used_mb_max: number;
  heap_used_mb_last: number;
  /** Mean of the last minute's samples less the mean of the second minute's. */
  rss_growth_mb: number;
  heap_growth_mb: number;
  flat: boolean;
  /** Every sample: seconds from the start, RSS and heap used (MB). */
  series: [number, number, number][];
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((s, x) => s + x, 0) / xs.length : Number.NaN);

/**
 * Per process: "no growth after the first minute" read as the traffic's last minute's mean RSS and heap
 * within `slackMb` of its second minute's (the first is warm-up: JIT, caches, pools). Samples from t0 to
 * `tEnd` (the end of the traffic) only: the drain after it is quieter and would flatter the verdict.
 */
export function memoryVerdict(
  procs: SoakProcess[],
  t0: number,
  tEnd: number,
  slackMb: number,
): MemoryFigure[] {
  return procs.map((p) => {
    const m = p.memory.filter((s) => s.t >= t0 && s.t <= tEnd);
    const second = m.filter((s) => s.t >= t0 + 60_000 && s.t < t0 + 120_000);
    const last = m.filter((s) => s.t > tEnd - 60_000);
    const at1 = second[0] ?? m[0];
    const rssGrowth = mean(last.map((s) => s.rss_mb)) - mean(second.map((s) => s.rss_mb));
    const heapGrowth = mean(last.map((s) => s.heap_used_mb)) - mean(second.map((s) => s.heap_used_mb));
    return {
      process: p.name,
      samples: m.length,
      rss_mb_at_1min: at1?.rss_mb ?? Number.NaN,
      rss_mb_max: Math.max(...m.map((s) => s.rss_mb)),
      rss_mb_last: m.at(-1)?.rss_mb ?? Number.NaN,
      heap_used_mb_at_1min: at1?.heap_used_mb ?? Number.NaN,
      heap_used_mb_max: Math.max(...m.map((s) => s.heap_used_mb)),
      heap_used_mb_last: m.at(-1)?.heap_used_mb ?? Number.NaN,
      rss_growth_mb: round(rssGrowth),
      heap_growth_mb: round(heapGrowth),
      flat: rssGrowth <= slackMb && heapGrowth <= slackMb,
      series: p.memory
        .filter((s) => s.t >= t0)
        .map((s) => [Math.round((s.t - t0) / 1000), s.rss_mb, s.heap_used_mb] as [number, number, number]),
    };
  });
}
