// The organization's audit trail: every recorded change, newest first, filtered by action, actor,
// target and time; "Load more" follows the API's cursor, and the export downloads the same records
// (all of them, with the filters applied) as NDJSON. The Action and Actor fields offer the actions
// the server declares and the organization's people, and still take anything typed.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent, type ReactNode } from 'react';
import { auditActions, auditExportUrl, auditPage, orgMembers, type AuditFilters, type AuditRecord } from '../../api/index.ts';
import { Button, Email, Empty, ErrorNote, Field, Loading, when } from '../../ui.tsx';

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
  const actor = d.actor.trim();
  if (d.action.trim()) f.action = d.action.trim();
  // A person's email finds their changes and their API keys'; anything else is an actor's id.
  if (actor.includes('@')) f.actor_email = actor;
  else if (actor) f.actor_id = actor;
  if (d.target.trim()) f.target_id = d.target.trim();
  const from = toIso(d.from);
  const to = toIso(d.to);
  if (from) f.from = from;
  // The minute picked is included whole.
  if (to) f.to = new Date(Date.parse(to) + 59_999).toISOString();
  return f;
}

const same = (a: Draft, b: Draft) => (Object.keys(EMPTY) as Array<keyof Draft>).every((k) => a[k].trim() === b[k].trim());

/** The filters applied, as a person reads them ("action invite.create · actor ana@…"). */
function summary(d: Draft): string {
  const parts: string[] = [];
  if (d.action.trim()) parts.push(`action ${d.action.trim()}`);
  if (d.actor.trim()) parts.push(`actor ${d.actor.trim()}`);
  if (d.target.trim()) parts.push(`target ${d.target.trim()}`);
  if (d.from) parts.push(`from ${when(new Date(d.from).toISOString())}`);
  if (d.to) parts.push(`to ${when(new Date(d.to).toISOString())}`);
  return parts.join(' · ');
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

/** An id in a row that filters the trail by itself; long ids wrap (a Button never does), from the left like the cell's text. */
function FilterLink({ onClick, label, children }: { onClick: () => void; label: string; children: ReactNode }) {
  return (
    <button type="button" className="btn-link break filter-link" onClick={onClick} aria-label={label} title={label}>
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
  // Suggestions only: while they load, or if they fail, the fields still take what is typed.
  const actions = useQuery({ queryKey: ['audit-actions', organizationId], queryFn: () => auditActions(organizationId), staleTime: Infinity });
  const people = useQuery({ queryKey: ['org-members', organizationId], queryFn: () => orgMembers(organizationId) });
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
  const pending = !same(draft, applied);
  const moreFailed = pages.isFetchNextPageError ? pages.error : null;

  return (
    <section aria-labelledby="audit-h">
      <h2 id="audit-h">Audit trail</h2>
      <p className="hint">
        Every change to projects, invites, members, API keys, sign-in and SCIM settings, organization keys, connections, tools, agents, triggers, schedules and event
        subscriptions: who made it (a person, an API key, a SCIM token or Hangar), from which address, with the request id of the answer. Records are never changed or
        removed. A person's email as the actor finds their changes and those of their API keys.
      </p>
      <form className="row" onSubmit={apply} aria-label="Filter the audit trail">
        <Field label="Action">
          {(id) => <input id={id} list="audit-actions" maxLength={200} placeholder="member.update" value={draft.action} onChange={set('action')} spellCheck={false} />}
        </Field>
        <datalist id="audit-actions">
          {(actions.data ?? []).map((a) => (
            <option key={a} value={a} />
          ))}
        </datalist>
        <Field label="Actor">
          {(id) => <input id={id} list="audit-actors" maxLength={200} placeholder="email or id" value={draft.actor} onChange={set('actor')} spellCheck={false} />}
        </Field>
        <datalist id="audit-actors">
          {(people.data ?? []).map((p) => (
            <option key={p.user_id} value={p.email}>
              {[p.name, p.org_role === 'admin' ? 'organization admin' : null, p.active ? null : 'deactivated'].filter(Boolean).join(' · ')}
            </option>
          ))}
          <option value="system">Hangar itself</option>
        </datalist>
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
      <div className="actions left export">
        <a className="btn btn-secondary may-wrap" href={auditExportUrl(organizationId, filters)} download>
          {filtered ? 'Export NDJSON — with the filters above' : 'Export NDJSON — everything'}
        </a>
        <span className="hint">
          {pending
            ? 'The list and the export keep the filters last applied: press Filter to apply your changes.'
            : filtered
              ? `The records matching ${summary(applied)}, one JSON object per line.`
              : 'Every record of the organization, one JSON object per line.'}
        </span>
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
                <th scope="col" className="hide-narrow">
                  When
                </th>
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
                  <td className="hide-narrow">
                    <time className="nowrap-words" dateTime={r.time}>
                      {when(r.time)}
                    </time>
                  </td>
                  <td>
                    <FilterLink onClick={() => only({ actor: r.actor.id })} label={`Show only changes by ${r.actor.email ?? r.actor.id}`}>
                      {r.actor.email ? <Email address={r.actor.email} /> : r.actor.id}
                    </FilterLink>
                    <div className="small muted">{ACTOR_KINDS[r.actor.type]}</div>
                    {/* A phone has no room for a When column: the time goes under who. */}
                    <time className="show-narrow small muted nowrap-words" dateTime={r.time}>
                      {when(r.time)}
                    </time>
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
