#!/usr/bin/env node
/** `npm run dev`: the API with reload (tsx watch, :3000) and the web app with hot reload (Vite, :5173). */
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const env = { ...process.env, NODE_ENV: 'development' };
const children = [
  spawn('npx', ['tsx', 'watch', 'apps/api/src/main.ts'], { cwd: root, env, stdio: 'inherit' }),
  spawn('npx', ['vite'], {
    cwd: new URL('apps/web', new URL('..', import.meta.url)).pathname,
    env,
    stdio: 'inherit',
  }),
];
const stop = () => {
  for (const c of children) c.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const c of children) c.on('exit', (code) => code && code !== 0 && stop());
