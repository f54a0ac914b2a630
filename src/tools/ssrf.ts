// The generic api_call step reaches addresses callers choose, so it must not become a way into the
// deployment's own network: loopback, private, link-local, metadata and other special addresses are
// refused (unless the deployment allows them). The address is checked as it is resolved and the
// connection goes to that same address, so a DNS answer cannot change between check and connect;
// redirects are followed by hand and each hop is checked again.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { invalid } from '../shared/errors.ts';

// An allow-list, not a deny-list: an address passes only when it is plainly global unicast. Every
// IPv6 form that carries an IPv4 address inside it (mapped, compatible, 6to4, NAT64, SIIT) is judged
// by that IPv4 address, so `[::127.0.0.1]` or `[64:ff9b::a9fe:a9fe]` are the loopback and metadata
// addresses they spell.
const IPV4_NOT_GLOBAL = [
  '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24',
  '192.88.99.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/4', '240.0.0.0/4',
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

/** Inside global unicast 2000::/3, ranges that are not reachable hosts of the public internet. */
const IPV6_NOT_GLOBAL = ['2001::/23', '2001:db8::/32', '3fff::/20'].map((cidr) => ipaddr.IPv6.parseCIDR(cidr));
const IPV6_GLOBAL = ipaddr.IPv6.parseCIDR('2000::/3');

function isPublicIPv4(ip: ipaddr.IPv4): boolean {
  return !IPV4_NOT_GLOBAL.some((range) => ip.match(range));
}

/** The IPv4 address an IPv6 address embeds, for the forms that route to it. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const low = () => new ipaddr.IPv4([p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff]);
  const zeros = (n: number) => p.slice(0, n).every((x) => x === 0);
  if (zeros(5) && p[5] === 0xffff) return low(); // ::ffff:a.b.c.d, IPv4-mapped
  if (zeros(4) && p[4] === 0xffff && p[5] === 0) return low(); // ::ffff:0:a.b.c.d, SIIT (RFC 6145)
  if (zeros(6)) return low(); // ::a.b.c.d, IPv4-compatible (deprecated), including :: and ::1
  if (p[0] === 0x64 && p[1] === 0xff9b && (p[2] === 1 || p.slice(2, 6).every((x) => x === 0))) return low(); // NAT64, 64:ff9b::/96 and 64:ff9b:1::/48
  if (p[0] === 0x2002) return new ipaddr.IPv4([p[1] >> 8, p[1] & 0xff, p[2] >> 8, p[2] & 0xff]); // 6to4
  return undefined;
}

/**
 * An IPv6 literal in the URL standard's canonical form (hex groups only). ipaddr.js reads a dotted
 * tail such as `::8.8.8.8` as IPv4-mapped, which it is not (it is IPv4-compatible); the URL parser
 * reads it exactly as a client library connecting to it would.
 */
function canonicalLiteral(literal: string): string | undefined {
  if (!literal.includes(':')) return literal;
  try {
    return new URL(`http://[${literal}]/`).hostname.slice(1, -1);
  } catch {
    return undefined;
  }
}

/** Whether an address (a literal, any spelling ipaddr.js reads) is a host of the public internet. */
export function isPublicAddress(address: string): boolean {
  const literal = canonicalLiteral(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  if (literal === undefined || !ipaddr.isValid(literal)) return false;
  const ip = ipaddr.parse(literal);
  if (ip.kind() === 'ipv4') return isPublicIPv4(ip as ipaddr.IPv4);
  const v6 = ip as ipaddr.IPv6;
  const inner = embeddedIPv4(v6);
  // A mapped, 6to4 or NAT64 form of a public address reaches that address; the compatible and SIIT
  // forms are not internet addresses at all.
  if (inner) return (v6.isIPv4MappedAddress() || v6.parts[0] === 0x2002 || v6.parts[0] === 0x64) && isPublicIPv4(inner);
  return v6.match(IPV6_GLOBAL) && !IPV6_NOT_GLOBAL.some((range) => v6.match(range));
}

export class BlockedAddress extends Error {}

function guardedLookup(hostname: string, options: dns.LookupOptions, callback: (err: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void) {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, '', 0);
    const list = addresses as dns.LookupAddress[];
    const blocked = list.find((a) => !isPublicAddress(a.address));
    if (blocked) return callback(new BlockedAddress(`${hostname} resolves to ${blocked.address}, a private or special address`) as NodeJS.ErrnoException, '', 0);
    if (options.all) return callback(null, list);
    callback(null, list[0].address, list[0].family);
  });
}

/** An undici agent whose every connection was checked by `guardedLookup` (and none when allowed). */
export function guardedAgent(allowPrivate: boolean, options: Omit<Agent.Options, 'connect'> = {}): Agent {
  return new Agent({ keepAliveTimeout: 10_000, ...options, connect: allowPrivate ? {} : { lookup: guardedLookup as never } });
}

/** Checks what can be checked before connecting: scheme, and a literal IP address. `who` names the caller in messages. */
export function checkTarget(raw: string, allowPrivate: boolean, who = 'api_call'): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`"${raw.slice(0, 200)}" is not an absolute URL.`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(`Only http and https addresses can be called, not ${url.protocol}`);
  if (url.username || url.password) throw invalid('Credentials in the URL are not allowed; send them as headers.');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (!allowPrivate) {
    if ((net.isIP(host) || ipaddr.isValid(host)) && !isPublicAddress(host)) throw invalid(`${host} is a private, loopback, link-local or metadata address, which ${who} may not reach.`);
    if (/^(localhost|.*\.localhost|.*\.internal|metadata\.google\.internal)$/i.test(host)) throw invalid(`${host} is a local name, which ${who} may not reach.`);
  }
  return url;
}
