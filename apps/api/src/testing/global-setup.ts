/**
 * Once per test run, before any file: one migrated database that every test file's database starts
 * from (testing/database.ts). Migrating anew per file cost 4-10 s each on PGlite (initdb and 40
 * migrations) and about a second on PostgreSQL, some minutes of every run.
 * - PGlite: the migrated data directory, dumped to a file; a file's database loads it (~1.5 s).
 * - PostgreSQL: a migrated template database; a file's database is `CREATE DATABASE … TEMPLATE` it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { dumpPglite, migrate, openPglite, openPostgres } from '../db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The migrated PGlite data directory (a tarball), when DATABASE_URL is not set. */
    pgliteSnapshot: string;
    /** The migrated template database on the DATABASE_URL server. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (!serverUrl) {
    const dir = mkdtempSync(join(tmpdir(), 'rentloop-pglite-'));
    const database = await openPglite(undefined);
    await migrate(database);
    const file = join(dir, 'migrated.tar');
    writeFileSync(file, Buffer.from(await (await dumpPglite(database)).arrayBuffer()));
    await database.close();
    project.provide('pgliteSnapshot', file);
    project.provide('postgresTemplate', '');
    return async () => rmSync(dir, { recursive: true, force: true });
  }
  const name = `rentloop_template_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await adminQuery(serverUrl, `CREATE DATABASE ${name}`);
  const database = await openPostgres(databaseUrl(serverUrl, name), { poolSize: 1 });
  await migrate(database);
  // A template must have no connection open while it is copied.
  await database.close();
  project.provide('pgliteSnapshot', '');
  project.provide('postgresTemplate', name);
  return async () => adminQuery(serverUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
}

export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function adminQuery(
  serverUrl: string,
  text: string,
  settings: Record<string, string> = {},
): Promise<void> {
  const options = Object.entries(settings)
    .map(([k, v]) => `-c ${k}=${v}`)
    .join(' ');
  const admin = new pg.Client({ connectionString: serverUrl, options: options || undefined });
  await admin.connect();
  try {
    await admin.query(text);
  } finally {
    await admin.end();
  }
}
