// The agent's Triggers tab: add a code-host trigger (the repository field suggests the connection's
// repositories), and each trigger with its webhook, its counters explained, pause/resume, "Send a
// test event", delete, and its activations.
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import * as api from '../api/index.ts';
import { useHref, useSession } from '../session.tsx';
import { Link } from '../router.tsx';
import { Button, Confirm, Empty, ErrorNote, Field, Loading, useAction } from '../ui.tsx';
import { TaskTable, useTriggerTypes } from './AgentPage.tsx';

// Browsers compile a `pattern` with the `v` flag, under which `/` inside a character class must be
// escaped: unescaped, the pattern is invalid, logged, and no format is checked at all.
export const REPOSITORY_PATTERN = String.raw`[^\/\s]+\/[^\/\s]+`;
export const LOGIN_PATTERN = String.raw`[^\/\s]+`;

/** Consecutive types of one category, in the order the server lists them. */
function byCategory(types: api.TriggerType[]): Array<{ category: string; types: api.TriggerType[] }> {
  const groups: Array<{ category: string; types: api.TriggerType[] }> = [];
  for (const t of types) {
    if (groups.at(-1)?.category === t.category) groups.at(-1)!.types.push(t);
    else groups.push({ category: t.category, types: [t] });
  }
  return groups;
}

/** The repositories a code-host connection can see, offered as the field's suggestions (a datalist). */
function RepositoryField({ connectionId, value, onChange }: { connectionId: string; value: string; onChange: (v: string) => void }) {
  const { projectId } = useSession();
  const listId = useId();
  const repositories = useQuery({ queryKey: ['repositories', projectId, connectionId], queryFn: () => api.repositories(connectionId), enabled: !!connectionId, staleTime: 60_000, retry: false });
  const hint = repositories.isError
    ? `No suggestions: ${repositories.error.message}`
    : repositories.data
      ? `Suggests the ${repositories.data.length} repositories this connection can see (the webhook needs admin access).`
      : undefined;
  return (
    <Field label="Repository (owner/name)" hint={hint}>
      {(id) => (
        <>
          <input id={id} required value={value} pattern={REPOSITORY_PATTERN} list={listId} autoComplete="off" spellCheck={false} onChange={(e) => onChange(e.target.value)} placeholder="octo-org/website" />
          <datalist id={listId}>
            {(repositories.data ?? []).map((r) => (
              <option key={r.full_name} value={r.full_name}>
                {r.admin ? '' : 'no admin access'}
              </option>
            ))}
          </datalist>
        </>
      )}
    </Field>
  );
}

/** What each figure on a trigger means, beside them (folded: a glance needs only the figures). */
const MEANINGS: Record<'hook' | 'poll', Array<[string, string]>> = {
  hook: [
    ['Health', '“ok”; “repaired at …” for a day after Hangar re-created, re-enabled or corrected the webhook; “failing: …” while it cannot (access revoked, connection removed).'],
    ['Received', 'Deliveries stored; each fires the matching triggers once.'],
    ['Duplicates', 'Deliveries sent again (same delivery id): nothing fires twice.'],
    ['Rejected signatures', 'Requests refused for a missing or wrong signature, so not from the code host: nothing stored.'],
    ['Recovered', 'Missed deliveries Hangar asked the code host to send again.'],
    ['Oldest waiting', 'How long the oldest stored delivery has waited to become a task.'],
  ],
  poll: [['Health', '“failing since …” while the code host refuses to list the gists (a revoked token); checks go on.']],
};

function Explained({ polled }: { polled: boolean }) {
  return (
    <details className="explained">
      <summary>What these mean</summary>
      <dl>
        {MEANINGS[polled ? 'poll' : 'hook'].flatMap(([term, meaning]) => [<dt key={term}>{term}</dt>, <dd key={`${term}:`}>{meaning}</dd>])}
      </dl>
    </details>
  );
}

export function Triggers({ agent }: { agent: api.Agent }) {
  const { projectId, canEdit } = useSession();
  const href = useHref();
  const client = useQueryClient();
  const triggers = useQuery({ queryKey: ['triggers', projectId, agent.agentId], queryFn: () => api.triggers(agent.agentId) });
  const types = useTriggerTypes();
  const connections = useQuery({ queryKey: ['connections', projectId], queryFn: api.connections });
  const codehost = (connections.data ?? []).filter((c) => c.provider === 'codehost');
  const [type, setType] = useState('codehost.new_issue');
  const [connection, setConnection] = useState('');
  const [target, setTarget] = useState('');
  const { busy, error, run } = useAction();
  const [deleting, setDeleting] = useState<api.Trigger | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const [testing, setTesting] = useState<string | null>(null);
  const [tested, setTested] = useState<{ triggerId: string; conversationId: string } | null>(null);
  const [listError, setListError] = useState<unknown>(null);
  const chosen = types.data?.find((x) => x.type === type);
  const refresh = () => client.invalidateQueries({ queryKey: ['triggers', projectId, agent.agentId] });
  useEffect(() => {
    if (!connection && codehost.length) setConnection(codehost[0].connectionId);
  }, [codehost.length]);

  const add = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!chosen) return;
    await run(async () => {
      const config: Record<string, string> = chosen.scope === 'repository' ? { repository: target.trim() } : chosen.scope === 'organization' ? { organization: target.trim() } : {};
      await api.createTrigger(agent.agentId, type, connection, config);
      setTarget('');
      await refresh();
    });
  };
  /** Pause/resume and Send a test event: one call, its failure shown above the list. */
  const act = async (t: api.Trigger, busyWith: (id: string | null) => void, call: () => Promise<void>) => {
    busyWith(t.trigger_id);
    setListError(null);
    try {
      await call();
    } catch (err) {
      setListError(err);
    } finally {
      busyWith(null);
    }
  };
  const toggle = (t: api.Trigger) =>
    act(t, setToggling, async () => {
      await api.setTriggerStatus(agent.agentId, t.trigger_id, t.status === 'paused' ? 'active' : 'paused');
      await refresh();
    });
  const sendTest = (t: api.Trigger) =>
    act(t, setTesting, async () => {
      setTested(null);
      const { conversation_id } = await api.testTrigger(agent.agentId, t.trigger_id);
      setTested({ triggerId: t.trigger_id, conversationId: conversation_id });
      setOpen(t.trigger_id);
      await client.invalidateQueries({ queryKey: ['tasks', projectId, agent.agentId] });
    });
  return (
    <section aria-label="Triggers">
      <p className="hint">Code-host triggers wake this agent the moment something happens. Hangar registers the webhook at the code host itself: no manual setup.</p>
      {canEdit ? (
        types.isPending ? (
          <Loading what="trigger types" />
        ) : types.isError ? (
          <ErrorNote error={types.error} />
        ) : (
          <form className="card" onSubmit={add} aria-labelledby="add-trigger-h">
            <h2 id="add-trigger-h">Add a trigger</h2>
            <div className="grid2">
              <Field label="Trigger type" hint={chosen ? `Fires when: ${chosen.fires_when}` : undefined}>
                {(id) => (
                  <select id={id} value={type} onChange={(e) => setType(e.target.value)}>
                    {byCategory(types.data).map((c) => (
                      <optgroup key={c.category} label={c.category}>
                        {c.types.map((t) => (
                          <option key={t.type} value={t.type}>
                            {t.name}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Code-host connection" hint={codehost.length ? undefined : 'No code-host account is connected: sign in to it in Integrations & API Keys first.'}>
                {(id) => (
                  <select id={id} required value={connection} onChange={(e) => setConnection(e.target.value)}>
                    <option value="">Choose a connection</option>
                    {codehost.map((c) => (
                      <option key={c.connectionId} value={c.connectionId}>
                        {api.connectionName(c)}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
            </div>
            {chosen?.scope === 'account' ? (
              <p className="muted">Watches the connected account's own gists.</p>
            ) : chosen?.scope === 'organization' ? (
              <Field label="Organization (login)">
                {(id) => <input id={id} required value={target} pattern={LOGIN_PATTERN} onChange={(e) => setTarget(e.target.value)} placeholder="octo-org" />}
              </Field>
            ) : (
              <RepositoryField connectionId={connection} value={target} onChange={setTarget} />
            )}
            <ErrorNote error={error} />
            <Button type="submit" variant="primary" busy={busy}>
              Add trigger
            </Button>
          </form>
        )
      ) : null}
      <h2>Triggers of this agent</h2>
      <ErrorNote error={listError} />
      {triggers.isPending ? (
        <Loading what="triggers" />
      ) : triggers.isError ? (
        <ErrorNote error={triggers.error} />
      ) : triggers.data.length === 0 ? (
        <Empty title="No triggers yet.">{canEdit ? 'Add one above to wake this agent on code-host events.' : 'An editor of this project can add one.'}</Empty>
      ) : (
        <ul className="trigger-list">
          {triggers.data.map((t) => {
            const info = types.data?.find((x) => x.type === t.type);
            const where = t.config.repository ?? t.config.organization ?? 'the connected account';
            const name = `${info?.name ?? t.type} on ${where}`;
            const stats = t.hook_stats;
            return (
              <li key={t.trigger_id} className="card" aria-label={name}>
                <div className="step-head">
                  <h3>
                    {info?.name ?? t.type} <span className="muted">· {where}</span> <span className={`badge ${t.status === 'active' ? 'ok' : ''}`}>{t.status}</span>
                  </h3>
                  {canEdit ? (
                    <div className="actions left">
                      <Button busy={testing === t.trigger_id} onClick={() => sendTest(t)}>
                        Send a test event
                      </Button>
                      <Button busy={toggling === t.trigger_id} onClick={() => toggle(t)}>
                        {t.status === 'paused' ? 'Resume' : 'Pause'}
                      </Button>
                      <Button variant="danger" onClick={() => setDeleting(t)}>
                        Delete
                      </Button>
                    </div>
                  ) : null}
                </div>
                <p className="muted small">Fires when: {info?.fires_when}</p>
                {tested?.triggerId === t.trigger_id ? (
                  <p role="status" className="small ok">
                    Test event sent: a sample {info?.name ?? t.type} event started a task, marked as a test.{' '}
                    <Link to={`${href(`/agents/${encodeURIComponent(agent.agentId)}`)}?task=${encodeURIComponent(tested.conversationId)}`}>Open the test task</Link>
                  </p>
                ) : null}
                <p className="small">
                  Webhook:{' '}
                  {t.hook_id ? (
                    <>
                      registered (hook <code>{t.hook_id.slice(0, 8)}</code>), subscribed to {t.events.join(', ')}
                      {t.hook_health ? <> · health: <strong className={t.hook_health.startsWith('failing') ? 'failing' : undefined}>{t.hook_health}</strong></> : null}
                    </>
                  ) : t.events.length === 0 ? (
                    <>
                      none — checked periodically
                      {t.poll_health ? <> · health: <strong className={t.poll_health.startsWith('failing') ? 'failing' : undefined}>{t.poll_health}</strong></> : null}
                    </>
                  ) : (
                    'not registered'
                  )}
                </p>
                {stats ? (
                  <dl className="counters">
                    {(
                      [
                        ['Received', stats.received],
                        ['Duplicates', stats.duplicate],
                        ['Rejected signatures', stats.rejected_signature],
                        ['Recovered', stats.recovered],
                        ...(stats.backlog_age_seconds > 0 ? [['Oldest waiting', `${stats.backlog_age_seconds} s`]] : []),
                      ] as Array<[string, number | string]>
                    ).map(([term, value]) => (
                      <div key={term}>
                        <dt>{term}</dt>
                        <dd>{value}</dd>
                      </div>
                    ))}
                  </dl>
                ) : null}
                {t.hook_id || t.events.length === 0 ? <Explained polled={!t.hook_id} /> : null}
                <Button variant="link" aria-expanded={open === t.trigger_id} onClick={() => setOpen(open === t.trigger_id ? null : t.trigger_id)}>
                  {open === t.trigger_id ? 'Hide activations' : 'Show activations'}
                </Button>
                {open === t.trigger_id ? <TaskTable agentId={agent.agentId} triggerId={t.trigger_id} /> : null}
              </li>
            );
          })}
        </ul>
      )}
      <Confirm
        title="Delete trigger"
        open={!!deleting}
        onClose={() => setDeleting(null)}
        confirmLabel="Delete trigger"
        action={async () => {
          await api.deleteTrigger(agent.agentId, deleting!.trigger_id);
          await refresh();
        }}
      >
        <p>The trigger stops firing; its webhook at the code host is removed when no other trigger uses it. Past activations stay in the task list.</p>
      </Confirm>
    </section>
  );
}
