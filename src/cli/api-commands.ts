// Client commands over the HTTP API, built on the SDK (sdk/). Credentials: --profile (saved by
// `hangar login`), else HANGAR_API_KEY / HANGAR_PROJECT, else the "default" profile. Base address:
// --url, HANGAR_URL, the profile's, HANGAR_BASE_URL_<REGION> of the key's region, else
// http://localhost:$PORT (8080). Output: tables, or the API's JSON with --json. Exit codes: 0 done,
// 1 the API refused (4xx) or the work failed (a tool run, an agent task), 2 usage (bad or missing
// option, no credentials), 3 the server failed (5xx) or could not be reached.
import { readFileSync } from 'node:fs';
import { Command, Option } from 'commander';
import { createHangar, HangarApiError, HangarUnreachableError, regionOf, type Hangar } from '../../sdk/index.ts';
import { printer, type Printer } from './output.ts';
import { profilesFile, readProfiles, saveProfile, type Profile } from './profiles.ts';

export class UsageError extends Error {}

/** Task states after which nothing more happens (the hosted vocabulary). */
const ENDED = ['completed', 'cancelled', 'timed-out', 'unrecoverable', 'errored-pending-approval'];

/** What a task item says, in one line: a message's text, a tool run's output or errors. */
function itemText(m: Record<string, unknown>): string {
  const content = m.content as Record<string, unknown> | string | undefined;
  if (typeof content === 'string') return content;
  if (typeof content?.text === 'string') return content.text;
  if (content?.type === 'tool-run') return JSON.stringify((content.errors as unknown[] | undefined)?.length ? content.errors : content.output);
  return JSON.stringify(m.output ?? content ?? m);
}

/** Who said a task item, by its content's type. */
const SPEAKER = { 'user-message': 'user', 'agent-message': 'assistant', 'tool-run': 'tool', 'agent-error': 'error' } as const;

const ROLES = { admin: 'admin', editor: 'role:editor', viewer: 'role:viewer' } as const;
type RoleName = keyof typeof ROLES;
const permissionsFor = (role: string) => {
  if (!(role in ROLES)) throw new UsageError(`--role must be one of ${Object.keys(ROLES).join(', ')}, not "${role}"`);
  return { items: { platformDefault: { actions: { [ROLES[role as RoleName]]: true as const } } } };
};

interface Globals {
  profile?: string;
  project?: string;
  url?: string;
  json?: boolean;
}

function jsonOption(name: string, text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new UsageError(`${name} must be JSON: ${(err as Error).message}`);
  }
}

function jsonFile(name: string, file: string): Record<string, unknown> {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new UsageError(`${name}: cannot read ${file}: ${(err as Error).message}`);
  }
  const value = jsonOption(`${name} (${file})`, text);
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UsageError(`${name} (${file}) must hold a JSON object`);
  return value as Record<string, unknown>;
}

/** Who the commands act as, and where: see the header. */
function credentials(g: Globals): Profile & { source: string } {
  const profiles = readProfiles();
  if (g.profile) {
    const p = profiles[g.profile];
    if (!p) throw new UsageError(`no profile "${g.profile}" in ${profilesFile()}; run hangar login --profile ${g.profile}`);
    return { ...p, source: `profile ${g.profile}` };
  }
  if (process.env.HANGAR_API_KEY) return { api_key: process.env.HANGAR_API_KEY, project: process.env.HANGAR_PROJECT || undefined, source: 'HANGAR_API_KEY' };
  if (profiles.default) return { ...profiles.default, source: 'profile default' };
  throw new UsageError('no credentials: run hangar login --key <api_key>, or set HANGAR_API_KEY');
}

function baseUrl(g: Globals, profile: Profile): string {
  const explicit = g.url || process.env.HANGAR_URL || profile.base_url;
  if (explicit) return explicit;
  const region = regionOf(profile.api_key);
  if (!region) throw new UsageError('the API key is not a Hangar key (sk-<region>-…)');
  return process.env[`HANGAR_BASE_URL_${region.toUpperCase()}`] || `http://localhost:${process.env.PORT || 8080}`;
}

interface Ctx {
  out: Printer;
  /** The client; with `project`, a project is required (--project, HANGAR_PROJECT or the profile's). */
  hangar(project?: boolean): Hangar;
  projectId(): string;
}

function context(g: Globals): Ctx {
  const out = printer(Boolean(g.json));
  let creds: (Profile & { source: string }) | undefined;
  const load = () => (creds ??= credentials(g));
  const projectId = () => {
    const id = g.project || (g.profile ? load().project : process.env.HANGAR_PROJECT || load().project);
    if (!id) throw new UsageError('this command acts on a project: pass --project <id>, set HANGAR_PROJECT, or hangar login --project <id>');
    return id;
  };
  return {
    out,
    projectId,
    hangar(project = false) {
      const c = load();
      return createHangar({ apiKey: c.api_key, projectId: project ? projectId() : (g.project ?? c.project), baseUrl: baseUrl(g, c) });
    },
  };
}

/** Commander's action arguments are the positionals, the options, then the command itself. */
function act<O extends object>(fn: (ctx: Ctx, opts: O & Globals, ...args: string[]) => Promise<void>) {
  return async (...all: unknown[]) => {
    const command = all[all.length - 1] as Command;
    const opts = command.optsWithGlobals() as O & Globals;
    await fn(context(opts), opts, ...(all.slice(0, -2) as string[]));
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export function apiCommands(program: Command): void {
  program
    .option('--profile <name>', 'act with a profile saved by hangar login (default: HANGAR_API_KEY, else the "default" profile)')
    .option('--project <project_id>', 'the project to act on (default: HANGAR_PROJECT, else the profile\'s)')
    .option('--url <base_url>', 'the Hangar base address (default: HANGAR_URL, the profile\'s, or the key region\'s)')
    .option('--json', 'print the API\'s JSON (one line) instead of tables');

  program
    .command('login')
    .description(`save a profile (key, project, base address) in ${'$XDG_CONFIG_HOME/hangar/profiles.json'} (mode 0600); checks the key first`)
    .requiredOption('--key <api_key>', 'your API key (sk-<region>-…)')
    .action(
      act<{ key: string }>(async (ctx, o) => {
        const profile: Profile = { api_key: o.key, project: o.project, base_url: o.url || process.env.HANGAR_URL || undefined };
        const base = baseUrl(o, profile);
        const hangar = createHangar({ apiKey: o.key, projectId: o.project, baseUrl: base });
        const me = await hangar.unwrap(hangar.client.GET('/latest/auth/info'));
        const file = saveProfile(o.profile ?? 'default', { ...profile, base_url: base });
        ctx.out.one(ctx.out.json ? { profile: o.profile ?? 'default', file, user_id: me.user_id, email: me.email, base_url: base } : { profile: o.profile ?? 'default', file, email: me.email, base_url: base });
      }),
    );

  program
    .command('whoami')
    .description('who the key belongs to')
    .action(act(async (ctx) => ctx.out.one(await ctx.hangar().unwrap(ctx.hangar().client.GET('/latest/auth/info')))));

  // ---- projects, invites, users, keys ----------------------------------------------------------
  const projects = program.command('projects').description('projects of your organization');
  projects
    .command('create')
    .description('create a project (you become its admin)')
    .requiredOption('--name <name>', 'project name')
    .option('--description <text>', 'what it is for', '')
    .requiredOption('--org <organization_id>', 'your organization (hangar whoami shows it)')
    .action(
      act<{ name: string; description: string; org: string }>(async (ctx, o) => {
        const h = ctx.hangar();
        ctx.out.one(await h.unwrap(h.client.POST('/latest/projects/create', { body: { name: o.name, description: o.description, organization_id: o.org } })));
      }),
    );
  projects
    .command('list')
    .description('the projects you belong to, with your role')
    .action(act(async (ctx) => ctx.out.list(await ctx.hangar().unwrap(ctx.hangar().client.GET('/latest/projects/list')), ['project_id', 'name', 'role', 'description'])));

  const invites = program.command('invites').alias('invite').description('invites to the project');
  invites
    .command('create')
    .description('invite someone to the project with a role')
    .requiredOption('--email <email>', 'who')
    .addOption(new Option('--role <role>', 'their role').choices(Object.keys(ROLES)).default('viewer'))
    .action(
      act<{ email: string; role: string }>(async (ctx, o) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/auth/invite/create', { body: { email: o.email, permissions: permissionsFor(o.role) } })));
      }),
    );
  invites
    .command('list')
    .description('pending invites')
    .action(act(async (ctx) => ctx.out.list(await listAll(ctx.hangar(true), (h, cursor) => h.client.POST('/latest/auth/invite/list', { body: { cursor } })))));
  invites
    .command('delete')
    .description('delete a pending invite')
    .requiredOption('--code <invite_code>', 'the invite code')
    .action(
      act<{ code: string }>(async (ctx, o) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/auth/invite/delete', { body: { invite_code: o.code } })));
      }),
    );

  const users = program.command('users').description('members of the project');
  users
    .command('list')
    .description('members and their roles')
    .action(act(async (ctx) => ctx.out.list(await listAll(ctx.hangar(true), (h, cursor) => h.client.POST('/latest/auth/users/list', { body: { cursor } })))));
  users
    .command('update <user_id>')
    .description("change a member's role")
    .addOption(new Option('--role <role>', 'the new role').choices(Object.keys(ROLES)).makeOptionMandatory())
    .action(
      act<{ role: string }>(async (ctx, o, userId) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/auth/users/{user_id}/update', { params: { path: { user_id: userId } }, body: { permissions: permissionsFor(o.role) } })));
      }),
    );
  users
    .command('remove <user_id>')
    .description('remove a member from the project (this project only)')
    .action(
      act(async (ctx, _o, userId) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/auth/users/{user_id}/delete', { params: { path: { user_id: userId } }, body: {} })));
      }),
    );

  const keys = program.command('keys').description('API keys of a user (yours by default)');
  const userOption = () => new Option('--user <user_id>', 'whose keys (default: yours)');
  const userOf = async (h: Hangar, given?: string) => given ?? (await h.unwrap(h.client.GET('/latest/auth/info'))).user_id;
  keys
    .command('create')
    .description('create a key; it is printed this once')
    .addOption(userOption())
    .option('--label <label>', 'what the key is for')
    .action(
      act<{ user?: string; label?: string }>(async (ctx, o) => {
        const h = ctx.hangar();
        const user = await userOf(h, o.user);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/auth/users/{user_id}/keys/create', { params: { path: { user_id: user } }, body: { label: o.label } })));
      }),
    );
  keys
    .command('list')
    .description('keys (never their secrets)')
    .addOption(userOption())
    .action(
      act<{ user?: string }>(async (ctx, o) => {
        const h = ctx.hangar();
        const user = await userOf(h, o.user);
        ctx.out.list(await listAll(h, (c, cursor) => c.client.POST('/latest/auth/users/{user_id}/keys/list', { params: { path: { user_id: user } }, body: { cursor } })));
      }),
    );
  keys
    .command('delete <key_id>')
    .description('revoke a key (every server refuses it from the next request)')
    .addOption(userOption())
    .action(
      act<{ user?: string }>(async (ctx, o, keyId) => {
        const h = ctx.hangar();
        const user = await userOf(h, o.user);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/auth/users/{user_id}/keys/delete', { params: { path: { user_id: user } }, body: { key_id: keyId } })));
      }),
    );

  // ---- integrations -------------------------------------------------------------------------
  const connections = program.command('connections').description("the project's provider connections");
  connections
    .command('create')
    .description('connect a provider with its API key or access token (checked where the provider allows)')
    .requiredOption('--provider <provider>', 'anz_enrichment, enrichment, codehost, …')
    .requiredOption('--api-key <secret>', 'the API key or access token (stored encrypted, never shown again)')
    .option('--label <label>', 'a name for the connection')
    .action(
      act<{ provider: string; apiKey: string; label?: string }>(async (ctx, o) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/integrations/connections/create', { body: { provider: o.provider, api_key: o.apiKey, label: o.label } })));
      }),
    );
  connections
    .command('list')
    .description('connections (never their secrets)')
    .option('--provider <provider>', 'only this provider')
    .action(
      act<{ provider?: string }>(async (ctx, o) =>
        ctx.out.list(await listAll(ctx.hangar(true), (h, cursor) => h.client.POST('/latest/integrations/connections/list', { body: { provider: o.provider, cursor } }))),
      ),
    );
  connections
    .command('remove <connection_id>')
    .description('remove a connection (its grant is revoked at the provider)')
    .action(
      act(async (ctx, _o, id) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/integrations/connections/{connection_id}/delete', { params: { path: { connection_id: id } }, body: {} })));
      }),
    );
  connections
    .command('sign-in-url')
    .description('the address where a browser signs in to an OAuth provider (codehost, analytics)')
    .requiredOption('--provider <provider>', 'codehost or analytics')
    .option('--redirect-url <url>', 'where the browser goes once connected')
    .action(
      act<{ provider: string; redirectUrl?: string }>(async (ctx, o) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/integrations/oauth/get_url', { body: { provider: o.provider, redirect_url: o.redirectUrl } })));
      }),
    );

  const steps = program.command('steps').description('named provider steps');
  steps
    .command('search [query]')
    .description('find steps by provider kind or name (all without a query)')
    .action(
      act(async (ctx, _o, query) => {
        const h = ctx.hangar();
        ctx.out.list(await h.unwrap(h.client.GET('/latest/integrations/steps/list', { params: { query: { query } } })), ['step', 'name', 'provider']);
      }),
    );
  steps
    .command('run <step>')
    .description('run a named step on a connection')
    .requiredOption('--connection <connection_id>', 'the connection to use')
    .option('--inputs <json>', 'the step inputs, as JSON', '{}')
    .action(
      act<{ connection: string; inputs: string }>(async (ctx, o, step) => {
        const h = ctx.hangar(true);
        const result = await h.unwrap(h.client.POST('/latest/integrations/steps/run', { body: { step, connection_id: o.connection, inputs: jsonOption('--inputs', o.inputs) as Record<string, unknown> } }));
        ctx.out.one(result);
        if (result.status !== 'complete') process.exitCode = 1;
      }),
    );

  program
    .command('api-call')
    .description("send a request to a provider's API through a connection")
    .requiredOption('--connection <connection_id>', 'the connection to use')
    .addOption(new Option('--method <method>', 'HTTP method').choices(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']).default('GET'))
    .requiredOption('--endpoint <path>', 'the path at the provider, e.g. /repos/acme/site')
    .option('--body <json>', 'the JSON body')
    .option('--header <name:value...>', 'a header to send (repeatable)')
    .action(
      act<{ connection: string; method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; endpoint: string; body?: string; header?: string[] }>(async (ctx, o) => {
        const headers: Record<string, string> = {};
        for (const h of o.header ?? []) {
          const at = h.indexOf(':');
          if (at < 1) throw new UsageError(`--header must be name:value, not "${h}"`);
          headers[h.slice(0, at).trim()] = h.slice(at + 1).trim();
        }
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/integrations/api_call', { body: { connection_id: o.connection, method: o.method, endpoint: o.endpoint, body: jsonOption('--body', o.body), headers } })));
      }),
    );

  // ---- tools --------------------------------------------------------------------------------
  const tools = program.command('tools').description("the project's tools");
  tools
    .command('create')
    .description('create a tool from a JSON file, or replace one (--id, or "studio_id" in the file)')
    .requiredOption('--file <path>', 'the tool: {title, description?, params_schema?, transformations}')
    .option('--id <studio_id>', 'replace this tool instead of creating one')
    .action(
      act<{ file: string; id?: string }>(async (ctx, o) => {
        const { studio_id: inFile, ...tool } = jsonFile('--file', o.file) as { studio_id?: string } & Record<string, unknown>;
        const id = o.id ?? inFile;
        const h = ctx.hangar(true);
        const body = tool as never;
        ctx.out.one(await h.unwrap(id ? h.client.POST('/latest/studios/{studio_id}/update', { params: { path: { studio_id: id } }, body }) : h.client.POST('/latest/studios/create', { body })));
      }),
    );
  tools
    .command('list')
    .description('tools')
    .action(act(async (ctx) => ctx.out.list(await listAll(ctx.hangar(true), (h, cursor) => h.client.GET('/latest/studios/list', { params: { query: { cursor } } })), ['studio_id', 'title', 'description'])));
  tools
    .command('run <studio_id>')
    .description('run a tool and print its output; --async queues it and follows its progress')
    .option('--params <json>', 'the tool parameters, as JSON', '{}')
    .option('--async', 'run it in the background and poll until it finishes')
    .action(
      act<{ params: string; async?: boolean }>(async (ctx, o, id) => {
        const h = ctx.hangar(true);
        const params = jsonOption('--params', o.params) as Record<string, unknown>;
        if (!o.async) {
          const result = await h.unwrap(h.client.POST('/latest/studios/{studio_id}/trigger_limited', { params: { path: { studio_id: id } }, body: { params } }));
          ctx.out.one(result);
          if (result.status !== 'complete') process.exitCode = 1;
          return;
        }
        const { job_id } = await h.unwrap(h.client.POST('/latest/studios/{studio_id}/trigger_async', { params: { path: { studio_id: id } }, body: { params } }));
        ctx.out.note(`job ${job_id} queued`);
        let shown = 0;
        for (;;) {
          const poll = await h.unwrap(h.client.GET('/latest/studios/{studio_id}/async_poll/{job_id}', { params: { path: { studio_id: id, job_id } } }));
          for (const u of poll.updates.slice(shown)) ctx.out.note(`progress: ${u.type}`);
          shown = poll.updates.length;
          if (poll.type !== 'inprogress') {
            ctx.out.one(poll);
            if (poll.type !== 'complete') process.exitCode = 1;
            return;
          }
          await sleep(500);
        }
      }),
    );

  // ---- agents and triggers --------------------------------------------------------------------
  const agents = program.command('agents').description("the project's agents");
  agents
    .command('upsert')
    .description('create an agent from a JSON file, or update it ("agent_id" in the file)')
    .requiredOption('--file <path>', 'the agent: {name, system_prompt, model?, actions: [...]}')
    .action(
      act<{ file: string }>(async (ctx, o) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/agents/upsert', { body: jsonFile('--file', o.file) as never })));
      }),
    );
  agents
    .command('list')
    .description('agents')
    .action(act(async (ctx) => ctx.out.list(await listAll(ctx.hangar(true), (h, cursor) => h.client.POST('/latest/agents/list', { body: { cursor } })), ['agent_id', 'name', 'model', 'updated_at'])));
  agents
    .command('trigger <agent_id>')
    .description('give an agent a task; --wait prints its messages as they come and waits for the end')
    .requiredOption('--message <text>', 'what to ask')
    .option('--conversation <conversation_id>', 'continue this conversation')
    .option('--wait', 'follow the task until it completes or fails')
    .action(
      act<{ message: string; conversation?: string; wait?: boolean }>(async (ctx, o, agentId) => {
        const h = ctx.hangar(true);
        const task = await h.unwrap(h.client.POST('/latest/agents/trigger', { body: { agent_id: agentId, message: { role: 'user', content: o.message }, conversation_id: o.conversation } }));
        if (!o.wait) return ctx.out.one(task);
        const seen = new Set<string>();
        const path = { agent_id: agentId, conversation_id: task.conversation_id };
        for (;;) {
          const meta = await h.unwrap(h.client.GET('/latest/agents/{agent_id}/tasks/{conversation_id}/metadata', { params: { path } }));
          const messages = [];
          for await (const m of h.pages((cursor) => h.client.POST('/latest/agents/{agent_id}/tasks/{conversation_id}/view', { params: { path }, body: { cursor } }))) messages.push(m);
          for (const m of messages.reverse()) {
            // Items are typed by the schema: each has its id and its content's type (no `role` since the view took the hosted models' shape).
            if (seen.has(m.item_id)) continue;
            seen.add(m.item_id);
            process.stdout.write(ctx.out.json ? `${JSON.stringify(m)}\n` : `${SPEAKER[m.content.type]}: ${itemText(m)}\n`);
          }
          // Waiting for a person: said, not waited out (it may wait for days).
          if (meta.state === 'pending-approval') {
            ctx.out.note(`task ${task.conversation_id} pending-approval: approve or reject its action in Hangar (the Approvals page, or /latest/approvals/list and /latest/agents/trigger)`);
            return;
          }
          if (ENDED.includes(meta.state)) {
            ctx.out.note(`task ${task.conversation_id} ${meta.state}${meta.error ? `: ${meta.error}` : ''}`);
            if (meta.state !== 'completed') process.exitCode = 1;
            return;
          }
          await sleep(500);
        }
      }),
    );
  agents
    .command('tasks <agent_id>')
    .description("an agent's tasks, newest first")
    .action(act(async (ctx, _o, agentId) => ctx.out.list(await listAll(ctx.hangar(true), (h, cursor) => h.client.POST('/latest/agents/{agent_id}/tasks/list', { params: { path: { agent_id: agentId } }, body: { cursor } })), ['conversation_id', 'state', 'trigger_type', 'created_at'])));
  agents
    .command('view <agent_id> <conversation_id>')
    .description("a task's messages and tool runs, newest first")
    .action(
      act(async (ctx, _o, agentId, conversationId) =>
        ctx.out.list(await listAll(ctx.hangar(true), (h, cursor) => h.client.POST('/latest/agents/{agent_id}/tasks/{conversation_id}/view', { params: { path: { agent_id: agentId, conversation_id: conversationId } }, body: { cursor } })), ['message_id', 'type', 'role', 'content', 'created_at']),
      ),
    );

  const triggers = program.command('triggers').description("an agent's code-host triggers");
  triggers
    .command('create <agent_id>')
    .description('wake the agent on a code-host event (registers the webhook at the code host)')
    .requiredOption('--type <type>', 'e.g. codehost.new_issue')
    .requiredOption('--connection <connection_id>', 'the code-host connection')
    .requiredOption('--config <json>', '{"repository": "owner/name"} or {"organization": "login"}')
    .action(
      act<{ type: string; connection: string; config: string }>(async (ctx, o, agentId) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/agents/{agent_id}/triggers/create', { params: { path: { agent_id: agentId } }, body: { type: o.type, connection_id: o.connection, config: jsonOption('--config', o.config) as never } })));
      }),
    );
  triggers
    .command('list <agent_id>')
    .description("the agent's triggers")
    .action(act(async (ctx, _o, agentId) => ctx.out.list(await listAll(ctx.hangar(true), (h, cursor) => h.client.POST('/latest/agents/{agent_id}/triggers/list', { params: { path: { agent_id: agentId } }, body: { cursor } })), ['trigger_id', 'type', 'status', 'config'])));
  const setStatus = (status: 'active' | 'paused') =>
    act(async (ctx, _o, agentId, triggerId) => {
      const h = ctx.hangar(true);
      ctx.out.one(await h.unwrap(h.client.POST('/latest/agents/{agent_id}/triggers/{trigger_id}/update', { params: { path: { agent_id: agentId, trigger_id: triggerId } }, body: { status } })));
    });
  triggers.command('pause <agent_id> <trigger_id>').description('record deliveries but activate nothing').action(setStatus('paused'));
  triggers.command('resume <agent_id> <trigger_id>').description('activate again').action(setStatus('active'));
  triggers
    .command('delete <agent_id> <trigger_id>')
    .description('delete a trigger (its webhook goes with its last trigger)')
    .action(
      act(async (ctx, _o, agentId, triggerId) => {
        const h = ctx.hangar(true);
        ctx.out.one(await h.unwrap(h.client.POST('/latest/agents/{agent_id}/triggers/{trigger_id}/delete', { params: { path: { agent_id: agentId, trigger_id: triggerId } }, body: {} })));
      }),
    );
}

/** Every page of a list, as one list (what --json prints, and the table shows). */
async function listAll<T extends Record<string, unknown>>(
  h: Hangar,
  page: (h: Hangar, cursor: string | undefined) => Promise<{ data?: { results: T[]; next_cursor?: string | null }; error?: unknown; response: Response }>,
): Promise<{ results: T[] }> {
  const results: T[] = [];
  for await (const item of h.pages((cursor) => page(h, cursor))) results.push(item);
  return { results };
}

/** What the process prints and exits with when a command fails (see the header). */
export function failure(err: unknown, json: boolean): { text: string; code: number } {
  if (err instanceof HangarApiError) {
    const body = { message: err.message, error_type: err.errorType, error_audience: err.errorAudience };
    const text = json ? JSON.stringify(body) : `hangar: ${err.message} (${err.errorType}, HTTP ${err.status}${err.requestId ? `, request ${err.requestId}` : ''})`;
    return { text, code: err.status >= 500 ? 3 : 1 };
  }
  if (err instanceof HangarUnreachableError) return { text: `hangar: ${err.message}`, code: 3 };
  if (err instanceof UsageError) return { text: `hangar: ${err.message}`, code: 2 };
  return { text: `hangar: ${err instanceof Error ? err.message : String(err)}`, code: 1 };
}
