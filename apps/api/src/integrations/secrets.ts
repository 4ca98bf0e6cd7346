/**
 * Encryption at rest for credentials (shop API keys, gateway secrets): AES-256-GCM with a key from
 * SECRETS_KEY (base64, 32 bytes), or, without it, a key generated once into DATA_DIR/secrets.key.
 * Several instances must share SECRETS_KEY.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface Secrets {
  encrypt(plain: string): string;
  decrypt(sealed: string): string;
}

export function createSecrets(key: Buffer): Secrets {
  if (key.length !== 32) throw new Error('SECRETS_KEY must be 32 bytes (base64).');
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    decrypt(sealed) {
      if (!sealed.startsWith('v1:')) throw new Error('Unknown secret format.');
      const raw = Buffer.from(sealed.slice(3), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** The key from SECRETS_KEY, else from DATA_DIR/secrets.key (created with mode 0600 on first use). */
export function loadSecretsKey(opts: { secretsKey?: string; dataDir: string }): Buffer {
  if (opts.secretsKey) return Buffer.from(opts.secretsKey, 'base64');
  const file = join(opts.dataDir, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(opts.dataDir, { recursive: true });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600 });
  }
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
}
