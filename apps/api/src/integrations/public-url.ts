/**
 * Outbound addresses chosen by a merchant (shop URLs, later webhooks) must not reach the server's own
 * network: loopback, private ranges, link-local (cloud metadata at 169.254.169.254), unique-local.
 * Checked when the address is saved; ALLOW_PRIVATE_SHOP_URLS=true allows them for self-hosted shops on a LAN.
 */
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';

function privateV4(ip: string): boolean {
  const [a = 0, b = 0] = ip.split('.').map(Number);
  return (
    a === 0 ||
    a === 10 ||
    a === 127 ||
    (a === 100 && b >= 64 && b <= 127) ||
    (a === 169 && b === 254) ||
    (a === 172 && b >= 16 && b <= 31) ||
    (a === 192 && b === 168) ||
    a >= 224
  );
}

export function isPrivateAddress(ip: string): boolean {
  if (isIP(ip) === 4) return privateV4(ip);
  const v6 = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return privateV4(mapped[1]!);
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || /^fe[89ab]/.test(v6);
}

/** The reason a URL may not be used, or null when it points at the public internet. */
export async function privateUrlReason(url: string): Promise<string | null> {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return 'Must be a valid url.';
  }
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : (await lookup(host, { all: true })).map((a) => a.address);
  } catch {
    return `The host ${host} could not be found.`;
  }
  return addresses.some(isPrivateAddress)
    ? 'Must be a public internet address (not a private or local network).'
    : null;
}
