// The organization's audit trail: every governance change, newest first, filtered by action, actor,
// target and time; "Load more" follows the API's cursor, and the export downloads the same records
// (all of them, with the same filters) as NDJSON.
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { auditExportUrl, auditPage, type AuditFilters, type AuditRecord } from '../../api/index.ts';
import { Button, Email, Empty, ErrorNote, Field, Loading, when } from '../../ui.tsx';

/** Actions Hangar records, offered as suggestions (the field takes any action). */
const KNOWN_ACTIONS = [
  'project.create',
  'invite.create',
  'invite.delete',
  'invite.accept',
  'member.update',
  'member.remove',
  'member.group_grant',
  'member.group_revoke',
  'api_key.create',
  'api_key.revoke',
  'grant.approve',
  'grant.revoke',
  'session.create',
  'user.provision',
  'user.deactivate',
  'user.reactivate',
  'sso_provider.create',
  'sso_provider.update',
  'sso_provider.delete',
  'sso_group_rule.create',
  'sso_group_rule.delete',
  'sso_settings.update',
  'sso_identity.link',
  'scim_token.create',
  'scim_token.delete',
  'scim_user.create',
  'scim_user.update',
  'scim_user.deactivate',
  'scim_user.reactivate',
  'scim_user.delete',
  'org_connection.create',
  'org_connection.update',
  'org_connection.rotate',
  'org_connection.delete',
  'scim_group.create',
  'scim_group.update',
  'scim_group.delete',
  'connection.create',
  'connection.remove',
];

interface Draft {
  action: string;
  actor: string;
  target: string;
  from: string;
  to: string;
}
const EMPTY: Draft = { action: '', actor: '', target: '', from: '', to: '' };

/** A datetime-local value (the browser's own zone) as the RFC 3339 time the API takes. */
const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

function filtersOf(d: Draft): AuditFilters {
  const f: AuditFilters = {};
  if (d.action.trim()) f.action = d.action.trim();
  if (d.actor.trim()) f.actor_id = d.actor.trim();
  if (d.target.trim()) f.target_id = d.target.trim();
  const from = toIso(d.from);
  const to = toIso(d.to);
  if (from) f.from = from;
  // The minute picked is included whole.
  if (to) f.to = new Date(Date.parse(to) + 59_999).toISOString();
  return f;
}

const ACTOR_KINDS: Record<AuditRecord['actor']['type'], string> = { user: 'person', key: 'API key', scim_token: 'SCIM token', system: 'Hangar' };

const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A record's details as "key: value" pairs; emails among them wrap between their parts only. */
function describe(details: unknown): ReactNode {
  if (!details || typeof details !== 'object') return '';
  return Object.entries(details as Record<string, unknown>)
    .filter(([, v]) => v !== null && v !== undefined)
    .map(([k, v], i) => (
      <span key={k}>
        {i > 0 ? ' · ' : ''}
        {k}: {typeof v === 'string' && LOOKS_LIKE_EMAIL.test(v) ? <Email address={v} /> : typeof v === 'string' ? v : JSON.stringify(v)}
      </span>
    ));
}

/** An id in a row that filters the trail by itself; long ids wrap (a Button never does). */
function FilterLink({ onClick, label, children }: { onClick: () => void; label: string; children: ReactNode }) {
  return (
    <button type="button" className="btn-link break" onClick={onClick} aria-label={label} title={label}>
      {children}
    </button>
  );
}

export function Audit({ organizationId }: { organizationId: string }) {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [applied, setApplied] = useState<Draft>(EMPTY);
  const filters = filtersOf(applied);
  const pages = useInfiniteQuery({
    queryKey: ['audit', organizationId, filters],
    queryFn: ({ pageParam }) => auditPage(organizationId, filters, pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
  });
  const set = (name: keyof Draft) => (e: { target: { value: string } }) => setDraft({ ...draft, [name]: e.target.value });
  const apply = (e: FormEvent) => {
    e.preventDefault();
    setApplied(draft);
  };
  const only = (change: Partial<Draft>) => {
    const next = { ...applied, ...change };
    setDraft(next);
    setApplied(next);
  };
  const records = pages.data?.pages.flatMap((p) => p.results) ?? [];
  const filtered = Object.keys(filters).length > 0;
  const moreFailed = pages.isFetchNextPageError ? pages.error : null;

  return (
    <section aria-labelledby="audit-h">
      <h2 id="audit-h">Audit trail</h2>
      <p className="hint">
        Every change to projects, invites, members, API keys, sign-in and SCIM settings, organization keys and connections: who made it (a person, an API key, a SCIM token or Hangar),
        from which address, with the request id of the answer. Records are never changed or removed.
      </p>
      <form className="row" onSubmit={apply} aria-label="Filter the audit trail">
        <Field label="Action">
          {(id) => <input id={id} list="audit-actions" maxLength={200} placeholder="member.update" value={draft.action} onChange={set('action')} spellCheck={false} />}
        </Field>
        <datalist id="audit-actions">
          {KNOWN_ACTIONS.map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        <Field label="Actor id">{(id) => <input id={id} maxLength={200} value={draft.actor} onChange={set('actor')} spellCheck={false} />}</Field>
        <Field label="Target id">{(id) => <input id={id} maxLength={200} value={draft.target} onChange={set('target')} spellCheck={false} />}</Field>
        <Field label="From">{(id) => <input id={id} type="datetime-local" value={draft.from} onChange={set('from')} />}</Field>
        <Field label="To">{(id) => <input id={id} type="datetime-local" value={draft.to} onChange={set('to')} />}</Field>
        <Button type="submit" variant="primary">
          Filter
        </Button>
        {filtered ? (
          <Button type="button" onClick={() => only(EMPTY)}>
            Clear filters
          </Button>
        ) : null}
      </form>
      <div className="actions left">
        <a className="btn btn-secondary" href={auditExportUrl(organizationId, filters)} download>
          Export NDJSON
        </a>
        <span className="hint">{filtered ? 'Every record matching these filters.' : 'Every record.'} One JSON object per line.</span>
      </div>

      {pages.isPending ? (
        <Loading what="the audit trail" />
      ) : pages.isError ? (
        <ErrorNote error={pages.error} />
      ) : records.length === 0 ? (
        <Empty title={filtered ? 'No record matches these filters.' : 'Nothing has been recorded yet.'} />
      ) : (
        <>
          <table aria-label="Audit records">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">What</th>
                <th scope="col" className="hide-narrow">
                  From
                </th>
              </tr>
            </thead>
            <tbody>
              {records.map((r) => (
                <tr key={r.audit_id}>
                  <td>
                    <time className="nowrap-words" dateTime={r.time}>
                      {when(r.time)}
                    </time>
                  </td>
                  <td>
                    <FilterLink onClick={() => only({ actor: r.actor.id })} label={`Show only changes by ${r.actor.email ?? r.actor.id}`}>
                      {r.actor.email ? <Email address={r.actor.email} /> : r.actor.id}
                    </FilterLink>
                    <div className="small muted">{ACTOR_KINDS[r.actor.type]}</div>
                  </td>
                  <td>
                    <strong className="mono">{r.action}</strong>{' '}
                    <FilterLink onClick={() => only({ target: r.target.id })} label={`Show only changes to ${r.target.type} ${r.target.id}`}>
                      {r.target.type} {r.target.id.includes('@') ? <Email address={r.target.id} /> : r.target.id}
                    </FilterLink>
                    {r.details !== undefined ? <div className="small muted">{describe(r.details)}</div> : null}
                  </td>
                  <td className="hide-narrow small">
                    {r.source_address ?? '—'}
                    <div className="muted mono" title="Request id">
                      {r.request_id}
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {pages.hasNextPage ? (
            <div className="actions left">
              <Button onClick={() => void pages.fetchNextPage()} busy={pages.isFetchingNextPage}>
                Load more
              </Button>
            </div>
          ) : null}
          <ErrorNote error={moreFailed} />
        </>
      )}
    </section>
  );
}
