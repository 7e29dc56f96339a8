import { describe, expect, it } from 'vitest';
import { isLoopback, refusedRange } from './addresses';

describe('refusedRange', () => {
  it('lets public unicast through, IPv4 and IPv6', () => {
    for (const address of ['8.8.8.8', '142.250.74.42', '2606:4700::1111', '2a00:1450:4001::200e'])
      expect(refusedRange(address), address).toBeNull();
  });

  it('refuses every range that is not the public internet', () => {
    const refused: [string, string][] = [
      ['127.0.0.1', 'loopback'],
      ['127.8.9.10', 'loopback'],
      ['10.0.0.1', 'private'],
      ['172.16.4.4', 'private'],
      ['192.168.1.1', 'private'],
      ['100.64.0.1', 'carrierGradeNat'],
      ['169.254.169.254', 'linkLocal'],
      ['0.0.0.0', 'unspecified'],
      ['224.0.0.1', 'multicast'],
      ['255.255.255.255', 'broadcast'],
      ['192.0.2.1', 'reserved'],
      ['240.0.0.1', 'reserved'],
      ['::', 'unspecified'],
      ['::1', 'loopback'],
      ['fe80::1', 'linkLocal'],
      ['fe80::1%eth0', 'linkLocal'],
      ['fd12:3456::1', 'uniqueLocal'],
      ['fec0::1', 'deprecatedSiteLocal'],
      ['ff02::1', 'multicast'],
      ['2001:db8::1', 'reserved'],
      // NAT64, whatever IPv4 address it carries.
      ['64:ff9b::7f00:1', 'rfc6052'],
      ['64:ff9b::808:808', 'rfc6052'],
      ['64:ff9b:1::a00:1', 'rfc6052'],
      ['not an address', 'invalid'],
    ];
    for (const [address, range] of refused) expect(refusedRange(address), address).toBe(range);
  });

  it('judges IPv4-mapped, 6to4 and Teredo addresses by the IPv4 addresses they carry', () => {
    expect(refusedRange('::ffff:127.0.0.1')).toBe('ipv4Mapped of loopback');
    expect(refusedRange('::ffff:a9fe:a9fe')).toBe('ipv4Mapped of linkLocal');
    expect(refusedRange('::ffff:8.8.8.8')).toBeNull();
    // 2002:0a00:0001:: is 6to4 for 10.0.0.1.
    expect(refusedRange('2002:a00:1::1')).toBe('6to4 of private');
    expect(refusedRange('2002:808:808::1')).toBeNull();
    // Teredo: server 8.8.8.8, client 10.0.0.1 with its bits flipped (f5ff:fffe).
    expect(refusedRange('2001:0:808:808::f5ff:fffe')).toBe('teredo of private');
    // …and a private Teredo server.
    expect(refusedRange('2001:0:c0a8:101::f7f7:f7f7')).toBe('teredo of private');
    expect(refusedRange('2001:0:808:808::f7f7:f7f7')).toBeNull();
  });
});

describe('isLoopback', () => {
  it('is loopback itself, not an address that carries it', () => {
    expect(isLoopback('127.0.0.1')).toBe(true);
    expect(isLoopback('::1')).toBe(true);
    expect(isLoopback('::ffff:127.0.0.1')).toBe(false);
    expect(isLoopback('localhost')).toBe(false);
  });
});
