/**
 * Which addresses an outbound request may reach: public unicast only. Whatever is not ordinary
 * global unicast — loopback, private, carrier NAT, link-local, unspecified, multicast,
 * broadcast, reserved and documentation ranges, unique-local and site-local IPv6, NAT64 — is
 * refused. Addresses that carry an IPv4 address inside an IPv6 one (IPv4-mapped, 6to4, Teredo)
 * are judged by the IPv4 addresses they carry.
 */
import ipaddr from 'ipaddr.js';

type Address = ipaddr.IPv4 | ipaddr.IPv6;

const v4 = (high: number, low: number) => new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 addresses an IPv6 address stands for (none when it is plain IPv6). */
function embedded(address: ipaddr.IPv6): ipaddr.IPv4[] {
  const [, p1 = 0, p2 = 0, p3 = 0, , , p6 = 0, p7 = 0] = address.parts;
  switch (address.range()) {
    case 'ipv4Mapped':
      return [address.toIPv4Address()];
    // 2002:AABB:CCDD::/48 is the 6to4 prefix of AA.BB.CC.DD.
    case '6to4':
      return [v4(p1, p2)];
    // 2001:0:SSSS:SSSS:…:CCCC:CCCC: the Teredo server, and the client's address with its bits flipped.
    case 'teredo':
      return [v4(p2, p3), v4(~p6 & 0xffff, ~p7 & 0xffff)];
    default:
      return [];
  }
}

/** Why `address` may not be reached (the name of its range), or null for a public address. */
export function refusedRange(address: string): string | null {
  let parsed: Address;
  try {
    parsed = ipaddr.parse(address);
  } catch {
    return 'invalid';
  }
  if (parsed.kind() === 'ipv6') {
    const carried = embedded(parsed as ipaddr.IPv6);
    if (carried.length > 0) {
      const refused = carried.map((a) => a.range()).find((range) => range !== 'unicast');
      return refused ? `${parsed.range()} of ${refused}` : null;
    }
  }
  const range = parsed.range();
  return range === 'unicast' ? null : range;
}

/** Loopback itself (127.0.0.0/8, ::1), not an address that merely carries it. */
export function isLoopback(address: string): boolean {
  return ipaddr.isValid(address) && ipaddr.parse(address).range() === 'loopback';
}
