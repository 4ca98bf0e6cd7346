import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecrets } from './secrets.ts';

describe('secrets', () => {
  const secrets = createSecrets(randomBytes(32));

  it('round-trips and never shows the plain text', () => {
    const sealed = secrets.encrypt('ck_live_123');
    expect(sealed).not.toContain('ck_live_123');
    expect(secrets.decrypt(sealed)).toBe('ck_live_123');
    expect(secrets.encrypt('ck_live_123')).not.toBe(sealed);
  });

  it('refuses a tampered or foreign value', () => {
    const sealed = secrets.encrypt('secret');
    const tampered = `${sealed.slice(0, -4)}AAAA`;
    expect(() => secrets.decrypt(tampered)).toThrow();
    expect(() => createSecrets(randomBytes(32)).decrypt(sealed)).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => createSecrets(randomBytes(16))).toThrow(/32 bytes/);
  });
});
