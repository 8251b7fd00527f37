/**
 * Which result URLs the bot may fetch itself (or hand to a local Bot API server). A result URL comes
 * from upstream: trusted blindly, it would let a hostile or broken upstream make the bot read its
 * own network (an internal JSON endpoint arrived as `result-1.png`) or, through `file:`, a file of
 * its host. Allowed: `https:` (and `http:` where configured), to hosts that are public addresses,
 * checked on the literal, on every DNS answer at connect time, and on every redirect. One exception
 * by exact origin: the built-in simulator's own (sandbox mode, the playground), whose results are
 * served from where it listens, plain http on 127.0.0.1.
 */
import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface UrlPolicy {
  /** Plain http (tests, a simulator); https only otherwise. */
  allowHttp: boolean;
  /** Loopback and private addresses (tests against 127.0.0.1 only). */
  allowPrivate: boolean;
  /**
   * Exact origins (scheme, host and port, as `URL.origin` writes them) taken whatever their scheme
   * and address: the built-in simulator's own. Nothing else on that host or scheme is.
   */
  trustedOrigins?: readonly string[];
}

export const STRICT_URL_POLICY: UrlPolicy = { allowHttp: false, allowPrivate: false };

/** `policy` plus one trusted origin (written as `URL.origin` does, so the comparison is exact). */
export function trustingOrigin(policy: UrlPolicy, origin: string): UrlPolicy {
  const exact = new URL(origin).origin;
  if (exact === 'null') throw new Error(`${origin} has no origin to trust`);
  return { ...policy, trustedOrigins: [...(policy.trustedOrigins ?? []), exact] };
}

/**
 * The IPv4 address an IPv6 one stands for, where it is the real destination: IPv4-mapped
 * (::ffff:a.b.c.d), the well-known NAT64 prefix (64:ff9b::/96), the deprecated IPv4-compatible
 * (::a.b.c.d).
 */
function embeddedIpv4(address: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const range = address.range();
  const parts = address.parts;
  const wellKnownNat64 = range === 'rfc6052' && parts.slice(2, 6).every((p) => p === 0);
  // ::/96 whole (:: and ::1 included: 0.0.0.0/8 is not public either).
  const compatible = parts.slice(0, 6).every((p) => p === 0);
  if (range !== 'ipv4Mapped' && !wellKnownNat64 && !compatible) return undefined;
  const [hi, lo] = [parts[6]!, parts[7]!];
  return new ipaddr.IPv4([hi >> 8, hi & 255, lo >> 8, lo & 255]);
}

/**
 * True for an address on the public internet: only ipaddr.js's `unicast` range of either family
 * (not loopback, private, link-local, carrier-grade NAT, multicast, documentation, reserved...).
 * IPv6 forms that carry an IPv4 address are judged by that address; the tunnelling forms whose
 * destination is decided elsewhere (6to4 2002::/16, Teredo 2001::/32, local-use NAT64
 * 64:ff9b:1::/48) are never public here: no result host needs them.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (isIP(bare) === 0) return false;
  const parsed = ipaddr.parse(bare);
  if (parsed.kind() === 'ipv6') {
    const v4 = embeddedIpv4(parsed as ipaddr.IPv6);
    if (v4) return v4.range() === 'unicast';
  }
  return parsed.range() === 'unicast';
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
  if (url.username || url.password) return { ok: false, reason: 'credentials in the URL' };
  if (policy.trustedOrigins?.includes(url.origin)) return { ok: true, url };
  if (url.protocol !== 'https:' && !(policy.allowHttp && url.protocol === 'http:')) {
    return { ok: false, reason: `scheme ${url.protocol} not allowed` };
  }
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

/** Host names of the trusted origins: `checkUrl` has already held their URLs to the exact origin. */
function trustedHosts(policy: UrlPolicy): Set<string> {
  return new Set((policy.trustedOrigins ?? []).map((origin) => new URL(origin).hostname));
}

/**
 * A `lookup` for sockets that refuses host names resolving to a non-public address, so the address
 * actually connected to is the one checked (no gap for DNS rebinding between check and connect).
 */
export function guardedLookup(policy: UrlPolicy) {
  return (hostname: string, options: LookupOptions, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      const anyAddress = policy.allowPrivate || trustedHosts(policy).has(hostname.toLowerCase());
      const refused = anyAddress ? undefined : list.find((a) => !isPublicAddress(a.address));
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
