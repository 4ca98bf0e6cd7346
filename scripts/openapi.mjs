#!/usr/bin/env node
/**
 * The API description as a contract (docs/api.md, "OpenAPI contract"):
 *
 *   node scripts/openapi.mjs              builds the document in-process and lints it with Redocly's
 *                                         recommended rules (redocly.yaml); exit 1 on any error or warning
 *   node scripts/openapi.mjs --out FILE   only writes the document (for a client generator)
 *
 * The document is the one the server serves at /api/docs/json. It is linted at dist/openapi.json, a fixed
 * path, so the reasoned exceptions in .redocly.lint-ignore.yaml apply to it.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { tsImport } from 'tsx/esm/api';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const outIndex = args.indexOf('--out');
const out = outIndex >= 0 ? resolve(args[outIndex + 1] ?? '') : join(root, 'dist/openapi.json');
if (outIndex >= 0 && !args[outIndex + 1]) {
  console.error('usage: node scripts/openapi.mjs [--out FILE]');
  process.exit(2);
}

const { version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const { buildOpenApiDocument } = await tsImport('../apps/api/src/openapi-document.ts', import.meta.url);
const document = await buildOpenApiDocument(version);
mkdirSync(dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(document, null, 2)}\n`);
if (outIndex >= 0) {
  console.log(`wrote ${out}`);
  process.exit(0);
}

const redocly = join(root, 'node_modules/.bin/redocly');
const r = spawnSync(
  redocly,
  ['lint', 'dist/openapi.json', '--config', 'redocly.yaml', '--format', 'stylish', '--max-problems', '1000'],
  {
    cwd: root,
    encoding: 'utf8',
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
  },
);
// Redocly exits 1 on errors only: a warning fails the lint too. Its boxed notices (the Node.js version) are left out.
const output = `${r.stdout ?? ''}${r.stderr ?? ''}`
  .split('\n')
  .filter((line) => !/[║╔╚]/.test(line))
  .join('\n')
  .trim();
const failure = output.match(/❌ .*|You have \d+ warnings?\./)?.[0];
if (r.status !== 0 || failure) {
  console.log(output);
  console.error(`\nOpenAPI lint failed (dist/openapi.json): ${failure ?? `redocly exited ${r.status}`}`);
  process.exit(1);
}
console.log(`OpenAPI lint (dist/openapi.json): ${output.match(/Woohoo!.*/)?.[0] ?? 'no problems'}`);
