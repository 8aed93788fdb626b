import ipaddr from 'ipaddr.js';

/** IPv6 hands a whole /64 to one customer line: counting a smaller block lets one home ask again and again. */
const IPV6_CUSTOMER_PREFIX = 64;

/**
 * The key every per-address limit counts under: an IPv4 address as it is, an IPv4-mapped IPv6
 * (::ffff:1.2.3.4) as its IPv4, and any other IPv6 by its /64 (`2001:db8:1:2::/64`). Anything that
 * is not an address (a test's made-up name) is its own key.
 */
export function clientAddressKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.process(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const network = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_CUSTOMER_PREFIX}`);
  return `${network.toString()}/${IPV6_CUSTOMER_PREFIX}`;
}
