/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when DATABASE_URL is set,
 * a new database on that PostgreSQL server (dropped afterwards). Both start as a copy of the database
 * the run migrated once (testing/global-setup.ts); outside a vitest run with that set-up (a bench), the
 * database is migrated here.
 *
 * With READ_REPLICA_URL too (the replica pass, scripts/replica.sh): that is a hot standby of the
 * DATABASE_URL server, and the app's `/read-replica` lists read the file's database there. Every
 * commit of the test's connections then waits until the standby has applied it
 * (synchronous_commit = remote_apply): fixtures written straight to the database, not through a
 * user's request, are on the standby before the next list reads it. The read-your-writes tests
 * themselves (db/replica-standby.test.ts) open connections that do not wait.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { inject } from 'vitest';
import { type Database, migrate, openPglite, openPostgres } from '../db/client.ts';
import { adminQuery, databaseUrl } from './global-setup.ts';

export interface TestDatabase {
  database: Database;
  drop(): Promise<void>;
}

/** What the run's global set-up provided, or '' when it did not run. */
function provided(key: 'pgliteSnapshot' | 'postgresTemplate'): string {
  try {
    return inject(key) ?? '';
  } catch {
    return '';
  }
}

let snapshot: Blob | undefined;

export async function createTestDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const file = provided('pgliteSnapshot');
    if (file) snapshot ??= new Blob([readFileSync(file)]);
    const database = await openPglite(undefined, file ? snapshot : undefined);
    if (!file) await migrate(database);
    return { database, drop: () => database.close() };
  }
  const name = `rentloop_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const template = provided('postgresTemplate');
  const standby = process.env.READ_REPLICA_URL;
  const settings = standby ? { synchronous_commit: 'remote_apply' } : undefined;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`, settings);
  const database = await openPostgres(databaseUrl(serverUrl, name), {
    poolSize: 4,
    settings,
    replicaUrl: standby ? databaseUrl(standby, name) : undefined,
  });
  if (!template) await migrate(database);
  return {
    database,
    async drop() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
