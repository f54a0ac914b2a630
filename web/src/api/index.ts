// Every call the dashboard makes, through the typed client (client.ts): paths, bodies and answers
// are those sdk/schema.d.ts declares, generated from the server's own OpenAPI document. The few
// mappings below turn the API's snake_case answers into what the pages show; each reads typed fields,
// so an answer the server changes or stops sending fails `npm run typecheck` here.
import { account, api, ok, type paths } from './client.ts';

export { ApiError, hasSession, setProject, whenSignedOut } from './client.ts';

/** The JSON a route answers with 200. */
type Answer<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends { responses: { 200: { content: { 'application/json': infer T } } } } ? T : never;
/** The JSON body a route takes. */
type Body<P extends keyof paths> = paths[P]['post'] extends { requestBody?: { content: { 'application/json': infer T } } } ? T : never;
type Row<P extends keyof paths, M extends 'get' | 'post'> = Answer<P, M> extends { results: Array<infer R> } ? R : never;

export type Role = 'admin' | 'editor' | 'viewer';
type Permissions = Body<'/latest/auth/invite/create'>['permissions'];
const permissionsFor = (role: Role): Permissions => ({ items: { platformDefault: { actions: role === 'admin' ? { admin: true } : { [`role:${role}`]: true } } } });

/** The highest role a project's permissions grant. */
function roleOf(permissions: Answer<'/latest/auth/info', 'get'>['permissions']): Role | undefined {
  const actions = permissions?.items.platformDefault.actions;
  if (actions?.admin) return 'admin';
  if (actions?.['role:editor']) return 'editor';
  if (actions?.['role:viewer']) return 'viewer';
  return undefined;
}
const PAGE = { page_size: 1000 };
const path = <K extends string>(params: Record<K, string>) => ({ params: { path: params } });

// ---- identity and projects

export interface Me {
  userId: string;
  email: string;
  organizationId: string;
  organizationName: string;
  organizationRole: string;
  region: string;
  role: Role | undefined;
  /** The deployment's model for agents that name none (HANGAR_MODEL), and whether it has an endpoint. */
  defaultModel: { model: string | null; hasBaseUrl: boolean };
}
export async function me(projectId?: string): Promise<Me> {
  const r = await ok(account.GET('/latest/auth/info', projectId ? { headers: { 'x-project-id': projectId } } : {}));
  return {
    userId: r.user_id,
    email: r.email,
    organizationId: r.organization_id,
    organizationName: r.organization_name,
    organizationRole: r.organization_role,
    region: r.region,
    role: projectId ? roleOf(r.permissions) : undefined,
    defaultModel: { model: r.default_model.model, hasBaseUrl: r.default_model.has_base_url },
  };
}
export const login = (email: string, password: string) => ok(account.POST('/latest/auth/login', { body: { email, password } }));
export const logout = () => ok(account.POST('/latest/auth/logout'));
/** Accepts as `email`, the invite's own address (the API refuses any other). */
export const acceptInvite = (invite_code: string, email: string, password: string, name?: string) =>
  ok(account.POST('/latest/auth/invite/accept', { body: { invite_code, email, password, ...(name ? { name } : {}) } }));
export type InviteInfo = Answer<'/latest/auth/invite/lookup', 'post'>;
export const lookupInvite = (invite_code: string): Promise<InviteInfo> => ok(account.POST('/latest/auth/invite/lookup', { body: { invite_code } }));

export interface Project {
  projectId: string;
  name: string;
  description: string;
}
export async function projects(): Promise<Project[]> {
  const r = await ok(account.GET('/latest/projects/list', { params: { query: { page_size: 1000 } } }));
  return r.results.map((p) => ({ projectId: p.project_id, name: p.name, description: p.description }));
}
export const createProject = (name: string, description: string, organization_id: string) => ok(account.POST('/latest/projects/create', { body: { name, description, organization_id } }));

// ---- members

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role;
}
export interface Invite {
  inviteCode: string;
  email: string;
  role: Role;
  createdAt: string;
}
export async function members(): Promise<Member[]> {
  const r = await ok(api.POST('/latest/auth/users/list', { body: PAGE }));
  return r.results.map((m) => ({ userId: m.user_id, email: m.email, name: m.name ?? '', role: m.role }));
}
export async function invites(): Promise<Invite[]> {
  const r = await ok(api.POST('/latest/auth/invite/list', { body: PAGE }));
  return r.results.map((i) => ({ inviteCode: i.invite_code, email: i.email, role: i.role, createdAt: i.created_at }));
}
export const invite = (email: string, role: Role) => ok(api.POST('/latest/auth/invite/create', { body: { email, permissions: permissionsFor(role) } }));
export const deleteInvite = (inviteCode: string) => ok(api.POST('/latest/auth/invite/delete', { body: { invite_code: inviteCode } }));
export const changeRole = (userId: string, role: Role) => ok(api.POST('/latest/auth/users/{user_id}/update', { ...path({ user_id: userId }), body: { permissions: permissionsFor(role) } }));
export const removeMember = (userId: string) => ok(api.POST('/latest/auth/users/{user_id}/delete', { ...path({ user_id: userId }), body: {} }));

// ---- own API keys

export interface Key {
  keyId: string;
  label: string;
  hint: string;
  createdAt: string;
}
export async function keys(userId: string): Promise<Key[]> {
  const r = await ok(account.POST('/latest/auth/users/{user_id}/keys/list', { ...path({ user_id: userId }), body: PAGE }));
  return r.results.map((k) => ({ keyId: k.key_id, label: k.label ?? '', hint: k.hint, createdAt: k.created_at }));
}
export async function createKey(userId: string, label: string): Promise<{ apiKey: string; keyId: string }> {
  const r = await ok(account.POST('/latest/auth/users/{user_id}/keys/create', { ...path({ user_id: userId }), body: label ? { label } : {} }));
  return { apiKey: r.api_key, keyId: r.key_id };
}
export const revokeKey = (userId: string, keyId: string) => ok(account.POST('/latest/auth/users/{user_id}/keys/delete', { ...path({ user_id: userId }), body: { key_id: keyId } }));

// ---- integrations

export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: unknown[];
  description?: string;
  title?: string;
  default?: unknown;
  [k: string]: unknown;
}
type StepRow = Row<'/latest/integrations/steps/list', 'get'>;
export type StepInfo = Omit<StepRow, 'input_schema' | 'provider_name'> & { providerName: string; inputSchema: JsonSchema };
type ProviderRow = Row<'/latest/integrations/providers/list', 'get'>;
export interface ProviderInfo {
  provider: string;
  name: string;
  description: string;
  beta: boolean;
  /** Its mark: letters on a colour, drawn here (no image is loaded). */
  mark: ProviderRow['mark'];
  authTypes: string[];
  methods: string[];
  requiredHeaders: ProviderRow['api_call']['required_headers'];
  steps: StepInfo[];
}
const stepOf = ({ input_schema, provider_name, ...s }: StepRow): StepInfo => ({ ...s, providerName: provider_name, inputSchema: input_schema as JsonSchema });
export async function providers(): Promise<ProviderInfo[]> {
  const r = await ok(api.GET('/latest/integrations/providers/list'));
  return r.results.map((p) => ({
    provider: p.provider,
    name: p.name,
    description: p.description,
    beta: p.beta,
    mark: p.mark,
    authTypes: p.auth_types,
    methods: p.api_call.methods,
    requiredHeaders: p.api_call.required_headers,
    steps: p.steps.map(stepOf),
  }));
}
export async function searchSteps(query: string): Promise<StepInfo[]> {
  return (await ok(api.GET('/latest/integrations/steps/list', { params: { query: { query } } }))).results.map(stepOf);
}
export interface Connection {
  connectionId: string;
  provider: string;
  /** The provider as people read it ("Code Host"). */
  providerName: string;
  label: string;
  account: string;
  authType: string;
  status: string;
  /** A remote MCP server's address; empty for the other providers. */
  url: string;
  createdAt: string;
  /** `organization`: a key the organization's admins set, which this project may name too. */
  scope: 'project' | 'organization';
  /** Who connected it (for an organization key, who set it). */
  createdBy: string;
  /** An organization key: this project's own connection of the provider, used instead of it; '' when the key is used. */
  overriddenBy: string;
}
/**
 * A connection as people tell it apart, never by its id: its label, else its provider and account
 * ("Code Host · octocat"), else its provider and when it was added (a key no provider names an
 * account for). An organization key says so.
 */
export const connectionName = (c: Connection) => `${unlabelledName(c, c.label)}${c.scope === 'organization' ? ' (organization key)' : ''}`;
const unlabelledName = (c: Connection, label: string) => label || `${c.providerName} · ${c.account || `added ${new Date(c.createdAt).toLocaleDateString()}`}`;
/** The name without its label: what shows beside a label (provider and account), or the whole name when unlabelled. */
export const accountName = (c: Connection) => unlabelledName(c, '');
/** A provider whose server each connection names (a remote MCP server): connected with an address, not a key. */
export const isRemote = (p: ProviderInfo) => p.authTypes.includes('headers');
/** Live connections; a removed one stays in the list only so its steps can say it was removed. */
export async function connections(): Promise<Connection[]> {
  const r = await ok(api.POST('/latest/integrations/connections/list', { body: PAGE }));
  return r.results
    .filter((c) => c.status !== 'removed')
    .map((c) => ({
      connectionId: c.connection_id,
      provider: c.provider,
      providerName: c.provider_name,
      label: c.label ?? '',
      account: c.account ?? '',
      authType: c.auth_type,
      status: c.status,
      url: c.url ?? '',
      createdAt: c.created_at,
      scope: c.scope,
      createdBy: c.created_by.email ?? '',
      overriddenBy: c.overridden_by ?? '',
    }));
}
export const connectWithKey = (provider: string, apiKey: string, label: string) =>
  ok(api.POST('/latest/integrations/connections/create', { body: { provider, api_key: apiKey, ...(label ? { label } : {}) } }));
export const oauthUrl = (provider: string, redirectUrl: string) => ok(api.POST('/latest/integrations/oauth/get_url', { body: { provider, redirect_url: redirectUrl } }));
/** A remote MCP server, with an optional header (e.g. Authorization); the server is checked before anything is stored. */
export const connectMcp = (url: string, label: string, header?: { name: string; value: string }) =>
  ok(api.POST('/latest/integrations/connections/create', { body: { provider: 'mcp', url, ...(label ? { label } : {}), ...(header ? { headers: { [header.name]: header.value } } : {}) } }));
export const mcpOauthUrl = (url: string, label: string, redirectUrl: string) =>
  ok(api.POST('/latest/integrations/oauth/get_url', { body: { provider: 'mcp', url, ...(label ? { label } : {}), redirect_url: redirectUrl } }));
export type RemoteTool = Answer<'/latest/integrations/connections/{connection_id}/mcp/tools', 'get'>['tools'][number];
/** A remote MCP server's tools, as last listed (or listed now with `refresh`). */
export async function mcpTools(connectionId: string, refresh = false): Promise<RemoteTool[]> {
  const r = await ok(api.GET('/latest/integrations/connections/{connection_id}/mcp/tools', { params: { path: { connection_id: connectionId }, query: refresh ? { refresh: true } : {} } }));
  return r.tools;
}
/** A new label ('' clears it: the connection is then named by its provider and account). */
export const renameConnection = (connectionId: string, label: string) =>
  ok(api.POST('/latest/integrations/connections/{connection_id}/update', { ...path({ connection_id: connectionId }), body: { label: label.trim() || null } }));
/** A new key or access token, checked at the provider before it replaces the old one. */
export const replaceConnectionKey = (connectionId: string, apiKey: string) =>
  ok(api.POST('/latest/integrations/connections/{connection_id}/update', { ...path({ connection_id: connectionId }), body: { api_key: apiKey } }));
export type ConnectionTest = Answer<'/latest/integrations/connections/{connection_id}/test', 'post'>;
export const testConnection = (connectionId: string): Promise<ConnectionTest> => ok(api.POST('/latest/integrations/connections/{connection_id}/test', { ...path({ connection_id: connectionId }), body: {} }));
export type ConnectionUsage = Answer<'/latest/integrations/connections/{connection_id}/usage', 'get'>;
export const connectionUsage = (connectionId: string): Promise<ConnectionUsage> => ok(api.GET('/latest/integrations/connections/{connection_id}/usage', path({ connection_id: connectionId })));
export type Repository = Row<'/latest/integrations/connections/{connection_id}/repositories/list', 'get'>;
/** The repositories a code-host connection can see, for suggestions. */
export async function repositories(connectionId: string): Promise<Repository[]> {
  return (await ok(api.GET('/latest/integrations/connections/{connection_id}/repositories/list', path({ connection_id: connectionId })))).results;
}
export const removeConnection = (connectionId: string) => ok(api.POST('/latest/integrations/connections/{connection_id}/delete', { ...path({ connection_id: connectionId }), body: {} }));

// ---- tools

export interface ToolStep {
  name: string;
  transformation: string;
  params: Record<string, unknown>;
}
export interface Tool {
  studioId: string;
  title: string;
  description: string;
  paramsSchema: JsonSchema;
  steps: ToolStep[];
  output?: unknown;
  updatedAt: string;
}
const toolOf = (t: Row<'/latest/studios/list', 'get'>): Tool => ({
  studioId: t.studio_id,
  title: t.title,
  description: t.description,
  paramsSchema: (t.params_schema ?? { type: 'object', properties: {} }) as JsonSchema,
  // Steps are free-form objects in the schema (a tool's steps are the hosted chain's): read as saved.
  steps: t.transformations.steps as unknown as ToolStep[],
  output: t.transformations.output,
  updatedAt: t.updated_at,
});
export async function tools(): Promise<Tool[]> {
  return (await ok(api.GET('/latest/studios/list', { params: { query: { page_size: 1000 } } }))).results.map(toolOf);
}
export async function tool(studioId: string): Promise<Tool> {
  return toolOf((await ok(api.GET('/latest/studios/{studio_id}/get', path({ studio_id: studioId })))).studio);
}
export type ToolInput = Body<'/latest/studios/create'> & { transformations: { steps: ToolStep[]; output?: unknown } };
export async function saveTool(studioId: string | undefined, input: ToolInput): Promise<string> {
  if (!studioId) return (await ok(api.POST('/latest/studios/create', { body: input }))).studio_id;
  await ok(api.POST('/latest/studios/{studio_id}/update', { ...path({ studio_id: studioId }), body: input }));
  return studioId;
}
export const deleteTools = (ids: string[]) => ok(api.POST('/latest/studios/bulk_delete', { body: { ids } }));

export interface RunError {
  step: string;
  message: string;
}
export interface RunWarning {
  step: string;
  input?: string;
  reference: string;
  message: string;
}
export interface RunResult {
  status: string;
  output: unknown;
  errors: RunError[];
  /** References that resolved to nothing while the run went on. */
  warnings: RunWarning[];
  credits: number;
  steps: Record<string, unknown>;
  executionTime?: number;
}
type Run = Answer<'/latest/studios/{studio_id}/trigger', 'post'>;
const errorsOf = (errors: Run['errors']): RunError[] => errors.map((e) => ({ step: e.step_name, message: e.body || e.message }));
const creditsOf = (credits: Run['credits_used']) => credits.reduce((n, c) => n + c.credits, 0);
/**
 * The chain client's run (`/trigger` with `return_state`): the only form that answers each step's
 * output. With `draft`, that configuration runs instead of the saved one (`studio_override`, an
 * editor's right): what is on the screen, unsaved changes included.
 */
export async function runTool(studioId: string, params: Record<string, unknown>, draft?: ToolInput): Promise<RunResult> {
  const r = await ok(
    api.POST('/latest/studios/{studio_id}/trigger', { ...path({ studio_id: studioId }), body: { params, return_state: true, ...(draft ? { studio_override: draft as unknown as Record<string, unknown> } : {}) } }),
  );
  const steps = Object.fromEntries(Object.entries(r.state?.steps ?? {}).map(([name, s]) => [name, s.output]));
  return { status: r.status, output: r.output, errors: errorsOf(r.errors), warnings: r.warnings, credits: creditsOf(r.credits_used), steps, executionTime: r.executionTime };
}
export async function runToolAsync(studioId: string, params: Record<string, unknown>): Promise<string> {
  return (await ok(api.POST('/latest/studios/{studio_id}/trigger_async', { ...path({ studio_id: studioId }), body: { params } }))).job_id;
}
export interface AsyncProgress {
  done: boolean;
  failed: boolean;
  result?: RunResult;
}
/**
 * A background run: `inprogress` until its one update arrives — `chain-success` with
 * `{output, credits_used, executionTime}`, or `chain-failure` with `{output: null, errors}` (the
 * update's output is free-form in the schema, hence the narrowing).
 */
export async function pollTool(studioId: string, jobId: string): Promise<AsyncProgress> {
  const r = await ok(api.GET('/latest/studios/{studio_id}/async_poll/{job_id}', path({ studio_id: studioId, job_id: jobId })));
  if (r.type === 'inprogress') return { done: false, failed: false };
  // Here `credits_used` is the run's total (a number), not /trigger's list of entries.
  const out = (r.updates[0]?.output ?? {}) as { output?: unknown; credits_used?: number; executionTime?: number; errors?: Run['errors']; warnings?: RunWarning[] };
  const failed = r.type === 'failed';
  return {
    done: true,
    failed,
    result: { status: r.type, output: out.output, errors: errorsOf(out.errors ?? []), warnings: out.warnings ?? [], credits: out.credits_used ?? 0, steps: {}, executionTime: out.executionTime },
  };
}

// ---- agents and tasks

/** Whether an action asks a person before it runs (the fields are kept as stored, whatever the page edits). */
export type ActionBehaviour = 'never-ask' | 'always-ask' | 'agent-decide';
export const ACTION_BEHAVIOURS: Array<{ value: ActionBehaviour; label: string }> = [
  { value: 'never-ask', label: 'Never ask' },
  { value: 'always-ask', label: 'Always ask a person' },
  { value: 'agent-decide', label: 'The agent decides' },
];
export interface ApprovalSettings {
  action_behaviour?: ActionBehaviour;
  agent_decide_prompt?: string;
  conditional_approval_rules?: { max_auto_approvals?: number | null; max_approvals_asked?: number | null };
}
export type Action =
  | ({ studio_id: string } & ApprovalSettings)
  | ({ step: string; connection_id: string; inputs?: Record<string, unknown> } & ApprovalSettings)
  | McpAction
  | SubagentAction;
/** A remote MCP server's tools offered to the model: the named ones, or all. */
export interface McpAction extends ApprovalSettings {
  mcp: { connection_id: string; tools: string[] | '*' };
}
/** Another agent of the project, run as a tool. */
export interface SubagentAction extends ApprovalSettings {
  agent_id: string;
  title?: string;
  default_values?: Record<string, unknown>;
}
export interface Agent {
  agentId: string;
  name: string;
  systemPrompt: string;
  model: string;
  modelBaseUrl: string;
  hasModelKey: boolean;
  actions: Action[];
  updatedAt: string;
}
const APPROVAL_FIELDS = ['action_behaviour', 'agent_decide_prompt', 'conditional_approval_rules'] as const;
/**
 * A stored action: a tool (answered with both `studio_id` and the hosted `chain_id`), a named step, a
 * remote MCP server's tools or a sub-agent — with its approval settings, so a save keeps them.
 */
function actionOf(x: Record<string, unknown>): Action {
  const approval = Object.fromEntries(APPROVAL_FIELDS.filter((k) => x[k] !== undefined).map((k) => [k, x[k]])) as ApprovalSettings;
  if (typeof x.step === 'string') return { step: x.step, connection_id: String(x.connection_id), ...(x.inputs ? { inputs: x.inputs as Record<string, unknown> } : {}), ...approval };
  const mcp = x.mcp as { connection_id?: unknown; tools?: unknown } | undefined;
  if (typeof x.studio_id !== 'string' && mcp && typeof mcp.connection_id === 'string') {
    return { mcp: { connection_id: mcp.connection_id, tools: Array.isArray(mcp.tools) ? mcp.tools.map(String) : '*' }, ...approval };
  }
  if (typeof x.studio_id !== 'string' && typeof x.agent_id === 'string') return { ...(x as object), agent_id: x.agent_id } as SubagentAction;
  return { ...(x as object), studio_id: String(x.studio_id) } as Action;
}
const agentOf = (a: Row<'/latest/agents/list', 'post'>): Agent => ({
  agentId: a.agent_id,
  name: a.name,
  systemPrompt: a.system_prompt,
  model: a.model ?? '',
  modelBaseUrl: a.model_base_url ?? '',
  hasModelKey: a.has_model_api_key,
  actions: a.actions.map(actionOf),
  updatedAt: a.updated_at,
});
export async function agents(): Promise<Agent[]> {
  return (await ok(api.POST('/latest/agents/list', { body: PAGE }))).results.map(agentOf);
}
export async function agent(agentId: string): Promise<Agent> {
  return agentOf((await ok(api.GET('/latest/agents/{agent_id}/get', path({ agent_id: agentId })))).agent);
}
export type AgentInput = Body<'/latest/agents/upsert'>;
export async function saveAgent(input: AgentInput): Promise<string> {
  return (await ok(api.POST('/latest/agents/upsert', { body: input }))).agent_id;
}
export const deleteAgent = (agentId: string) => ok(api.POST('/latest/agents/{agent_id}/delete', { ...path({ agent_id: agentId }), body: {} }));

export type TaskState = Answer<'/latest/agents/{agent_id}/tasks/{conversation_id}/metadata', 'get'>['state'];
/** Every state the API answers, as the dashboard shows it: a state added on the server fails the type-check here. */
const STATES: Record<TaskState, 'running' | 'failed' | 'done'> = {
  idle: 'done',
  'starting-up': 'running',
  'waiting-for-capacity': 'running',
  running: 'running',
  'pending-approval': 'running',
  escalated: 'running',
  paused: 'done',
  completed: 'done',
  cancelled: 'failed',
  'timed-out': 'failed',
  unrecoverable: 'failed',
  'errored-pending-approval': 'failed',
};
/** The states as people say them (the API keeps its own values). */
const STATE_WORDS: Record<TaskState, string> = {
  idle: 'Idle',
  'starting-up': 'Starting',
  'waiting-for-capacity': 'Waiting to start',
  running: 'Running',
  'pending-approval': 'Waiting for approval',
  escalated: 'Escalated',
  paused: 'Paused',
  completed: 'Completed',
  cancelled: 'Cancelled',
  'timed-out': 'Timed out',
  unrecoverable: 'Failed',
  'errored-pending-approval': 'Failed',
};
export type StateGroup = 'running' | 'failed' | 'done';
export function stateLabel(state: TaskState): { text: string; running: boolean; failed: boolean; group: StateGroup } {
  return { text: STATE_WORDS[state], running: STATES[state] === 'running', failed: STATES[state] === 'failed', group: STATES[state] };
}
export interface TaskRow {
  conversationId: string;
  state: TaskState;
  triggerId?: string;
  triggerType?: string;
  /** The first line of its first message (a trigger's: the event's summary). */
  title: string;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
}
export async function tasks(agentId: string, triggerId?: string): Promise<TaskRow[]> {
  const r = await ok(api.POST('/latest/agents/{agent_id}/tasks/list', { ...path({ agent_id: agentId }), body: { page_size: 100, ...(triggerId ? { trigger_id: triggerId } : {}) } }));
  return r.results.map((t) => ({
    conversationId: t.conversation_id,
    state: t.state,
    triggerId: t.trigger_id,
    triggerType: t.trigger_type,
    title: t.title,
    createdAt: t.created_at,
    startedAt: t.started_at,
    finishedAt: t.finished_at,
  }));
}
export const sendMessage = (agentId: string, content: string, conversationId?: string) =>
  ok(api.POST('/latest/agents/trigger', { body: { agent_id: agentId, message: { role: 'user', content }, ...(conversationId ? { conversation_id: conversationId } : {}) } }));
export async function taskState(agentId: string, conversationId: string): Promise<{ state: TaskState; error: string }> {
  const r = await ok(api.GET('/latest/agents/{agent_id}/tasks/{conversation_id}/metadata', path({ agent_id: agentId, conversation_id: conversationId })));
  return { state: r.state, error: r.error ?? '' };
}

/** The event that started a task, as its trigger wrote it: a summary line, then the JSON. */
export interface TaskEvent {
  summary: string;
  triggerType: string;
  payload: unknown;
}
export interface TaskItem {
  id: string;
  kind: 'user' | 'agent' | 'tool' | 'error' | 'event';
  text: string;
  event?: TaskEvent;
  tool?: string;
  toolState?: string;
  /** A tool run waiting for a person: what to send back to decide it. */
  pending?: { action: string; actionRequestId: string };
  confirmation?: { confirmed: boolean; by: 'user' | 'agent' };
  params?: unknown;
  output?: unknown;
  errors: string[];
  at: string;
}
const viewTask = (agentId: string, conversationId: string) =>
  ok(api.POST('/latest/agents/{agent_id}/tasks/{conversation_id}/view', { ...path({ agent_id: agentId, conversation_id: conversationId }), body: PAGE }));
// As openapi-fetch hands it over (it leaves out fields typed only `null`).
type Item = Awaited<ReturnType<typeof viewTask>>['results'][number];
/** A trigger's message (src/triggers/dispatch.ts): "<summary>\n\n{trigger_type, event, action, delivery_id, payload}". */
function eventOf(text: string): TaskEvent | undefined {
  const cut = text.indexOf('\n\n');
  if (cut < 0) return undefined;
  try {
    const body = JSON.parse(text.slice(cut + 2)) as { trigger_type?: unknown; payload?: unknown };
    return { summary: text.slice(0, cut), triggerType: typeof body.trigger_type === 'string' ? body.trigger_type : '', payload: body };
  } catch {
    return undefined;
  }
}
/** An item by its content's type: each type's fields are declared in the schema. */
function itemOf(i: Item): TaskItem {
  const c = i.content;
  const base = { id: i.item_id, at: i.insert_date_, errors: [] as string[], text: '' };
  switch (c.type) {
    case 'user-message': {
      const event = c.is_trigger_message ? eventOf(c.text) : undefined;
      return event ? { ...base, kind: 'event', text: event.summary, event } : { ...base, kind: 'user', text: c.text };
    }
    case 'agent-message':
      return { ...base, kind: 'agent', text: c.text };
    case 'agent-error':
      return { ...base, kind: 'error', errors: c.errors.map((e) => e.body) };
    case 'tool-run':
      return {
        ...base,
        kind: 'tool',
        tool: c.tool_config.title || c.action_details.action,
        toolState: c.tool_run_state,
        params: c.params.json,
        output: c.output,
        errors: c.errors.map((e) => e.body),
        ...(c.requires_confirmation ? { pending: { action: c.action_details.action, actionRequestId: c.action_details.action_request_id } } : {}),
        ...(c.confirmation ? { confirmation: c.confirmation } : {}),
      };
  }
}
/** The task's items, oldest first. */
export async function taskItems(agentId: string, conversationId: string): Promise<TaskItem[]> {
  return (await viewTask(agentId, conversationId)).results.map(itemOf).reverse();
}

// ---- approvals

export type Approval = Row<'/latest/approvals/list', 'post'>;
/** How many pending approvals the Approvals page loads at a time, oldest first. */
export const APPROVALS_PAGE = 100;
/** One page of the pending approvals, oldest first, after `cursor`; `next_cursor` when more wait after it. */
export const approvalsPage = (cursor?: string) => ok(api.POST('/latest/approvals/list', { body: { page_size: APPROVALS_PAGE, ...(cursor ? { cursor } : {}) } }));
/** Approves (the action runs once, its params merged with `override`) or rejects an action a task waits on. */
export const decide = (agentId: string, conversationId: string, pending: { action: string; actionRequestId: string }, approve: boolean, override?: Record<string, unknown>) =>
  ok(
    api.POST('/latest/agents/trigger', {
      body: {
        agent_id: agentId,
        conversation_id: conversationId,
        message: { role: approve ? 'action-confirm' : 'action-reject', action: pending.action, action_request_id: pending.actionRequestId, ...(override ? { action_params_override: override } : {}) },
      },
    }),
  );

// ---- triggers

export type TriggerType = Row<'/latest/triggers/types/list', 'get'>;
/** The trigger catalogue, in the server's category order. */
export async function triggerTypes(): Promise<TriggerType[]> {
  return (await ok(api.GET('/latest/triggers/types/list'))).results;
}
export type Trigger = Row<'/latest/agents/{agent_id}/triggers/list', 'post'>;
export async function triggers(agentId: string): Promise<Trigger[]> {
  return (await ok(api.POST('/latest/agents/{agent_id}/triggers/list', { ...path({ agent_id: agentId }), body: PAGE }))).results;
}
export const createTrigger = (agentId: string, type: string, connectionId: string, config: Record<string, string>) =>
  ok(api.POST('/latest/agents/{agent_id}/triggers/create', { ...path({ agent_id: agentId }), body: { type, connection_id: connectionId, config } }));
export const setTriggerStatus = (agentId: string, triggerId: string, status: 'active' | 'paused') =>
  ok(api.POST('/latest/agents/{agent_id}/triggers/{trigger_id}/update', { ...path({ agent_id: agentId, trigger_id: triggerId }), body: { status } }));
/** Fires the trigger with a sample event of its type: a real task, marked as a test. */
export const testTrigger = (agentId: string, triggerId: string) =>
  ok(api.POST('/latest/agents/{agent_id}/triggers/{trigger_id}/test', { ...path({ agent_id: agentId, trigger_id: triggerId }), body: {} }));
export const deleteTrigger = (agentId: string, triggerId: string) =>
  ok(api.POST('/latest/agents/{agent_id}/triggers/{trigger_id}/delete', { ...path({ agent_id: agentId, trigger_id: triggerId }), body: {} }));

// ---- schedules of an agent
export type Schedule = Row<'/latest/agents/{agent_id}/schedules/list', 'post'>;
export async function schedules(agentId: string): Promise<Schedule[]> {
  return (await ok(api.POST('/latest/agents/{agent_id}/schedules/list', { ...path({ agent_id: agentId }), body: {} }))).results;
}
export const createSchedule = (agentId: string, body: { cron: string; timezone?: string; message: string }) =>
  ok(api.POST('/latest/agents/{agent_id}/schedules/create', { ...path({ agent_id: agentId }), body }));
export const deleteSchedule = (agentId: string, scheduleId: string) =>
  ok(api.POST('/latest/agents/{agent_id}/schedules/{schedule_id}/delete', { ...path({ agent_id: agentId, schedule_id: scheduleId }), body: {} }));

// ---- audit trail (organization settings) — begin
export type AuditRecord = Row<'/latest/organizations/{organization_id}/audit/list', 'post'>;
export type AuditFilters = Omit<Body<'/latest/organizations/{organization_id}/audit/list'>, 'page_size' | 'cursor'>;
export const auditPage = (organizationId: string, filters: AuditFilters, cursor?: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/audit/list', { ...path({ organization_id: organizationId }), body: { ...filters, page_size: 50, ...(cursor ? { cursor } : {}) } }));
/** The export's address (a plain link: the browser downloads it with the session cookie). */
export function auditExportUrl(organizationId: string, filters: AuditFilters): string {
  const query = new URLSearchParams(Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== ''));
  const q = query.toString();
  return `/latest/organizations/${encodeURIComponent(organizationId)}/audit/export${q ? `?${q}` : ''}`;
}
/** Every action the trail records, as the server declares them (the Action filter's choices). */
export const auditActions = async (organizationId: string) =>
  (await ok(account.GET('/latest/organizations/{organization_id}/audit/actions/list', path({ organization_id: organizationId })))).results.map((r) => r.action);
// ---- audit trail — end

// ---- people of the organization (break-glass admins, audit actors) — begin
export type OrgMember = Row<'/latest/organizations/{organization_id}/members/list', 'post'>;
/** Every person of the organization (or only its admins), all pages. */
export async function orgMembers(organizationId: string, only?: 'admin'): Promise<OrgMember[]> {
  const people: OrgMember[] = [];
  let cursor: string | undefined;
  do {
    const r = await ok(
      account.POST('/latest/organizations/{organization_id}/members/list', {
        ...path({ organization_id: organizationId }),
        body: { ...PAGE, ...(only ? { org_role: only } : {}), ...(cursor ? { cursor } : {}) },
      }),
    );
    people.push(...r.results);
    cursor = r.next_cursor;
  } while (cursor);
  return people;
}
// ---- people of the organization — end

// ---- single sign-on (sign-in page and organization settings) — begin
export type SsoProvider = Row<'/latest/organizations/{organization_id}/sso/providers/list', 'post'>;
export type SsoProviderInput = Body<'/latest/organizations/{organization_id}/sso/providers/create'>;
export type SsoProviderChange = Body<'/latest/organizations/{organization_id}/sso/providers/{provider_id}/update'>;
export type GroupRule = Row<'/latest/organizations/{organization_id}/sso/group_rules/list', 'post'>;
export type GroupRuleInput = Body<'/latest/organizations/{organization_id}/sso/group_rules/create'>;
export type SsoSettings = Answer<'/latest/organizations/{organization_id}/sso/settings', 'get'>;
const org = (organizationId: string) => path({ organization_id: organizationId });
/** The provider that signs in this address, if any (the sign-in page's email-first step). */
export const ssoProvidersFor = async (email: string) => (await ok(account.GET('/latest/auth/sso/providers', { params: { query: { email } } }))).providers;
/** Where the browser goes to sign in with a provider (a full-page navigation: it leaves for the provider). */
export function ssoStartUrl(start: { providerId: string } | { email: string }, next?: string): string {
  const query = new URLSearchParams('providerId' in start ? { provider_id: start.providerId } : { email: start.email });
  if (next) query.set('next', next);
  return `/latest/auth/sso/start?${query}`;
}
export const ssoProviders = (organizationId: string) => ok(account.POST('/latest/organizations/{organization_id}/sso/providers/list', org(organizationId)));
export const createSsoProvider = (organizationId: string, body: SsoProviderInput) => ok(account.POST('/latest/organizations/{organization_id}/sso/providers/create', { ...org(organizationId), body }));
export const updateSsoProvider = (organizationId: string, providerId: string, body: SsoProviderChange) =>
  ok(account.POST('/latest/organizations/{organization_id}/sso/providers/{provider_id}/update', { ...path({ organization_id: organizationId, provider_id: providerId }), body }));
export const deleteSsoProvider = (organizationId: string, providerId: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/sso/providers/{provider_id}/delete', { ...path({ organization_id: organizationId, provider_id: providerId }), body: {} }));
export const groupRules = async (organizationId: string) => (await ok(account.POST('/latest/organizations/{organization_id}/sso/group_rules/list', org(organizationId)))).results;
export const createGroupRule = (organizationId: string, body: GroupRuleInput) => ok(account.POST('/latest/organizations/{organization_id}/sso/group_rules/create', { ...org(organizationId), body }));
export const deleteGroupRule = (organizationId: string, ruleId: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/sso/group_rules/{rule_id}/delete', { ...path({ organization_id: organizationId, rule_id: ruleId }), body: {} }));
export const ssoSettings = (organizationId: string) => ok(account.GET('/latest/organizations/{organization_id}/sso/settings', org(organizationId)));
export const updateSsoSettings = (organizationId: string, body: Body<'/latest/organizations/{organization_id}/sso/settings/update'>) =>
  ok(account.POST('/latest/organizations/{organization_id}/sso/settings/update', { ...org(organizationId), body }));
// ---- single sign-on — end

// ---- verified domains (organization settings) — begin
export type OrgDomain = Row<'/latest/organizations/{organization_id}/domains/list', 'post'>;
export const orgDomains = async (organizationId: string) => (await ok(account.POST('/latest/organizations/{organization_id}/domains/list', org(organizationId)))).results;
export const createOrgDomain = (organizationId: string, domain: string) => ok(account.POST('/latest/organizations/{organization_id}/domains/create', { ...org(organizationId), body: { domain } }));
export const verifyOrgDomain = (organizationId: string, domainId: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/domains/{domain_id}/verify', { ...path({ organization_id: organizationId, domain_id: domainId }), body: {} }));
export const deleteOrgDomain = (organizationId: string, domainId: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/domains/{domain_id}/delete', { ...path({ organization_id: organizationId, domain_id: domainId }), body: {} }));
// ---- verified domains — end

// ---- SCIM tokens (organization settings) — begin
export type ScimToken = Row<'/latest/organizations/{organization_id}/scim/tokens/list', 'post'>;
export const scimTokens = (organizationId: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/scim/tokens/list', { ...path({ organization_id: organizationId }), body: {} }));
export const createScimToken = (organizationId: string, label: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/scim/tokens/create', { ...path({ organization_id: organizationId }), body: label.trim() ? { label: label.trim() } : {} }));
export const deleteScimToken = (organizationId: string, tokenId: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/scim/tokens/{token_id}/delete', { ...path({ organization_id: organizationId, token_id: tokenId }), body: {} }));
// ---- SCIM tokens — end

// ---- organization keys (organization settings) — begin
export type OrgConnection = Row<'/latest/organizations/{organization_id}/integrations/connections/list', 'post'>;
export const orgConnections = async (organizationId: string) =>
  (await ok(account.POST('/latest/organizations/{organization_id}/integrations/connections/list', { ...path({ organization_id: organizationId }), body: PAGE }))).results;
export const createOrgConnection = (organizationId: string, provider: string, apiKey: string, label: string) =>
  ok(
    account.POST('/latest/organizations/{organization_id}/integrations/connections/create', {
      ...path({ organization_id: organizationId }),
      body: { provider, api_key: apiKey, ...(label.trim() ? { label: label.trim() } : {}) },
    }),
  );
/** A new key (rotation) and/or a new label; an empty label clears it. */
export const updateOrgConnection = (organizationId: string, connectionId: string, change: { apiKey?: string; label?: string }) =>
  ok(
    account.POST('/latest/organizations/{organization_id}/integrations/connections/{connection_id}/update', {
      ...path({ organization_id: organizationId, connection_id: connectionId }),
      body: { ...(change.apiKey ? { api_key: change.apiKey } : {}), ...(change.label !== undefined ? { label: change.label.trim() || null } : {}) },
    }),
  );
export const deleteOrgConnection = (organizationId: string, connectionId: string) =>
  ok(account.POST('/latest/organizations/{organization_id}/integrations/connections/{connection_id}/delete', { ...path({ organization_id: organizationId, connection_id: connectionId }), body: {} }));
// ---- organization keys — end
