#!/usr/bin/env node
/**
 * Bundles the API server and the worker into `apps/api/dist/` for `npm start` and `npm run worker`:
 * our own code (apps/api and packages/domain) in one file each, every npm package left to Node as
 * it is installed, and the SQL migrations copied beside them. Running the bundle with plain `node`
 * instead of through the `tsx` loader saves the loader's ~70 MB of memory and its start-up compile
 * (docs/decisions.md §1). `npm run dev` and the tests still run the TypeScript sources directly.
 */
import { cpSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const out = `${root}apps/api/dist`;

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
// client.ts reads its migrations from `./migrations` next to itself: in the bundle, next to main.js.
cpSync(`${root}apps/api/src/db/migrations`, `${out}/migrations`, { recursive: true });
console.log(`API bundled into ${out}`);
