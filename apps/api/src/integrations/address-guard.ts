/**
 * The outbound-address guard for addresses a merchant chooses (shop URLs now, webhooks later): the
 * server must never be made to call its own network, the cloud metadata service or a special-purpose
 * range. An allow-list, not a deny-list: an address passes only when ipaddr.js classifies it as
 * global unicast, after unwrapping the IPv6 forms that carry an IPv4 address (IPv4-mapped and NAT64).
 * Every other form (IPv4-compatible `::a.b.c.d`, 6to4, Teredo, documentation, benchmarking, ...) is
 * refused outright, whatever it embeds.
 *
 * Used twice: when the address is saved (a clear 422), and in the DNS lookup of every connection
 * (`guardedLookup`, see guarded-fetch.ts), so the address checked is the address dialled even after
 * the name changed (DNS rebinding). ALLOW_PRIVATE_SHOP_URLS (`allowPrivate`) also lets through the
 * ranges of a merchant's own network; link-local and the metadata addresses stay refused even then.
 */

import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { assertOutsideTransaction } from '../db/transaction-scope.ts';

export interface AddressPolicy {
  /** ALLOW_PRIVATE_SHOP_URLS: also loopback, RFC 1918, unique-local and carrier-grade NAT addresses. */
  allowPrivate: boolean;
}

/** `public`: always allowed; `private`: allowed with `allowPrivate`; `forbidden`: never. */
export type AddressVerdict = 'public' | 'private' | 'forbidden';

export interface AddressClass {
  verdict: AddressVerdict;
  /** ipaddr.js's range name (or ours: `cloudMetadata`, `notGlobal`, `invalid`), for logs and tests. */
  range: string;
  /** The address classified: the embedded IPv4 one for an IPv4-mapped or NAT64 address. */
  address: string;
}

/** The ranges of a merchant's own network, usable with ALLOW_PRIVATE_SHOP_URLS. */
const PRIVATE_RANGES = new Set(['loopback', 'private', 'carrierGradeNat', 'uniqueLocal']);

/**
 * Metadata services that sit inside a range ALLOW_PRIVATE_SHOP_URLS opens (Alibaba Cloud's in
 * carrier-grade NAT, AWS's IPv6 one in unique-local). 169.254.169.254 is link-local: never allowed.
 */
const METADATA = new Set(['100.100.100.200', 'fd00:ec2::254']);

/** IANA's global unicast block: everything else in IPv6 is special or unassigned. */
const GLOBAL_V6 = ipaddr.parseCIDR('2000::/3');
/** NAT64 well-known prefix (RFC 6052): an IPv6-only network's way to reach IPv4 hosts. */
const NAT64 = ipaddr.parseCIDR('64:ff9b::/96');

const verdictOf = (range: string): AddressVerdict =>
  range === 'unicast' ? 'public' : PRIVATE_RANGES.has(range) ? 'private' : 'forbidden';

/** Classifies one IP address as written by a resolver or the URL parser (canonical forms only). */
export function classifyAddress(ip: string): AddressClass {
  // net.isIP takes only canonical forms: "127.1" or "0x7f.0.0.1" are not addresses here (ipaddr.js
  // would parse them); the URL parser has already rewritten such hosts to dotted decimal.
  if (!isIP(ip)) return { verdict: 'forbidden', range: 'invalid', address: ip };
  let addr = ipaddr.parse(ip);
  if (addr.kind() === 'ipv6') {
    const v6 = addr as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) addr = v6.toIPv4Address();
    else if (v6.match(NAT64)) {
      const [hi = 0, lo = 0] = v6.parts.slice(6);
      addr = new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
    }
  }
  const address = addr.toString();
  if (METADATA.has(address)) return { verdict: 'forbidden', range: 'cloudMetadata', address };
  let range: string = addr.range();
  // ipaddr.js calls anything outside its special ranges unicast, IPv4-compatible `::7f00:1` included.
  if (range === 'unicast' && addr.kind() === 'ipv6' && !addr.match(GLOBAL_V6)) range = 'notGlobal';
  return { verdict: verdictOf(range), range, address };
}

export const addressAllowed = (ip: string, policy: AddressPolicy): boolean => {
  const { verdict } = classifyAddress(ip);
  return verdict === 'public' || (verdict === 'private' && policy.allowPrivate);
};

/** A host that resolves to an address the policy refuses. Never retried. */
export class AddressRefusedError extends Error {
  readonly code = 'ERR_ADDRESS_REFUSED';
  constructor(
    readonly host: string,
    readonly address: AddressClass,
  ) {
    super(`${host} resolves to a refused address (${address.range})`);
  }
}

/** Every address a host name stands for (tests inject one; no DNS exists there). */
export type Resolver = (hostname: string) => Promise<string[]>;

export const systemResolver: Resolver = (hostname) =>
  new Promise((resolve, reject) => {
    dnsLookup(hostname, { all: true, verbatim: true }, (err, found) =>
      err ? reject(err) : resolve(found.map((a) => a.address)),
    );
  });

const bareHost = (host: string) => host.replace(/^\[|\]$/g, '');

function check(host: string, addresses: string[], policy: AddressPolicy): AddressClass[] {
  if (addresses.length === 0) {
    throw Object.assign(new Error(`${host} has no address`), { code: 'ENOTFOUND' });
  }
  const classes = addresses.map(classifyAddress);
  for (const c of classes) {
    if (!(c.verdict === 'public' || (c.verdict === 'private' && policy.allowPrivate))) {
      throw new AddressRefusedError(host, c);
    }
  }
  return classes;
}

/**
 * The addresses of a URL's host (an IP literal, bracketed or not, is its own address), classified;
 * throws `AddressRefusedError` when any one is refused: a name that mixes public and private
 * addresses is not one we call, as the connection could take either.
 */
export async function resolveGuarded(
  host: string,
  policy: AddressPolicy,
  resolve: Resolver = systemResolver,
): Promise<AddressClass[]> {
  const bare = bareHost(host);
  if (!isIP(bare)) assertOutsideTransaction(`A DNS lookup of ${bare}`);
  return check(bare, isIP(bare) ? [bare] : await resolve(bare), policy);
}

/** Sockets never look an IP literal up, so a client checks a literal host with this before connecting. */
export function assertLiteralAllowed(host: string, policy: AddressPolicy): void {
  const bare = bareHost(host);
  if (isIP(bare)) check(bare, [bare], policy);
}

/**
 * A `lookup` for node's sockets that resolves through `resolve` and refuses the connection before it
 * is made when any address is refused. The addresses handed back are the ones checked, so nothing
 * resolves twice (no window for the name to change in between).
 */
export function guardedLookup(policy: AddressPolicy, resolve: Resolver = systemResolver): LookupFunction {
  return (hostname: string, options: LookupOptions, callback) => {
    const fail = (err: NodeJS.ErrnoException) => callback(err, '', 0);
    resolve(hostname).then((addresses) => {
      let usable: LookupAddress[];
      try {
        // The very addresses handed to the socket are the ones checked.
        check(hostname, addresses, policy);
        const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
        usable = addresses
          .map((address) => ({ address, family: isIP(address) }))
          .filter((a) => !family || a.family === family);
        if (usable.length === 0) {
          throw Object.assign(new Error(`${hostname} has no IPv${family} address`), { code: 'ENOTFOUND' });
        }
      } catch (err) {
        fail(err as NodeJS.ErrnoException);
        return;
      }
      // Outside the try: an exception thrown by the socket's callback is not a lookup failure.
      if (options.all) callback(null, usable);
      else callback(null, usable[0]!.address, usable[0]!.family);
    }, fail);
  };
}
