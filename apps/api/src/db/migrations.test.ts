/** Drift guard: the drizzle schema must not generate a migration that is not committed. */
import { execFileSync } from 'node:child_process';
import { cpSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const apiRoot = new URL('../../', import.meta.url).pathname;
const migrations = join(apiRoot, 'src/db/migrations');

describe('migrations', () => {
  it('are up to date with the schema (drizzle-kit generate finds nothing to add)', () => {
    // drizzle-kit wants `out` relative to its working directory.
    const outName = `.drift-${process.pid}`;
    const out = join(apiRoot, outName);
    try {
      cpSync(migrations, out, { recursive: true });
      const config = join(apiRoot, `drizzle.drift.${process.pid}.config.ts`);
      writeFileSync(
        config,
        `export default { dialect: 'postgresql', schema: './src/db/schema/index.ts', out: './${outName}' };\n`,
      );
      try {
        execFileSync('npx', ['drizzle-kit', 'generate', '--config', config], { cwd: apiRoot, stdio: 'pipe' });
      } finally {
        rmSync(config);
      }
      const sqlFiles = (dir: string) =>
        readdirSync(dir)
          .filter((f) => f.endsWith('.sql'))
          .sort();
      expect(sqlFiles(migrations).length).toBeGreaterThan(0);
      expect(sqlFiles(out)).toEqual(sqlFiles(migrations));
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  }, 60_000);
});
