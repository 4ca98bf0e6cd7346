#!/usr/bin/env node
/**
 * Bundles the API server and the worker into `apps/api/dist/` for `npm start` and `npm run worker`
 * (bundle-api.mjs). Running the bundle with plain `node` instead of through the `tsx` loader saves the
 * loader's ~70 MB of memory and its start-up compile (docs/decisions.md §1). `npm run dev` and the
 * tests still run the TypeScript sources directly.
 */
import { bundleApi } from './bundle-api.mjs';

const out = new URL('../apps/api/dist', import.meta.url).pathname;
await bundleApi(out);
console.log(`API bundled into ${out}`);
