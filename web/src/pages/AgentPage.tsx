import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import * as api from '../api/index.ts';
import { Link, navigate, useLocation } from '../router.tsx';
import { useHref, useSession } from '../session.tsx';
import { SchemaForm, type Values } from '../schema-form.tsx';
import { Schedules } from './AgentSchedules.tsx';
import { Button, Confirm, Empty, ErrorNote, Field, Json, Loading, parseJsonText, useAction, when } from '../ui.tsx';

// The Triggers tab, fetched when opened (its own chunk: src/dashboard/build.ts).
const Triggers = lazy(() => import('./AgentTriggers.tsx').then((m) => ({ default: m.Triggers })));

/** The trigger catalogue as the server lists it (names, categories, "fires when" lines, scopes). */
export function useTriggerTypes() {
  const { projectId } = useSession();
  return useQuery({ queryKey: ['trigger-types', projectId], queryFn: api.triggerTypes, staleTime: Infinity });
}

const TABS = [
  { tab: 'chat', label: 'Chat' },
  { tab: 'tasks', label: 'Tasks' },
  { tab: 'triggers', label: 'Triggers' },
  { tab: 'schedules', label: 'Schedules' },
  { tab: 'settings', label: 'Settings' },
];

export function AgentPage({ agentId, tab }: { agentId: string; tab: string }) {
  const { projectId } = useSession();
  const href = useHref();
  const isNew = agentId === 'new';
  const agent = useQuery({ queryKey: ['agent', projectId, agentId], queryFn: () => api.agent(agentId), enabled: !isNew });
  if (isNew) return <Settings />;
  if (agent.isPending) return <Loading what="the agent" />;
  if (agent.isError) return <ErrorNote error={agent.error} />;
  const base = href(`/agents/${encodeURIComponent(agentId)}`);
  return (
    <>
      <div className="page-head">
        <h1>{agent.data.name}</h1>
      </div>
      <nav className="subtabs" aria-label="Agent">
        {TABS.map((t) => (
          <Link key={t.tab} to={t.tab === 'chat' ? base : `${base}/${t.tab}`} aria-current={tab === t.tab ? 'page' : undefined}>
            {t.label}
          </Link>
        ))}
      </nav>
      {tab === 'chat' ? <Chat agent={agent.data} /> : tab === 'tasks' ? <Tasks agent={agent.data} /> : tab === 'triggers' ? (
        <Suspense fallback={<Loading what="triggers" />}>
          <Triggers agent={agent.data} />
        </Suspense>
      ) : tab === 'schedules' ? <Schedules agent={agent.data} /> : <Settings agent={agent.data} />}
    </>
  );
}

function Settings({ agent }: { agent?: api.Agent }) {
  const { projectId, canEdit, me } = useSession();
  const href = useHref();
  const client = useQueryClient();
  const tools = useQuery({ queryKey: ['tools', projectId], queryFn: api.tools });
  const catalogue = useQuery({ queryKey: ['providers', projectId], queryFn: api.providers, staleTime: 60_000 });
  const connections = useQuery({ queryKey: ['connections', projectId], queryFn: api.connections });
  const [name, setName] = useState(agent?.name ?? '');
  const [prompt, setPrompt] = useState(agent?.systemPrompt ?? '');
  const [model, setModel] = useState(agent?.model ?? '');
  const [baseUrl, setBaseUrl] = useState(agent?.modelBaseUrl ?? '');
  const [modelKey, setModelKey] = useState('');
  const [actions, setActions] = useState<api.Action[]>(agent?.actions ?? []);
  const [newStep, setNewStep] = useState('');
  const [newConnection, setNewConnection] = useState('');
  const [newInputs, setNewInputs] = useState<Values>({});
  const { busy, error, run } = useAction();
  const [saved, setSaved] = useState(false);
  const steps = (catalogue.data ?? []).flatMap((p) => p.steps);
  const chosenStep = steps.find((s) => s.step === newStep);
  const stepName = (step: string) => steps.find((s) => s.step === step)?.name ?? step;
  const deployment = me.defaultModel;
  // As the loop decides (src/agents/loop.ts modelOf): a model and an endpoint, each the agent's or the deployment's.
  const withModel = Boolean((model.trim() || deployment.model) && (baseUrl.trim() || deployment.hasBaseUrl));

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setSaved(false);
    await run(async () => {
      const id = await api.saveAgent({
        ...(agent ? { agent_id: agent.agentId } : {}),
        name,
        system_prompt: prompt,
        // Emptied, a field goes back to the deployment's (null), not left as it was.
        model: model.trim() || null,
        model_base_url: baseUrl.trim() || null,
        ...(modelKey ? { model_api_key: modelKey } : {}),
        actions: actions as NonNullable<api.AgentInput['actions']>,
      });
      setModelKey('');
      await client.invalidateQueries({ queryKey: ['agents', projectId] });
      await client.invalidateQueries({ queryKey: ['agent', projectId, id] });
      setSaved(true);
      if (!agent) navigate(href(`/agents/${encodeURIComponent(id)}`), { replace: true });
    });
  };
  const toolChosen = (id: string) => actions.some((a) => 'studio_id' in a && a.studio_id === id);
  return (
    <form onSubmit={save} aria-label="Agent settings">
      {agent ? null : <h1>New agent</h1>}
      <fieldset disabled={!canEdit} className="plain">
        <Field label="Name">{(id) => <input id={id} required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
        <Field label="System prompt">{(id) => <textarea id={id} rows={6} value={prompt} onChange={(e) => setPrompt(e.target.value)} />}</Field>
        {withModel ? null : (
          <div className="notice" role="note" aria-label="No model">
            <p>
              <strong>No model: the actions run in order.</strong> {missingModel(Boolean(model.trim() || deployment.model), Boolean(baseUrl.trim() || deployment.hasBaseUrl))} On each message the actions below
              run one after the other and nothing chooses their inputs: each provider step runs with the inputs set here, and MCP tools, which need a model, fail.
            </p>
          </div>
        )}
        <div className="grid2">
          <Field
            label="Model"
            hint={
              <>
                Empty: the deployment's default, {deployment.model ? <strong className="mono">{deployment.model}</strong> : <strong>none</strong>}.
              </>
            }
          >
            {(id) => <input id={id} value={model} onChange={(e) => setModel(e.target.value)} />}
          </Field>
          <Field label="Model endpoint (OpenAI-compatible)" hint={deployment.hasBaseUrl ? "Empty: the deployment's endpoint." : 'Empty: the deployment has none.'}>
            {(id) => <input id={id} value={baseUrl} onChange={(e) => setBaseUrl(e.target.value)} placeholder="https://…/v1" />}
          </Field>
        </div>
        <Field label="Model API key" hint={agent?.hasModelKey ? 'A key is stored (never shown). Type a new one to replace it.' : 'Stored encrypted, never shown again.'}>
          {(id) => <input id={id} type="password" autoComplete="off" value={modelKey} onChange={(e) => setModelKey(e.target.value)} />}
        </Field>
        <h2>Actions</h2>
        <p className="hint">What the agent may do: tools of this project, and provider steps run with a chosen connection.</p>
        <fieldset>
          <legend>Tools</legend>
          {tools.isPending ? (
            <Loading what="tools" />
          ) : (tools.data ?? []).length === 0 ? (
            <p className="muted">No tools in this project yet.</p>
          ) : (
            (tools.data ?? []).map((t) => (
              <label key={t.studioId} className="check">
                <input
                  type="checkbox"
                  checked={toolChosen(t.studioId)}
                  onChange={(e) => setActions(e.target.checked ? [...actions, { studio_id: t.studioId }] : actions.filter((a) => !('studio_id' in a && a.studio_id === t.studioId)))}
                />
                {t.title}
              </label>
            ))
          )}
        </fieldset>
        <fieldset>
          <legend>Provider steps</legend>
          <p className="hint">
            {withModel ? 'The model chooses the inputs; the ones set here are used where it gives none.' : 'Nothing chooses the inputs: the step runs with exactly these.'} Text may use{' '}
            <code>{'{{params.message}}'}</code>, the message the agent got.
          </p>
          <ul className="plain-list">
            {actions.map((a, i) =>
              'step' in a ? (
                <li key={i} className="step-action">
                  {stepName(a.step)} <span className="muted">with {connections.data?.find((c) => c.connectionId === a.connection_id)?.account ?? a.connection_id}</span>{' '}
                  {canEdit ? (
                    <Button variant="link" onClick={() => setActions(actions.filter((_, j) => j !== i))} aria-label={`Remove action ${a.step}`}>
                      Remove
                    </Button>
                  ) : null}
                  <StepInputs
                    label={`Inputs of ${stepName(a.step)}`}
                    step={steps.find((s) => s.step === a.step)}
                    values={a.inputs ?? {}}
                    readOnly={!canEdit}
                    onChange={(inputs) => setActions(actions.map((x, j) => (j === i ? { ...x, inputs } : x)))}
                  />
                </li>
              ) : null,
            )}
          </ul>
          {canEdit ? (
            <div className="row">
              <Field label="Step">
                {(id) => (
                  <select
                    id={id}
                    value={newStep}
                    onChange={(e) => {
                      setNewStep(e.target.value);
                      setNewInputs({});
                    }}
                  >
                    <option value="">Choose a step</option>
                    {(catalogue.data ?? []).filter((p) => !api.isRemote(p)).map((p) => (
                      <optgroup key={p.provider} label={p.name}>
                        {p.steps.map((s) => (
                          <option key={s.step} value={s.step}>
                            {s.name}
                          </option>
                        ))}
                      </optgroup>
                    ))}
                  </select>
                )}
              </Field>
              <Field label="Connection">
                {(id) => (
                  <select id={id} value={newConnection} onChange={(e) => setNewConnection(e.target.value)}>
                    <option value="">Choose a connection</option>
                    {(connections.data ?? [])
                      .filter((c) => c.provider === chosenStep?.provider)
                      .map((c) => (
                        <option key={c.connectionId} value={c.connectionId}>
                          {api.connectionName(c)}
                        </option>
                      ))}
                  </select>
                )}
              </Field>
            </div>
          ) : null}
          {canEdit && chosenStep ? <StepInputs label={`Inputs of ${chosenStep.name}`} step={chosenStep} values={newInputs} onChange={setNewInputs} /> : null}
          {canEdit ? (
            <Button
              disabled={!newStep || !newConnection}
              onClick={() => {
                setActions([...actions, { step: newStep, connection_id: newConnection, ...(Object.keys(newInputs).length ? { inputs: newInputs } : {}) }]);
                setNewStep('');
                setNewConnection('');
                setNewInputs({});
              }}
            >
              Add step action
            </Button>
          ) : null}
        </fieldset>
        <McpActions actions={actions} setActions={setActions} connections={(connections.data ?? []).filter((c) => c.provider === 'mcp')} />
        {actions.length ? (
          <fieldset>
            <legend>Approvals</legend>
            <p className="hint">Whether a person approves each action before it runs (on the Approvals page, or the task).</p>
            {actions.map((a, i) => {
              const name =
                'studio_id' in a
                  ? (tools.data?.find((t) => t.studioId === a.studio_id)?.title ?? a.studio_id)
                  : 'step' in a
                    ? (steps.find((s) => s.step === a.step)?.name ?? a.step)
                    : 'agent_id' in a
                      ? (a.title ?? 'Sub-agent')
                      : `MCP server ${connections.data?.find((c) => c.connectionId === a.mcp.connection_id)?.label ?? ''}`.trim();
              return (
                <Field key={i} label={`Approval for ${name}`}>
                  {(id) => (
                    <select id={id} value={a.action_behaviour ?? 'never-ask'} onChange={(e) => setActions(actions.map((x, j) => (j === i ? { ...x, action_behaviour: e.target.value as api.ActionBehaviour } : x)))}>
                      {api.ACTION_BEHAVIOURS.map((b) => (
                        <option key={b.value} value={b.value}>
                          {b.label}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              );
            })}
          </fieldset>
        ) : null}
      </fieldset>
      <ErrorNote error={error} />
      {saved ? (
        <p role="status" className="ok">
          Saved.
        </p>
      ) : null}
      {canEdit ? (
        <div className="actions left">
          <Button type="submit" variant="primary" busy={busy}>
            {agent ? 'Save agent' : 'Create agent'}
          </Button>
        </div>
      ) : null}
    </form>
  );
}

function Chat({ agent }: { agent: api.Agent }) {
  const { projectId } = useSession();
  const { query } = useLocation();
  const href = useHref();
  const conversationId = query.get('task') ?? undefined;
  const [text, setText] = useState('');
  const { busy, error, run } = useAction();
  const state = useQuery({
    queryKey: ['task-state', projectId, agent.agentId, conversationId],
    queryFn: () => api.taskState(agent.agentId, conversationId!),
    enabled: !!conversationId,
    // Poll while the task works; stop once it has answered.
    refetchInterval: (q) => (q.state.data && !api.stateLabel(q.state.data.state).running ? false : 1000),
  });
  const running = !state.data || api.stateLabel(state.data.state).running;
  const items = useQuery({
    queryKey: ['task-items', projectId, agent.agentId, conversationId],
    queryFn: () => api.taskItems(agent.agentId, conversationId!),
    enabled: !!conversationId,
    refetchInterval: running ? 1000 : false,
  });
  const client = useQueryClient();
  const tools = useQuery({ queryKey: ['tools', projectId], queryFn: api.tools });
  // The model calls actions by function name (tool_<n>, <step>_<n>): show the action's own name.
  const actionName = (fn: string | undefined) => {
    const action = agent.actions[Number(/_(\d+)$/.exec(fn ?? '')?.[1] ?? -1)];
    if (!action) return fn ?? 'action';
    if ('studio_id' in action) return tools.data?.find((t) => t.studioId === action.studio_id)?.title ?? fn ?? 'tool';
    if ('mcp' in action) return fn ?? 'MCP tool';
    if ('agent_id' in action) return action.title || 'Sub-agent';
    return action.step;
  };
  // One last read once the task stops, so the final message is never missed.
  useEffect(() => {
    if (conversationId && state.data && !running) void client.invalidateQueries({ queryKey: ['task-items', projectId, agent.agentId, conversationId] });
  }, [running, conversationId]);
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [items.data?.length]);

  const send = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!text.trim()) return;
    await run(async () => {
      const r = await api.sendMessage(agent.agentId, text, conversationId);
      setText('');
      if (r.conversation_id !== conversationId) navigate(`${href(`/agents/${encodeURIComponent(agent.agentId)}`)}?task=${encodeURIComponent(r.conversation_id)}`);
      await client.invalidateQueries({ queryKey: ['task-state', projectId, agent.agentId, r.conversation_id] });
      await client.invalidateQueries({ queryKey: ['task-items', projectId, agent.agentId, r.conversation_id] });
      await client.invalidateQueries({ queryKey: ['tasks', projectId, agent.agentId] });
    });
  };
  const label = state.data ? api.stateLabel(state.data.state) : null;
  return (
    <section aria-label="Chat">
      <div className="chat-head">
        {conversationId ? (
          <p>
            Task <code>{conversationId.slice(0, 8)}</code> {label ? <span className={`badge ${label.failed ? 'bad' : label.running ? '' : 'ok'}`}>{label.text}</span> : null}{' '}
            <Link to={href(`/agents/${encodeURIComponent(agent.agentId)}`)}>New conversation</Link>
          </p>
        ) : (
          <p className="muted">Send a message to start a task.</p>
        )}
      </div>
      <div className="chat" role="log" aria-live="polite" aria-label="Messages">
        {conversationId && items.isPending ? <Loading what="messages" /> : null}
        <ErrorNote error={items.error} />
        {(items.data ?? [])
          // An assistant turn that only called tools has no text of its own: its tool runs follow.
          .filter((item) => item.kind === 'tool' || item.text || item.errors.length)
          .map((item) => (
            <ChatItem key={item.id} item={item.kind === 'tool' ? { ...item, tool: actionName(item.tool) } : item} actionName={actionName} agentId={agent.agentId} conversationId={conversationId} />
          ))}
        {conversationId && state.data?.state === 'pending-approval' ? (
          <p className="muted" role="status">
            Waiting for a person to approve or reject the action above.
          </p>
        ) : conversationId && running ? (
          <p className="muted" role="status">
            <span className="spinner" aria-hidden="true" /> The agent is working…
          </p>
        ) : null}
        {/* The task's error is its last error item: shown there once, unless no item holds it. */}
        {state.data?.error && !(items.data ?? []).some((i) => i.kind === 'error') ? <Failure raw={state.data.error} actionName={actionName} /> : null}
        <div ref={end} />
      </div>
      <form className="composer" onSubmit={send}>
        <Field label="Message" hint="Enter sends; Shift+Enter starts a new line.">
          {(id) => (
            <textarea
              id={id}
              rows={2}
              value={text}
              onChange={(e) => setText(e.target.value)}
              onKeyDown={(e) => {
                // Not while an input method is composing a character: its Enter picks the character.
                if (e.key !== 'Enter' || e.shiftKey || e.nativeEvent.isComposing) return;
                e.preventDefault();
                if (!busy) void send(e);
              }}
            />
          )}
        </Field>
        <ErrorNote error={error} />
        <Button type="submit" variant="primary" busy={busy}>
          Send
        </Button>
      </form>
    </section>
  );
}

/** Where a trigger type's events come from, from its type's prefix. */
const SOURCES: Record<string, string> = { codehost: 'Code host' };
const sourceOf = (triggerType: string) => SOURCES[triggerType.split('.')[0]] ?? triggerType.split('.')[0];

/**
 * A failure as a sentence: "Action tool_0 failed: [{…JSON…}]" (the agent loop's words) becomes the
 * action's own name and its errors' messages; the raw text stays folded beneath.
 */
function readableFailure(raw: string, actionName: (fn: string) => string): { text: string; folded: boolean } {
  const m = /^Action (\S+) failed: ([\s\S]*)$/.exec(raw);
  if (!m) return { text: raw, folded: false };
  let messages: string[] = [];
  try {
    const errors = JSON.parse(m[2]) as Array<{ message?: unknown }>;
    messages = errors.map((e) => (typeof e.message === 'string' ? e.message : '')).filter(Boolean);
  } catch {
    // Cut short at 500 characters: the messages that made it whole.
    messages = [...m[2].matchAll(/"message":"((?:[^"\\]|\\.)*)"/g)].map((x) => {
      try {
        return JSON.parse(`"${x[1]}"`) as string;
      } catch {
        return x[1];
      }
    });
  }
  return { text: `${actionName(m[1])} failed${messages.length ? `: ${messages.join(' ')}` : '.'}`, folded: true };
}

function Failure({ raw, actionName }: { raw: string; actionName: (fn: string) => string }) {
  const { text, folded } = readableFailure(raw, actionName);
  return (
    <div className="msg error">
      <span className="who-said">Failed</span>
      <p>{text}</p>
      {folded ? (
        <details>
          <summary>Show details</summary>
          <pre className="json wrap">{raw}</pre>
        </details>
      ) : null}
    </div>
  );
}

function ChatItem({ item, actionName, agentId, conversationId }: { item: api.TaskItem; actionName: (fn: string) => string; agentId: string; conversationId?: string }) {
  const types = useTriggerTypes();
  if (item.kind === 'event' && item.event) {
    const type = types.data?.find((t) => t.type === item.event!.triggerType);
    return (
      <div className="msg event">
        <span className="who-said">Event{type ? ` · ${type.name}` : ''}</span>
        <p>
          <strong>{sourceOf(item.event.triggerType)}:</strong> {item.event.summary}
        </p>
        <details>
          <summary>Show payload</summary>
          <Json value={item.event.payload} label="Event payload" wrap />
        </details>
      </div>
    );
  }
  if (item.kind === 'tool') {
    const failed = item.toolState === 'error' || item.toolState === 'failed';
    return (
      <div className="msg tool">
        {item.pending && conversationId ? <Decision agentId={agentId} conversationId={conversationId} pending={item.pending} tool={item.tool ?? 'action'} params={item.params} /> : null}
        <details>
          <summary>
            Tool run <strong>{item.tool}</strong> {item.toolState ? <span className={`badge ${failed ? 'bad' : ''}`}>{failed ? 'Failed' : item.toolState === 'finished' ? 'Done' : item.toolState}</span> : null}
          </summary>
          <h4>Input</h4>
          <Json value={item.params} label={`Input of ${item.tool}`} />
          <h4>Output</h4>
          <Json value={item.output} label={`Output of ${item.tool}`} />
          {/* The failure itself is told once, by the task's error below; its raw words are here. */}
          {item.errors.length ? (
            <>
              <h4>Errors</h4>
              <Json value={item.errors} label={`Errors of ${item.tool}`} wrap />
            </>
          ) : null}
        </details>
      </div>
    );
  }
  if (item.kind === 'error') return <Failure raw={item.errors.join('\n')} actionName={actionName} />;
  const who = item.kind === 'user' ? 'You' : 'Agent';
  // A reply that is JSON is shown formatted and wrapped, not as one line running out of its bubble.
  const json = item.kind === 'agent' ? parseJsonText(item.text) : undefined;
  return (
    <div className={`msg ${item.kind}${json !== undefined ? ' has-json' : ''}`}>
      <span className="who-said">{who}</span>
      {json !== undefined ? <Json value={json} label={`${who}'s reply (JSON)`} wrap /> : <p>{item.text}</p>}
      {item.errors.map((e, i) => (
        <p key={i} className="error">
          {e}
        </p>
      ))}
    </div>
  );
}

/** A task's time so far, or in all: "850 ms", "12 s", "3 min 5 s". */
function duration(t: api.TaskRow, now: number): string {
  const from = Date.parse(t.startedAt ?? t.createdAt);
  const to = t.finishedAt ? Date.parse(t.finishedAt) : now;
  const ms = Math.max(0, to - from);
  if (ms < 1000) return `${ms} ms`;
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  return minutes < 60 ? `${minutes} min ${seconds % 60} s` : `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

const STATE_FILTERS: Array<{ value: '' | api.StateGroup; label: string }> = [
  { value: '', label: 'All' },
  { value: 'running', label: 'Running' },
  { value: 'done', label: 'Completed' },
  { value: 'failed', label: 'Failed' },
];

export function TaskTable({ agentId, triggerId, filter = '', emptyHint }: { agentId: string; triggerId?: string; filter?: '' | api.StateGroup; emptyHint?: string }) {
  const { projectId } = useSession();
  const href = useHref();
  const tasks = useQuery({ queryKey: ['tasks', projectId, agentId, triggerId], queryFn: () => api.tasks(agentId, triggerId), refetchInterval: 3000 });
  const types = useTriggerTypes();
  if (tasks.isPending) return <Loading what="tasks" />;
  if (tasks.isError) return <ErrorNote error={tasks.error} />;
  if (tasks.data.length === 0) return <Empty title={triggerId ? 'No activations yet.' : 'No tasks yet.'}>{emptyHint ?? (triggerId ? 'Each event this trigger fires on starts a task here.' : 'Send the agent a message in Chat, or add a trigger.')}</Empty>;
  const shown = filter ? tasks.data.filter((t) => api.stateLabel(t.state).group === filter) : tasks.data;
  if (shown.length === 0) return <Empty title="No task in this state." />;
  const now = Date.now();
  return (
    <table>
      <thead>
        <tr>
          <th scope="col">Task</th>
          <th scope="col">State</th>
          <th scope="col">Duration</th>
          <th scope="col" className="hide-narrow">
            Started
          </th>
          <th scope="col">
            <span className="sr-only">Open</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {shown.map((t) => {
          const s = api.stateLabel(t.state);
          const cause = t.triggerType ? (types.data?.find((x) => x.type === t.triggerType)?.name ?? t.triggerType) : null;
          return (
            <tr key={t.conversationId}>
              <td>
                {t.title || <span className="muted">(no message yet)</span>}
                {cause ? <div className="small muted">{cause}</div> : null}
              </td>
              <td>
                <span className={`badge ${s.failed ? 'bad' : s.running ? '' : 'ok'}`}>{s.text}</span>
              </td>
              <td className="nowrap-words">{duration(t, now)}</td>
              <td className="hide-narrow">{when(t.createdAt)}</td>
              <td className="nowrap-words">
                <Link to={`${href(`/agents/${encodeURIComponent(agentId)}`)}?task=${encodeURIComponent(t.conversationId)}`} aria-label={`Open task ${t.conversationId.slice(0, 8)}`}>
                  Open
                </Link>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

function Tasks({ agent }: { agent: api.Agent }) {
  const [filter, setFilter] = useState<'' | api.StateGroup>('');
  return (
    <section aria-label="Tasks">
      <Field label="Show tasks">
        {(id) => (
          <select id={id} value={filter} onChange={(e) => setFilter(e.target.value as '' | api.StateGroup)}>
            {STATE_FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <TaskTable agentId={agent.agentId} filter={filter} />
    </section>
  );
}

/** What the agent lacks to run with a model, its own or the deployment's. */
function missingModel(named: boolean, endpoint: boolean): string {
  if (!named && !endpoint) return 'Neither this agent nor the deployment has a model.';
  return named ? 'Neither this agent nor the deployment has a model endpoint.' : 'Neither this agent nor the deployment names a model for the endpoint.';
}

/** A provider step's inputs as a labelled group of fields (its JSON schema's), stored as the action's `inputs`. */
function StepInputs({ label, step, values, onChange, readOnly }: { label: string; step: api.StepInfo | undefined; values: Values; onChange: (v: Values) => void; readOnly?: boolean }) {
  if (!step) return null;
  return (
    <div role="group" aria-label={label} className="step-inputs">
      <p className="small muted">{label}</p>
      <SchemaForm schema={step.inputSchema} values={values} onChange={onChange} readOnly={readOnly} />
    </div>
  );
}

/** A remote MCP server's tools as actions: all of a server's, or the ones ticked (the model calls each as a function). */
function McpActions({ actions, setActions, connections }: { actions: api.Action[]; setActions: (a: api.Action[]) => void; connections: api.Connection[] }) {
  const isMcp = (a: api.Action): a is api.McpAction => 'mcp' in a;
  const chosen = (connectionId: string) => actions.find((a): a is api.McpAction => isMcp(a) && a.mcp.connection_id === connectionId);
  const set = (connectionId: string, tools: string[] | '*' | null) => {
    const others = actions.filter((a) => !(isMcp(a) && a.mcp.connection_id === connectionId));
    setActions(tools === null || (Array.isArray(tools) && tools.length === 0) ? others : [...others, { mcp: { connection_id: connectionId, tools } }]);
  };
  return (
    <fieldset>
      <legend>MCP tools</legend>
      {connections.length === 0 ? (
        <p className="muted">No MCP server is connected: connect one in Integrations &amp; API Keys. Its tools need a model to choose their arguments.</p>
      ) : (
        connections.map((c) => <McpServerTools key={c.connectionId} connection={c} chosen={chosen(c.connectionId)?.mcp.tools ?? null} onChange={(tools) => set(c.connectionId, tools)} />)
      )}
    </fieldset>
  );
}

function McpServerTools({ connection, chosen, onChange }: { connection: api.Connection; chosen: string[] | '*' | null; onChange: (tools: string[] | '*' | null) => void }) {
  const { projectId } = useSession();
  const tools = useQuery({ queryKey: ['mcp-tools', projectId, connection.connectionId], queryFn: () => api.mcpTools(connection.connectionId) });
  const name = connection.label || connection.account || connection.url;
  const all = chosen === '*';
  const ticked = (tool: string) => all || (Array.isArray(chosen) && chosen.includes(tool));
  return (
    <div role="group" aria-label={`Tools of ${name}`}>
      <label className="check">
        <input type="checkbox" checked={all} onChange={(e) => onChange(e.target.checked ? '*' : null)} />
        All tools of <strong>{name}</strong>
      </label>
      {tools.isPending ? <Loading what="tools" /> : null}
      <ErrorNote error={tools.error} />
      {(tools.data ?? []).map((t) => (
        <label key={t.name} className="check indent">
          <input
            type="checkbox"
            disabled={all}
            checked={ticked(t.name)}
            onChange={(e) => {
              const current = Array.isArray(chosen) ? chosen : [];
              onChange(e.target.checked ? [...current, t.name] : current.filter((x) => x !== t.name));
            }}
          />
          {t.title || t.name}
          {t.description ? <span className="muted small"> — {t.description}</span> : null}
        </label>
      ))}
    </div>
  );
}

/**
 * Approve (with the params as edited) or Reject an action a task waits on. Shown to everyone; a
 * viewer's buttons are disabled (the API would answer 403).
 */
export function Decision({ agentId, conversationId, pending, tool, params }: { agentId: string; conversationId: string; pending: { action: string; actionRequestId: string }; tool: string; params: unknown }) {
  const { projectId, canEdit } = useSession();
  const client = useQueryClient();
  const [text, setText] = useState(() => JSON.stringify(params ?? {}, null, 2));
  const { busy, error, run } = useAction();
  const decide = (approve: boolean) =>
    run(async () => {
      let override: Record<string, unknown> | undefined;
      if (approve) {
        let edited: unknown;
        try {
          edited = JSON.parse(text);
        } catch {
          throw new Error('The parameters are not valid JSON.');
        }
        if (!edited || typeof edited !== 'object' || Array.isArray(edited)) throw new Error('The parameters must be a JSON object.');
        override = edited as Record<string, unknown>;
      }
      await api.decide(agentId, conversationId, pending, approve, override);
      await Promise.all([
        client.invalidateQueries({ queryKey: ['approvals', projectId] }),
        client.invalidateQueries({ queryKey: ['task-state', projectId, agentId, conversationId] }),
        client.invalidateQueries({ queryKey: ['task-items', projectId, agentId, conversationId] }),
      ]);
    });
  return (
    <div className="decision" role="group" aria-label={`Approval of ${tool}`}>
      <p>
        <strong>{tool}</strong> waits for approval.
      </p>
      <Field label={`Parameters of ${tool}`} hint="Edit them before approving; the action runs with these.">
        {(id) => <textarea id={id} rows={4} value={text} disabled={!canEdit} onChange={(e) => setText(e.target.value)} spellCheck={false} />}
      </Field>
      <ErrorNote error={error} />
      <div className="actions left">
        <Button variant="primary" busy={busy} disabled={!canEdit} onClick={() => void decide(true)}>
          Approve
        </Button>
        <Button busy={busy} disabled={!canEdit} onClick={() => void decide(false)}>
          Reject
        </Button>
      </div>
    </div>
  );
}
