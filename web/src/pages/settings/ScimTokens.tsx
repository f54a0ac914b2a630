// SCIM directory sync settings: the base URL and a token are what an identity provider (Entra ID,
// Okta) is given to provision and deprovision the organization's people and groups. A new token is
// shown once; revoking one refuses its identity provider from the next request.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createScimToken, deleteScimToken, scimTokens, type ScimToken } from '../../api/index.ts';
import { Button, Columns, Confirm, copyText, Empty, ErrorNote, Field, Loading, Modal, when } from '../../ui.tsx';

export function ScimTokens({ organizationId }: { organizationId: string }) {
  const client = useQueryClient();
  const key = ['scim-tokens', organizationId];
  const tokens = useQuery({ queryKey: key, queryFn: () => scimTokens(organizationId) });
  const [label, setLabel] = useState('');
  const [created, setCreated] = useState<string | null>(null);
  const [copied, setCopied] = useState<'url' | 'token' | null>(null);
  const [revoking, setRevoking] = useState<ScimToken | null>(null);
  const refresh = () => client.invalidateQueries({ queryKey: key });
  const create = useMutation({
    mutationFn: () => createScimToken(organizationId, label),
    onSuccess: (t) => {
      setCreated(t.token);
      setCopied(null);
      setLabel('');
      void refresh();
    },
  });
  const copy = async (what: 'url' | 'token', text: string, elementId: string) => setCopied((await copyText(text, elementId)) ? what : null);

  return (
    <section aria-labelledby="scim-h">
      <h2 id="scim-h">SCIM directory sync</h2>
      <p className="hint">
        Your identity provider creates, updates and deactivates the organization's people and groups here. Give it the base URL below (Entra ID: "Tenant URL"; Okta: "SCIM
        connector base URL") and a token (Entra ID: "Secret Token"; Okta: "HTTP Header" authentication). A person it sets inactive is signed out and their API keys stop at
        once; set active again, the same keys work.
      </p>
      {tokens.isPending ? (
        <Loading what="SCIM settings" />
      ) : tokens.isError ? (
        <ErrorNote error={tokens.error} />
      ) : (
        <>
          <div className="row">
            <Field label="SCIM base URL" id="scim-url">
              {(id) => <input id={id} readOnly size={44} value={tokens.data.scim_base_url} className="mono" onFocus={(e) => e.target.select()} />}
            </Field>
            <Button onClick={() => void copy('url', tokens.data.scim_base_url, 'scim-url')}>{copied === 'url' ? 'Copied' : 'Copy URL'}</Button>
          </div>
          <h3>Tokens</h3>
          <form
            className="row"
            onSubmit={(e) => {
              e.preventDefault();
              create.mutate();
            }}
          >
            <Field label="Token label">{(id) => <input id={id} maxLength={200} value={label} onChange={(e) => setLabel(e.target.value)} placeholder="e.g. Entra ID" />}</Field>
            <Button type="submit" variant="primary" busy={create.isPending}>
              Create SCIM token
            </Button>
          </form>
          <ErrorNote error={create.error} />
          {tokens.data.results.length === 0 ? (
            <Empty title="No SCIM tokens yet.">Create one above and paste it into your identity provider.</Empty>
          ) : (
            <table>
              <Columns names={['Label', 'Token', 'Created', 'Last used']} narrow={['Created', 'Last used']} />
              <tbody>
                {tokens.data.results.map((t) => (
                  <tr key={t.token_id}>
                    <td>{t.label || <span className="muted">no label</span>}</td>
                    <td>
                      <code>{t.hint}</code>
                    </td>
                    <td className="hide-narrow">
                      {when(t.created_at)}
                      {t.created_by.email ? <span className="muted small"> by {t.created_by.email}</span> : null}
                    </td>
                    <td className="hide-narrow">{t.last_used_at ? when(t.last_used_at) : <span className="muted">never</span>}</td>
                    <td>
                      <Button variant="danger" onClick={() => setRevoking(t)} aria-label={`Revoke ${t.label || t.hint}`}>
                        Revoke
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <Modal
        title="Your new SCIM token"
        open={!!created}
        onClose={() => setCreated(null)}
        confirmClose={copied === 'token' ? undefined : 'Close without copying the token? Hangar will not show it again; you would have to create another.'}
      >
        <p>Copy it now into your identity provider: Hangar keeps only a digest and will not show it again.</p>
        <div className="row">
          <Field label="SCIM token" id="new-scim-token">
            {(id) => <input id={id} readOnly value={created ?? ''} className="mono" onFocus={(e) => e.target.select()} />}
          </Field>
          <Button onClick={() => void copy('token', created ?? '', 'new-scim-token')}>{copied === 'token' ? 'Copied' : 'Copy'}</Button>
        </div>
        <div className="actions">
          <Button variant="primary" onClick={() => setCreated(null)}>
            Done
          </Button>
        </div>
      </Modal>
      <Confirm
        title="Revoke SCIM token"
        open={!!revoking}
        onClose={() => setRevoking(null)}
        confirmLabel="Revoke"
        action={async () => {
          if (revoking) await deleteScimToken(organizationId, revoking.token_id);
          await refresh();
        }}
      >
        <p>
          The identity provider using <strong>{revoking?.label || revoking?.hint}</strong> is refused from its next request. The people and groups it provisioned stay as
          they are.
        </p>
      </Confirm>
    </section>
  );
}
