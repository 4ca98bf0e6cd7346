import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lockDataDir } from './data-dir-lock.ts';

describe('lockDataDir', () => {
  it('lets one process hold the embedded database and refuses a second with a clear message', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'rentloop-lock-'));
    try {
      const unlock = await lockDataDir(dir);
      await expect(lockDataDir(dir)).rejects.toThrow(/Another Rentloop process is already using/);
      await unlock();
      const again = await lockDataDir(dir);
      await again();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
