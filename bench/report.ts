/** The bench's output: a table on stdout, PASS/MISS against the targets, and the same as JSON. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type Calibration, describeCalibration } from './calibrate.ts';
import type { LoadFigures } from './load.ts';
import { LISTS, type ListKey, type Scenario } from './scenarios.ts';
import type { SqlFigures, Statement } from './sql.ts';

export interface ScenarioResult {
  list: ListKey;
  scenario: Scenario['key'];
  label: string;
  path: string;
  expected_total: number;
  http: LoadFigures;
  sql: SqlFigures;
  statements: Statement[];
}

export interface DatabaseResult {
  database: 'postgres' | 'pglite';
  seed_seconds: number;
  idle_rss_mb: number;
  max_rss_mb: number;
  scenarios: ScenarioResult[];
}

export interface Target {
  database: 'postgres';
  list: ListKey;
  what: string;
  limit: string;
  measured: number;
  unit: string;
  pass: boolean;
  /** How far from the limit, in percent (positive: better than the limit). */
  margin_pct: number;
}

export interface BenchReport {
  started_at: string;
  finished_at: string;
  machine: { cpus: number; node: string; postgres: string | null; calibration?: Calibration };
  lists: ListKey[];
  settings: {
    connections: number;
    duration_s: number;
    warmup_s: number;
    sql_iterations: number;
    quiet_wait_s: number;
  };
  results: DatabaseResult[];
  targets: Target[];
}

const atLeast = (
  what: string,
  measured: number,
  limit: number,
  unit: string,
): Omit<Target, 'database' | 'list'> => ({
  what,
  limit: `>= ${limit.toLocaleString('en-US')} ${unit}`,
  measured,
  unit,
  pass: measured >= limit,
  margin_pct: ((measured - limit) / limit) * 100,
});
const atMost = (
  what: string,
  measured: number,
  limit: number,
  unit: string,
): Omit<Target, 'database' | 'list'> => ({
  what,
  limit: `<= ${limit} ${unit}`,
  measured,
  unit,
  pass: measured <= limit,
  margin_pct: ((limit - measured) / limit) * 100,
});

/**
 * The targets on PostgreSQL: issue 2's for the customers list, which issues 5, 9 and 14 set for every
 * list built with defineList (products, variants, history logs, email history, events, collections,
 * users, orders with their number search, subscriptions).
 */
export function evaluateTargets(results: DatabaseResult[]): Target[] {
  const pg = results.find((r) => r.database === 'postgres');
  if (!pg) return [];
  const out: Target[] = [];
  for (const list of LISTS) {
    const ofList = pg.scenarios.filter((s) => s.list === list);
    if (ofList.length === 0) continue;
    const by = (k: Scenario['key']) => ofList.find((s) => s.scenario === k)?.http;
    const page1 = by('page1');
    const deep = by('deep');
    const search = by('search');
    const t: Omit<Target, 'database' | 'list'>[] = [];
    if (page1) t.push(atLeast('page 1 throughput', page1.requests_per_s, 1400, 'req/s'));
    // Page 1 by a kept figure (the assets' profit and utilisation): the same index walk, the same target.
    for (const sorted of ofList.filter((s) => s.scenario.startsWith('sort_')))
      t.push(atLeast(`${sorted.label} throughput`, sorted.http.requests_per_s, 1400, 'req/s'));
    if (deep) t.push(atLeast('deep page throughput', deep.requests_per_s, 300, 'req/s'));
    for (const [what, figures] of [
      ['search', search],
      ['number search', by('number_search')],
    ] as const) {
      if (!figures) continue;
      t.push(atLeast(`${what} throughput`, figures.requests_per_s, 350, 'req/s'));
      // No answer within the run has no latency to show: a miss, not a p99 of 0.
      const p99 = figures.requests > 0 ? figures.p99_ms : Number.POSITIVE_INFINITY;
      t.push(atMost(`${what} p99 latency`, p99, 30, 'ms'));
    }
    t.push(atMost('server RSS (max)', Math.max(...ofList.map((s) => s.http.max_rss_mb)), 250, 'MB'));
    out.push(...t.map((x) => ({ database: 'postgres' as const, list, ...x })));
  }
  return out;
}

const fmt = (n: number, digits = 0) =>
  Number.isFinite(n)
    ? n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits })
    : '-';

/** A Markdown table; the first `left` columns are text (left-aligned), the others figures. */
function table(headers: string[], rows: string[][], left: number): string {
  const widths = headers.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) =>
    `| ${cells.map((c, i) => (i < left ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join(' | ')} |`;
  const rule = `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`;
  return [line(headers), rule, ...rows.map(line)].join('\n');
}

export function printReport(report: BenchReport): string {
  const rows = report.results.flatMap((d) =>
    d.scenarios.map((s) => [
      d.database,
      s.list,
      s.label,
      fmt(s.http.requests_per_s),
      fmt(s.http.p50_ms),
      fmt(s.http.p99_ms),
      fmt(s.http.max_rss_mb),
      fmt(s.sql.mean_ms, 2),
      fmt(s.sql.p99_ms, 2),
      fmt(s.sql.qps),
      fmt(s.http.server_cpu_ms_per_req, 2),
      Number.isFinite(s.http.db_cpu_ms_per_req) && s.http.db_cpu_ms_per_req > 0
        ? fmt(s.http.db_cpu_ms_per_req, 2)
        : '-',
      `${fmt((100 * s.http.cpu.other_s) / s.http.cpu.capacity_s)}%`,
    ]),
  );
  const figures = table(
    [
      'database',
      'list',
      'scenario',
      'HTTP req/s',
      'p50 ms',
      'p99 ms',
      'RSS MB',
      'SQL mean ms',
      'SQL p99 ms',
      'SQL q/s',
      'server CPU ms/req',
      'PG CPU ms/req',
      'other load',
    ],
    rows,
    3,
  );
  const targets =
    report.targets.length === 0
      ? 'Targets: PostgreSQL not run.'
      : table(
          ['list', 'target (PostgreSQL)', 'limit', 'measured', 'margin', 'result'],
          report.targets.map((t) => [
            t.list,
            t.what,
            t.limit,
            `${fmt(t.measured, t.unit === 'req/s' ? 0 : 1)} ${t.unit}`,
            `${t.margin_pct >= 0 ? '+' : ''}${fmt(t.margin_pct, 0)}%`,
            t.pass ? 'PASS' : 'MISS',
          ]),
          3,
        );
  const s = report.settings;
  return [
    '',
    `Lists: ${report.lists.join(', ')}; ${s.connections} connections, ${s.duration_s} s a run after ${s.warmup_s} s warm-up; ` +
      `SQL: the statements the list's service sends for that page, replayed serially ${s.sql_iterations} times on one connection.`,
    `Machine: ${report.machine.cpus} CPUs, Node ${report.machine.node}, ${report.machine.postgres ?? 'PostgreSQL not run'}`,
    ...(report.machine.calibration ? [describeCalibration(report.machine.calibration)] : []),
    '',
    figures,
    '',
    'server CPU / PG CPU: CPU time of the server process / of the PostgreSQL backends serving the bench database, per request;',
    'other load: share of the machine used by processes outside the bench during the run (a busy machine lowers every figure).',
    '',
    targets,
    '',
  ].join('\n');
}

export function writeReport(report: BenchReport, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${report.started_at.replace(/[:.]/g, '-')}.json`);
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
  return file;
}
