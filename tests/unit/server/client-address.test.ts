import { describe, expect, it } from 'vitest';
import { clientAddressKey } from '../../../src/server/client-address.js';

describe('the key a client address is counted under', () => {
  it('is an IPv4 address itself, so two neighbours are two keys', () => {
    expect(clientAddressKey('192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('192.0.2.8')).not.toBe(clientAddressKey('192.0.2.7'));
  });

  it('is the /64 of an IPv6 address, however it is written', () => {
    const key = clientAddressKey('2001:db8:1:2::1');
    expect(key).toBe('2001:db8:1:2::/64');
    expect(clientAddressKey('2001:0db8:0001:0002:ffff:eeee:dddd:cccc')).toBe(key);
    expect(clientAddressKey('2001:DB8:1:2:0:0:0:abcd')).toBe(key);
  });

  it('tells two /64s apart, even next to each other', () => {
    expect(clientAddressKey('2001:db8:1:3::1')).not.toBe(clientAddressKey('2001:db8:1:2::1'));
    expect(clientAddressKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
  });

  it('reads an IPv4-mapped IPv6 address as its IPv4', () => {
    expect(clientAddressKey('::ffff:192.0.2.7')).toBe('192.0.2.7');
    expect(clientAddressKey('::ffff:c000:207')).toBe('192.0.2.7');
  });

  it('keeps something that is not an address as it is', () => {
    expect(clientAddressKey('unknown')).toBe('unknown');
  });
});
