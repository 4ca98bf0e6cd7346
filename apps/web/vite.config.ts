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

/**
 * Points MUI's Select (every `<TextField select>`) at `LazyMenu`, Autocomplete at `LazyPopper` and Drawer
 * (its phone variant is a modal that slides in) at `LazyModal` and `LazySlide` (src/components/lazy-popups.tsx): they render their popup,
 * closed, from the first render, so a screen with a text field, a picker or the drawer loaded Menu, Popover,
 * Modal and Popper.js before anything was open. Now they load when a select, picker or drawer first opens (docs/performance.md, "First load"). Fails the build when MUI's
 * import is no longer there (a new MUI version: look at the file and adjust the line).
 */
function lazyMuiPopups(): Plugin {
  const popups = resolve(import.meta.dirname, 'src/components/lazy-popups.tsx');
  const rewrites: Array<{ file: RegExp; from: string; to: string }> = [
    {
      file: /@mui[\\/]material[\\/]Select[\\/]SelectInput\.m?js$/,
      from: 'import Menu from "../Menu/Menu.mjs";',
      to: `import { LazyMenu as Menu } from ${JSON.stringify(popups)};`,
    },
    {
      file: /@mui[\\/]material[\\/]Autocomplete[\\/]Autocomplete\.m?js$/,
      from: 'import Popper from "../Popper/index.mjs";',
      to: `import { LazyPopper as Popper } from ${JSON.stringify(popups)};`,
    },
    {
      file: /@mui[\\/]material[\\/]Drawer[\\/]Drawer\.m?js$/,
      from: 'import Modal from "../Modal/index.mjs";',
      to: `import { LazyModal as Modal } from ${JSON.stringify(popups)};`,
    },
    {
      file: /@mui[\\/]material[\\/]Drawer[\\/]Drawer\.m?js$/,
      from: 'import Slide from "../Slide/index.mjs";',
      to: `import { LazySlide as Slide } from ${JSON.stringify(popups)};`,
    },
  ];
  return {
    name: 'rentloop:lazy-mui-popups',
    enforce: 'pre',
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      const mine = rewrites.filter((rewrite) => rewrite.file.test(file));
      if (!mine.length) return null;
      let out = code;
      for (const { from, to } of mine) {
        if (!out.includes(from)) throw new Error(`lazyMuiPopups: "${from}" is no longer in ${id}`);
        out = out.replace(from, to);
      }
      return { code: out, map: null };
    },
  };
}

/**
 * What every admin screen loads besides the entry, in two files instead of ~70: left to itself the bundler
 * made a file for each set of lazy modules sharing a module, and each small file compressed on its own cost
 * ~20 kB gzip over a list screen (docs/performance.md, "First load"). From what the admin layout imports
 * statically (the drawer, the breadcrumbs, the bar's switchers and account buttons and the MUI parts they
 * stand on), less what the entry holds and what the sign-in page reaches (it draws without the admin layout
 * and loads nothing it does not use):
 * - `shell-shared`: what the entry's own lazy parts (the toasts, the discard dialog, the help menu, drawn on
 *   every page) or the other auth pages reach too: menu items, list texts, transitions, MUI's helpers;
 * - `admin-shell`: the rest, which only the admin screens load.
 * The default layout's session controls (signed in only) count as admin: a signed-in user on a default-layout
 * page preloads the admin layout anyway. The layout itself stays the lazy chunk the router loads.
 */
function shellGroups(): {
  plugin: Plugin;
  group: (id: string) => 'admin-shell' | 'shell-shared' | undefined;
} {
  const groups = new Map<string, 'admin-shell' | 'shell-shared'>();
  const plugin: Plugin = {
    name: 'rentloop:shell-groups',
    apply: 'build',
    buildEnd() {
      groups.clear();
      const ids = [...this.getModuleIds()];
      const info = (id: string) => this.getModuleInfo(id);
      const closure = (roots: string[]) => {
        const seen = new Set(roots);
        const stack = [...roots];
        for (let id = stack.pop(); id !== undefined; id = stack.pop()) {
          for (const next of info(id)?.importedIds ?? []) {
            if (!seen.has(next)) {
              seen.add(next);
              stack.push(next);
            }
          }
        }
        return seen;
      };
      const layout = ids.find((id) => /src[\\/]app[\\/]layouts[\\/]AdminLayout\.tsx$/.test(id));
      if (!layout) throw new Error('shellGroups: src/app/layouts/AdminLayout.tsx is not in the build');
      const entry = closure(ids.filter((id) => info(id)?.isEntry));
      const lazy = (from: Iterable<string>) =>
        [...from].flatMap((id) => info(id)?.dynamicallyImportedIds ?? []);
      const authPages = lazy(ids).filter((id) => /src[\\/]features[\\/]auth[\\/]/.test(id));
      const signIn = closure(authPages.filter((id) => /LoginPage\.tsx$/.test(id)));
      const shared = closure([
        ...authPages,
        ...lazy(entry).filter(
          (id) => !/src[\\/]features[\\/]/.test(id) && id !== layout && !/session-controls\.tsx$/.test(id),
        ),
      ]);
      for (const id of closure([layout])) {
        // zod and react-hook-form: the module graph reaches them from the layout (the forms' schemas), but an
        // admin screen runs little of them; grouped, they were loaded whole (+26 kB gzip on every list).
        if (id === layout || entry.has(id) || signIn.has(id) || FORM_LIBRARIES.test(id)) continue;
        groups.set(id, shared.has(id) ? 'shell-shared' : 'admin-shell');
      }
    },
  };
  return { plugin, group: (id) => groups.get(id) };
}
const FORM_LIBRARIES = /node_modules[\\/](zod|react-hook-form|@hookform)[\\/]/;
const shell = shellGroups();

export default defineConfig({
  plugins: [react(), precompress(), lazyMuiPopups(), shell.plugin],
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
            // The admin screens' shell, in two files (shellGroups above), the drawer's and breadcrumbs' meta with
            // its icons (src/route-nav.ts) with it: an icon a page imports too is not a file of its own.
            {
              name: 'admin-shell',
              includeDependenciesRecursively: false,
              test: (id: string) => shell.group(id) === 'admin-shell',
            },
            {
              name: 'shell-shared',
              includeDependenciesRecursively: false,
              test: (id: string) => shell.group(id) === 'shell-shared',
            },
            // MUI's menus and what they stand on (popover, modal, focus trap, transitions): loaded when a menu,
            // select or the phone's drawer first opens (lazy-popups.tsx). One file, not one per module; not their
            // helpers (`includeDependenciesRecursively: false`), which the screens need and which would otherwise
            // bring this file into every first load.
            {
              name: 'mui-menus',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]@mui[\\/]material[\\/](Menu|MenuList[\\/]MenuList\.|Popover|Modal|Unstable_TrapFocus|Portal|Grow|Fade|Backdrop)[\\/.]/,
            },
            // MUI's small helpers (refs, ids, owner document, debounce, controlled state) that the entry does not
            // hold: one file, not a dozen of 100-300 bytes each (each costs its own gzip frame and import lines).
            {
              name: 'mui-helpers',
              includeDependenciesRecursively: false,
              test: /node_modules[\\/]@mui[\\/](utils|material[\\/]utils)[\\/]/,
            },
            // MUI's tooltip (with Popper): loaded when a tooltip's child is first pointed at or focused
            // (LazyTooltip.tsx) or a picker first opens. One file, not three.
            {
              name: 'mui-tooltip',
              includeDependenciesRecursively: false,
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
