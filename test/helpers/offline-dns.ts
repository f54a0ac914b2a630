// Offline there is no public host to start from, so a test process may stand in for DNS and the
// network: `dns.lookup` answers for the names in `table`, and connections to the names in `local`
// go to 127.0.0.1 instead (only their socket, after Hangar's own checks ran on the answer). Hangar's
// code runs unchanged: checkTarget, the guarded lookup and the redirect loop. Returns the undo.
import dns from 'node:dns';
import net from 'node:net';

export function fakeDns(table: Record<string, string[]>, local: Iterable<string>): () => void {
  const originalLookup = dns.lookup;
  const originalConnect = net.connect;
  const toLocal = new Set(local);
  (dns as any).lookup = function (host: string, options: any, callback: any) {
    const answer = table[host];
    if (!answer) return (originalLookup as any).call(dns, host, options, callback);
    const cb = typeof options === 'function' ? options : callback;
    const all = typeof options === 'object' && options?.all;
    const list = answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
    process.nextTick(() => (all ? cb(null, list) : cb(null, list[0].address, list[0].family)));
  };
  (net as any).connect = function (options: any, ...rest: unknown[]) {
    if (options && typeof options === 'object' && toLocal.has(options.host)) return originalConnect.call(net, { ...options, host: '127.0.0.1', lookup: undefined }, ...(rest as []));
    return originalConnect.call(net, options, ...(rest as []));
  };
  return () => {
    (dns as any).lookup = originalLookup;
    (net as any).connect = originalConnect;
  };
}
