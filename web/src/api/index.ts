// Every call the dashboard makes, and the ONE place that maps answers to the dashboard's types.
// It reads the hosted platform's shapes (hosted-compat.md: {projects, count}, `_id`, `id`,
// {agent: …}, {studio: …}, typed task items, hosted task states) and Hangar's own earlier shapes
// alike, so the pages do not change when the server's answers do.
import { get, post } from './client.ts';

export { ApiError, setProject, whenSignedOut } from './client.ts';

export type Role = 'admin' | 'editor' | 'viewer';
export const ROLE_ACTION: Record<Role, string> = { admin: 'admin', editor: 'role:editor', viewer: 'role:viewer' };
export const permissionsFor = (role: Role) => ({ items: { platformDefault: { actions: { [ROLE_ACTION[role]]: true } } } });

/** The highest role in a permissions object, Hangar's `{items}` or the hosted per-project form. */
export function roleOf(permissions: any, projectId?: string): Role | undefined {
  if (!permissions || typeof permissions !== 'object') return undefined;
  if (typeof permissions === 'string') return permissions.replace('role:', '') as Role;
  if (permissions.projects) return roleOf((projectId && permissions.projects[projectId]) || Object.values(permissions.projects)[0], projectId);
  const actions = permissions.items?.platformDefault?.actions ?? {};
  if (actions.admin) return 'admin';
  if (actions['role:editor']) return 'editor';
  if (actions['role:viewer']) return 'viewer';
  return undefined;
}
const roleField = (r: any, projectId?: string): Role | undefined => {
  if (typeof r.role === 'string' && ['admin', 'editor', 'viewer', 'role:editor', 'role:viewer'].includes(r.role)) return r.role.replace('role:', '') as Role;
  return roleOf(r.project_permissions ?? r.permissions, projectId);
};
const results = (r: any): any[] => (Array.isArray(r?.results) ? r.results : []);

// ---- identity and projects

export interface Me {
  userId: string;
  email: string;
  organizationId: string;
  organizationRole: string;
  region: string;
  role: Role | undefined;
}
export async function me(projectId?: string): Promise<Me> {
  const r = await get('/latest/auth/info', { project: projectId ?? null });
  return {
    userId: r.user_id,
    email: r.email ?? '',
    organizationId: r.organization_id ?? r.organization?.id ?? '',
    organizationRole: r.organization_role ?? '',
    region: r.region ?? '',
    role: projectId ? roleOf(r.permissions, projectId) : undefined,
  };
}
export const login = (email: string, password: string) => post('/latest/auth/login', { email, password }, { project: null });
export const logout = () => post('/latest/auth/logout', {}, { project: null });
export const acceptInvite = (invite_code: string, password: string, name?: string) =>
  post<{ project_id: string; user_id: string }>('/latest/auth/invite/accept', { invite_code, password, ...(name ? { name } : {}) }, { project: null });

export interface Project {
  projectId: string;
  name: string;
  description: string;
}
export async function projects(): Promise<Project[]> {
  const r = await get('/latest/projects/list?page_size=1000', { project: null });
  const rows: any[] = Array.isArray(r.projects) ? r.projects : results(r);
  return rows.map((p) => ({ projectId: p.project_id ?? p._id, name: p.name ?? '', description: p.description ?? '' }));
}
export const createProject = (name: string, description: string, organization_id: string) =>
  post<{ project_id: string }>('/latest/projects/create', { name, description, organization_id }, { project: null });

// ---- members

export interface Member {
  userId: string;
  email: string;
  name: string;
  role: Role | undefined;
}
export interface Invite {
  inviteCode: string;
  email: string;
  role: Role | undefined;
  createdAt: string;
}
export async function members(projectId: string): Promise<Member[]> {
  return results(await post('/latest/auth/users/list', { page_size: 1000 })).map((m) => ({
    userId: m.user_id ?? m._id,
    email: m.email ?? '',
    name: m.name ?? [m.first_name, m.last_name].filter(Boolean).join(' '),
    role: roleField(m, projectId),
  }));
}
export async function invites(projectId: string): Promise<Invite[]> {
  return results(await post('/latest/auth/invite/list', { page_size: 1000 })).map((i) => ({
    inviteCode: i.invite_code ?? i._id,
    email: i.email ?? '',
    role: roleField(i, projectId),
    createdAt: i.created_at ?? i.insert_date_ ?? '',
  }));
}
export const invite = (email: string, role: Role) => post<{ invite_code: string; state?: string }>('/latest/auth/invite/create', { email, permissions: permissionsFor(role) });
export const deleteInvite = (inviteCode: string) => post('/latest/auth/invite/delete', { invite_code: inviteCode });
export const changeRole = (userId: string, role: Role) => post(`/latest/auth/users/${encodeURIComponent(userId)}/update`, { permissions: permissionsFor(role) });
export const removeMember = (userId: string) => post(`/latest/auth/users/${encodeURIComponent(userId)}/delete`, {});

// ---- own API keys

export interface Key {
  keyId: string;
  label: string;
  hint: string;
  createdAt: string;
}
export async function keys(userId: string): Promise<Key[]> {
  return results(await post(`/latest/auth/users/${encodeURIComponent(userId)}/keys/list`, { page_size: 1000 }, { project: null })).map((k) => ({
    keyId: k.key_id ?? k.id ?? k._id,
    label: k.label ?? '',
    hint: k.hint ?? '',
    createdAt: k.created_at ?? k.insert_date_ ?? '',
  }));
}
export async function createKey(userId: string, label: string): Promise<{ apiKey: string; keyId: string }> {
  const r = await post(`/latest/auth/users/${encodeURIComponent(userId)}/keys/create`, label ? { label } : {}, { project: null });
  return { apiKey: r.api_key, keyId: r.key_id ?? r.id };
}
export const revokeKey = (userId: string, keyId: string) => post(`/latest/auth/users/${encodeURIComponent(userId)}/keys/delete`, { key_id: keyId }, { project: null });

// ---- integrations

export interface StepInfo {
  step: string;
  name: string;
  description: string;
  provider: string;
  providerName: string;
  beta: boolean;
  inputSchema: JsonSchema;
}
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
export interface ProviderInfo {
  provider: string;
  name: string;
  description: string;
  beta: boolean;
  authTypes: string[];
  methods: string[];
  requiredHeaders: Array<{ name: string; value: string }>;
  steps: StepInfo[];
}
const stepOf = (s: any): StepInfo => ({
  step: s.step,
  name: s.name,
  description: s.description ?? '',
  provider: s.provider,
  providerName: s.provider_name ?? s.provider,
  beta: !!s.beta,
  inputSchema: s.input_schema ?? {},
});
export async function providers(): Promise<ProviderInfo[]> {
  return results(await get('/latest/integrations/providers/list')).map((p) => ({
    provider: p.provider,
    name: p.name,
    description: p.description ?? '',
    beta: !!p.beta,
    authTypes: p.auth_types ?? [],
    methods: p.api_call?.methods ?? [],
    requiredHeaders: p.api_call?.required_headers ?? [],
    steps: (p.steps ?? []).map(stepOf),
  }));
}
export async function searchSteps(query: string): Promise<StepInfo[]> {
  return results(await get(`/latest/integrations/steps/list?query=${encodeURIComponent(query)}`)).map(stepOf);
}
export interface Connection {
  connectionId: string;
  provider: string;
  label: string;
  account: string;
  authType: string;
  status: string;
  createdAt: string;
}
/** Live connections; a removed one stays in Hangar's list only so its steps can say it was removed. */
export async function connections(): Promise<Connection[]> {
  const rows = results(await post('/latest/integrations/connections/list', { page_size: 1000 })).filter((c) => c.status !== 'removed');
  return rows.map((c) => ({
    connectionId: c.connection_id ?? c._id,
    provider: c.provider,
    label: c.label ?? '',
    account: c.account ?? '',
    authType: c.auth_type ?? '',
    status: c.status ?? '',
    createdAt: c.created_at ?? '',
  }));
}
export const connectWithKey = (provider: string, apiKey: string, label: string) =>
  post<{ connection_id: string }>('/latest/integrations/connections/create', { provider, api_key: apiKey, ...(label ? { label } : {}) });
export const oauthUrl = (provider: string, redirectUrl: string) => post<{ auth_url: string }>('/latest/integrations/oauth/get_url', { provider, redirect_url: redirectUrl });
export const removeConnection = (connectionId: string) => post(`/latest/integrations/connections/${encodeURIComponent(connectionId)}/delete`, {});

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
const toolOf = (t: any): Tool => ({
  studioId: t.studio_id ?? t._id,
  title: t.title ?? '',
  description: t.description ?? '',
  paramsSchema: t.params_schema ?? { type: 'object', properties: {} },
  steps: t.transformations?.steps ?? [],
  output: t.transformations?.output,
  updatedAt: t.updated_at ?? t.update_date_ ?? '',
});
export async function tools(): Promise<Tool[]> {
  return results(await get('/latest/studios/list?page_size=1000')).map(toolOf);
}
export async function tool(studioId: string): Promise<Tool> {
  const r = await get(`/latest/studios/${encodeURIComponent(studioId)}/get`);
  return toolOf(r.studio ?? r);
}
export interface ToolInput {
  title: string;
  description: string;
  params_schema: JsonSchema;
  transformations: { steps: ToolStep[]; output?: unknown };
}
export async function saveTool(studioId: string | undefined, input: ToolInput): Promise<string> {
  const r = await post(studioId ? `/latest/studios/${encodeURIComponent(studioId)}/update` : '/latest/studios/create', input);
  return r.studio_id ?? studioId;
}
export const deleteTools = (ids: string[]) => post('/latest/studios/bulk_delete', { ids });

export interface RunError {
  step: string;
  message: string;
}
export interface RunResult {
  status: string;
  output: unknown;
  errors: RunError[];
  credits: number;
  steps: Record<string, unknown>;
  executionTime?: number;
}
const creditsOf = (c: any): number =>
  typeof c === 'number' ? c : Array.isArray(c) ? c.reduce((n, e) => n + (typeof e === 'number' ? e : Number(e?.credits ?? e?.num_credits ?? 0)), 0) : 0;
const errorsOf = (errors: any): RunError[] =>
  (Array.isArray(errors) ? errors : []).map((e) => ({ step: e.step_name ?? e.stepName ?? e.step ?? '', message: e.body ?? e.message ?? e.raw ?? JSON.stringify(e) }));
function runOf(r: any): RunResult {
  const stepsState = r.state?.steps ?? r.steps ?? {};
  const steps: Record<string, unknown> = {};
  for (const [name, s] of Object.entries<any>(stepsState)) steps[name] = s && typeof s === 'object' && 'output' in s ? s.output : s;
  return { status: r.status ?? '', output: r.output, errors: errorsOf(r.errors), credits: creditsOf(r.credits_used), steps, executionTime: r.executionTime };
}
/** The chain client's run (`/trigger` with `return_state`): the only form that answers each step's output. */
export async function runTool(studioId: string, params: Record<string, unknown>): Promise<RunResult> {
  return runOf(await post(`/latest/studios/${encodeURIComponent(studioId)}/trigger`, { params, return_state: true }));
}
export async function runToolAsync(studioId: string, params: Record<string, unknown>): Promise<string> {
  return (await post(`/latest/studios/${encodeURIComponent(studioId)}/trigger_async`, { params })).job_id;
}
export interface AsyncProgress {
  done: boolean;
  failed: boolean;
  messages: string[];
  result?: RunResult;
}
export async function pollTool(studioId: string, jobId: string): Promise<AsyncProgress> {
  const r = await get(`/latest/studios/${encodeURIComponent(studioId)}/async_poll/${encodeURIComponent(jobId)}`);
  const updates: any[] = Array.isArray(r.updates) ? r.updates : [];
  const success = updates.find((u) => u.type === 'chain-success');
  const failure = updates.find((u) => u.type === 'chain-error' || u.type === 'error');
  const messages = updates.map((u) => u.message ?? u.type).filter(Boolean);
  const done = r.type === 'complete' || r.type === 'failed';
  const source = success?.output ?? failure?.output ?? failure;
  const result = done && source ? { ...runOf(source), status: r.type === 'failed' ? 'failed' : 'complete' } : undefined;
  return { done, failed: r.type === 'failed', messages, result };
}

// ---- agents and tasks

export type Action = { studio_id: string } | { step: string; connection_id: string; inputs?: Record<string, unknown> };
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
const agentOf = (a: any): Agent => ({
  agentId: a.agent_id ?? a._id,
  name: a.name ?? '',
  systemPrompt: a.system_prompt ?? '',
  model: a.model ?? '',
  modelBaseUrl: a.model_base_url ?? '',
  hasModelKey: !!a.has_model_api_key,
  actions: (a.actions ?? []).map((x: any) =>
    x.step ? { step: x.step, connection_id: x.connection_id, ...(x.inputs ? { inputs: x.inputs } : {}) } : { studio_id: x.studio_id ?? x.chain_id },
  ),
  updatedAt: a.updated_at ?? a.update_date_ ?? '',
});
export async function agents(): Promise<Agent[]> {
  return results(await post('/latest/agents/list', { page_size: 1000 })).map(agentOf);
}
export async function agent(agentId: string): Promise<Agent> {
  const r = await get(`/latest/agents/${encodeURIComponent(agentId)}/get`);
  return agentOf(r.agent ?? r);
}
export interface AgentInput {
  agent_id?: string;
  name: string;
  system_prompt: string;
  model?: string;
  model_base_url?: string;
  model_api_key?: string;
  actions: Action[];
}
export async function saveAgent(input: AgentInput): Promise<string> {
  return (await post('/latest/agents/upsert', input)).agent_id;
}
export const deleteAgent = (agentId: string) => post(`/latest/agents/${encodeURIComponent(agentId)}/delete`, {});

/** Hosted and Hangar task states, as the dashboard shows them. */
export function stateLabel(state: string): { text: string; running: boolean; failed: boolean } {
  const running = ['queued', 'starting-up', 'waiting-for-capacity', 'running', 'pending-approval'].includes(state);
  const failed = ['errored', 'timed-out', 'unrecoverable', 'errored-pending-approval', 'cancelled'].includes(state);
  return { text: state || 'unknown', running, failed };
}
export interface TaskRow {
  conversationId: string;
  state: string;
  triggerId?: string;
  triggerType?: string;
  title: string;
  createdAt: string;
}
export async function tasks(agentId: string, triggerId?: string): Promise<TaskRow[]> {
  return results(await post(`/latest/agents/${encodeURIComponent(agentId)}/tasks/list`, { page_size: 100, ...(triggerId ? { trigger_id: triggerId } : {}) })).map((t) => {
    const m = t.metadata ?? t;
    return {
      conversationId: t.conversation_id ?? t.knowledge_set ?? m.knowledge_set,
      state: m.conversation?.state ?? t.state ?? '',
      triggerId: t.trigger_id,
      triggerType: t.trigger_type,
      title: m.conversation?.title ?? '',
      createdAt: t.created_at ?? m.insert_date ?? '',
    };
  });
}
export const sendMessage = (agentId: string, content: string, conversationId?: string) =>
  post<{ conversation_id: string; state: string }>('/latest/agents/trigger', { agent_id: agentId, message: { role: 'user', content }, ...(conversationId ? { conversation_id: conversationId } : {}) });
export async function taskState(agentId: string, conversationId: string): Promise<{ state: string; error: string }> {
  const r = await get(`/latest/agents/${encodeURIComponent(agentId)}/tasks/${encodeURIComponent(conversationId)}/metadata`);
  const m = r.metadata ?? r;
  return { state: m.conversation?.state ?? m.state ?? '', error: m.error ?? m.conversation?.state_metadata?.error ?? '' };
}

export interface TaskItem {
  id: string;
  kind: 'user' | 'agent' | 'tool' | 'error';
  text: string;
  tool?: string;
  toolState?: string;
  params?: unknown;
  output?: unknown;
  errors: string[];
  at: string;
}
function itemOf(i: any): TaskItem {
  const c = i.content;
  if (c && typeof c === 'object') {
    // The hosted item shape (hosted-compat.md §5.5).
    const errors = (c.errors ?? []).map((e: any) => e.body ?? JSON.stringify(e));
    const base = { id: i.item_id, at: i.insert_date_ ?? '', errors, text: c.text ?? '' };
    if (c.type === 'user-message') return { ...base, kind: 'user' };
    if (c.type === 'agent-message') return { ...base, kind: 'agent' };
    if (c.type === 'agent-error') return { ...base, kind: 'error' };
    return { ...base, kind: 'tool', tool: c.tool_config?.title ?? c.action_details?.action ?? 'tool', toolState: c.tool_run_state, params: c.params?.json ?? c.params, output: c.output };
  }
  const base = { id: i.message_id ?? i.item_id, at: i.created_at ?? '', errors: errorsOf(i.errors).map((e) => e.message) };
  if (i.type === 'tool_run') return { ...base, kind: 'tool', text: '', tool: i.action ?? 'tool', toolState: i.status, params: i.params, output: i.output };
  return { ...base, kind: i.role === 'user' ? 'user' : 'agent', text: typeof c === 'string' ? c : '' };
}
/** The task's items, oldest first. */
export async function taskItems(agentId: string, conversationId: string): Promise<TaskItem[]> {
  const r = await post(`/latest/agents/${encodeURIComponent(agentId)}/tasks/${encodeURIComponent(conversationId)}/view`, { page_size: 1000 });
  return results(r).map(itemOf).reverse();
}

// ---- triggers

export interface Trigger {
  triggerId: string;
  type: string;
  connectionId: string;
  config: Record<string, string>;
  status: string;
  hookId: string | null;
  events: string[];
  /** `ok`, `repaired at …` or `failing: <reason>` (the reconciliation pass's word on the hook). */
  hookHealth: string | null;
  /** Deliveries received, duplicates, rejected signatures, recovered; the backlog's age. */
  hookStats: { received: number; duplicate: number; rejected_signature: number; recovered: number; backlog_age_seconds: number } | null;
  createdAt: string;
}
export async function triggers(agentId: string): Promise<Trigger[]> {
  return results(await post(`/latest/agents/${encodeURIComponent(agentId)}/triggers/list`, { page_size: 1000 })).map((t) => ({
    triggerId: t.trigger_id ?? t._id,
    type: t.type,
    connectionId: t.connection_id,
    config: t.config ?? {},
    status: t.status,
    hookId: t.hook_id ?? null,
    events: t.events ?? [],
    hookHealth: t.hook_health ?? null,
    hookStats: t.hook_stats ?? null,
    createdAt: t.created_at ?? '',
  }));
}
export const createTrigger = (agentId: string, type: string, connectionId: string, config: Record<string, string>) =>
  post<{ trigger_id: string }>(`/latest/agents/${encodeURIComponent(agentId)}/triggers/create`, { type, connection_id: connectionId, config });
export const setTriggerStatus = (agentId: string, triggerId: string, status: 'active' | 'paused') =>
  post(`/latest/agents/${encodeURIComponent(agentId)}/triggers/${encodeURIComponent(triggerId)}/update`, { status });
export const deleteTrigger = (agentId: string, triggerId: string) => post(`/latest/agents/${encodeURIComponent(agentId)}/triggers/${encodeURIComponent(triggerId)}/delete`, {});
