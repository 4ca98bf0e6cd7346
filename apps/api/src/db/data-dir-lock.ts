/**
 * The embedded database may be opened by one process only: two processes on one PGlite folder
 * lose data silently. The lock is a directory in DATA_DIR, refreshed while we run; a crashed
 * process's lock goes stale after 15 s.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import lockfile from 'proper-lockfile';

export async function lockDataDir(dataDir: string): Promise<() => Promise<void>> {
  mkdirSync(dataDir, { recursive: true });
  try {
    return await lockfile.lock(dataDir, {
      lockfilePath: join(dataDir, 'rentloop.lock'),
      stale: 15_000,
      update: 5_000,
      retries: 0,
    });
  } catch (e) {
    if ((e as { code?: string }).code === 'ELOCKED') {
      throw new Error(
        `Another Rentloop process is already using the embedded database in ${dataDir}. ` +
          'Stop it first, or set DATA_DIR to another folder (or DATABASE_URL to use PostgreSQL).',
      );
    }
    throw e;
  }
}
