/**
 * `npm run db:move -- --to postgres://user@host/rentloop`: moves the embedded database of DATA_DIR
 * into a new, empty PostgreSQL database (db/move.ts, decision 86). Stop the server first; afterwards
 * start it with DATABASE_URL set to the same address, and the same DATA_DIR or SECRETS_KEY (the key
 * that opens stored credentials lives in DATA_DIR/secrets.key, not in the database).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from './config.ts';
import { MoveRefused, moveToPostgres } from './db/move.ts';

const USAGE = 'Usage: npm run db:move -- --to postgres://user:password@host:5432/rentloop';

async function run(): Promise<number> {
  const args = process.argv.slice(2);
  const at = args.indexOf('--to');
  const to = at >= 0 ? args[at + 1] : args.find((a) => a.startsWith('--to='))?.slice(5);
  if (!to || !/^postgres(ql)?:\/\//.test(to)) {
    process.stderr.write(`${USAGE}\n(the address of a new, empty PostgreSQL database: createdb rentloop)\n`);
    return 2;
  }
  const config = loadConfig();
  const started = Date.now();
  const result = await moveToPostgres({
    dataDir: config.dataDir,
    targetUrl: to,
    log: (line) => process.stdout.write(`${line}\n`),
  });
  process.stdout.write(`Done in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
  if (!result.equal) return 1;
  const keyFile = join(config.dataDir, 'secrets.key');
  const key = config.secretsKey
    ? 'SECRETS_KEY as now'
    : existsSync(keyFile)
      ? `the same DATA_DIR (${config.dataDir}: its secrets.key opens the stored credentials), or SECRETS_KEY set to that file's content`
      : 'the same DATA_DIR';
  process.stdout.write(
    `Next: start Rentloop with DATABASE_URL=<that address> and ${key}.\n` +
      `The embedded database in ${join(config.dataDir, 'pglite')} is untouched: remove it once you are happy.\n`,
  );
  return 0;
}

run().then(
  (code) => process.exit(code),
  (err) => {
    process.stderr.write(
      err instanceof MoveRefused ? `${err.message}\n` : `The move failed: ${err?.stack ?? err}\n`,
    );
    process.exit(1);
  },
);
