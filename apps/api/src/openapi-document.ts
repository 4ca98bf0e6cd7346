/**
 * The OpenAPI document as the server serves it at /api/docs/json, built in-process: the app with every
 * route, neither listening nor querying (scripts/openapi.mjs writes the document and lints it).
 */
import { buildApp } from './app.ts';
import { openPostgres } from './db/client.ts';

export async function buildOpenApiDocument(version?: string): Promise<unknown> {
  // A pool that never connects: building the app runs no query (one would fail at once, nothing listens on
  // port 9). Embedded PGlite would do as well but takes seconds to start; this takes none.
  const database = await openPostgres('postgres://openapi@127.0.0.1:9/none', { poolSize: 1 });
  const app = await buildApp({ database, logLevel: 'silent', version });
  try {
    await app.ready();
    return app.swagger();
  } finally {
    await app.close();
    await database.close();
  }
}
