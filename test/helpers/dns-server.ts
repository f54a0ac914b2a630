// A DNS server on 127.0.0.1 for tests (dns-packet over UDP): answers TXT queries for the names in
// `txt`, NXDOMAIN for other names, and can be told to fail (SERVFAIL) or to stay silent. Hangar
// reaches it through HANGAR_DNS_SERVERS=`address`, exactly as it would reach a real resolver.
import dgram from 'node:dgram';
import dnsPacket from 'dns-packet';

export interface TestDns {
  /** `127.0.0.1:<port>`, for HANGAR_DNS_SERVERS. */
  address: string;
  /** TXT records by name (lower case, no trailing dot); each value is one record. */
  txt: Map<string, string[]>;
  mode: 'answer' | 'servfail' | 'silent';
  /** Names asked for, in order. */
  asked: string[];
  close(): Promise<void>;
}

/** Splits a value into the 255-byte character-strings one TXT record is made of. */
function chunks(value: string): Buffer[] {
  const bytes = Buffer.from(value);
  const parts: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 255) parts.push(bytes.subarray(i, i + 255));
  return parts.length ? parts : [Buffer.alloc(0)];
}

export async function startDns(): Promise<TestDns> {
  const socket = dgram.createSocket('udp4');
  const server: TestDns = {
    address: '',
    txt: new Map(),
    mode: 'answer',
    asked: [],
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
  socket.on('message', (message, peer) => {
    let query: dnsPacket.Packet;
    try {
      query = dnsPacket.decode(message);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    const name = question.name.toLowerCase().replace(/\.$/, '');
    server.asked.push(name);
    if (server.mode === 'silent') return;
    const values = server.txt.get(name);
    const rcode = server.mode === 'servfail' ? 'SERVFAIL' : values ? 'NOERROR' : 'NXDOMAIN';
    const answers: dnsPacket.Answer[] =
      server.mode === 'answer' && values && question.type === 'TXT' ? values.map((v) => ({ type: 'TXT', name: question.name, ttl: 60, class: 'IN', data: chunks(v) })) : [];
    const reply = dnsPacket.encode({
      type: 'response',
      id: query.id,
      flags: dnsPacket.AUTHORITATIVE_ANSWER | dnsPacket.RECURSION_DESIRED | dnsPacket.RECURSION_AVAILABLE | (rcode === 'SERVFAIL' ? 2 : rcode === 'NXDOMAIN' ? 3 : 0),
      questions: query.questions,
      answers,
    });
    socket.send(reply, peer.port, peer.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', () => resolve()));
  server.address = `127.0.0.1:${(socket.address() as { port: number }).port}`;
  return server;
}
