// Reads the TXT records of one name for a domain's verification, through the DNS servers the
// deployment names (HANGAR_DNS_SERVERS) or the system's. A resolver of its own per lookup, so the
// servers and bounds are these and nobody else's, and the whole lookup is bounded: an admin's request
// waits at most `timeoutMs` for DNS, however many servers and tries c-ares goes through.
import { promises as dns } from 'node:dns';

export interface DnsOptions {
  /** host[:port] entries as dns.setServers takes them; undefined: the system's resolvers. */
  servers: string[] | undefined;
  /** The whole lookup's bound. */
  timeoutMs: number;
}

export type TxtAnswer =
  | { kind: 'records'; records: string[] }
  /** The name exists without TXT records, or does not exist (NODATA, NXDOMAIN). */
  | { kind: 'none'; code: string }
  /** No usable answer: the servers failed, refused or did not answer within the bound. */
  | { kind: 'failed'; code: string };

const NOTHING_THERE = new Set(['ENODATA', 'ENOTFOUND']);

export async function lookupTxt(name: string, options: DnsOptions): Promise<TxtAnswer> {
  // Two tries of a third of the bound each leave room for a second server; cancel() ends it at the bound.
  const resolver = new dns.Resolver({ timeout: Math.max(100, Math.floor(options.timeoutMs / 3)), tries: 2 });
  if (options.servers?.length) resolver.setServers(options.servers);
  const timer = setTimeout(() => resolver.cancel(), options.timeoutMs);
  try {
    // A record's character-strings are one value (RFC 7208 §3.3 reads them joined, and so do providers' consoles).
    const records = await resolver.resolveTxt(name);
    return { kind: 'records', records: records.map((chunks) => chunks.join('')) };
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'EUNKNOWN';
    if (NOTHING_THERE.has(code)) return { kind: 'none', code };
    return { kind: 'failed', code: code === 'ECANCELLED' ? 'ETIMEOUT' : code };
  } finally {
    clearTimeout(timer);
  }
}
