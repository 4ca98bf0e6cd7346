#!/usr/bin/env node
/**
 * `npm test`: every suite in order — the build, with the browser tests' servers started in the background
 * (they seed while the next suites run), type check, lint, OpenAPI lint, unit (domain, web), the web app's size
 * budget (scripts/size-budget.mjs), with DATABASE_URL the customers and catalog browser tests on the embedded
 * database, API integration on embedded PGlite and (when DATABASE_URL is set) on PostgreSQL, a read replica pass
 * (a primary and a hot standby of its own: scripts/replica.sh), then browser end-to-end (with DATABASE_URL on a
 * fresh database on that PostgreSQL server), and in CI (or with TEST_NODE_24=1) a start of the product on
 * Node 24 (TEST_NODE_24=all or shard: the API suite, or a tenth of it, on Node 24 too).
 * Prints each suite's count and, as the last line, the total: "N passed, M failed".
 * A suite that crashes before reporting counts as one failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { findChromium } from './chromium.mjs';
import { startE2eServer } from './e2e-servers.mjs';
import { nodeBinDir } from './node-lts.mjs';

const root = new URL('..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'rentloop-test-'));
const results = [];
/** What failed, by suite, printed before the summary (CI keeps only the end of the output). */
const failures = [];

const started = Date.now();
let mark = started;
/** Minutes since the previous suite ended: each result's own time. */
function lap() {
  const now = Date.now();
  const minutes = ((now - mark) / 60_000).toFixed(1);
  mark = now;
  return minutes;
}

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const code = run(cmd, args);
  results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0, minutes: lap() });
}

/** `wrap`: a command that runs vitest after it (scripts/replica.sh --). */
function vitest(name, dir, env = {}, extra = [], wrap = []) {
  console.log(`\n=== ${name} ===`);
  const out = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const failedFile = join(tmp, `${name.replace(/\W+/g, '-')}.failures`);
  const [cmd, ...before] = [...wrap, 'npx'];
  const code = run(
    cmd,
    [
      ...before,
      'vitest',
      'run',
      '--root',
      dir,
      '--reporter=default',
      '--reporter=json',
      `--reporter=${join(root, 'scripts/vitest-failures.mjs')}`,
      `--outputFile.json=${out}`,
      ...extra,
    ],
    { ...env, VITEST_FAILURES_FILE: failedFile },
  );
  if (existsSync(failedFile)) noteFailures(name, readFileSync(failedFile, 'utf8'));
  if (!existsSync(out)) return results.push({ name, passed: 0, failed: 1, skipped: 0, minutes: lap() });
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  const skipped = r.numPendingTests + r.numTodoTests;
  results.push({ name, passed: r.numPassedTests, failed, skipped, minutes: lap() });
}

function playwright(name, specs = [], env = {}) {
  console.log(`\n=== ${name} ===`);
  const out = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const code = run(
    'npx',
    ['playwright', 'test', '--config', 'tests/e2e/playwright.config.ts', '--reporter=list,json', ...specs],
    {
      PLAYWRIGHT_JSON_OUTPUT_NAME: out,
      PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1',
      ...env,
    },
  );
  if (!existsSync(out)) return results.push({ name, passed: 0, failed: 1, skipped: 0, minutes: lap() });
  const report = JSON.parse(readFileSync(out, 'utf8'));
  const { stats } = report;
  noteFailures(name, playwrightFailures(report).join('\n'));
  const failed = stats.unexpected + stats.flaky + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  results.push({ name, passed: stats.expected, failed, skipped: stats.skipped, minutes: lap() });
}

function noteFailures(suite, text) {
  if (text.trim()) failures.push(`${suite}:`, ...text.split('\n').map((line) => `  ${line}`));
}

/** The titles of a Playwright JSON report's tests that failed or passed only on a retry, with their first error. */
function playwrightFailures(report) {
  const lines = [];
  const walk = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'unexpected' && test.status !== 'flaky') continue;
        const error = test.results?.find((r) => r.error)?.error?.message ?? '';
        const first = stripVTControlCharacters(error).split('\n')[0].slice(0, 300);
        lines.push(
          `${[...titles, spec.title].join(' › ')} (${spec.file}:${spec.line}, ${test.status}): ${first}`,
        );
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top level is a suite a file: its title is the file, which each line names already.
  try {
    for (const file of report.suites ?? []) walk(file, []);
  } catch (e) {
    // Only a list for the reader: a report of another shape must not cost the run its summary.
    lines.push(`(the report's failures could not be read: ${e instanceof Error ? e.message : e})`);
  }
  return lines;
}

/** Whether a Redis answers PING at `url` within 3 s. */
function redisAnswers(url) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (answer) => {
      socket.destroy();
      resolve(answer);
    };
    socket.setTimeout(3000, () => done(false));
    socket.once('error', () => done(false));
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

const only = process.argv.slice(2);
const want = (key) => only.length === 0 || only.includes(key);

// The browser passes' servers start first and seed in the background (scripts/e2e-servers.mjs, decision 92).
// With DATABASE_URL (CI), the whole browser suite runs on a fresh database on that PostgreSQL server, and
// the customers and catalog screens once more on the embedded database: the embedded one runs every query
// in WebAssembly (on a thread of its own since decision 90, still one at a time), beside the two browsers on
// CI's two cores (measured on 2026-11-29: the server's start to ready took 175 CPU s on PGlite, 57 on
// PostgreSQL; decision 64).
// Every API test still runs on both databases, and CI starts the product on the embedded one (Node 24).
// TEST_E2E_PGLITE=1 runs the whole browser suite on the embedded database as without DATABASE_URL.
//
// The demo bills its last 40 days here, not the product's 92: enough for the screens the tests read (every
// demo subscription billed at least once, hundreds of invoices), and the months of billing are most of the
// server's start (measured: 290 CPU s to ready with 92 days, 79 s with none; the whole 92-day history is
// checked by the API suite's seed/demo-orders.test.ts). The embedded pass's screens show no invoices: no
// billing there.
const chromium = want('e2e') ? findChromium() : null;
const onPostgres = Boolean(process.env.DATABASE_URL) && !process.env.TEST_E2E_PGLITE;
const e2ePort = Number(process.env.E2E_PORT ?? 3100);
const e2eServers = [];
if (want('e2e') && chromium) {
  console.log("\n=== build, and the browser tests' servers started in the background ===");
  if (run('npm', ['run', 'build']) === 0) {
    const start = (name, port, env, specs, first = false) =>
      e2eServers.push({ name, specs, first, server: startE2eServer({ root, port, env, logDir: tmp }) });
    start(onPostgres ? 'e2e: on PostgreSQL' : 'e2e: Chromium', e2ePort, {
      DEMO_BILLING_DAYS: '40',
      E2E_DATABASE_URL: onPostgres ? process.env.DATABASE_URL : '',
    });
    if (onPostgres)
      // Run first, after the unit tests: an embedded server waiting idle would still run its jobs'
      // queries in WebAssembly (about 4 % of a core) through the rest of the run.
      start(
        'e2e: on PGlite',
        e2ePort + 1,
        { DEMO_BILLING_DAYS: '0', E2E_DATABASE_URL: '' },
        ['specs/customers.spec.ts', 'specs/products.spec.ts'],
        true,
      );
  } else results.push({ name: 'e2e: build', passed: 0, failed: 1, skipped: 0, minutes: lap() });
  console.log(`build: ${lap()} min`);
}

/** A browser pass on its server (started above), once the server is ready; then the server stops. */
async function browserPass({ name, specs, server }) {
  if (!(await server.ready())) {
    console.log(
      `\n=== ${name} ===\nThe test server on port ${server.port} did not become ready:\n${server.output()}`,
    );
    results.push({ name, passed: 0, failed: 1, skipped: 0, minutes: lap() });
  } else
    playwright(name, specs ?? [], {
      E2E_CHROMIUM: chromium,
      E2E_BASE_URL: server.url,
      E2E_PORT: String(server.port),
    });
  await server.stop();
}

if (want('types')) check('type check', 'npm', ['run', '--silent', 'typecheck']);
if (want('lint')) check('lint', 'npx', ['biome', 'check', '.']);
// The API description as a contract for generated clients: Redocly's recommended rules (redocly.yaml).
if (want('openapi')) check('openapi lint', 'node', ['scripts/openapi.mjs']);
if (want('unit')) {
  vitest('unit: domain', 'packages/domain');
  if (existsSync(join(root, 'apps/web/vitest.config.ts'))) vitest('unit: web', 'apps/web');
}
// The first-load JavaScript of the sign-in page and the list screens, gzip, read from a fresh build of
// the web app (into a temporary folder) against each screen's budget (docs/performance.md).
if (want('budget')) check('size budget', 'node', ['scripts/size-budget.mjs']);
for (const pass of e2eServers.filter((p) => p.first)) await browserPass(pass);
// The Redis push test (notifications/bus.test.ts) and, in the PostgreSQL pass, the multi-instance suite
// (scale/multi-instance.test.ts: two API instances and two workers as processes) run against REDIS_TEST_URL:
// set here when a Redis answers on 127.0.0.1:6379 (CI has one), so they run wherever one is, and are skipped,
// saying so in their names, where none is.
if (want('api') && !process.env.REDIS_TEST_URL) {
  const url = 'redis://127.0.0.1:6379';
  if (await redisAnswers(url)) process.env.REDIS_TEST_URL = url;
  console.log(
    `Redis push test: ${process.env.REDIS_TEST_URL ? `runs against ${url}` : `skipped (no Redis at ${url})`}`,
  );
}
if (want('api')) {
  vitest('api: PGlite', 'apps/api', { DATABASE_URL: '' });
  if (process.env.DATABASE_URL)
    vitest('api: PostgreSQL', 'apps/api', { DATABASE_URL: process.env.DATABASE_URL });
}
// The read replica pass: scripts/replica.sh makes its own primary and hot standby (Debian's initdb and
// pg_basebackup, in a temporary folder, on free ports) and the tests run with READ_REPLICA_URL on the standby:
// the read-your-writes and fallback tests on the real standby (db/replica-standby.test.ts), and a few
// list test files whose lists then read the standby. Not the whole API suite a third time (about 90 s here).
if (want('replica')) {
  const pgBin = ['17', '16', '15', '14']
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .find((d) => existsSync(join(d, 'pg_basebackup')));
  if (!pgBin)
    results.push({
      name: 'api: read replica (skipped: no PostgreSQL server binaries under /usr/lib/postgresql)',
      passed: 0,
      failed: 0,
      skipped: 1,
      minutes: lap(),
    });
  else
    vitest(
      'api: read replica',
      'apps/api',
      { PG_BIN: pgBin },
      [
        'src/db/replica.test.ts',
        'src/db/replica-standby.test.ts',
        'src/modules/customers/customers.test.ts',
        'src/modules/invoices/lists.test.ts',
      ],
      ['scripts/replica.sh', '--'],
    );
}
// No Chromium (scripts/chromium.mjs finds or installs it): one failure with the command to run, not every
// browser test failing.
if (want('e2e') && !chromium)
  results.push({ name: 'e2e: no Chromium', passed: 0, failed: 1, skipped: 0, minutes: lap() });
for (const pass of e2eServers.filter((p) => !p.first)) await browserPass(pass);

// Node 24, the active LTS, beside the machine's Node (CI, or TEST_NODE_24=1): the built product started,
// signed in to and read (scripts/node-lts.mjs). TEST_NODE_24=all also runs the whole API suite on it,
// TEST_NODE_24=shard a tenth of it: not by default since stop 37, when the whole run reached 80 minutes on
// CI (90 allowed); the API suite runs whole twice above on the machine's Node.
if (want('node24') && (process.env.CI || process.env.TEST_NODE_24)) {
  let bin = '';
  try {
    bin = nodeBinDir(24);
  } catch (e) {
    console.error(e instanceof Error ? e.message : e);
    results.push({ name: 'Node 24: install', passed: 0, failed: 1, skipped: 0, minutes: lap() });
  }
  if (bin) {
    const onNode24 = { PATH: `${bin}:${process.env.PATH}` };
    const suite = process.env.TEST_NODE_24;
    if (suite === 'all' || suite === 'shard')
      vitest(
        'api: PGlite, Node 24',
        'apps/api',
        { DATABASE_URL: '', ...onNode24 },
        suite === 'all' ? [] : ['--shard=1/10'],
      );
    if (!existsSync(join(root, 'apps/api/dist/main.js'))) run('npm', ['run', 'build']);
    console.log('\n=== start: Node 24 ===');
    const code = run(join(bin, 'node'), ['scripts/node-lts.mjs', 'start', '24']);
    results.push({
      name: 'start: Node 24',
      passed: code === 0 ? 1 : 0,
      failed: code === 0 ? 0 : 1,
      skipped: 0,
      minutes: lap(),
    });
  }
}

rmSync(tmp, { recursive: true, force: true });
if (failures.length > 0) console.log(['\n=== what failed ===', ...failures].join('\n'));
console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.name.padEnd(20)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''} (${r.minutes} min)`,
  );
}
console.log(`total time: ${((Date.now() - started) / 60_000).toFixed(1)} min`);
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const summary = `${passed} passed, ${failed} failed`;
if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, `${summary}\n`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);
