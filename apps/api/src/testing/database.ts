/**
 * A fresh, migrated database for one test file: PGlite in memory, or, when DATABASE_URL is set,
 * a new database on that PostgreSQL server (dropped afterwards). Both start as a copy of the database
 * the run migrated once (testing/global-setup.ts); outside a vitest run with that set-up (a bench), the
 * database is migrated here.
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
  await adminQuery(serverUrl, `CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  const database = await openPostgres(databaseUrl(serverUrl, name), { poolSize: 4 });
  if (!template) await migrate(database);
  return {
    database,
    async drop() {
      await database.close();
      await adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}
