// Organization keys: one API key (or the code host's fine-grained token) per provider that every
// project of the organization may use, unless a project connects its own account of that provider.
// A key is sent once, checked at the provider, and never shown again; rotating it reaches every
// project at its next call.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { createOrgConnection, deleteOrgConnection, orgConnections, updateOrgConnection, type OrgConnection } from '../../api/index.ts';
import { Button, Columns, Confirm, Empty, ErrorNote, Field, Loading, Menu, Modal, when } from '../../ui.tsx';

// The providers that connect with a key; the server refuses the others (OAuth grants and remote MCP
// servers are not shared), and the catalogue route is a project's, which this page may not have.
const PROVIDERS = [
  { id: 'enrichment', name: 'Enrichment', secret: 'API key' },
  { id: 'anz_enrichment', name: 'ANZ Enrichment', secret: 'API key' },
  { id: 'codehost', name: 'Code host', secret: 'Fine-grained access token' },
];
const providerName = (id: string) => PROVIDERS.find((p) => p.id === id)?.name ?? id;
const secretName = (id: string) => PROVIDERS.find((p) => p.id === id)?.secret ?? 'API key';

export function OrganizationKeys({ organizationId }: { organizationId: string }) {
  const client = useQueryClient();
  const key = ['org-connections', organizationId];
  const list = useQuery({ queryKey: key, queryFn: () => orgConnections(organizationId) });
  const [adding, setAdding] = useState(false);
  const [rotating, setRotating] = useState<OrgConnection | null>(null);
  const [removing, setRemoving] = useState<OrgConnection | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const active = (list.data ?? []).filter((c) => c.status === 'active');
  const free = PROVIDERS.filter((p) => !active.some((c) => c.provider === p.id));

  return (
    <section aria-labelledby="org-keys-h">
      <h2 id="org-keys-h">Organization keys</h2>
      <p className="hint">
        A key set here is used by every project of the organization for its provider, unless the project connects its own account of that provider. Project members see
        which key is in use and who set it, never the key itself. Signing in with OAuth and remote MCP servers stay per project.
      </p>
      <div className="actions left">
        <Button variant="primary" onClick={() => setAdding(true)} disabled={free.length === 0}>
          Add an organization key
        </Button>
      </div>
      {list.isPending ? (
        <Loading what="organization keys" />
      ) : list.isError ? (
        <ErrorNote error={list.error} />
      ) : active.length === 0 ? (
        <Empty title="No organization keys yet.">Each project connects its own accounts until you add one.</Empty>
      ) : (
        <table>
          <Columns names={['Provider', 'Label', 'Used by', 'Set', 'Rotated']} narrow={['Set', 'Rotated']} />
          <tbody>
            {active.map((c) => (
              <tr key={c.connection_id}>
                <td>
                  {providerName(c.provider)}
                  {c.account ? <span className="muted small"> · {c.account}</span> : null}
                </td>
                <td>{c.label || <span className="muted">no label</span>}</td>
                <td>
                  {c.projects_using} {c.projects_using === 1 ? 'project' : 'projects'}
                </td>
                <td className="hide-narrow">
                  {when(c.created_at)}
                  {c.created_by.email ? <span className="muted small"> by {c.created_by.email}</span> : null}
                </td>
                <td className="hide-narrow">{c.rotated_at ? when(c.rotated_at) : <span className="muted">never</span>}</td>
                <td>
                  <Menu
                    label={`Actions for the ${providerName(c.provider)} key`}
                    items={[
                      { label: 'Rotate or rename', onSelect: () => setRotating(c) },
                      { label: 'Remove', danger: true, onSelect: () => setRemoving(c) },
                    ]}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <AddKey organizationId={organizationId} open={adding} providers={free} onClose={() => setAdding(false)} onDone={refresh} />
      <RotateKey organizationId={organizationId} connection={rotating} onClose={() => setRotating(null)} onDone={refresh} />
      <Confirm
        title="Remove organization key"
        open={!!removing}
        onClose={() => setRemoving(null)}
        confirmLabel="Remove"
        action={async () => {
          if (removing) await deleteOrgConnection(organizationId, removing.connection_id);
          await refresh();
        }}
      >
        <p>
          Remove the {removing ? providerName(removing.provider) : ''} key <strong>{removing?.label || removing?.account}</strong>? Projects with their own {removing ? providerName(removing.provider) : ''}{' '}
          connection keep using it; the tools, agents and triggers of the {removing?.projects_using ?? 0} other {removing?.projects_using === 1 ? 'project' : 'projects'} stop with
          an error naming this key until a project connects its own or you add a new key.
        </p>
      </Confirm>
    </section>
  );
}

function AddKey({ organizationId, open, providers, onClose, onDone }: { organizationId: string; open: boolean; providers: typeof PROVIDERS; onClose: () => void; onDone: () => void }) {
  const [provider, setProvider] = useState('');
  const [label, setLabel] = useState('');
  const [secret, setSecret] = useState('');
  const create = useMutation({
    mutationFn: () => createOrgConnection(organizationId, provider, secret, label),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  useEffect(() => {
    // The key never outlives the dialog.
    setSecret('');
    setLabel('');
    setProvider(providers[0]?.id ?? '');
    create.reset();
  }, [open]);
  return (
    <Modal title="Add an organization key" open={open} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          create.mutate();
        }}
      >
        <Field label="Provider">
          {(id) => (
            <select id={id} required value={provider} onChange={(e) => setProvider(e.target.value)}>
              {providers.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Label (optional)">{(id) => <input id={id} maxLength={200} value={label} onChange={(e) => setLabel(e.target.value)} placeholder="e.g. Company account" />}</Field>
        <Field label={secretName(provider)} hint="Checked with the provider, stored encrypted, and never shown again.">
          {(id) => <input id={id} type="password" autoComplete="off" spellCheck={false} required value={secret} onChange={(e) => setSecret(e.target.value)} />}
        </Field>
        <ErrorNote error={create.error} />
        <div className="actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={create.isPending}>
            Add key
          </Button>
        </div>
      </form>
    </Modal>
  );
}

function RotateKey({ organizationId, connection, onClose, onDone }: { organizationId: string; connection: OrgConnection | null; onClose: () => void; onDone: () => void }) {
  const [label, setLabel] = useState('');
  const [secret, setSecret] = useState('');
  const save = useMutation({
    mutationFn: () => updateOrgConnection(organizationId, connection!.connection_id, { apiKey: secret || undefined, label }),
    onSuccess: () => {
      onDone();
      onClose();
    },
  });
  useEffect(() => {
    setSecret('');
    setLabel(connection?.label ?? '');
    save.reset();
  }, [connection?.connection_id]);
  const name = connection ? providerName(connection.provider) : '';
  return (
    <Modal title={`Rotate or rename the ${name} key`} open={!!connection} onClose={onClose}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate();
        }}
      >
        <Field label="Label">{(id) => <input id={id} maxLength={200} value={label} onChange={(e) => setLabel(e.target.value)} />}</Field>
        <Field label={`New ${connection ? secretName(connection.provider).toLowerCase() : 'key'} (optional)`} hint="Leave empty to keep the current one. A new one is checked with the provider and used by every project from its next call.">
          {(id) => <input id={id} type="password" autoComplete="off" spellCheck={false} value={secret} onChange={(e) => setSecret(e.target.value)} />}
        </Field>
        <ErrorNote error={save.error} />
        <div className="actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={save.isPending}>
            Save
          </Button>
        </div>
      </form>
    </Modal>
  );
}
