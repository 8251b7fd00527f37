/**
 * Which result URLs the bot may fetch itself (or hand to a local Bot API server). A result URL comes
 * from upstream: trusted blindly, it would let a hostile or broken upstream make the bot read its
 * own network (an internal JSON endpoint arrived as `result-1.png`) or, through `file:`, a file of
 * its host. Allowed: `https:` (and `http:` where configured), to hosts that are public addresses,
 * checked on the literal, on every DNS answer at connect time, and on every redirect.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

export interface UrlPolicy {
  /** Plain http (tests, a simulator); https only otherwise. */
  allowHttp: boolean;
  /** Loopback and private addresses (tests against 127.0.0.1 only). */
  allowPrivate: boolean;
}

export const STRICT_URL_POLICY: UrlPolicy = { allowHttp: false, allowPrivate: false };

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata (169.254.169.254)
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7], // unique local (fd00:ec2::254: a cloud metadata address)
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
  ['2001:db8::', 32], // documentation
  ['100::', 64], // discard
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** The IPv4 address an IPv6 one carries (mapped ::ffff:a.b.c.d, NAT64 64:ff9b::/96, compatible ::a.b.c.d). */
function embeddedIpv4(address: string): string | undefined {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1];
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return undefined;
  const hi = Number.parseInt(hex[1]!, 16);
  const lo = Number.parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True for an address on the public internet; false for loopback, private, link-local and the like. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 4) return !blocked.check(bare, 'ipv4');
  if (family === 6) {
    const v4 = embeddedIpv4(bare);
    if (v4 !== undefined) return isPublicAddress(v4);
    return !blocked.check(bare, 'ipv6');
  }
  return false;
}

export type UrlVerdict = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * The scheme and the host as written (an IP literal is checked here: no DNS lookup happens for it).
 * Host names are checked again on every address DNS gives at connect time (`guardedLookup`).
 */
export function checkUrl(raw: string, policy: UrlPolicy): UrlVerdict {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: 'not a URL' };
  }
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return { ok: false, reason: `scheme ${url.protocol} not allowed` };
  }
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === '') return { ok: false, reason: 'no host' };
  if (!policy.allowPrivate) {
    if (isIP(host) !== 0 && !isPublicAddress(host)) return { ok: false, reason: 'private address' };
    if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.internal')) {
      return { ok: false, reason: 'private host name' };
    }
  }
  return { ok: true, url };
}

type LookupCallback = (
  err: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

/**
 * A `lookup` for sockets that refuses host names resolving to a non-public address, so the address
 * actually connected to is the one checked (no gap for DNS rebinding between check and connect).
 */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      const refused = policy.allowPrivate ? undefined : list.find((a) => !isPublicAddress(a.address));
      if (refused || list.length === 0) {
        const error: NodeJS.ErrnoException = new Error(`${hostname} resolves to a non-public address`);
        error.code = 'EADDRNOTPUBLIC';
        return callback(error, '');
      }
      if (options.all) return callback(null, list);
      const first = list[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
