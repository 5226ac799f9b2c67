import { isIPv4 } from 'node:net';

/**
 * The /24 of an IPv4 address or the /48 of an IPv6 one: what one attacker easily owns, and so
 * the unit sign-in lock-outs are counted in (decisions 9 and 14).
 */
export function networkOf(ip: string): string {
  if (isIPv4(ip)) return ip.split('.').slice(0, 3).join('.') + '.0/24';
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip);
  if (mapped) return networkOf(mapped[1]!);
  const groups = ip.split('::')[0]!.split(':');
  return `${groups.slice(0, 3).join(':')}::/48`;
}
