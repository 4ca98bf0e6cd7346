/**
 * The API server and the worker as bundles (`main.js`, `worker.js`) in `out`: our own code (apps/api and
 * packages/domain) in one file each, every npm package left to Node as it is installed, and the SQL
 * migrations and the PGlite thread copied beside them (client.ts reads `./migrations` next to itself). `out` must be where Node
 * finds the packages from (apps/api/dist, or a folder under apps/api/node_modules). Used by `npm run build:api`
 * (build-api.mjs) and by tests that run the worker as `npm run worker` does.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/**
 * npm packages stay external (native addons, WASM and data files load from node_modules); ours are
 * bundled, and so are JSON files (the country names): an external JSON import would need its import
 * attribute kept, which esbuild drops for Node 20.
 */
const externalPackages = {
  name: 'external-packages',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@rentloop/') || args.path.endsWith('.json')
        ? undefined
        : { path: args.path, external: true },
    );
  },
};

export async function bundleApi(out) {
  rmSync(out, { recursive: true, force: true });
  await build({
    entryPoints: { main: `${root}apps/api/src/main.ts`, worker: `${root}apps/api/src/worker.ts` },
    outdir: out,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'esm',
    sourcemap: true,
    logLevel: 'warning',
    plugins: [externalPackages],
  });
  cpSync(`${root}apps/api/src/db/migrations`, `${out}/migrations`, { recursive: true });
  // The embedded database's thread (db/pglite-worker.ts loads it next to itself): plain JavaScript.
  cpSync(`${root}apps/api/src/db/pglite-thread.mjs`, `${out}/pglite-thread.mjs`);
}
