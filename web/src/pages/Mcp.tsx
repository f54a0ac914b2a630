import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { authorizedClients, mcpServerUrl, offers, revokeClient, type AuthorizedClient, type Offer } from '../api/mcp.ts';
import { Link } from '../router.tsx';
import { useHref, useSession } from '../session.tsx';
import { Button, Columns, Confirm, Empty, ErrorNote, Loading, when } from '../ui.tsx';

type ClientApp = 'claude' | 'cursor' | 'vscode';
type SignInWay = 'oauth' | 'key';
const APPS: Record<ClientApp, string> = { claude: 'Claude Code', cursor: 'Cursor', vscode: 'VS Code' };
const WAYS: Record<SignInWay, string> = { oauth: 'Sign in with Hangar (OAuth)', key: 'API key' };

/** What to paste into each client, for this server and project; an API key stays a placeholder (Hangar cannot show it again). */
function configuration(app: ClientApp, way: SignInWay, url: string, projectId: string): { where: string; text: string } {
  const authorization = `Bearer ${projectId}:<your API key>`;
  const json = (value: unknown) => JSON.stringify(value, null, 2);
  switch (app) {
    case 'claude':
      return way === 'oauth'
        ? { where: 'Run in a terminal, then type /mcp in Claude Code and choose “Authenticate”:', text: `claude mcp add --transport http hangar ${url}` }
        : { where: 'Run in a terminal:', text: `claude mcp add --transport http hangar ${url} --header "Authorization: ${authorization}"` };
    case 'cursor':
      return {
        where: 'Put in .cursor/mcp.json (this project) or ~/.cursor/mcp.json (everywhere):',
        text: json({ mcpServers: { hangar: way === 'oauth' ? { url } : { url, headers: { Authorization: authorization } } } }),
      };
    case 'vscode':
      return way === 'oauth'
        ? { where: 'Put in .vscode/mcp.json; VS Code asks you to sign in when it starts the server:', text: json({ servers: { hangar: { type: 'http', url } } }) }
        : {
            where: 'Put in .vscode/mcp.json; VS Code asks for the key once and stores it:',
            text: json({
              inputs: [{ type: 'promptString', id: 'hangar-key', description: `Hangar API key (project ${projectId})`, password: true }],
              servers: { hangar: { type: 'http', url, headers: { Authorization: `Bearer ${projectId}:\${input:hangar-key}` } } },
            }),
          };
  }
}

export function Mcp() {
  const href = useHref();
  return (
    <>
      <h1>MCP</h1>
      <section aria-labelledby="mcp-server-h">
        <h2 id="mcp-server-h">Hangar as a server</h2>
        <p className="hint">
          AI clients that speak the Model Context Protocol (Claude, Cursor, VS Code, your own agents) use this project's tools and agents through Hangar's MCP server. The other way round, Hangar's
          agents using the tools of another MCP server, is the MCP server card of <Link to={href('/integrations')}>Integrations &amp; API Keys</Link> (Hangar as a client).
        </p>
        <ServerSetup />
        <Offers />
        <Clients />
      </section>
    </>
  );
}

const KIND_LABELS: Record<Offer['kind'], string> = { tool: 'Tool', agent: 'Agent', step: 'Step', api_call: 'API Call' };

/** What tools/list answers this project's clients (by default, without ?toolsets=), from the server's own catalogue. */
function Offers() {
  const { projectId, canEdit } = useSession();
  const href = useHref();
  const list = useQuery({ queryKey: ['mcp-offers', projectId], queryFn: offers });
  return (
    <section aria-labelledby="mcp-offers-h">
      <h3 id="mcp-offers-h">Tools and agents clients see</h3>
      <p className="hint">
        Every tool and agent of this project, as soon as it exists; clients call each by the name shown. Add <code className="nowrap">?toolsets=all</code> to the address to offer each connection's steps and API Call too.
      </p>
      {list.isPending ? (
        <Loading what="what clients see" />
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : list.data.length === 0 ? (
        <Empty title="Clients see nothing yet.">
          {canEdit ? (
            <>
              A tool or an agent is offered as soon as it exists: create one with “New tool” on <Link to={href('/tools')}>Tools</Link> or “New agent” on <Link to={href('/agents')}>Agents</Link>.
            </>
          ) : (
            'A tool or an agent is offered as soon as it exists; an editor of this project can create one.'
          )}
        </Empty>
      ) : (
        <ul className="offers" aria-labelledby="mcp-offers-h">
          {list.data.map((o) => (
            <li key={o.name}>
              <code className="break">{o.name}</code> <span className="badge">{KIND_LABELS[o.kind]}</span>{' '}
              <Link to={href(o.kind === 'agent' ? `/agents/${encodeURIComponent(o.sourceId)}` : `/tools/${encodeURIComponent(o.sourceId)}`)}>{o.title}</Link>
              {o.description ? <p className="small muted">{o.description}</p> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ServerSetup() {
  const { projectId } = useSession();
  const url = useQuery({ queryKey: ['mcp-url'], queryFn: mcpServerUrl, staleTime: Infinity });
  const [app, setApp] = useState<ClientApp>('claude');
  const [way, setWay] = useState<SignInWay>('oauth');
  const [copied, setCopied] = useState<string | null>(null);
  if (url.isPending) return <Loading what="the server address" />;
  if (url.isError) return <ErrorNote error={url.error} />;
  const config = configuration(app, way, url.data, projectId);
  const copy = async (what: string, text: string, blockId: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(what);
    } catch {
      // Clipboard refused (plain http off localhost): select the text for a manual copy.
      const block = document.getElementById(blockId);
      if (block) window.getSelection()?.selectAllChildren(block);
      setCopied(null);
    }
  };
  return (
    <>
      <section aria-labelledby="mcp-url-h">
        <h3 id="mcp-url-h">Server address</h3>
        <p>Clients connect to:</p>
        <div className="row">
          <code id="mcp-url" className="mono">
            {url.data}
          </code>
          <Button onClick={() => void copy('url', url.data, 'mcp-url')}>{copied === 'url' ? 'Copied' : 'Copy address'}</Button>
        </div>
      </section>
      <section aria-labelledby="mcp-config-h">
        <h3 id="mcp-config-h">Connect a client</h3>
        <div className="row">
          <fieldset className="plain">
            <legend>Client</legend>
            {(Object.keys(APPS) as ClientApp[]).map((a) => (
              <label key={a} className="check">
                <input type="radio" name="mcp-app" value={a} checked={app === a} onChange={() => (setApp(a), setCopied(null))} />
                {APPS[a]}
              </label>
            ))}
          </fieldset>
          <fieldset className="plain">
            <legend>Sign-in</legend>
            {(Object.keys(WAYS) as SignInWay[]).map((w) => (
              <label key={w} className="check">
                <input type="radio" name="mcp-way" value={w} checked={way === w} onChange={() => (setWay(w), setCopied(null))} />
                {WAYS[w]}
              </label>
            ))}
          </fieldset>
        </div>
        <p>{config.where}</p>
        <pre id="mcp-config" className="json wrap" tabIndex={0} role="region" aria-label={`Configuration for ${APPS[app]}`}>
          {config.text}
        </pre>
        <div className="actions left">
          <Button onClick={() => void copy('config', config.text, 'mcp-config')}>{copied === 'config' ? 'Copied' : 'Copy configuration'}</Button>
        </div>
        <p className="hint">
          {way === 'oauth'
            ? 'The client opens Hangar in your browser; you pick the project and approve. It then acts as you in that project, with your role, until you revoke it below.'
            : 'Replace <your API key> with a key from Integrations & API Keys. The key acts as you, with your role in this project.'}
        </p>
      </section>
    </>
  );
}

function Clients() {
  const client = useQueryClient();
  const clients = useQuery({ queryKey: ['mcp-clients'], queryFn: authorizedClients });
  const [revoking, setRevoking] = useState<AuthorizedClient | null>(null);
  return (
    <section aria-labelledby="mcp-clients-h">
      <h3 id="mcp-clients-h">Your authorized clients</h3>
      <p className="hint">Clients you approved by signing in, in any of your projects. Revoking one stops it at once.</p>
      {clients.isPending ? (
        <Loading what="authorized clients" />
      ) : clients.isError ? (
        <ErrorNote error={clients.error} />
      ) : clients.data.length === 0 ? (
        <Empty title="No client is authorized.">Connect one with “Sign in with Hangar (OAuth)” above.</Empty>
      ) : (
        <table>
          <Columns names={['Client', 'Project', 'Authorized', 'Last used']} narrow={['Authorized', 'Last used']} />
          <tbody>
            {clients.data.map((c) => (
              <tr key={c.grantId}>
                <td>
                  {c.clientName}
                  <div className="small muted mono">{c.redirectHost}</div>
                </td>
                <td>{c.projectName}</td>
                <td className="hide-narrow">{when(c.authorizedAt)}</td>
                <td className="hide-narrow">{c.lastUsedAt ? when(c.lastUsedAt) : <span className="muted">not yet</span>}</td>
                <td>
                  <Button variant="danger" onClick={() => setRevoking(c)} aria-label={`Revoke ${c.clientName} (${c.projectName})`}>
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Confirm
        title="Revoke client"
        open={!!revoking}
        onClose={() => setRevoking(null)}
        confirmLabel="Revoke"
        action={async () => {
          await revokeClient(revoking!.grantId);
          await client.invalidateQueries({ queryKey: ['mcp-clients'] });
        }}
      >
        <p>“{revoking?.clientName}” loses access to {revoking?.projectName} from its next request, on every server.</p>
      </Confirm>
    </section>
  );
}
