import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as api from '../api/index.ts';
import { Link } from '../router.tsx';
import { useHref, useSession } from '../session.tsx';
import { Button, Confirm, copyText, Empty, ErrorNote, Field, Loading, Menu, Modal, when, Columns } from '../ui.tsx';
import { OAUTH_MESSAGE } from './OAuthDone.tsx';

const AUTH_WORDS: Record<string, string> = { api_key: 'an API key', access_token: 'a fine-grained access token', oauth: 'signing in (OAuth)', headers: 'a header', none: 'nothing' };

export function Integrations() {
  const { projectId } = useSession();
  return (
    <>
      <h1>Integrations &amp; API Keys</h1>
      <Providers projectId={projectId} />
      <OwnKeys />
    </>
  );
}

function Providers({ projectId }: { projectId: string }) {
  const { canEdit } = useSession();
  const client = useQueryClient();
  const catalogue = useQuery({ queryKey: ['providers', projectId], queryFn: api.providers, staleTime: 60_000 });
  const connections = useQuery({ queryKey: ['connections', projectId], queryFn: api.connections });
  const [keyFor, setKeyFor] = useState<api.ProviderInfo | null>(null);
  const [removing, setRemoving] = useState<api.Connection | null>(null);
  const [changing, setChanging] = useState<{ connection: api.Connection; rename: boolean } | null>(null);
  const [signingIn, setSigningIn] = useState<string | null>(null);
  const [oauthError, setOauthError] = useState<unknown>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['connections', projectId] });

  // The pop-up posts here when the provider sent it back to Hangar and the connection exists.
  useEffect(() => {
    const onMessage = (e: MessageEvent) => {
      if (e.origin !== location.origin || e.data?.type !== OAUTH_MESSAGE) return;
      setSigningIn(null);
      void refresh();
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [projectId]);

  const signIn = (p: api.ProviderInfo) => openSignIn(p.provider, (redirect) => api.oauthUrl(p.provider, redirect));
  // Signing in again with the same account renews its connection (a removed one comes back too).
  const reconnect = (c: api.Connection) =>
    c.provider === 'mcp' ? openSignIn(c.provider, (redirect) => api.mcpOauthUrl(c.url, c.label, redirect)) : openSignIn(c.provider, (redirect) => api.oauthUrl(c.provider, redirect));
  const actions: ConnectionActions = { change: (connection, rename) => setChanging({ connection, rename }), reconnect, remove: setRemoving };
  const openSignIn = async (provider: string, begin: (redirectUrl: string) => Promise<{ auth_url: string }>) => {
    setOauthError(null);
    // Opened inside the click, before any await, so no pop-up blocker stops it.
    const popup = window.open('about:blank', `hangar-oauth-${provider}`, 'popup,width=560,height=720');
    setSigningIn(provider);
    try {
      const { auth_url } = await begin(`${location.origin}/oauth/done`);
      if (popup) popup.location.href = auth_url;
      else location.assign(auth_url);
      // Closed without finishing: stop waiting.
      const watch = window.setInterval(() => {
        if (!popup || popup.closed) {
          window.clearInterval(watch);
          setSigningIn((s) => (s === provider ? null : s));
          void refresh();
        }
      }, 500);
    } catch (err) {
      popup?.close();
      setSigningIn(null);
      setOauthError(err);
    }
  };

  if (catalogue.isPending) return <Loading what="providers" />;
  if (catalogue.isError) return <ErrorNote error={catalogue.error} />;
  return (
    <section aria-labelledby="providers-h">
      <h2 id="providers-h">Integrations</h2>
      <p className="hint">Connected accounts, and the keys your organization's admins set for the whole organization, are selectable in tool steps, agent actions and triggers of this project; the project's own connection of a provider is used instead of the organization's key. Integrations are built and supported by Hangar, not by the providers.</p>
      <ErrorNote error={oauthError} />
      <ErrorNote error={connections.error} />
      <div className="cards">
        {catalogue.data.map((p) => {
          const mine = (connections.data ?? []).filter((c) => c.provider === p.provider);
          if (api.isRemote(p)) {
            return (
              <McpCard
                key={p.provider}
                provider={p}
                connections={mine}
                loading={connections.isPending}
                signingIn={signingIn === p.provider}
                onSignIn={(url, label) => openSignIn(p.provider, (redirect) => api.mcpOauthUrl(url, label, redirect))}
                onConnected={refresh}
                actions={actions}
              />
            );
          }
          const keyAuth = p.authTypes.find((t) => t !== 'oauth');
          return (
            <article key={p.provider} className="card" aria-labelledby={`provider-${p.provider}`}>
              <ProviderHeading provider={p} />
              <p>{p.description}</p>
              <p className="muted">Connects with {p.authTypes.map((t) => AUTH_WORDS[t] ?? t).join(' or ')}.</p>
              {canEdit ? (
                <div className="actions left">
                  {p.authTypes.includes('oauth') ? (
                    <Button variant="primary" busy={signingIn === p.provider} onClick={() => signIn(p)}>
                      Sign in with {p.name}
                    </Button>
                  ) : null}
                  {keyAuth ? <Button onClick={() => setKeyFor(p)}>{keyAuth === 'access_token' ? 'Connect with a token' : 'Connect with an API key'}</Button> : null}
                </div>
              ) : null}
              {signingIn === p.provider ? (
                <p role="status" className="muted">
                  Finish signing in in the pop-up window…
                </p>
              ) : null}
              <h4>Connections</h4>
              {connections.isPending ? (
                <Loading what="connections" />
              ) : mine.length === 0 ? (
                <p className="muted">{canEdit ? 'None yet: connect an account above.' : 'None yet: an editor of this project can connect one.'}</p>
              ) : (
                <ul className="connections">
                  {mine.map((c) =>
                    c.scope === 'organization' ? (
                      <OrganizationKey key={c.connectionId} connection={c} own={mine.find((x) => x.connectionId === c.overriddenBy)} />
                    ) : (
                      <ConnectionRow key={c.connectionId} connection={c} actions={actions} />
                    ),
                  )}
                </ul>
              )}
            </article>
          );
        })}
      </div>
      <KeyModal provider={keyFor} onClose={() => setKeyFor(null)} onDone={refresh} />
      <ChangeModal change={changing} onClose={() => setChanging(null)} onDone={refresh} />
      <Confirm
        title="Remove connection"
        open={!!removing}
        onClose={() => setRemoving(null)}
        confirmLabel="Remove"
        action={async () => {
          await api.removeConnection(removing!.connectionId);
          await refresh();
        }}
      >
        <p>
          Remove <strong>{removing ? api.connectionName(removing) : ''}</strong>? Hangar revokes its access at the provider where it can. The provider account and its data are
          unaffected.
        </p>
        {removing ? <Usage connection={removing} /> : null}
      </Confirm>
    </section>
  );
}

/**
 * A key the organization's admins set for the provider: named in steps, agents and triggers like the
 * project's own; used unless the project has its own connection of the provider.
 */
function OrganizationKey({ connection: c, own }: { connection: api.Connection; own?: api.Connection }) {
  return (
    <li>
      <span>
        <strong>{c.label || api.accountName(c)}</strong>
        {c.label && c.account ? <span className="muted"> · {c.account}</span> : null}
        <span className="badge">organization key</span>
        <span className={`badge ${own ? '' : 'ok'}`}>{own ? 'overridden' : 'in use'}</span>
        <span className="muted small">
          {' '}
          set by {c.createdBy || 'an organization admin'}
          {own ? ` · this project's own connection ${api.connectionName(own)} is used instead` : ''}
        </span>
      </span>
    </li>
  );
}

/** A remote MCP server: connect it by address (with an optional header, or by signing in), and see each connection's tools. */
function McpCard({ provider, connections, loading, signingIn, onSignIn, onConnected, actions }: {
  provider: api.ProviderInfo;
  connections: api.Connection[];
  loading: boolean;
  signingIn: boolean;
  onSignIn: (url: string, label: string) => void;
  onConnected: () => void;
  actions: ConnectionActions;
}) {
  const { canEdit } = useSession();
  const href = useHref();
  const [url, setUrl] = useState('');
  const [label, setLabel] = useState('');
  const [headerName, setHeaderName] = useState('Authorization');
  const [headerValue, setHeaderValue] = useState('');
  const [showing, setShowing] = useState<string | null>(null);
  const connect = useMutation({
    mutationFn: () => api.connectMcp(url.trim(), label, headerValue ? { name: headerName.trim(), value: headerValue } : undefined),
    onSuccess: () => {
      // The header never outlives the call that sent it.
      setHeaderValue('');
      setUrl('');
      setLabel('');
      onConnected();
    },
  });
  const form = useRef<HTMLFormElement>(null);
  return (
    <article className="card" aria-labelledby={`provider-${provider.provider}`}>
      <ProviderHeading provider={provider} />
      <p>
        <strong>Hangar as a client:</strong> {provider.description} Its tools become actions of this project's agents. The other way round, MCP clients using this project's tools and
        agents, is <Link to={href('/mcp')}>the MCP page</Link> (Hangar as a server).
      </p>
      {canEdit ? (
        <form
          ref={form}
          aria-label="Connect an MCP server"
          onSubmit={(e) => {
            e.preventDefault();
            connect.mutate();
          }}
        >
          <Field label="Server URL" hint="Its streamable HTTP address, e.g. https://mcp.example.com/mcp. Hangar checks it answers before connecting.">
            {(id) => <input id={id} type="url" required maxLength={2000} value={url} onChange={(e) => setUrl(e.target.value)} placeholder="https://…/mcp" />}
          </Field>
          <Field label="Label (optional)">{(id) => <input id={id} maxLength={200} value={label} onChange={(e) => setLabel(e.target.value)} />}</Field>
          <div className="grid2">
            <Field label="Header name (optional)">{(id) => <input id={id} maxLength={100} value={headerName} onChange={(e) => setHeaderName(e.target.value)} spellCheck={false} />}</Field>
            <Field label="Header value (optional)" hint="e.g. Bearer <token>: stored encrypted, never shown again.">
              {(id) => <input id={id} type="password" autoComplete="off" spellCheck={false} value={headerValue} onChange={(e) => setHeaderValue(e.target.value)} />}
            </Field>
          </div>
          <ErrorNote error={connect.error} />
          <div className="actions left">
            <Button type="submit" variant="primary" busy={connect.isPending}>
              Connect
            </Button>
            <Button
              busy={signingIn}
              onClick={() => {
                if (form.current && !form.current.reportValidity()) return;
                onSignIn(url.trim(), label);
              }}
            >
              Sign in (OAuth)
            </Button>
          </div>
        </form>
      ) : null}
      {signingIn ? (
        <p role="status" className="muted">
          Finish signing in in the pop-up window…
        </p>
      ) : null}
      <h4>Connections</h4>
      {loading ? (
        <Loading what="connections" />
      ) : connections.length === 0 ? (
        <p className="muted">{canEdit ? 'None yet: connect a server above.' : 'None yet: an editor of this project can connect one.'}</p>
      ) : (
        <ul className="connections">
          {connections.map((c) => (
            <ConnectionRow
              key={c.connectionId}
              connection={c}
              actions={actions}
              detail={
                <>
                  {/* Unlabelled, the server is already named by its address. */}
                  {c.label ? <span className="muted small break"> {c.url}</span> : null}
                  <span className="muted small"> {c.authType === 'oauth' ? 'signed in' : c.authType === 'headers' ? 'with a header' : 'no credentials'}</span>
                </>
              }
              extra={
                <Button variant="link" aria-expanded={showing === c.connectionId} onClick={() => setShowing(showing === c.connectionId ? null : c.connectionId)}>
                  {showing === c.connectionId ? 'Hide tools' : 'Show tools'}
                </Button>
              }
            >
              {showing === c.connectionId ? <RemoteTools connection={c} /> : null}
            </ConnectionRow>
          ))}
        </ul>
      )}
    </article>
  );
}

function RemoteTools({ connection }: { connection: api.Connection }) {
  const { projectId } = useSession();
  const client = useQueryClient();
  const key = ['mcp-tools', projectId, connection.connectionId];
  const tools = useQuery({ queryKey: key, queryFn: () => api.mcpTools(connection.connectionId) });
  const refresh = useMutation({ mutationFn: () => api.mcpTools(connection.connectionId, true), onSuccess: (data) => client.setQueryData(key, data) });
  return (
    <div className="remote-tools">
      {tools.isPending ? <Loading what="tools" /> : null}
      <ErrorNote error={tools.error ?? refresh.error} />
      {tools.data ? (
        tools.data.length === 0 ? (
          <p className="muted">The server lists no tools.</p>
        ) : (
          <ul aria-label={`Tools of ${api.connectionName(connection)}`}>
            {tools.data.map((t) => (
              <li key={t.name}>
                <code>{t.name}</code>
                {t.title && t.title !== t.name ? <span> {t.title}</span> : null}
                {t.description ? <span className="muted small"> — {t.description}</span> : null}
              </li>
            ))}
          </ul>
        )
      ) : null}
      <Button variant="link" busy={refresh.isPending} onClick={() => refresh.mutate()}>
        Refresh tools
      </Button>
    </div>
  );
}

/** The card's heading: the provider's mark (letters on its colour, declared with the provider), its name, beta. */
function ProviderHeading({ provider }: { provider: api.ProviderInfo }) {
  return (
    <h3 id={`provider-${provider.provider}`} className="provider-heading">
      <span className="provider-mark" aria-hidden="true" style={{ background: provider.mark.colour }}>
        {provider.mark.letters}
      </span>
      {provider.name} {provider.beta ? <span className="badge beta">beta</span> : null}
    </h3>
  );
}

interface ConnectionActions {
  /** Rename (true) or Replace key (false). */
  change: (c: api.Connection, rename: boolean) => void;
  reconnect: (c: api.Connection) => void;
  remove: (c: api.Connection) => void;
}

/**
 * One of the project's own connections: its name (label, else provider and account), state, and a
 * menu — Rename, Replace key (made with a key) or Reconnect (made by signing in), Test, Remove. Test
 * is a viewer's too; its answer shows under the row.
 */
function ConnectionRow({ connection: c, actions, detail, extra, children }: { connection: api.Connection; actions: ConnectionActions; detail?: ReactNode; extra?: ReactNode; children?: ReactNode }) {
  const { canEdit } = useSession();
  const test = useMutation({ mutationFn: () => api.testConnection(c.connectionId) });
  const signedIn = c.authType === 'oauth';
  const keyed = c.authType === 'api_key' || c.authType === 'access_token';
  const items = [
    ...(canEdit ? [{ label: 'Rename', onSelect: () => actions.change(c, true) }] : []),
    ...(canEdit && keyed ? [{ label: 'Replace key', onSelect: () => actions.change(c, false) }] : []),
    ...(canEdit && signedIn ? [{ label: 'Reconnect', onSelect: () => actions.reconnect(c) }] : []),
    { label: 'Test', onSelect: () => test.mutate() },
    ...(canEdit ? [{ label: 'Remove', danger: true, onSelect: () => actions.remove(c) }] : []),
  ];
  const result = test.data;
  return (
    <li className="stack">
      <span className="connection-row">
        <span>
          <strong>
            {c.label ? (
              c.label
            ) : c.account ? (
              <>
                {c.providerName} · <span>{c.account}</span>
              </>
            ) : (
              api.accountName(c)
            )}
          </strong>
          {c.label && c.account && !c.url ? <span className="muted"> · {c.account}</span> : null}
          {detail}
          <span className={`badge ${c.status === 'active' ? 'ok' : ''}`}>{c.status}</span>
          <span className="muted small"> connected {when(c.createdAt)}</span>
        </span>
        <span className="actions left">
          {extra}
          <Menu label={`Actions for ${api.connectionName(c)}`} items={items} />
        </span>
      </span>
      {test.isPending ? <Loading what={`a test of ${api.connectionName(c)}`} /> : null}
      <ErrorNote error={test.error} />
      {result ? (
        <p role="status" className={`small test-result ${result.ok === false ? 'failing' : result.ok ? 'passed' : ''}`}>
          <strong>{result.ok === false ? 'Test failed:' : result.ok ? 'Test passed:' : 'Not checked:'}</strong> {result.message}
        </p>
      ) : null}
      {children}
    </li>
  );
}

/** What stops working when the connection goes: the tools, agents and triggers that name it. */
function Usage({ connection }: { connection: api.Connection }) {
  const { projectId } = useSession();
  // Asked afresh at each opening (nothing kept): the dialog then opens on its Loading line, so its
  // focus lands on Cancel, never on a link of the list.
  const usage = useQuery({ queryKey: ['connection-usage', projectId, connection.connectionId], queryFn: () => api.connectionUsage(connection.connectionId), gcTime: 0 });
  const types = useQuery({ queryKey: ['trigger-types', projectId], queryFn: api.triggerTypes, staleTime: Infinity });
  if (usage.isPending) return <Loading what="what uses this connection" />;
  if (usage.isError) return <ErrorNote error={usage.error} />;
  const { tools, agents, triggers } = usage.data;
  if (tools.length + agents.length + triggers.length === 0) return <p className="muted">Nothing in this project uses it.</p>;
  const base = `/p/${encodeURIComponent(projectId)}`;
  const typeName = (type: string) => types.data?.find((t) => t.type === type)?.name ?? type;
  return (
    <>
      <p>These stop working until it is reconnected:</p>
      <ul className="usage" aria-label="What uses this connection">
        {tools.map((t) => (
          <li key={t.studio_id}>
            Tool <Link to={`${base}/tools/${encodeURIComponent(t.studio_id)}`}>{t.title}</Link>
          </li>
        ))}
        {agents.map((a) => (
          <li key={a.agent_id}>
            Agent <Link to={`${base}/agents/${encodeURIComponent(a.agent_id)}/settings`}>{a.name}</Link>
          </li>
        ))}
        {triggers.map((t) => (
          <li key={t.trigger_id}>
            Trigger {typeName(t.type)}
            {t.config.repository || t.config.organization ? ` on ${t.config.repository ?? t.config.organization}` : ''} of agent{' '}
            <Link to={`${base}/agents/${encodeURIComponent(t.agent_id)}/triggers`}>{t.agent_name}</Link>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Rename (the label: empty names it by provider and account) or Replace key (checked at the
 * provider before it replaces the old one; never kept past the dialog).
 */
function ChangeModal({ change, onClose, onDone }: { change: { connection: api.Connection; rename: boolean } | null; onClose: () => void; onDone: () => void }) {
  const [value, setValue] = useState('');
  const c = change?.connection;
  const save = useMutation({
    mutationFn: () => (change!.rename ? api.renameConnection(c!.connectionId, value) : api.replaceConnectionKey(c!.connectionId, value)),
    onSuccess: () => {
      setValue('');
      onDone();
      onClose();
    },
  });
  useEffect(() => {
    setValue(change?.rename ? (c?.label ?? '') : '');
    save.reset();
  }, [change]);
  const what = c?.authType === 'access_token' ? 'token' : 'key';
  return (
    <Modal title={!c ? '' : change!.rename ? `Rename ${api.connectionName(c)}` : `Replace the ${what} of ${api.connectionName(c)}`} open={!!c} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        {change?.rename ? (
          <Field label="Label" hint={`Empty: named by its provider and account (${api.accountName(c!)}).`}>
            {(id) => <input id={id} maxLength={200} value={value} onChange={(e) => setValue(e.target.value)} />}
          </Field>
        ) : (
          <Field label={what === 'token' ? 'New access token' : 'New API key'} hint="Checked with the provider first (the old one stays if refused); never shown again.">
            {(id) => <input id={id} type="password" autoComplete="off" spellCheck={false} required value={value} onChange={(e) => setValue(e.target.value)} />}
          </Field>
        )}
        <ErrorNote error={save.error} />
        <div className="actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={save.isPending}>
            {change?.rename ? 'Save' : 'Replace'}
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function KeyModal({ provider, onClose, onDone }: { provider: api.ProviderInfo | null; onClose: () => void; onDone: () => void }) {
  const [label, setLabel] = useState('');
  const [key, setKey] = useState('');
  const connect = useMutation({
    mutationFn: () => api.connectWithKey(provider!.provider, key, label),
    onSuccess: () => {
      setKey('');
      setLabel('');
      onDone();
      onClose();
    },
  });
  useEffect(() => {
    // The key never outlives the dialog.
    setKey('');
    connect.reset();
  }, [provider?.provider]);
  const token = provider?.authTypes.includes('access_token');
  return (
    <Modal title={provider ? `Connect ${provider.name}` : ''} open={!!provider} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          connect.mutate();
        }}
      >
        <Field label="Label (optional)">{(id) => <input id={id} maxLength={200} value={label} onChange={(e) => setLabel(e.target.value)} />}</Field>
        <Field label={token ? 'Access token' : 'API key'} hint="Checked with the provider, stored encrypted, and never shown again.">
          {(id) => <input id={id} type="password" autoComplete="off" spellCheck={false} required value={key} onChange={(e) => setKey(e.target.value)} />}
        </Field>
        <ErrorNote error={connect.error} />
        <div className="actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={connect.isPending}>
            Connect
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function OwnKeys() {
  const { me } = useSession();
  const client = useQueryClient();
  const keys = useQuery({ queryKey: ['keys', me.userId], queryFn: () => api.keys(me.userId) });
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [revoking, setRevoking] = useState<api.Key | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: ['keys', me.userId] });
  const create = useMutation({
    mutationFn: () => api.createKey(me.userId, label),
    onSuccess: (k) => {
      setCreated(k.apiKey);
      setCopied(false);
      setLabel('');
      void refresh();
    },
  });
  const copy = async () => {
    if (created) setCopied(await copyText(created, 'new-key'));
  };
  return (
    <section aria-labelledby="keys-h">
      <h2 id="keys-h">Your API keys</h2>
      <p className="hint">A key acts as you, with access to every project you belong to. Use it as <code>Authorization: Bearer &lt;project_id&gt;:&lt;key&gt;</code>.</p>
      <form
        className="row"
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field label="Key label">{(id) => <input id={id} maxLength={200} value={label} onChange={(e) => setLabel(e.target.value)} placeholder="e.g. CI" />}</Field>
        <Button type="submit" variant="primary" busy={create.isPending}>
          Create API key
        </Button>
      </form>
      <ErrorNote error={create.error} />
      {keys.isPending ? (
        <Loading what="keys" />
      ) : keys.isError ? (
        <ErrorNote error={keys.error} />
      ) : keys.data.length === 0 ? (
        <Empty title="You have no API keys.">Create one above to call the API from code or the command line.</Empty>
      ) : (
        <table>
          <Columns names={['Label', 'Key', 'Created']} narrow={['Created']} />
          <tbody>
            {keys.data.map((k) => (
              <tr key={k.keyId}>
                <td>{k.label || <span className="muted">no label</span>}</td>
                <td>
                  <code>{k.hint || '••••'}</code>
                </td>
                <td className="hide-narrow">{when(k.createdAt)}</td>
                <td>
                  <Button variant="danger" onClick={() => setRevoking(k)}>
                    Revoke
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Modal
        title="Your new API key"
        open={!!created}
        onClose={() => setCreated(null)}
        confirmClose={copied ? undefined : 'Close without copying the key? Hangar will not show it again; you would have to create another.'}
      >
        <p>Copy it now: Hangar keeps only a digest and will not show it again.</p>
        <div className="row">
          <Field label="API key" id="new-key">
            {(id) => <input id={id} readOnly value={created ?? ''} className="mono" onFocus={(e) => e.target.select()} />}
          </Field>
          <Button onClick={copy}>{copied ? 'Copied' : 'Copy'}</Button>
        </div>
        <div className="actions">
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      </Modal>
      <Confirm
        title="Revoke API key"
        open={!!revoking}
        onClose={() => setRevoking(null)}
        confirmLabel="Revoke"
        action={async () => {
          await api.revokeKey(me.userId, revoking!.keyId);
          await refresh();
        }}
      >
        <p>Calls made with “{revoking?.label || revoking?.hint}” fail from the next request on, on every server.</p>
      </Confirm>
    </section>
  );
}
