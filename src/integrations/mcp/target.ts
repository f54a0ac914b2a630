// What a stored connection to a remote MCP server is called with: its address and the headers its
// credentials hold (an OAuth connection's token as a bearer header).
import type { ActiveConnection } from '../connections.ts';
import type { RemoteTarget } from './session.ts';

export function remoteTarget(connection: ActiveConnection): RemoteTarget {
  const c = connection.credentials;
  const headers = c.kind === 'headers' ? c.headers : c.kind === 'oauth' ? { authorization: `Bearer ${c.access_token}` } : {};
  return { url: connection.url!, headers };
}
