import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

export interface AddressPolicy {
  /** WEBHOOK_ALLOW_PRIVATE: private, loopback and link-local receivers allowed (development, tests). */
  allowPrivate: boolean;
  /** In production only https leaves the building. */
  httpsOnly: boolean;
  /** How host names are resolved; the same function is given to the connection (tests stub it). */
  lookup: LookupFunction;
}

export const systemLookup: LookupFunction = dnsLookup;

/**
 * The IPv6 forms that carry an IPv4 address, where the packet really goes: the byte offsets of
 * the carried address (Teredo carries its client inverted). Local-use NAT64 may carry it anywhere.
 */
const CARRIERS: Array<{ range: [ipaddr.IPv6, number]; at: Array<{ offset: number; inverted?: true }> }> = [
  { range: ipaddr.IPv6.parseCIDR('::/96'), at: [{ offset: 12 }] },
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0/96'), at: [{ offset: 12 }] },
  { range: ipaddr.IPv6.parseCIDR('::ffff:0:0:0/96'), at: [{ offset: 12 }] },
  { range: ipaddr.IPv6.parseCIDR('64:ff9b::/96'), at: [{ offset: 12 }] },
  { range: ipaddr.IPv6.parseCIDR('64:ff9b:1::/48'), at: [] },
  { range: ipaddr.IPv6.parseCIDR('2002::/16'), at: [{ offset: 2 }] },
  { range: ipaddr.IPv6.parseCIDR('2001::/32'), at: [{ offset: 4 }, { offset: 12, inverted: true }] },
];

/** The IPv4 addresses an IPv6 address carries; undefined when it carries none, [] when they cannot be told. */
function carriedIPv4(address: ipaddr.IPv6): ipaddr.IPv4[] | undefined {
  const carrier = CARRIERS.find(({ range }) => address.match(range));
  if (!carrier) return undefined;
  const bytes = address.toByteArray();
  return carrier.at.map(
    ({ offset, inverted }) =>
      new ipaddr.IPv4(bytes.slice(offset, offset + 4).map((byte) => (inverted ? 255 - byte : byte))),
  );
}

/**
 * Only public unicast addresses: the range test of request-filtering-agent (which checks again
 * at connect time), so loopback, private, link-local (169.254.169.254), unique-local, multicast,
 * reserved and the unspecified address are all refused, and with them the IPv4-mapped, NAT64,
 * 6to4 and Teredo forms (ranges of their own to ipaddr.js). On top of it, an IPv6 address that
 * carries an IPv4 one is public only if every IPv4 it carries is: ipaddr.js calls the
 * IPv4-compatible ::/96 plain unicast, and http://[::127.0.0.1]/ reaches the loopback.
 */
export function isPublicAddress(address: string): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return false;
  }
  if (parsed.range() !== 'unicast') return false;
  const carried = parsed.kind() === 'ipv6' ? carriedIPv4(parsed as ipaddr.IPv6) : undefined;
  return carried === undefined || (carried.length > 0 && carried.every((ipv4) => ipv4.range() === 'unicast'));
}

/** A connection to an address that is not public: the log and the admin are told no more than that. */
export class AddressRefused extends Error {
  constructor() {
    super('address not allowed');
  }
}

/**
 * The resolver a connection uses when only public receivers are allowed: an answer with any
 * address isPublicAddress refuses fails the connection before request-filtering-agent's own check.
 */
export function publicOnlyLookup(lookup: LookupFunction): LookupFunction {
  const guarded = (host: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) =>
    lookup(host, options, (error, address, family) => {
      if (error) return callback(error);
      const all = Array.isArray(address) ? address : [{ address, family }];
      if (all.some((answer) => !isPublicAddress(answer.address))) return callback(new AddressRefused());
      callback(null, address, family);
    });
  return guarded as unknown as LookupFunction;
}

function resolveAll(lookup: LookupFunction, host: string): Promise<LookupAddress[]> {
  return new Promise((resolve, reject) => {
    lookup(host, { all: true }, (error, addresses) => {
      if (error) reject(error);
      else resolve(Array.isArray(addresses) ? addresses : [{ address: addresses, family: isIP(addresses) }]);
    });
  });
}

/**
 * Why a receiver's URL is refused at save, or undefined when it may be saved: a scheme other
 * than http(s) (https alone in production), or a host that resolves, even in part, to an address
 * that is not public. The connection checks again (DNS may answer otherwise by then).
 */
export async function refusedUrl(url: string, policy: AddressPolicy): Promise<string | undefined> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'not a URL';
  }
  const schemes = policy.httpsOnly ? ['https:'] : ['http:', 'https:'];
  if (!schemes.includes(parsed.protocol)) return `scheme ${parsed.protocol} not allowed`;
  if (parsed.username || parsed.password) return 'credentials in the URL';
  if (policy.allowPrivate) return undefined;
  const host = parsed.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: LookupAddress[];
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await resolveAll(policy.lookup, host);
  } catch {
    return 'host does not resolve';
  }
  const refused = addresses.find(({ address }) => !isPublicAddress(address));
  return refused ? `resolves to ${refused.address}, not allowed` : undefined;
}
