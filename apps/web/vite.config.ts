import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import pkg from './package.json' with { type: 'json' };

const API_TARGET = process.env.VITE_API_PROXY_TARGET ?? 'http://localhost:3000';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);
/** Files worth compressing; source maps are left alone (only developer tools read them). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text file of
 * the build, once, at build time: the API serves them as they are (`@fastify/static` `preCompressed`),
 * so no request pays for compression and the smallest encoding is affordable. A copy that is not
 * smaller than the file is not written (the server then sends the file itself). WEB_PRECOMPRESS=off
 * skips it (the size budget check, which measures the files themselves).
 */
function precompress(): Plugin {
  let outDir = '';
  const files = async (dir: string): Promise<string[]> => {
    const entries = await readdir(dir, { withFileTypes: true });
    const nested = await Promise.all(
      entries
        .filter((entry) => !entry.name.startsWith('.'))
        .map((entry) => {
          const path = join(dir, entry.name);
          if (entry.isDirectory()) return files(path);
          return Promise.resolve(COMPRESSIBLE.test(entry.name) ? [path] : []);
        }),
    );
    return nested.flat();
  };
  return {
    name: 'rentloop:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After every file is written, the public folder's (favicon.svg) included.
    async closeBundle() {
      if (process.env.WEB_PRECOMPRESS === 'off') return;
      await Promise.all(
        (await files(outDir)).map(async (path) => {
          const content = await readFile(path);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: (await stat(path)).size,
              },
            }),
            gzipAsync(content, { level: 9 }),
          ]);
          if (br.length < content.length) await writeFile(`${path}.br`, br);
          if (gz.length < content.length) await writeFile(`${path}.gz`, gz);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  define: {
    // Shown in the side drawer (spec 01 §2 "Shows the release version").
    __APP_VERSION__: JSON.stringify(pkg.version),
  },
  server: {
    port: 5173,
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: true, ws: true },
      '/read-replica': { target: API_TARGET, changeOrigin: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // Read by scripts/size-budget.mjs (each screen's initial JavaScript, in `npm test`).
    manifest: true,
    // The entry holds the whole shared core (~600 kB before compression): the size budget, per screen
    // and compressed, is the check that counts.
    chunkSizeWarningLimit: 800,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically (React, the router, MUI's core, the shell) in one
          // file instead of ~10: every screen loads all of it anyway, and over HTTP/1.1 each file costs a
          // round trip (Lighthouse mobile: sign-in 85 -> 90, customers 75 -> 82; and 7 kB less gzip).
          groups: [
            { name: 'app', tags: ['$initial'] },
            // The drawer's and breadcrumbs' meta with its icons (src/route-nav.ts): loaded with the admin
            // layout. Without this group each icon that a page also imports was a file of its own (1 kB gzip
            // more per admin screen).
            { name: 'route-nav', test: /src[\\/](route-nav|features[\\/][\w-]+[\\/]nav)\.ts$/ },
            // MUI's helpers (ownerWindow, debounce, useControlled...) that its inputs, its menus and its tooltip
            // stand on, those the entry does not hold: a file of their own, before the menus' group, so that a
            // screen with text fields and no menu (sign-in, decision 101) does not load the menus for them.
            { name: 'mui-utils', test: /node_modules[\\/]@mui[\\/](utils|material[\\/]utils)[\\/]/ },
            // MUI's menus and what they stand on (popover, modal, focus trap, transitions, lists): a text field's
            // select needs them and so does every bar. One file, not one per module.
            {
              name: 'mui-menus',
              test: /node_modules[\\/]@mui[\\/](material[\\/](Menu|MenuList|MenuItem|Popover|Modal|Unstable_TrapFocus|Portal|Grow|Fade|Backdrop|List|ListItemIcon|ListItemText|Divider))[\\/]/,
            },
            // MUI's tooltip (with Popper): drawn by every admin screen's bar and drawer, not by the sign-in page
            // (the help menu loads it late, HelpMenu.tsx). One file, not three.
            {
              name: 'mui-tooltip',
              test: /node_modules[\\/](@popperjs|@mui[\\/]material[\\/](Tooltip|Popper)[\\/])/,
            },
          ],
        },
      },
      treeshake: {
        // zod schemas are built by calls (`z.enum([...])`) that a bundler must assume have effects, so
        // importing one constant from a domain module kept every schema of that module, and zod with
        // them, in the screen's bundle (the customer list loaded all of zod for a list of language
        // codes). zod's builders are pure: unused schemas are dropped. Nothing here calls zod for an
        // effect (no z.config(), no registry).
        manualPureFunctions: ['z'],
      },
    },
  },
});
