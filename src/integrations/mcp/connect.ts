// A connection to a remote MCP server made with headers (an Authorization header, an API key
// header) or with none: the address and headers are checked, the server is asked to initialize and
// list its tools, and only then is the connection stored — its headers sealed like API keys, its
// tools kept as its first list. A server that fails the check leaves nothing behind.
import { randomUUID } from 'node:crypto';
import { recordAudit, type AuditContext } from '../../governance/audit.ts';
import type { Actor } from '../../governance/principal.ts';
import { invalid } from '../../shared/errors.ts';
import { checkTarget } from '../../tools/ssrf.ts';
import { owners, type Credentials } from '../connections.ts';
import type { IntegrationDeps } from '../deps.ts';
import type { McpRemotes } from './remote.ts';

export interface NewRemoteConnection {
  url: string;
  label?: string;
  headers?: Record<string, string>;
}

const MAX_HEADERS = 20;
const MAX_HEADER_VALUE = 8192;
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// The transport's own headers, and those of the connection between Hangar and the server.
const RESERVED = new Set([
  'host',
  'content-length',
  'content-type',
  'accept',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'te',
  'trailer',
  'upgrade',
  'proxy-connection',
  'mcp-session-id',
  'mcp-protocol-version',
  'last-event-id',
]);

/**
 * Query parameters whose value is a credential. The address is no secret: it is stored in the clear,
 * listed to everyone in the project and named in errors and tool titles, so a key in it would leak.
 */
const SECRET_PARAMETER = /^(?:.*[_.-])?(?:key|apikey|token|secret|password|passwd|pass|pwd|auth|authorization|credentials?|signature|sig|session|code)$/i;

/** The server's address as Hangar will call it: absolute http(s), no credentials in it, allowed by the address guard. */
export function remoteUrl(raw: string, allowPrivate: boolean): string {
  const url = checkTarget(raw.trim(), allowPrivate, 'an MCP connection');
  for (const name of url.searchParams.keys()) {
    if (SECRET_PARAMETER.test(name)) {
      throw invalid(`url: the query parameter "${name.slice(0, 100)}" looks like a credential, and the address is shown to everyone in the project. Send it as a header instead (headers are stored encrypted and never shown), e.g. headers: {"authorization": "Bearer …"}.`);
    }
  }
  url.hash = '';
  return url.toString();
}

/** Header names lower-cased, each checked; at most MAX_HEADERS. */
export function remoteHeaders(headers: Record<string, string> | undefined): Record<string, string> {
  const out: Record<string, string> = {};
  const entries = Object.entries(headers ?? {});
  if (entries.length > MAX_HEADERS) throw invalid(`headers: at most ${MAX_HEADERS} headers.`);
  for (const [name, value] of entries) {
    const lower = name.toLowerCase();
    if (!TOKEN.test(name) || name.length > 100) throw invalid(`headers.${name.slice(0, 100)} is not a valid header name.`);
    if (RESERVED.has(lower)) throw invalid(`headers.${name} cannot be set: the MCP transport sends it.`);
    if (typeof value !== 'string' || value.length > MAX_HEADER_VALUE || !/^[\t\x20-\x7e\x80-\xff]*$/.test(value)) {
      throw invalid(`headers.${name} must be header text of at most ${MAX_HEADER_VALUE} characters: no control characters, nothing outside Latin-1.`);
    }
    if (lower in out) throw invalid(`headers.${name} is given twice.`);
    out[lower] = value.trim();
  }
  return out;
}

export async function createRemoteConnection(
  deps: IntegrationDeps,
  remotes: McpRemotes,
  caller: Actor,
  input: NewRemoteConnection,
  audit: AuditContext,
): Promise<{ connection_id: string; account: string | null }> {
  const url = remoteUrl(input.url, deps.config.allowPrivateAddresses);
  const headers = remoteHeaders(input.headers);
  const { tools, server } = await remotes.check({ url, headers });
  const id = randomUUID();
  const credentials: Credentials = { kind: 'headers', headers };
  const sealed = deps.vault.seal(credentials, owners(caller.project.id, id));
  // The server's own name (its serverInfo) tells one connection from another, as an account does.
  const account = server ? server.slice(0, 200) : null;
  await deps.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('connections')
      .values({
        id,
        project_id: caller.project.id,
        provider: 'mcp',
        label: input.label ?? null,
        account,
        auth_type: Object.keys(headers).length ? 'headers' : 'none',
        status: 'active',
        url,
        secret: sealed.data,
        secret_key_id: sealed.keyId,
        created_by: caller.userId,
      })
      .execute();
    await remotes.store(id, tools, trx);
    await recordAudit(trx, audit, {
      action: 'connection.create',
      target: { type: 'connection', id },
      projectId: caller.project.id,
      details: { provider: 'mcp', auth_type: Object.keys(headers).length ? 'headers' : 'none', label: input.label ?? null, url },
    });
  });
  return { connection_id: id, account };
}
