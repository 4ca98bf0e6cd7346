/**
 * The soak's staff traffic (bench/soak.ts): an open-loop generator, so a slow server does not slow the
 * offered load down (a closed loop such as autocannon's would hide latency behind fewer requests). Every
 * 10 ms it starts its share of `rate` requests per second, each on the next API instance in turn, a kind
 * drawn from the mix: lists, searches, details and order placement (POST orders/full with an
 * Idempotency-Key). Requests still in flight beyond `maxInFlight` are not started but counted as
 * `shed` (the generator's own limit, reported; a healthy run sheds none).
 *
 * Every answer that is not 2xx, and every network error, is an error; the first few are kept verbatim.
 */
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { quantile, round } from './billing-setup.ts';

export interface Tenant {
  companyId: number;
  token: string;
  customerIds: number[];
  orderIds: number[];
  /** A variant sold as a purchase, for order placement. */
  variantId: number;
  /** A search term that finds rows in the customers and orders lists. */
  search: string;
}

export type Kind =
  | 'list customers'
  | 'list orders'
  | 'list subscriptions'
  | 'search customers'
  | 'search orders'
  | 'customer detail'
  | 'order detail'
  | 'place order';

/** Weights of the mix (per cent). */
export const MIX: [Kind, number][] = [
  ['list customers', 18],
  ['list orders', 18],
  ['list subscriptions', 10],
  ['search customers', 12],
  ['search orders', 12],
  ['customer detail', 12],
  ['order detail', 12],
  ['place order', 6],
];

export const isList = (k: Kind) => k.startsWith('list') || k.startsWith('search');

interface Request {
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

const pick = <T>(xs: readonly T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

function request(kind: Kind, t: Tenant): Request {
  const c = t.companyId;
  const list = (what: string, q = '') => ({
    method: 'GET' as const,
    path: `/read-replica/${c}/rentloopdb/${what}?page=1&per_page=25${q}`,
  });
  switch (kind) {
    case 'list customers':
      return list('customers');
    case 'list orders':
      return list('orders');
    case 'list subscriptions':
      return list('subscriptions');
    case 'search customers':
      return list('customers', `&search=${encodeURIComponent(t.search)}`);
    case 'search orders':
      return list('orders', `&search=${encodeURIComponent(t.search)}`);
    case 'customer detail':
      return { method: 'GET', path: `/api/${c}/rentloopdb/customers/${pick(t.customerIds)}` };
    case 'order detail':
      return { method: 'GET', path: `/api/${c}/rentloopdb/orders/${pick(t.orderIds)}` };
    case 'place order':
      return {
        method: 'POST',
        path: `/api/${c}/rentloopdb/orders/full`,
        body: {
          customer_id: pick(t.customerIds),
          items: [{ variant_id: t.variantId, quantity: 1, kind: 'purchase' }],
        },
      };
  }
}

export interface TrafficResult {
  seconds: number;
  offered_per_s: number;
  completed: number;
  completed_per_s: number;
  shed: number;
  errors: number;
  error_samples: string[];
  by_kind: Record<string, { n: number; errors: number; p50_ms: number; p99_ms: number; max_ms: number }>;
  lists: { n: number; p50_ms: number; p95_ms: number; p99_ms: number; max_ms: number };
  /** p99 of lists per 10 s window, to see drift. */
  list_p99_by_window: number[];
  /** Order numbers placed, per company. */
  placed: Map<number, string[]>;
}

export async function drive(opts: {
  urls: string[];
  tenants: Tenant[];
  rate: number;
  seconds: number;
  maxInFlight?: number;
  onWindow?: (w: number) => void;
}): Promise<TrafficResult> {
  const maxInFlight = opts.maxInFlight ?? 400;
  const latencies = new Map<Kind, number[]>();
  const errorsByKind = new Map<Kind, number>();
  const windows: number[][] = [];
  const samples: string[] = [];
  const placed = new Map<number, string[]>();
  let inFlight = 0;
  let shed = 0;
  let started = 0;
  let errors = 0;
  let next = 0;
  const cumulative = MIX.reduce<[Kind, number][]>((acc, [k, w]) => {
    acc.push([k, (acc.at(-1)?.[1] ?? 0) + w]);
    return acc;
  }, []);
  const total = cumulative.at(-1)![1];
  const drawKind = (): Kind => {
    const r = Math.random() * total;
    return cumulative.find(([, c]) => r < c)![0];
  };
  const t0 = performance.now();
  const fail = (kind: Kind, what: string) => {
    errors += 1;
    errorsByKind.set(kind, (errorsByKind.get(kind) ?? 0) + 1);
    if (samples.length < 10) samples.push(`${kind}: ${what}`.slice(0, 400));
  };

  const one = async (kind: Kind, tenant: Tenant, base: string) => {
    const r = request(kind, tenant);
    const s = performance.now();
    inFlight += 1;
    try {
      const res = await fetch(`${base}${r.path}`, {
        method: r.method,
        headers: {
          authorization: `Bearer ${tenant.token}`,
          ...(r.body ? { 'content-type': 'application/json', 'idempotency-key': randomUUID() } : {}),
        },
        body: r.body ? JSON.stringify(r.body) : undefined,
      });
      const text = await res.text();
      const ms = performance.now() - s;
      if (res.status < 200 || res.status >= 300) return fail(kind, `${res.status} ${r.path} ${text}`);
      const list = latencies.get(kind) ?? [];
      latencies.set(kind, list);
      list.push(ms);
      if (isList(kind)) {
        const w = Math.floor((s - t0) / 10_000);
        const bucket = windows[w] ?? [];
        windows[w] = bucket;
        bucket.push(ms);
      }
      if (kind === 'place order') {
        const number = (JSON.parse(text) as { data?: { number?: string | null } }).data?.number;
        if (number) {
          const got = placed.get(tenant.companyId) ?? [];
          got.push(number);
          placed.set(tenant.companyId, got);
        }
      }
    } catch (err) {
      fail(kind, `${r.path} ${err instanceof Error ? err.message : String(err)}`);
    } finally {
      inFlight -= 1;
    }
  };

  const pending = new Set<Promise<void>>();
  let window = -1;
  await new Promise<void>((resolve) => {
    const tick = setInterval(() => {
      const elapsed = (performance.now() - t0) / 1000;
      if (elapsed >= opts.seconds) {
        clearInterval(tick);
        resolve();
        return;
      }
      const w = Math.floor(elapsed / 10);
      if (w !== window) {
        window = w;
        opts.onWindow?.(w);
      }
      const due = Math.floor(elapsed * opts.rate) - started - shed;
      for (let i = 0; i < due; i++) {
        if (inFlight >= maxInFlight) {
          shed += 1;
          continue;
        }
        started += 1;
        const base = opts.urls[next++ % opts.urls.length]!;
        const p = one(drawKind(), opts.tenants[next % opts.tenants.length]!, base);
        pending.add(p);
        void p.finally(() => pending.delete(p));
      }
    }, 10);
  });
  await Promise.all(pending);
  const seconds = (performance.now() - t0) / 1000;
  const all = [...latencies.entries()];
  const lists = all.filter(([k]) => isList(k)).flatMap(([, v]) => v);
  const completed = all.reduce((n, [, v]) => n + v.length, 0);
  const stats = (v: number[]) => ({
    p50_ms: round(quantile(v, 0.5)),
    p95_ms: round(quantile(v, 0.95)),
    p99_ms: round(quantile(v, 0.99)),
    max_ms: round(v.length ? v.reduce((m, x) => Math.max(m, x), 0) : Number.NaN),
  });
  return {
    seconds: round(seconds),
    offered_per_s: opts.rate,
    completed,
    completed_per_s: round(completed / seconds),
    shed,
    errors,
    error_samples: samples,
    by_kind: Object.fromEntries(
      MIX.map(([k]) => {
        const v = latencies.get(k) ?? [];
        const s = stats(v);
        return [
          k,
          {
            n: v.length,
            errors: errorsByKind.get(k) ?? 0,
            p50_ms: s.p50_ms,
            p99_ms: s.p99_ms,
            max_ms: s.max_ms,
          },
        ];
      }),
    ),
    lists: { n: lists.length, ...stats(lists) },
    list_p99_by_window: windows.map((v) => round(quantile(v ?? [], 0.99))),
    placed,
  };
}
