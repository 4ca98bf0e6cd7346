/**
 * Once per `playwright test` run, before any worker starts: forget which screens an earlier run judged
 * with axe (fixtures.ts scans each screen once per run, across workers), so each run judges every screen
 * it visits even when it reuses a running server.
 */
import { rmSync } from 'node:fs';
import { PORT } from './credentials.ts';
import { scannedDir } from './mailbox.ts';

export default function globalSetup() {
  rmSync(scannedDir(PORT), { recursive: true, force: true });
}
