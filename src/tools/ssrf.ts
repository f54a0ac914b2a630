// The generic api_call step reaches addresses callers choose, so it must not become a way into the
// deployment's own network: loopback, private, link-local, metadata and other special addresses are
// refused (unless the deployment allows them). The address is checked as it is resolved and the
// connection goes to that same address, so a DNS answer cannot change between check and connect;
// redirects are followed by hand and each hop is checked again.
import dns from 'node:dns';
import net from 'node:net';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { invalid } from '../errors.ts';

/** Only globally routable unicast addresses are public; every other range ipaddr.js names is not. */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let ip = ipaddr.parse(address);
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address();
  return ip.range() === 'unicast';
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
export function guardedAgent(allowPrivate: boolean): Agent {
  return new Agent({ connect: allowPrivate ? {} : { lookup: guardedLookup as never }, keepAliveTimeout: 10_000 });
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
    if (net.isIP(host) && !isPublicAddress(host)) throw invalid(`${host} is a private, loopback, link-local or metadata address, which ${who} may not reach.`);
    if (/^(localhost|.*\.localhost|.*\.internal|metadata\.google\.internal)$/i.test(host)) throw invalid(`${host} is a local name, which ${who} may not reach.`);
  }
  return url;
}
