/**
 * The outbound-address guard's classifier and DNS lookup. Every form the security probe (issue 10,
 * finding 1) got past the old deny-list is listed here, written as the URL parser writes it.
 */
import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import {
  AddressRefusedError,
  addressAllowed,
  classifyAddress,
  guardedLookup,
  type Resolver,
  resolveGuarded,
} from './address-guard.ts';

const STRICT = { allowPrivate: false };
const LAN = { allowPrivate: true };

/** The host as `new URL()` writes it (IPv6 compressed, IPv4 tails rewritten to hex), brackets off. */
const hostOf = (url: string) => new URL(url).hostname.replace(/^\[|\]$/g, '');

describe('the forms the probe got through', () => {
  it.each([
    // IPv4-mapped IPv6, as written by the URL parser and in full.
    ['https://[::ffff:127.0.0.1]:8443/', 'loopback'],
    ['https://[::ffff:7f00:1]/', 'loopback'],
    ['https://[0:0:0:0:0:ffff:7f00:1]/', 'loopback'],
    ['https://[::ffff:a9fe:a9fe]/', 'linkLocal'],
    // Documentation and benchmarking ranges.
    ['https://192.0.2.2/', 'reserved'],
    ['https://198.18.0.1/', 'reserved'],
    // NAT64 of loopback, 6to4 of loopback, IPv4-compatible loopback.
    ['https://[64:ff9b::7f00:1]/', 'loopback'],
    ['https://[2002:7f00:1::]/', '6to4'],
    ['https://[::7f00:1]/', 'notGlobal'],
    ['https://[::127.0.0.1]/', 'notGlobal'],
  ])('%s is refused (%s)', (url, range) => {
    const host = hostOf(url);
    expect(classifyAddress(host).range).toBe(range);
    expect(addressAllowed(host, STRICT)).toBe(false);
  });

  it('writes the IPv4-mapped forms as the probe saw them (so the test covers the parser’s output)', () => {
    expect(hostOf('https://[::ffff:127.0.0.1]:8443/')).toBe('::ffff:7f00:1');
    expect(hostOf('https://[0:0:0:0:0:ffff:7f00:1]/')).toBe('::ffff:7f00:1');
    expect(hostOf('https://[::127.0.0.1]/')).toBe('::7f00:1');
  });
});

describe('classifyAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.10',
    '100.64.0.1',
    '::1',
    'fd00::1',
    '::ffff:10.0.0.1',
    '64:ff9b::c0a8:0101',
  ])('%s is on a private network: refused, allowed with ALLOW_PRIVATE_SHOP_URLS', (ip) => {
    expect(classifyAddress(ip).verdict).toBe('private');
    expect(addressAllowed(ip, STRICT)).toBe(false);
    expect(addressAllowed(ip, LAN)).toBe(true);
  });

  it.each([
    ['169.254.169.254', 'linkLocal'],
    ['::ffff:169.254.169.254', 'linkLocal'],
    ['64:ff9b::a9fe:a9fe', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['fe80::1%eth0', 'linkLocal'],
    ['100.100.100.200', 'cloudMetadata'],
    ['fd00:ec2::254', 'cloudMetadata'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['255.255.255.255', 'broadcast'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['198.51.100.7', 'reserved'],
    ['203.0.113.9', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['2001:db8::1', 'reserved'],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', 'teredo'],
    ['64:ff9b:1::7f00:1', 'rfc6052'],
    ['::ffff:0:7f00:1', 'rfc6145'],
    ['100::1', 'discard'],
    ['fec0::1', 'deprecatedSiteLocal'],
    ['::2', 'notGlobal'],
    ['1::1', 'notGlobal'],
    ['127.1', 'invalid'],
    ['localhost', 'invalid'],
  ])('%s is never allowed (%s), not even with ALLOW_PRIVATE_SHOP_URLS', (ip, range) => {
    expect(classifyAddress(ip)).toMatchObject({ verdict: 'forbidden', range });
    expect(addressAllowed(ip, STRICT)).toBe(false);
    expect(addressAllowed(ip, LAN)).toBe(false);
  });

  it.each([
    '93.184.216.34',
    '8.8.8.8',
    '172.32.0.1',
    '2606:4700::1111',
    '2a00:1450:4001:830::200e',
    '::ffff:93.184.216.34',
    '64:ff9b::5db8:d822',
  ])('%s is public', (ip) => {
    expect(classifyAddress(ip).verdict).toBe('public');
    expect(addressAllowed(ip, STRICT)).toBe(true);
    expect(addressAllowed(ip, LAN)).toBe(true);
  });

  it('classifies the IPv4 address an IPv4-mapped or NAT64 address carries', () => {
    expect(classifyAddress('::ffff:a9fe:a9fe').address).toBe('169.254.169.254');
    expect(classifyAddress('64:ff9b::5db8:d822').address).toBe('93.184.216.34');
  });
});

describe('resolveGuarded (save time)', () => {
  const resolver =
    (answers: Record<string, string[]>): Resolver =>
    async (host) =>
      answers[host] ?? Promise.reject(Object.assign(new Error('not found'), { code: 'ENOTFOUND' }));

  it('takes an IP literal, bracketed or not, without DNS', async () => {
    const noDns: Resolver = () => Promise.reject(new Error('no DNS here'));
    await expect(resolveGuarded('93.184.216.34', STRICT, noDns)).resolves.toHaveLength(1);
    await expect(resolveGuarded('[2606:4700::1111]', STRICT, noDns)).resolves.toHaveLength(1);
    await expect(resolveGuarded('[::ffff:7f00:1]', STRICT, noDns)).rejects.toBeInstanceOf(
      AddressRefusedError,
    );
  });

  it('refuses a name when any of its addresses is refused', async () => {
    const dns = resolver({ 'mixed.test': ['93.184.216.34', '10.0.0.5'], 'shop.test': ['93.184.216.34'] });
    await expect(resolveGuarded('mixed.test', STRICT, dns)).rejects.toMatchObject({
      host: 'mixed.test',
      address: { range: 'private' },
    });
    await expect(resolveGuarded('mixed.test', LAN, dns)).resolves.toHaveLength(2);
    await expect(resolveGuarded('shop.test', STRICT, dns)).resolves.toEqual([
      { verdict: 'public', range: 'unicast', address: '93.184.216.34' },
    ]);
    await expect(resolveGuarded('gone.test', STRICT, dns)).rejects.toMatchObject({ code: 'ENOTFOUND' });
  });

  it('uses the system resolver by default: localhost is loopback', async () => {
    await expect(resolveGuarded('localhost', STRICT)).rejects.toBeInstanceOf(AddressRefusedError);
    await expect(resolveGuarded('localhost', LAN)).resolves.not.toHaveLength(0);
  });
});

describe('guardedLookup (connect time)', () => {
  const run = (lookup: ReturnType<typeof guardedLookup>, options: Parameters<typeof lookup>[1]) =>
    new Promise<{ err: NodeJS.ErrnoException | null; address: string | LookupAddress[]; family?: number }>(
      (resolve) => lookup('shop.test', options, (err, address, family) => resolve({ err, address, family })),
    );

  it('hands the socket the addresses it checked, one or all, of the family asked for', async () => {
    const lookup = guardedLookup(STRICT, async () => ['2606:4700::1111', '93.184.216.34']);
    expect(await run(lookup, {})).toEqual({ err: null, address: '2606:4700::1111', family: 6 });
    expect(await run(lookup, { family: 4 })).toEqual({ err: null, address: '93.184.216.34', family: 4 });
    expect((await run(lookup, { all: true })).address).toEqual([
      { address: '2606:4700::1111', family: 6 },
      { address: '93.184.216.34', family: 4 },
    ]);
  });

  it('fails the connection when the name resolves to a refused address', async () => {
    const lookup = guardedLookup(STRICT, async () => ['93.184.216.34', '127.0.0.1']);
    const { err } = await run(lookup, { all: true });
    expect(err).toBeInstanceOf(AddressRefusedError);
    expect(err).toMatchObject({ code: 'ERR_ADDRESS_REFUSED', address: { range: 'loopback' } });
    expect(
      (
        await run(
          guardedLookup(LAN, async () => ['127.0.0.1']),
          {},
        )
      ).err,
    ).toBeNull();
    expect(
      (
        await run(
          guardedLookup(LAN, async () => ['169.254.169.254']),
          {},
        )
      ).err,
    ).toBeInstanceOf(AddressRefusedError);
  });
});
