// Single sign-on settings: the organization's OpenID identity providers, the group rules that turn
// their groups into project roles, and "Require single sign-on" with its break-glass admins.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import * as api from '../../api/index.ts';
import { Button, Columns, Confirm, Email, Empty, ErrorNote, Field, Loading, Modal } from '../../ui.tsx';

const list = (text: string) => text.split(/[\s,]+/).map((s) => s.trim()).filter(Boolean);

interface Draft {
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  domains: string;
  groupClaim: string;
  scopes: string;
}
const EMPTY: Draft = { name: '', issuer: '', clientId: '', clientSecret: '', domains: '', groupClaim: 'groups', scopes: '' };
const draftOf = (p: api.SsoProvider): Draft => ({
  name: p.name,
  issuer: p.issuer,
  clientId: p.client_id,
  clientSecret: '',
  domains: p.allowed_domains.join(', '),
  groupClaim: p.group_claim ?? '',
  scopes: p.scopes.join(' '),
});

function ProviderFields({ draft, set, editing }: { draft: Draft; set: (d: Draft) => void; editing: boolean }) {
  const field = (key: keyof Draft) => ({ value: draft[key], onChange: (e: { target: { value: string } }) => set({ ...draft, [key]: e.target.value }) });
  return (
    <>
      <Field label="Name" hint='Shown on the sign-in page as "Sign in with …".'>
        {(id) => <input id={id} required maxLength={100} {...field('name')} />}
      </Field>
      <Field label="Issuer URL" hint="Exactly as the provider names itself; Hangar reads its /.well-known/openid-configuration.">
        {(id) => <input id={id} type="url" required maxLength={2000} placeholder="https://login.example.com" {...field('issuer')} />}
      </Field>
      <Field label="Client ID">{(id) => <input id={id} required maxLength={500} autoComplete="off" {...field('clientId')} />}</Field>
      <Field label="Client secret" hint={editing ? 'Leave empty to keep the stored secret. It is never shown again.' : 'Stored encrypted; never shown again.'}>
        {(id) => <input id={id} type="password" required={!editing} maxLength={2000} autoComplete="new-password" {...field('clientSecret')} />}
      </Field>
      <Field label="Allowed email domains" hint="Comma-separated. People of these domains sign in here, and get an account on their first sign-in.">
        {(id) => <input id={id} required placeholder="example.com" {...field('domains')} />}
      </Field>
      <Field label="Group claim" hint="The claim listing the person's groups (often groups); empty for none.">
        {(id) => <input id={id} maxLength={200} {...field('groupClaim')} />}
      </Field>
      <Field label="Extra scopes" hint="Beyond openid email profile, e.g. groups for Okta. Space-separated.">
        {(id) => <input id={id} {...field('scopes')} />}
      </Field>
    </>
  );
}

function Providers({ organizationId }: { organizationId: string }) {
  const client = useQueryClient();
  const providers = useQuery({ queryKey: ['sso-providers', organizationId], queryFn: () => api.ssoProviders(organizationId) });
  const refresh = () => client.invalidateQueries({ queryKey: ['sso-providers', organizationId] });
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [editing, setEditing] = useState<{ provider: api.SsoProvider; draft: Draft } | null>(null);
  const [deleting, setDeleting] = useState<api.SsoProvider | null>(null);
  const creating = useMutation({
    mutationFn: () =>
      api.createSsoProvider(organizationId, {
        name: draft.name.trim(),
        issuer: draft.issuer.trim(),
        client_id: draft.clientId.trim(),
        client_secret: draft.clientSecret,
        allowed_domains: list(draft.domains),
        group_claim: draft.groupClaim.trim() || null,
        scopes: list(draft.scopes),
      }),
    onSuccess: async () => {
      setDraft(EMPTY);
      await refresh();
    },
  });
  const saving = useMutation({
    mutationFn: ({ provider, draft: d }: { provider: api.SsoProvider; draft: Draft }) =>
      api.updateSsoProvider(organizationId, provider.provider_id, {
        name: d.name.trim(),
        issuer: d.issuer.trim(),
        client_id: d.clientId.trim(),
        ...(d.clientSecret ? { client_secret: d.clientSecret } : {}),
        allowed_domains: list(d.domains),
        group_claim: d.groupClaim.trim() || null,
        scopes: list(d.scopes),
      }),
    onSuccess: async () => {
      setEditing(null);
      await refresh();
    },
  });
  const add = (e: FormEvent) => {
    e.preventDefault();
    creating.mutate();
  };
  return (
    <section aria-labelledby="sso-providers-h">
      <h2 id="sso-providers-h">Identity providers</h2>
      {providers.isPending ? (
        <Loading what="identity providers" />
      ) : providers.isError ? (
        <ErrorNote error={providers.error} />
      ) : (
        <>
          <p className="hint">
            Register this redirect URI at each provider: <code>{providers.data.redirect_uri}</code>
          </p>
          {providers.data.results.length === 0 ? (
            <Empty title="No identity providers yet.">Add one below: Okta, Entra ID, Google Workspace or any OpenID Connect provider.</Empty>
          ) : (
            <table>
              <Columns names={['Name', 'Issuer', 'Domains']} narrow={['Issuer']} />
              <tbody>
                {providers.data.results.map((p) => (
                  <tr key={p.provider_id}>
                    <td>{p.name}</td>
                    <td className="hide-narrow">
                      <code>{p.issuer}</code>
                    </td>
                    <td>{p.allowed_domains.join(', ')}</td>
                    <td>
                      <div className="row">
                        <Button aria-label={`Edit ${p.name}`} onClick={() => setEditing({ provider: p, draft: draftOf(p) })}>
                          Edit
                        </Button>
                        <Button variant="danger" aria-label={`Remove ${p.name}`} onClick={() => setDeleting(p)}>
                          Remove
                        </Button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </>
      )}
      <h3>Add a provider</h3>
      <form onSubmit={add} aria-label="Add an identity provider">
        <ProviderFields draft={draft} set={setDraft} editing={false} />
        <ErrorNote error={creating.error} />
        <Button type="submit" variant="primary" busy={creating.isPending}>
          Add provider
        </Button>
      </form>
      <Modal title={`Edit ${editing?.provider.name ?? ''}`} open={editing !== null} onClose={() => setEditing(null)}>
        {editing ? (
          <form
            onSubmit={(e) => {
              e.preventDefault();
              saving.mutate(editing);
            }}
          >
            <ProviderFields draft={editing.draft} set={(d) => setEditing({ ...editing, draft: d })} editing />
            <ErrorNote error={saving.error} />
            <Button type="submit" variant="primary" busy={saving.isPending}>
              Save
            </Button>
          </form>
        ) : null}
      </Modal>
      <Confirm
        title={`Remove ${deleting?.name ?? ''}?`}
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        confirmLabel="Remove provider"
        action={async () => {
          await api.deleteSsoProvider(organizationId, deleting!.provider_id);
          setDeleting(null);
          await refresh();
        }}
      >
        People it signed in are signed out now; accounts and their API keys stay.
      </Confirm>
    </section>
  );
}

const RULE_ROLES: Array<{ value: api.GroupRuleInput['role']; label: string }> = [
  { value: 'role:viewer', label: 'viewer' },
  { value: 'role:editor', label: 'editor' },
  { value: 'admin', label: 'admin' },
];

function GroupRules({ organizationId }: { organizationId: string }) {
  const client = useQueryClient();
  const rules = useQuery({ queryKey: ['group-rules', organizationId], queryFn: () => api.groupRules(organizationId) });
  const projects = useQuery({ queryKey: ['projects'], queryFn: api.projects });
  const refresh = () => client.invalidateQueries({ queryKey: ['group-rules', organizationId] });
  const [group, setGroup] = useState('');
  const [projectId, setProjectId] = useState('');
  const [role, setRole] = useState<api.GroupRuleInput['role']>('role:viewer');
  const [deleting, setDeleting] = useState<api.GroupRule | null>(null);
  const creating = useMutation({
    mutationFn: () => api.createGroupRule(organizationId, { group: group.trim(), project_id: projectId || projects.data?.[0]?.projectId || '', role }),
    onSuccess: async () => {
      setGroup('');
      await refresh();
    },
  });
  const projectName = (id: string) => projects.data?.find((p) => p.projectId === id)?.name ?? id;
  return (
    <section aria-labelledby="group-rules-h">
      <h2 id="group-rules-h">Group rules</h2>
      <p className="hint">Members of a group (the provider's group claim, or a SCIM group) get the role in the project, at once and at every sign-in.</p>
      {rules.isPending ? (
        <Loading what="group rules" />
      ) : rules.isError ? (
        <ErrorNote error={rules.error} />
      ) : rules.data.length === 0 ? (
        <Empty title="No group rules yet." />
      ) : (
        <table>
          <Columns names={['Group', 'Project', 'Role']} />
          <tbody>
            {rules.data.map((r) => (
              <tr key={r.rule_id}>
                <td>{r.group}</td>
                <td>{projectName(r.project_id)}</td>
                <td>{RULE_ROLES.find((x) => x.value === r.role)?.label ?? r.role}</td>
                <td>
                  <Button variant="danger" aria-label={`Delete the rule for ${r.group}`} onClick={() => setDeleting(r)}>
                    Delete
                  </Button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <form
        className="row"
        aria-label="Add a group rule"
        onSubmit={(e) => {
          e.preventDefault();
          creating.mutate();
        }}
      >
        <Field label="Group">{(id) => <input id={id} required maxLength={256} value={group} onChange={(e) => setGroup(e.target.value)} />}</Field>
        <Field label="Project">
          {(id) => (
            <select id={id} required value={projectId || projects.data?.[0]?.projectId || ''} onChange={(e) => setProjectId(e.target.value)}>
              {(projects.data ?? []).map((p) => (
                <option key={p.projectId} value={p.projectId}>
                  {p.name}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label="Role">
          {(id) => (
            <select id={id} value={role} onChange={(e) => setRole(e.target.value as api.GroupRuleInput['role'])}>
              {RULE_ROLES.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Button type="submit" variant="primary" busy={creating.isPending}>
          Add rule
        </Button>
      </form>
      <ErrorNote error={creating.error} />
      <Confirm
        title={`Delete the rule for ${deleting?.group ?? ''}?`}
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        confirmLabel="Delete rule"
        action={async () => {
          await api.deleteGroupRule(organizationId, deleting!.rule_id);
          setDeleting(null);
          await refresh();
        }}
      >
        The roles it alone granted are taken back now.
      </Confirm>
    </section>
  );
}

interface SsoDraft {
  require: boolean;
  ids: string[];
}

/**
 * "Require single sign-on" and its break-glass admins, picked by email from the organization's
 * admins (the API takes only active admins' ids; an id that is no longer one is shown as such).
 */
function RequireSso({ organizationId }: { organizationId: string }) {
  const client = useQueryClient();
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.me() });
  const settings = useQuery({ queryKey: ['sso-settings', organizationId], queryFn: () => api.ssoSettings(organizationId) });
  const admins = useQuery({ queryKey: ['org-members', organizationId, 'admin'], queryFn: () => api.orgMembers(organizationId, 'admin') });
  const [draft, setDraft] = useState<SsoDraft | null>(null);
  const [pick, setPick] = useState('');
  const [notAdmin, setNotAdmin] = useState<string | null>(null);
  const saving = useMutation({
    mutationFn: (d: SsoDraft) => api.updateSsoSettings(organizationId, { require_sso: d.require, break_glass_user_ids: d.ids }),
    onSuccess: async () => {
      setDraft(null);
      await client.invalidateQueries({ queryKey: ['sso-settings', organizationId] });
    },
  });
  if (settings.isPending || me.isPending || admins.isPending) return <Loading what="sign-in settings" />;
  if (settings.isError) return <ErrorNote error={settings.error} />;
  if (me.isError) return <ErrorNote error={me.error} />;
  if (admins.isError) return <ErrorNote error={admins.error} />;
  const current = draft ?? { require: settings.data.require_sso, ids: settings.data.break_glass_user_ids };
  const byId = new Map(admins.data.map((a) => [a.user_id, a]));
  const choices = admins.data.filter((a) => a.active && !current.ids.includes(a.user_id));
  const add = () => {
    const typed = pick.trim();
    if (!typed) return;
    const found = admins.data.find((a) => a.active && a.email.toLowerCase() === typed.toLowerCase());
    if (!found) {
      setNotAdmin(`${typed} is not an active organization admin: only admins may keep a password.`);
      return;
    }
    if (!current.ids.includes(found.user_id)) setDraft({ ...current, ids: [...current.ids, found.user_id] });
    setPick('');
    setNotAdmin(null);
  };
  return (
    <section aria-labelledby="require-sso-h">
      <h2 id="require-sso-h">Require single sign-on</h2>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          saving.mutate(current);
        }}
      >
        <label className="check">
          <input type="checkbox" checked={current.require} onChange={(e) => setDraft({ ...current, require: e.target.checked })} /> Require single sign-on for
          everyone in the organization
        </label>
        <p className="hint">Password sign-in and accepting invites with a password are refused; API keys keep working.</p>
        <fieldset>
          <legend>Break-glass admins</legend>
          <p className="hint">Organization admins who may still sign in with their password, should the identity provider be unreachable.</p>
          {current.ids.length === 0 ? (
            <p className="muted">None: every admin signs in with single sign-on.</p>
          ) : (
            <ul className="plain-list picked" aria-label="Break-glass admins">
              {current.ids.map((id) => {
                const person = byId.get(id);
                const name = person?.email ?? id;
                return (
                  <li key={id}>
                    <span className="break">
                      {person ? <Email address={person.email} /> : id}
                      {id === me.data.userId ? ' (you)' : ''}
                    </span>
                    {!person || !person.active ? <span className="small muted"> no longer an active admin</span> : null}
                    <Button type="button" variant="link" aria-label={`Remove ${name}`} onClick={() => setDraft({ ...current, ids: current.ids.filter((x) => x !== id) })}>
                      Remove
                    </Button>
                  </li>
                );
              })}
            </ul>
          )}
          <div className="row">
            <Field label="Add an admin by email">
              {(id) => (
                <input
                  id={id}
                  list="break-glass-choices"
                  value={pick}
                  autoComplete="off"
                  spellCheck={false}
                  placeholder={choices.length ? choices[0].email : 'all admins are listed'}
                  onChange={(e) => setPick(e.target.value)}
                  // Enter adds the address typed, rather than saving the settings half-chosen.
                  onKeyDown={(e) => {
                    if (e.key !== 'Enter') return;
                    e.preventDefault();
                    add();
                  }}
                />
              )}
            </Field>
            <datalist id="break-glass-choices">
              {choices.map((a) => (
                <option key={a.user_id} value={a.email}>
                  {a.user_id === me.data.userId ? 'you' : (a.name ?? '')}
                </option>
              ))}
            </datalist>
            <Button type="button" onClick={add}>
              Add
            </Button>
          </div>
          {notAdmin ? (
            <p role="alert" className="error">
              {notAdmin}
            </p>
          ) : null}
        </fieldset>
        {current.require && !current.ids.includes(me.data.userId) ? (
          <p className="hint">You are not a break-glass admin: once saved, you too sign in with single sign-on.</p>
        ) : null}
        <ErrorNote error={saving.error} />
        {saving.isSuccess && !draft ? (
          <p role="status" className="ok">
            Saved.
          </p>
        ) : null}
        <Button type="submit" variant="primary" busy={saving.isPending}>
          Save sign-in settings
        </Button>
      </form>
    </section>
  );
}

export function IdentityProviders({ organizationId }: { organizationId: string }) {
  return (
    <>
      <Providers organizationId={organizationId} />
      <GroupRules organizationId={organizationId} />
      <RequireSso organizationId={organizationId} />
    </>
  );
}
