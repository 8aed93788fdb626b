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
 * The range test of request-filtering-agent (which checks again at connect time): only public
 * unicast addresses. Loopback, private, link-local (169.254.169.254), unique-local, multicast,
 * reserved and the unspecified address are all other ranges of ipaddr.js.
 */
export function isPublicAddress(address: string): boolean {
  try {
    return ipaddr.process(address).range() === 'unicast';
  } catch {
    return false;
  }
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
  return refused ? `resolves to ${refused.address}` : undefined;
}
