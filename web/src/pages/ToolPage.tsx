import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import * as api from '../api/index.ts';
import { navigate, useLeaveGuard } from '../router.tsx';
import { SchemaForm, type Values } from '../schema-form.tsx';
import { useHref, useSession } from '../session.tsx';
import { Button, Empty, ErrorNote, Field, Json, Loading, useAction } from '../ui.tsx';
import { paramNames, ToolInputs } from './ToolInputs.tsx';
import { offeredRefs, RefTools, StepRefsProvider, textOf, type LastRun } from './ToolReferences.tsx';

const EMPTY_SCHEMA = { type: 'object', properties: {} };

export function ToolPage({ studioId }: { studioId: string }) {
  const { projectId } = useSession();
  const isNew = studioId === 'new';
  const tool = useQuery({ queryKey: ['tool', projectId, studioId], queryFn: () => api.tool(studioId), enabled: !isNew });
  const catalogue = useQuery({ queryKey: ['providers', projectId], queryFn: api.providers, staleTime: 60_000 });
  const connections = useQuery({ queryKey: ['connections', projectId], queryFn: api.connections });
  if ((!isNew && tool.isPending) || catalogue.isPending) return <Loading what="the tool" />;
  if (tool.isError) return <ErrorNote error={tool.error} />;
  if (catalogue.isError) return <ErrorNote error={catalogue.error} />;
  return <Loaded key={studioId} tool={tool.data} providers={catalogue.data} connections={connections.data ?? []} />;
}

/** What is on the screen: the tool as it would be saved (null while its params schema is not JSON), and whether it differs from the saved one. */
interface Draft {
  input: api.ToolInput | null;
  dirty: boolean;
}

function Loaded({ tool, providers, connections }: { tool?: api.Tool; providers: api.ProviderInfo[]; connections: api.Connection[] }) {
  const [draft, setDraft] = useState<Draft>({ input: null, dirty: false });
  const [lastRun, setLastRun] = useLastRun(tool?.studioId);
  const running = useToolRun(tool, draft, setLastRun);
  useLeaveGuard(draft.dirty ? 'This tool has unsaved changes. Leave the page and lose them?' : null);
  return (
    <Editor
      initial={tool}
      providers={providers}
      connections={connections}
      onDraft={setDraft}
      lastRun={lastRun}
      runButton={
        tool ? (
          <Button type="submit" form="tool-run" busy={running.busy === 'sync'} disabled={!running.canRun} aria-describedby="run-what">
            Run
          </Button>
        ) : null
      }
      aside={tool ? <RunPanel tool={tool} draft={draft} running={running} /> : null}
    />
  );
}

/**
 * The last run on this page (its params and each step's output), kept for the tab's session so the
 * editor can show what each reference resolved to. The API keeps no step outputs of past runs.
 */
function useLastRun(studioId: string | undefined): [LastRun | null, (run: LastRun) => void] {
  const key = studioId ? `hangar.tool-run.${studioId}` : null;
  const [run, setRun] = useState<LastRun | null>(() => {
    try {
      return key ? (JSON.parse(sessionStorage.getItem(key) ?? 'null') as LastRun | null) : null;
    } catch {
      return null;
    }
  });
  const remember = (next: LastRun) => {
    setRun(next);
    try {
      if (key) sessionStorage.setItem(key, JSON.stringify(next));
    } catch {
      /* too large for the session's storage: this page still shows it */
    }
  };
  return [run, remember];
}

/** The tool's fields in one comparable text: a schema that is not JSON yet compares as typed. */
function snapshot(title: string, description: string, schemaText: string, steps: api.ToolStep[]): string {
  let schema: unknown = schemaText;
  try {
    schema = JSON.parse(schemaText);
  } catch {
    /* compared as text */
  }
  return JSON.stringify([title, description, schema, steps]);
}

interface StepKind {
  kind: 'named' | 'provider_api_call' | 'api_call';
  provider?: api.ProviderInfo;
  step?: api.StepInfo;
}
function kindOf(transformation: string, providers: api.ProviderInfo[]): StepKind {
  if (transformation === 'api_call') return { kind: 'api_call' };
  const apiCall = /^(.+)_api_call$/.exec(transformation);
  const p = apiCall && providers.find((x) => x.provider === apiCall[1]);
  if (p) return { kind: 'provider_api_call', provider: p };
  for (const provider of providers) {
    const step = provider.steps.find((s) => s.step === transformation);
    if (step) return { kind: 'named', provider, step };
  }
  return { kind: 'api_call' };
}

/** The editor: a bar with the title, Save and Run on top, the tool's fields, and `aside` (the Run panel) beside them where there is room. */
function Editor({
  initial,
  providers,
  connections,
  onDraft,
  lastRun,
  runButton,
  aside,
}: {
  initial?: api.Tool;
  providers: api.ProviderInfo[];
  connections: api.Connection[];
  onDraft: (d: Draft) => void;
  lastRun: LastRun | null;
  runButton: ReactNode;
  aside: ReactNode;
}) {
  const { projectId, canEdit } = useSession();
  const href = useHref();
  const client = useQueryClient();
  const [title, setTitle] = useState(initial?.title ?? '');
  const [description, setDescription] = useState(initial?.description ?? '');
  const [schemaText, setSchemaText] = useState(JSON.stringify(initial?.paramsSchema ?? EMPTY_SCHEMA, null, 2));
  const [steps, setSteps] = useState<api.ToolStep[]>(initial?.steps ?? []);
  const { busy, error, setError, run } = useAction();
  const [saved, setSaved] = useState(false);
  const current = snapshot(title, description, schemaText, steps);
  // What was last saved (or loaded); a new tool is a change from the start only once something is typed.
  const [baseline, setBaseline] = useState(current);
  const dirty = current !== baseline;
  const inputOf = (): api.ToolInput | null => {
    try {
      const params_schema = JSON.parse(schemaText) as api.JsonSchema;
      return { title, description, params_schema, transformations: { steps, ...(initial?.output !== undefined ? { output: initial.output } : {}) } };
    } catch {
      return null;
    }
  };
  useEffect(() => {
    onDraft({ input: inputOf(), dirty });
  }, [current, dirty]);

  const addStep = (transformation: string, provider?: api.ProviderInfo, preset?: Record<string, unknown>) => {
    const base = (typeof preset?.tool === 'string' ? preset.tool : transformation.split('.').pop()!).replace(/[^A-Za-z0-9_]/g, '_').slice(0, 60) || 'step';
    let name = base;
    for (let i = 2; steps.some((s) => s.name === name); i++) name = `${base}_${i}`;
    const connection = provider ? connections.find((c) => c.provider === provider.provider) : undefined;
    const params: Record<string, unknown> = transformation === 'api_call' ? { method: 'GET', url: 'https://' } : { connection_id: connection?.connectionId ?? '' };
    if (transformation.endsWith('_api_call') && provider) {
      params.method = provider.methods[0] ?? 'GET';
      params.endpoint = '';
      // The code host refuses an API Call without its media type; pre-fill what the provider requires.
      if (provider.requiredHeaders.length) params.headers = Object.fromEntries(provider.requiredHeaders.map((h) => [h.name, h.value]));
    }
    setSteps([...steps, { name, transformation, params: { ...params, ...preset } }]);
  };

  const save = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    setSaved(false);
    let params_schema: api.JsonSchema;
    try {
      params_schema = JSON.parse(schemaText);
    } catch {
      setError(new Error('The inputs\' JSON Schema (under Advanced) is not valid JSON.'));
      return;
    }
    const saving = current;
    await run(async () => {
      const id = await api.saveTool(initial?.studioId, { title, description, params_schema, transformations: { steps, ...(initial?.output !== undefined ? { output: initial.output } : {}) } });
      setBaseline(saving);
      await client.invalidateQueries({ queryKey: ['tools', projectId] });
      await client.invalidateQueries({ queryKey: ['tool', projectId, id] });
      setSaved(true);
      if (!initial) navigate(href(`/tools/${encodeURIComponent(id)}`), { replace: true, force: true });
    });
  };

  const params = paramNames(schemaText);
  return (
    <div className="tool-page">
      <div className="tool-bar">
        <h1 id="tool-h">{initial ? initial.title : 'New tool'}</h1>
        {dirty ? <span className="badge warn">Unsaved changes</span> : null}
        {saved && !dirty ? (
          <span role="status" className="ok">
            Saved.
          </span>
        ) : null}
        <div className="actions">
          {canEdit ? (
            <Button type="submit" form="tool-form" variant="primary" busy={busy}>
              {initial ? 'Save tool' : 'Create tool'}
            </Button>
          ) : null}
          {runButton}
        </div>
        {/* In the bar, so a refusal shows wherever the page is scrolled to. */}
        <ErrorNote error={error} />
      </div>
      <div className={aside ? 'tool-layout with-run' : 'tool-layout'}>
        <form id="tool-form" onSubmit={save} aria-labelledby="tool-h">
          <fieldset disabled={!canEdit} className="plain">
            <Field label="Title">{(id) => <input id={id} required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} />}</Field>
            <Field label="Description">{(id) => <textarea id={id} rows={2} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
            <ToolInputs schemaText={schemaText} onChange={setSchemaText} />
            <h2>Steps</h2>
            {steps.length === 0 ? <Empty title="No steps yet.">{canEdit ? 'Find one with the tool-step search below.' : ''}</Empty> : null}
            <ol className="steps">
              {steps.map((step, i) => (
                <li key={i} className="card">
                  <StepRefsProvider value={{ offered: offeredRefs(params, steps.slice(0, i).map((s) => s.name), lastRun), lastRun }}>
                    <StepEditor
                      step={step}
                      index={i}
                      kind={kindOf(step.transformation, providers)}
                      connections={connections}
                      onChange={(s) => setSteps(steps.map((x, j) => (j === i ? s : x)))}
                      onRemove={() => setSteps(steps.filter((_, j) => j !== i))}
                      onMove={(d) => {
                        const next = [...steps];
                        const [moved] = next.splice(i, 1);
                        next.splice(i + d, 0, moved);
                        setSteps(next);
                      }}
                      last={i === steps.length - 1}
                    />
                  </StepRefsProvider>
                </li>
              ))}
            </ol>
            {canEdit ? <StepSearch providers={providers} connections={connections} onAdd={addStep} /> : null}
          </fieldset>
        </form>
        {aside}
      </div>
    </div>
  );
}

function JsonField({ label, value, onChange, hint }: { label: string; value: unknown; onChange: (v: unknown) => void; hint?: string }) {
  const [text, setText] = useState(value === undefined ? '' : JSON.stringify(value, null, 2));
  const [bad, setBad] = useState(false);
  return (
    <Field label={label} hint={bad ? 'Not valid JSON yet.' : hint}>
      {(id) => (
        <>
          <textarea
            id={id}
            className="mono"
            rows={3}
            aria-invalid={bad || undefined}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              if (e.target.value.trim() === '') {
                setBad(false);
                return onChange(undefined);
              }
              try {
                onChange(JSON.parse(e.target.value));
                setBad(false);
              } catch {
                setBad(true);
              }
            }}
          />
          <RefTools targetId={id} label={label} text={text} />
        </>
      )}
    </Field>
  );
}

/** A step's form field gets the reference tools under it; a choice (select) holds no reference. */
const refTools = (field: { id: string; label: string; value: unknown; text: boolean }) => (field.text ? <RefTools targetId={field.id} label={field.label} text={textOf(field.value)} /> : null);

function StepEditor({ step, index, kind, connections, onChange, onRemove, onMove, last }: { step: api.ToolStep; index: number; kind: StepKind; connections: api.Connection[]; onChange: (s: api.ToolStep) => void; onRemove: () => void; onMove: (d: number) => void; last: boolean }) {
  const { canEdit } = useSession();
  const { connection_id, ...rest } = step.params;
  const setParams = (p: Record<string, unknown>) => onChange({ ...step, params: p });
  const mine = kind.provider ? connections.filter((c) => c.provider === kind.provider!.provider) : [];
  const title = kind.kind === 'named' ? kind.step!.name : kind.kind === 'provider_api_call' ? `API Call — ${kind.provider!.name}` : 'API Call (any address)';
  return (
    <div>
      <div className="step-head">
        <h3>
          {index + 1}. {title}
        </h3>
        {canEdit ? (
          <div className="actions left">
            <Button variant="link" disabled={index === 0} onClick={() => onMove(-1)} aria-label={`Move step ${step.name} up`}>
              ↑
            </Button>
            <Button variant="link" disabled={last} onClick={() => onMove(1)} aria-label={`Move step ${step.name} down`}>
              ↓
            </Button>
            <Button variant="danger" onClick={onRemove}>
              Remove step
            </Button>
          </div>
        ) : null}
      </div>
      {kind.step ? <p className="muted small">{kind.step.description}</p> : null}
      <div className="grid2">
        <Field label="Step name" hint={`Later steps read its output as {{steps.${step.name}.output…}}.`}>
          {(id) => <input id={id} required pattern="[A-Za-z_][A-Za-z0-9_\-]{0,63}" value={step.name} onChange={(e) => onChange({ ...step, name: e.target.value })} />}
        </Field>
        {kind.provider ? (
          <Field label="Connection" hint={mine.length ? undefined : `No ${kind.provider.name} account is connected: connect one in Integrations & API Keys.`}>
            {(id) => (
              <select id={id} required value={String(connection_id ?? '')} onChange={(e) => setParams({ ...step.params, connection_id: e.target.value })}>
                <option value="">Choose a connection</option>
                {mine.map((c) => (
                  <option key={c.connectionId} value={c.connectionId}>
                    {api.connectionName(c)}
                  </option>
                ))}
              </select>
            )}
          </Field>
        ) : null}
      </div>
      {kind.kind === 'named' && kind.provider && api.isRemote(kind.provider) ? (
        <RemoteToolFields connectionId={String(connection_id ?? '')} values={rest} onChange={(v) => setParams({ ...v, connection_id })} />
      ) : kind.kind === 'named' ? (
        <SchemaForm schema={kind.step!.inputSchema} values={rest} onChange={(v) => setParams({ ...v, connection_id })} adorn={refTools} />
      ) : kind.kind === 'provider_api_call' ? (
        <>
          <div className="grid2">
            <Field label="Method">
              {(id) => (
                <select id={id} value={String(rest.method ?? '')} onChange={(e) => setParams({ ...step.params, method: e.target.value })}>
                  {kind.provider!.methods.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="Endpoint" hint={kind.provider!.provider === 'analytics' ? 'From the version segment, e.g. v1beta/properties/123:runReport' : 'A path at the provider, e.g. /repos/{{params.owner}}/{{params.repo}}'}>
              {(id) => (
                <>
                  <input id={id} required value={String(rest.endpoint ?? '')} onChange={(e) => setParams({ ...step.params, endpoint: e.target.value })} />
                  <RefTools targetId={id} label="Endpoint" text={String(rest.endpoint ?? '')} />
                </>
              )}
            </Field>
          </div>
          <JsonField label="Body (JSON)" value={rest.body} onChange={(v) => setParams({ ...step.params, body: v })} />
          <JsonField
            label="Headers (JSON)"
            value={rest.headers}
            onChange={(v) => setParams({ ...step.params, headers: v })}
            hint={kind.provider!.requiredHeaders.length ? `Required: ${kind.provider!.requiredHeaders.map((h) => `${h.name}: ${h.value}`).join(', ')}` : undefined}
          />
        </>
      ) : (
        <>
          <div className="grid2">
            <Field label="Method">
              {(id) => (
                <select id={id} value={String(rest.method ?? 'GET')} onChange={(e) => setParams({ ...step.params, method: e.target.value })}>
                  {['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              )}
            </Field>
            <Field label="URL">
              {(id) => (
                <>
                  <input id={id} required value={String(rest.url ?? '')} onChange={(e) => setParams({ ...step.params, url: e.target.value })} />
                  <RefTools targetId={id} label="URL" text={String(rest.url ?? '')} />
                </>
              )}
            </Field>
          </div>
          <JsonField label="Body (JSON)" value={rest.body} onChange={(v) => setParams({ ...step.params, body: v })} />
          <JsonField label="Headers (JSON)" value={rest.headers} onChange={(v) => setParams({ ...step.params, headers: v })} />
        </>
      )}
    </div>
  );
}

/** mcp.call_tool: the tool, from its server's list, and its arguments as a form of that tool's input schema. */
function RemoteToolFields({ connectionId, values, onChange }: { connectionId: string; values: Record<string, unknown>; onChange: (v: Record<string, unknown>) => void }) {
  const { projectId } = useSession();
  const tools = useQuery({ queryKey: ['mcp-tools', projectId, connectionId], queryFn: () => api.mcpTools(connectionId), enabled: connectionId !== '' });
  const chosen = tools.data?.find((t) => t.name === values.tool);
  const args = (values.arguments && typeof values.arguments === 'object' ? values.arguments : {}) as Values;
  return (
    <>
      <Field label="MCP tool">
        {(id) => (
          <select id={id} required value={String(values.tool ?? '')} onChange={(e) => onChange({ ...values, tool: e.target.value, arguments: {} })}>
            <option value="">Choose a tool</option>
            {values.tool && !chosen ? <option value={String(values.tool)}>{String(values.tool)}</option> : null}
            {(tools.data ?? []).map((t) => (
              <option key={t.name} value={t.name}>
                {t.title || t.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ErrorNote error={tools.error} />
      {chosen?.description ? <p className="muted small">{chosen.description}</p> : null}
      {chosen ? <SchemaForm schema={chosen.input_schema as api.JsonSchema} values={args} onChange={(v) => onChange({ ...values, arguments: v })} adorn={refTools} /> : null}
    </>
  );
}

function StepSearch({ providers, connections, onAdd }: { providers: api.ProviderInfo[]; connections: api.Connection[]; onAdd: (transformation: string, provider?: api.ProviderInfo, preset?: Record<string, unknown>) => void }) {
  const { projectId } = useSession();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  useEffect(() => {
    const t = window.setTimeout(() => setQuery(text.trim()), 200);
    return () => window.clearTimeout(t);
  }, [text]);
  const found = useQuery({ queryKey: ['steps', projectId, query], queryFn: () => api.searchSteps(query), enabled: query.length > 0 });
  const words = query.toLowerCase();
  // API Call steps belong to a provider: offer them for the providers the search found, or on "api call".
  const apiCalls = query
    ? providers.filter((p) => p.methods.length > 0 && ((found.data ?? []).some((s) => s.provider === p.provider) || 'api call'.includes(words) || words.includes('api')))
    : [];
  // The tools of the project's MCP servers, as last listed, matched on their names, titles, descriptions and server.
  const remote = providers.find(api.isRemote);
  const servers = connections.filter((c) => remote && c.provider === remote.provider);
  const lists = useQueries({ queries: servers.map((c) => ({ queryKey: ['mcp-tools', projectId, c.connectionId], queryFn: () => api.mcpTools(c.connectionId), enabled: query.length > 0 })) });
  const remoteTools = query
    ? servers.flatMap((c, i) =>
        (lists[i]?.data ?? [])
          .filter((t) => {
            const haystack = ['mcp', t.name, t.title ?? '', t.description ?? '', c.label, c.account].join(' ').toLowerCase();
            return words.split(/\s+/).every((w) => haystack.includes(w));
          })
          .map((t) => ({ connection: c, tool: t })),
      )
    : [];
  return (
    <section className="card search" aria-labelledby="step-search-h">
      <h3 id="step-search-h">Add a step</h3>
      <Field label="Search tool steps" hint="Type a provider kind (enrichment, code host, analytics…) or a step name.">
        {(id) => <input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="e.g. code host" />}
      </Field>
      {found.isFetching ? <Loading what="steps" /> : null}
      <ErrorNote error={found.error} />
      {query && found.data ? (
        found.data.length === 0 && apiCalls.length === 0 && remoteTools.length === 0 ? (
          <p className="muted">No step matches “{query}”.</p>
        ) : (
          <ul className="results" aria-label="Matching steps">
            {found.data.map((s) => (
              <li key={s.step}>
                <span>
                  <strong>{s.name}</strong> <span className="muted">· {s.providerName}</span> {s.beta ? <span className="badge beta">beta</span> : null}
                  <span className="muted small"> {s.description}</span>
                </span>
                <Button onClick={() => onAdd(s.step, providers.find((p) => p.provider === s.provider))} aria-label={`Add step ${s.name} (${s.providerName})`}>
                  Add
                </Button>
              </li>
            ))}
            {remoteTools.map(({ connection, tool }) => (
              <li key={`mcp:${connection.connectionId}:${tool.name}`}>
                <span>
                  <strong>{tool.title || tool.name}</strong> <span className="muted">· MCP · {connection.label || connection.account}</span> <span className="badge beta">beta</span>
                  {tool.description ? <span className="muted small"> {tool.description}</span> : null}
                </span>
                <Button
                  onClick={() => onAdd('mcp.call_tool', remote, { connection_id: connection.connectionId, tool: tool.name, arguments: {} })}
                  aria-label={`Add MCP tool ${tool.title || tool.name} (${connection.label || connection.account})`}
                >
                  Add
                </Button>
              </li>
            ))}
            {apiCalls.map((p) => (
              <li key={`${p.provider}_api_call`}>
                <span>
                  <strong>API Call</strong> <span className="muted">· {p.name}</span>
                  <span className="muted small"> Any request to {p.name}'s API ({p.methods.join(', ')}).</span>
                </span>
                <Button onClick={() => onAdd(`${p.provider}_api_call`, p)} aria-label={`Add step API Call (${p.name})`}>
                  Add
                </Button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </section>
  );
}

/** A run from the page: the Run panel's inputs and result, shared with the Run button of the bar. */
function useToolRun(tool: api.Tool | undefined, draft: Draft, onRan: (run: LastRun) => void) {
  // Unsaved changes run as they are on the screen (an editor's studio_override); the background run
  // can only run the saved tool, so it waits for a save.
  const runsDraft = draft.dirty;
  const [values, setValues] = useState<Values>({});
  const [busy, setBusy] = useState<'sync' | 'async' | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [result, setResult] = useState<api.RunResult | null>(null);
  const [progress, setProgress] = useState<string[] | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const run = async () => {
    if (!tool) return;
    setBusy('sync');
    setError(null);
    setResult(null);
    setProgress(null);
    try {
      const ran = await api.runTool(tool.studioId, values, runsDraft && draft.input ? draft.input : undefined);
      setResult(ran);
      onRan({ params: values, steps: ran.steps });
    } catch (err) {
      setError(err);
    } finally {
      setBusy(null);
    }
  };
  const runAsync = async () => {
    if (!tool) return;
    setBusy('async');
    setError(null);
    setResult(null);
    setProgress(['Queued…']);
    try {
      const job = await api.runToolAsync(tool.studioId, values);
      for (;;) {
        await new Promise((r) => setTimeout(r, 700));
        if (!alive.current) return;
        const p = await api.pollTool(tool.studioId, job);
        setProgress(p.done ? null : ['Running…']);
        if (p.done) {
          setResult(p.result ?? { status: p.failed ? 'failed' : 'complete', output: undefined, errors: [], warnings: [], credits: 0, steps: {} });
          break;
        }
      }
    } catch (err) {
      setError(err);
      setProgress(null);
    } finally {
      setBusy(null);
    }
  };
  return { runsDraft, values, setValues, busy, error, result, progress, run, runAsync, canRun: !busy && !(runsDraft && !draft.input) };
}

function RunPanel({ tool, draft, running }: { tool: api.Tool; draft: Draft; running: ReturnType<typeof useToolRun> }) {
  const { runsDraft, values, setValues, busy, error, result, progress, run, runAsync } = running;
  const schema = runsDraft && draft.input ? (draft.input.params_schema as api.JsonSchema) : tool.paramsSchema;
  const resultRef = useRef<HTMLDivElement>(null);
  // Stacked (a phone), the result lands below the steps: bring it into view.
  useEffect(() => {
    if (result && window.matchMedia('(max-width: 999px)').matches) resultRef.current?.scrollIntoView({ block: 'nearest' });
  }, [result]);
  return (
    <section className="card run-panel" aria-labelledby="run-h">
      <h2 id="run-h">Run</h2>
      <form
        id="tool-run"
        aria-labelledby="run-h"
        onSubmit={(e) => {
          e.preventDefault();
          void run();
        }}
      >
        <SchemaForm schema={schema} values={values} onChange={setValues} idPrefix="run" />
      </form>
      <div className="actions left">
        <Button busy={busy === 'async'} disabled={!!busy || runsDraft} onClick={runAsync} aria-describedby="run-what">
          Run in background
        </Button>
      </div>
      <p className="hint" id="run-what">
        {!runsDraft
          ? 'Runs the saved tool.'
          : draft.input
            ? 'Run uses what is on the screen, unsaved changes included. Run in background runs the saved tool: save first.'
            : 'The inputs\' JSON Schema is not valid JSON: correct it to run.'}
      </p>
      {progress ? (
        <div role="status" className="progress">
          <progress aria-label="Run progress" />
          {progress.map((m, i) => (
            <span key={i}>{m} </span>
          ))}
        </div>
      ) : null}
      <ErrorNote error={error} />
      {result ? (
        <div className="run-result" aria-live="polite" ref={resultRef}>
          <p>
            <span className={`badge ${result.status === 'failed' ? 'bad' : result.warnings.length ? 'warn' : 'ok'}`}>
              {result.status}
              {result.status !== 'failed' && result.warnings.length ? ` with ${result.warnings.length === 1 ? 'a warning' : `${result.warnings.length} warnings`}` : ''}
            </span>{' '}
            Credits used: <strong>{result.credits}</strong>
            {result.executionTime !== undefined ? <span className="muted"> · {result.executionTime} ms</span> : null}
          </p>
          {result.errors.length ? (
            <ul className="errors">
              {result.errors.map((e, i) => (
                <li key={i} className="error">
                  {e.step ? <strong>Step {e.step}: </strong> : null}
                  {e.message}
                </li>
              ))}
            </ul>
          ) : null}
          {result.warnings.length ? (
            <>
              <h3 id="run-warnings-h">Warnings</h3>
              <ul className="warnings" aria-labelledby="run-warnings-h">
                {result.warnings.map((w, i) => (
                  <li key={i}>
                    {w.step === 'output' ? <strong>Output: </strong> : <strong>Step {w.step}: </strong>}
                    {w.input ? (
                      <>
                        input “{w.input}” reads <code>{`{{${w.reference}}}`}</code>, which resolved to nothing; the step ran with it empty.
                      </>
                    ) : (
                      <>
                        <code>{`{{${w.reference}}}`}</code> resolved to nothing.
                      </>
                    )}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {(runsDraft && draft.input ? draft.input.transformations.steps : tool.steps).map((s) =>
            s.name in result.steps ? (
              <details key={s.name} open>
                <summary>Step {s.name} output</summary>
                <Json value={result.steps[s.name]} label={`Step ${s.name} output`} />
              </details>
            ) : null,
          )}
          <h3>Output</h3>
          <Json value={result.output} label="Output" />
        </div>
      ) : null}
    </section>
  );
}
