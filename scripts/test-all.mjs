#!/usr/bin/env node
/**
 * `npm test`: every suite in order — type check, lint, unit (domain, web), API integration on
 * embedded PGlite and (when DATABASE_URL is set) on PostgreSQL, then browser end-to-end (and, when
 * DATABASE_URL is set, the customers and catalog browser tests again on a fresh PostgreSQL database).
 * Prints each suite's count and, as the last line, the total: "N passed, M failed".
 * A suite that crashes before reporting counts as one failure.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const tmp = mkdtempSync(join(tmpdir(), 'rentloop-test-'));
const results = [];

function run(cmd, args, env = {}) {
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return r.status ?? 1;
}

function check(name, cmd, args) {
  console.log(`\n=== ${name} ===`);
  const code = run(cmd, args);
  results.push({ name, passed: code === 0 ? 1 : 0, failed: code === 0 ? 0 : 1, skipped: 0 });
}

function vitest(name, dir, env = {}) {
  console.log(`\n=== ${name} ===`);
  const out = join(tmp, `${name.replace(/\W+/g, '-')}.json`);
  const code = run(
    'npx',
    ['vitest', 'run', '--root', dir, '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
    env,
  );
  if (!existsSync(out)) return results.push({ name, passed: 0, failed: 1, skipped: 0 });
  const r = JSON.parse(readFileSync(out, 'utf8'));
  const failed = r.numFailedTests + (code !== 0 && r.numFailedTests === 0 ? 1 : 0);
  results.push({ name, passed: r.numPassedTests, failed, skipped: r.numPendingTests + r.numTodoTests });
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
  if (!existsSync(out)) return results.push({ name, passed: 0, failed: 1, skipped: 0 });
  const { stats } = JSON.parse(readFileSync(out, 'utf8'));
  const failed = stats.unexpected + stats.flaky + (code !== 0 && stats.unexpected === 0 ? 1 : 0);
  results.push({ name, passed: stats.expected, failed, skipped: stats.skipped });
}

const only = process.argv.slice(2);
const want = (key) => only.length === 0 || only.includes(key);

if (want('types')) check('type check', 'npm', ['run', '--silent', 'typecheck']);
if (want('lint')) check('lint', 'npx', ['biome', 'check', '.']);
if (want('unit')) {
  vitest('unit: domain', 'packages/domain');
  if (existsSync(join(root, 'apps/web/vitest.config.ts'))) vitest('unit: web', 'apps/web');
}
if (want('api')) {
  vitest('api: PGlite', 'apps/api', { DATABASE_URL: '' });
  if (process.env.DATABASE_URL)
    vitest('api: PostgreSQL', 'apps/api', { DATABASE_URL: process.env.DATABASE_URL });
}
if (want('e2e')) {
  playwright('e2e: Chromium');
  // The data-heavy screens once more on a PostgreSQL server (a fresh database on it), so the browser
  // sees what PostgreSQL answers too; the whole suite twice would double the run for little more.
  if (process.env.DATABASE_URL)
    playwright('e2e: on PostgreSQL', ['specs/customers.spec.ts', 'specs/products.spec.ts'], {
      E2E_DATABASE_URL: process.env.DATABASE_URL,
    });
}

rmSync(tmp, { recursive: true, force: true });
console.log('\n=== summary ===');
for (const r of results) {
  console.log(
    `${r.name.padEnd(20)} ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}`,
  );
}
const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
const summary = `${passed} passed, ${failed} failed`;
if (process.env.TEST_SUMMARY_FILE) writeFileSync(process.env.TEST_SUMMARY_FILE, `${summary}\n`);
console.log(summary);
process.exit(failed > 0 ? 1 : 0);
