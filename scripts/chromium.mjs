/**
 * Finds the Chromium the browser tests drive (issue 25 item 11), so `npm test` passes on a fresh machine
 * with nothing installed by hand:
 *
 * 1. `CHROMIUM_PATH`, when set (it must exist);
 * 2. the system's Chromium or Chrome (Debian's `chromium`, Ubuntu's `chromium-browser`, Google Chrome);
 * 3. the one Playwright downloaded (`npx playwright install chromium`), if any;
 * 4. none found, on Debian or Ubuntu as root: installs Debian's `chromium` with apt-get, saying so.
 *
 * Elsewhere it answers null with the one command to run, so the run stops at once instead of failing
 * every browser test. Playwright gets the path as E2E_CHROMIUM (tests/e2e/playwright.config.ts).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';

const SYSTEM = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome',
  '/Applications/Chromium.app/Contents/MacOS/Chromium',
];

/** The browser Playwright manages, when it was downloaded. */
function playwrightManaged() {
  try {
    const require = createRequire(new URL('../tests/e2e/package.json', import.meta.url));
    const path = require('playwright-core').chromium.executablePath();
    return path && existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

const found = () => SYSTEM.find((p) => existsSync(p)) ?? playwrightManaged();

const canInstallWithApt = () =>
  process.platform === 'linux' &&
  typeof process.getuid === 'function' &&
  process.getuid() === 0 &&
  existsSync('/etc/debian_version') &&
  spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;

/** The path of a Chromium to drive, or null after printing what to do. */
export function findChromium(log = console.log) {
  const wanted = process.env.CHROMIUM_PATH;
  if (wanted) {
    if (existsSync(wanted)) return wanted;
    log(`CHROMIUM_PATH is ${wanted}, which does not exist: point it at a Chromium or Chrome binary.`);
    return null;
  }
  const present = found();
  if (present) return present;
  if (canInstallWithApt()) {
    log(
      "No Chromium found for the browser tests: installing Debian's chromium (apt-get install chromium)...",
    );
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install =
      update.status === 0
        ? spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env })
        : update;
    const installed = found();
    if (install.status === 0 && installed) return installed;
    log('Installing chromium with apt-get failed (see above).');
  }
  log(
    'No Chromium found for the browser tests. Install one, then run npm test again:\n' +
      '  Debian/Ubuntu: sudo apt-get install chromium\n' +
      '  elsewhere:     npx playwright install chromium\n' +
      '  or point CHROMIUM_PATH at a Chromium or Chrome binary.',
  );
  return null;
}
