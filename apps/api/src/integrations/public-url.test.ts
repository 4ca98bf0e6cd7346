import { describe, expect, it } from 'vitest';
import { isPrivateAddress, privateUrlReason } from './public-url.ts';

describe('public URLs only', () => {
  it.each([
    ['127.0.0.1', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.32.0.1', false],
    ['192.168.1.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['0.0.0.0', true],
    ['8.8.8.8', false],
    ['::1', true],
    ['fd00::1', true],
    ['fe80::1', true],
    ['::ffff:127.0.0.1', true],
    ['2606:4700::1111', false],
  ])('%s private: %s', (ip, expected) => {
    expect(isPrivateAddress(ip)).toBe(expected);
  });

  it('refuses loopback and metadata addresses, by literal or by name', async () => {
    expect(await privateUrlReason('http://127.0.0.1:8080/shop')).toMatch(/public internet address/);
    expect(await privateUrlReason('http://169.254.169.254/latest')).toMatch(/public internet address/);
    expect(await privateUrlReason('http://localhost/')).toMatch(/public internet address/);
    expect(await privateUrlReason('https://93.184.216.34/')).toBeNull();
  });
});
