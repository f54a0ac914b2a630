// The code host (source §4B): a GitHub-REST-compatible API. 25 named steps, OAuth sign-in or a
// fine-grained access token, a 5,000 requests/hour budget per connection.
import { Type, type TSchema } from 'typebox';
import { HangarError } from '../../shared/errors.ts';
import type { HttpMethod, ProviderDefinition, ProviderRequest, ProviderResponse } from '../provider.ts';
import { nextPageLink, pathOf, pick, segment, step } from '../provider.ts';

export const CODEHOST_MEDIA_TYPE = 'application/vnd.codehost+json';

const Name = Type.String({ minLength: 1, maxLength: 100 });
const Repo = { owner: Name, repo: Name };
const Num = Type.Integer({ minimum: 1 });
const Str = Type.String();
const opt = <T extends TSchema>(t: T) => Type.Optional(t);
const Paging = { per_page: opt(Type.Integer({ minimum: 1, maximum: 100 })), page: opt(Type.Integer({ minimum: 1 })) };

/** A step that is one REST call: path placeholders, then query or body fields, from the inputs. */
function rest(method: HttpMethod, template: string, fields: { query?: string[]; body?: string[] } = {}) {
  return (input: Record<string, unknown>): ProviderRequest => ({
    method,
    path: pathOf(template, input),
    ...(fields.query ? { query: pick(input, fields.query) as ProviderRequest['query'] } : {}),
    ...(fields.body ? { body: pick(input, fields.body) } : {}),
  });
}

interface RemoteRepository {
  full_name: string;
  private: boolean;
  permissions?: { admin?: boolean };
}

const body = (r: ProviderResponse) => r.body as Record<string, unknown>;
const list = (key: string) => (r: ProviderResponse) => ({ [key]: r.body, count: Array.isArray(r.body) ? r.body.length : 0 });
const done = (r: ProviderResponse) => ({ done: true, status: r.status });

export const codehost: ProviderDefinition = {
  id: 'codehost',
  name: 'Code Host',
  description: 'Repositories, branches, issues, pull requests, workflows, gists and releases on the code host.',
  kindWords: ['code host', 'codehost', 'repository', 'git'],
  beta: false,
  mark: { letters: 'CH', colour: '#24292f' },
  bases: { default: 'codehost' },
  headers: { accept: CODEHOST_MEDIA_TYPE, 'user-agent': 'Hangar' },
  connect: {
    oauth: {
      app: 'codehost',
      scopes: ['repo', 'workflow', 'gist', 'read:org', 'admin:repo_hook', 'admin:org_hook', 'project'],
      account: { request: { method: 'GET', path: '/user' }, read: (r) => body(r).login as string | undefined },
    },
    apiKey: {
      authType: 'access_token',
      headers: (token) => ({ authorization: `Bearer ${token}` }),
      check: { request: { method: 'GET', path: '/user' }, account: (r) => body(r).login as string | undefined },
    },
  },
  apiCall: {
    methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
    requiredHeaders: [
      {
        name: 'accept',
        value: CODEHOST_MEDIA_TYPE,
        message: `The code-host API Call needs the header "accept: ${CODEHOST_MEDIA_TYPE}" in its headers section; without it the provider's reply cannot be read into the response_body field.`,
      },
    ],
  },
  // The code host also signals an exhausted budget with 403 and x-ratelimit-remaining: 0.
  rateLimited: (r) => r.status === 403 && r.headers['x-ratelimit-remaining'] === '0',
  quotas: [{ name: 'requests_per_hour', points: 5000, durationSeconds: 3600, kind: 'requests', key: (connectionId) => connectionId }],
  // Owned, collaborating and through its organizations; most recently pushed first; 3 pages of 100.
  repositories: {
    request: { method: 'GET', path: '/user/repos', query: { per_page: 100, page: 1, sort: 'pushed' } },
    page: 'page',
    maxPages: 3,
    read: (r) =>
      ((Array.isArray(r.body) ? r.body : []) as RemoteRepository[]).map((x) => ({ full_name: x.full_name, private: x.private, admin: x.permissions?.admin === true })),
    more: (r) => nextPageLink(r) !== undefined,
  },
  steps: [
    // Repositories
    step({
      id: 'create_repository',
      name: 'Create Repository',
      description: 'A new repository for the connected account, or in an organization when `org` is given.',
      input: Type.Object({ name: Name, org: opt(Name), description: opt(Str), private: opt(Type.Boolean()), auto_init: opt(Type.Boolean()), homepage: opt(Str) }),
      request: (i) => ({
        method: 'POST',
        path: i.org ? pathOf('/orgs/{org}/repos', i) : '/user/repos',
        body: pick(i, ['name', 'description', 'private', 'auto_init', 'homepage']),
      }),
      output: (r) => ({ repository: r.body }),
    }),
    step({ id: 'get_repository_info', name: 'Get Repository Info', description: 'A repository’s details.', input: Type.Object(Repo), request: rest('GET', '/repos/{owner}/{repo}'), output: (r) => ({ repository: r.body }) }),
    step({
      id: 'get_repository_content',
      name: 'Get Repository Content',
      description: 'A file (decoded) or a directory listing at a path, optionally at a ref.',
      input: Type.Object({ ...Repo, path: Type.String(), ref: opt(Str) }),
      request: (i) => ({ method: 'GET', path: `${pathOf('/repos/{owner}/{repo}/contents', i)}/${i.path.split('/').filter(Boolean).map((part: string) => segment(part, 'path')).join('/')}`, query: pick(i, ['ref']) as ProviderRequest['query'] }),
      output: (r) => {
        const b = r.body as { content?: string; encoding?: string } | unknown[];
        if (Array.isArray(b)) return { entries: b };
        const text = b.encoding === 'base64' && b.content ? Buffer.from(b.content, 'base64').toString('utf8') : undefined;
        return { file: b, ...(text !== undefined ? { text } : {}) };
      },
    }),
    step({ id: 'star_repo', name: 'Star Repo', description: 'Stars a repository as the connected account.', input: Type.Object(Repo), request: rest('PUT', '/user/starred/{owner}/{repo}'), output: done }),
    // Branches and commits
    step({
      id: 'create_branch',
      name: 'Create Branch',
      description: 'A branch from another branch’s head (the default branch when `from_branch` is omitted) or from a commit `sha`.',
      input: Type.Object({ ...Repo, branch: Name, from_branch: opt(Name), sha: opt(Type.String({ pattern: '^[0-9a-f]{40}$' })) }),
      run: async (i, send) => {
        let sha = i.sha;
        if (!sha) {
          let from = i.from_branch;
          if (!from) {
            const repo = await send({ method: 'GET', path: pathOf('/repos/{owner}/{repo}', i) });
            if (repo.status >= 400) return repo;
            from = body(repo).default_branch as string;
          }
          const ref = await send({ method: 'GET', path: `${pathOf('/repos/{owner}/{repo}/git/ref', i)}/heads/${segment(from, 'from_branch')}` });
          if (ref.status >= 400) return ref;
          sha = (body(ref).object as { sha: string }).sha;
        }
        return send({ method: 'POST', path: pathOf('/repos/{owner}/{repo}/git/refs', i), body: { ref: `refs/heads/${i.branch}`, sha } });
      },
      output: (r) => ({ ref: r.body }),
    }),
    step({ id: 'get_commit', name: 'Get Commit', description: 'One commit by sha, branch or tag.', input: Type.Object({ ...Repo, ref: Name }), request: rest('GET', '/repos/{owner}/{repo}/commits/{ref}'), output: (r) => ({ commit: r.body }) }),
    step({
      id: 'list_commits',
      name: 'List Commits',
      description: 'Commits of a branch or path, newest first.',
      input: Type.Object({ ...Repo, sha: opt(Str), path: opt(Str), author: opt(Str), since: opt(Str), until: opt(Str), ...Paging }),
      request: rest('GET', '/repos/{owner}/{repo}/commits', { query: ['sha', 'path', 'author', 'since', 'until', 'per_page', 'page'] }),
      output: list('commits'),
    }),
    step({
      id: 'create_or_update_file_contents',
      name: 'Create or Update File Contents',
      description: 'Writes a file in one commit. `content` is plain text (Hangar encodes it); give the current blob `sha` to update a file.',
      input: Type.Object({ ...Repo, path: Type.String({ minLength: 1 }), message: Type.String({ minLength: 1 }), content: Str, branch: opt(Str), sha: opt(Str) }),
      request: (i) => ({
        method: 'PUT',
        path: `${pathOf('/repos/{owner}/{repo}/contents', i)}/${i.path.split('/').filter(Boolean).map((part: string) => segment(part, 'path')).join('/')}`,
        body: { message: i.message, content: Buffer.from(i.content, 'utf8').toString('base64'), ...pick(i, ['branch', 'sha']) },
      }),
      output: (r) => ({ content: body(r).content, commit: body(r).commit }),
    }),
    // Issues
    step({
      id: 'create_issue',
      name: 'Create Issue',
      description: 'Opens an issue.',
      input: Type.Object({ ...Repo, title: Type.String({ minLength: 1 }), body: opt(Str), labels: opt(Type.Array(Str)), assignees: opt(Type.Array(Str)), milestone: opt(Num) }),
      request: rest('POST', '/repos/{owner}/{repo}/issues', { body: ['title', 'body', 'labels', 'assignees', 'milestone'] }),
      output: (r) => ({ issue: r.body }),
    }),
    step({
      id: 'create_issue_comment',
      name: 'Create Issue Comment',
      description: 'Comments on an issue or pull request.',
      input: Type.Object({ ...Repo, issue_number: Num, body: Type.String({ minLength: 1 }) }),
      request: rest('POST', '/repos/{owner}/{repo}/issues/{issue_number}/comments', { body: ['body'] }),
      output: (r) => ({ comment: r.body }),
    }),
    step({
      id: 'update_issue',
      name: 'Update Issue',
      description: 'Changes title, body, state, labels or assignees of an issue.',
      input: Type.Object({
        ...Repo,
        issue_number: Num,
        title: opt(Str),
        body: opt(Str),
        state: opt(Type.Union([Type.Literal('open'), Type.Literal('closed')])),
        state_reason: opt(Type.Union([Type.Literal('completed'), Type.Literal('not_planned'), Type.Literal('reopened')])),
        labels: opt(Type.Array(Str)),
        assignees: opt(Type.Array(Str)),
      }),
      request: rest('PATCH', '/repos/{owner}/{repo}/issues/{issue_number}', { body: ['title', 'body', 'state', 'state_reason', 'labels', 'assignees'] }),
      output: (r) => ({ issue: r.body }),
    }),
    step({
      id: 'get_issue_assignees',
      name: 'Get Issue Assignees',
      description: 'Who an issue is assigned to.',
      input: Type.Object({ ...Repo, issue_number: Num }),
      request: rest('GET', '/repos/{owner}/{repo}/issues/{issue_number}'),
      output: (r) => ({ assignees: body(r).assignees ?? [], issue_number: body(r).number }),
    }),
    step({
      id: 'search_issues_and_pull_requests',
      name: 'Search Issues and Pull Requests',
      description: 'The code host’s issue search (`q` uses its search syntax, e.g. `repo:o/r is:open label:bug`).',
      input: Type.Object({ q: Type.String({ minLength: 1 }), sort: opt(Str), order: opt(Type.Union([Type.Literal('asc'), Type.Literal('desc')])), ...Paging }),
      request: rest('GET', '/search/issues', { query: ['q', 'sort', 'order', 'per_page', 'page'] }),
      output: (r) => ({ matched: ((body(r).total_count as number) ?? 0) > 0, total_count: body(r).total_count, items: body(r).items ?? [] }),
    }),
    // Pull requests
    step({
      id: 'create_pull_request',
      name: 'Create Pull Request',
      description: 'Opens a pull request from `head` into `base`.',
      input: Type.Object({ ...Repo, title: Type.String({ minLength: 1 }), head: Name, base: Name, body: opt(Str), draft: opt(Type.Boolean()), maintainer_can_modify: opt(Type.Boolean()) }),
      request: rest('POST', '/repos/{owner}/{repo}/pulls', { body: ['title', 'head', 'base', 'body', 'draft', 'maintainer_can_modify'] }),
      output: (r) => ({ pull_request: r.body }),
    }),
    step({
      id: 'get_reviewers',
      name: 'Get Reviewers',
      description: 'Users and teams whose review is requested on a pull request.',
      input: Type.Object({ ...Repo, pull_number: Num }),
      request: rest('GET', '/repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers'),
      output: (r) => ({ users: body(r).users ?? [], teams: body(r).teams ?? [] }),
    }),
    step({
      id: 'update_project_v2_item_status',
      name: 'Update Project (V2) Item Status',
      description: 'Sets the status (a single-select field) of an item on a project (V2), through the GraphQL API.',
      input: Type.Object({ project_id: Type.String({ minLength: 1 }), item_id: Type.String({ minLength: 1 }), field_id: Type.String({ minLength: 1 }), option_id: Type.String({ minLength: 1 }) }),
      request: (i) => ({
        method: 'POST',
        path: '/graphql',
        body: {
          query:
            'mutation($projectId: ID!, $itemId: ID!, $fieldId: ID!, $optionId: String!) { updateProjectV2ItemFieldValue(input: {projectId: $projectId, itemId: $itemId, fieldId: $fieldId, value: {singleSelectOptionId: $optionId}}) { projectV2Item { id } } }',
          variables: { projectId: i.project_id, itemId: i.item_id, fieldId: i.field_id, optionId: i.option_id },
        },
      }),
      output: (r) => {
        const b = body(r) as { data?: { updateProjectV2ItemFieldValue?: { projectV2Item?: { id: string } } }; errors?: Array<{ message: string }> };
        // GraphQL reports failures in a 200 body.
        if (b.errors?.length) throw new HangarError(400, 'validation_error', `The code host refused the project update: ${b.errors.map((e) => e.message).join('; ')}`, 'third_party');
        return { item_id: b.data?.updateProjectV2ItemFieldValue?.projectV2Item?.id };
      },
    }),
    // Workflows
    step({
      id: 'create_workflow_dispatch',
      name: 'Create Workflow Dispatch',
      description: 'Runs a workflow that has a workflow_dispatch trigger, on a ref, with inputs.',
      input: Type.Object({ ...Repo, workflow_id: Type.Union([Num, Name]), ref: Name, inputs: opt(Type.Record(Type.String(), Type.Any())) }),
      request: rest('POST', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches', { body: ['ref', 'inputs'] }),
      output: done,
    }),
    step({ id: 'enable_workflow', name: 'Enable Workflow', description: 'Enables a workflow.', input: Type.Object({ ...Repo, workflow_id: Type.Union([Num, Name]) }), request: rest('PUT', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/enable'), output: done }),
    step({ id: 'disable_workflow', name: 'Disable Workflow', description: 'Disables a workflow.', input: Type.Object({ ...Repo, workflow_id: Type.Union([Num, Name]) }), request: rest('PUT', '/repos/{owner}/{repo}/actions/workflows/{workflow_id}/disable'), output: done }),
    step({ id: 'get_workflow_run', name: 'Get Workflow Run', description: 'One workflow run.', input: Type.Object({ ...Repo, run_id: Num }), request: rest('GET', '/repos/{owner}/{repo}/actions/runs/{run_id}'), output: (r) => ({ run: r.body }) }),
    step({
      id: 'list_workflow_runs',
      name: 'List Workflow Runs',
      description: 'Runs of the repository, or of one workflow when `workflow_id` is given.',
      input: Type.Object({ ...Repo, workflow_id: opt(Type.Union([Num, Name])), branch: opt(Str), event: opt(Str), status: opt(Str), ...Paging }),
      request: (i) => ({
        method: 'GET',
        path: i.workflow_id !== undefined ? pathOf('/repos/{owner}/{repo}/actions/workflows/{workflow_id}/runs', i) : pathOf('/repos/{owner}/{repo}/actions/runs', i),
        query: pick(i, ['branch', 'event', 'status', 'per_page', 'page']) as ProviderRequest['query'],
      }),
      output: (r) => ({ total_count: body(r).total_count, workflow_runs: body(r).workflow_runs ?? [] }),
    }),
    // Gists
    step({
      id: 'create_gist',
      name: 'Create Gist',
      description: 'A gist of one or more files (`files`: name → text).',
      input: Type.Object({ files: Type.Record(Type.String(), Type.String(), { minProperties: 1 }), description: opt(Str), public: opt(Type.Boolean()) }),
      request: (i) => ({ method: 'POST', path: '/gists', body: { files: Object.fromEntries(Object.entries(i.files).map(([n, c]) => [n, { content: c }])), ...pick(i, ['description', 'public']) } }),
      output: (r) => ({ gist: r.body }),
    }),
    step({
      id: 'update_gist',
      name: 'Update Gist',
      description: 'Changes a gist’s description or files (`files`: name → new text).',
      input: Type.Object({ gist_id: Name, description: opt(Str), files: opt(Type.Record(Type.String(), Type.String())) }),
      request: (i) => ({
        method: 'PATCH',
        path: pathOf('/gists/{gist_id}', i),
        body: { ...pick(i, ['description']), ...(i.files ? { files: Object.fromEntries(Object.entries(i.files).map(([n, c]) => [n, { content: c }])) } : {}) },
      }),
      output: (r) => ({ gist: r.body }),
    }),
    step({
      id: 'list_gists_for_a_user',
      name: 'List Gists for a User',
      description: 'Public gists of a user.',
      input: Type.Object({ username: Name, since: opt(Str), ...Paging }),
      request: rest('GET', '/users/{username}/gists', { query: ['since', 'per_page', 'page'] }),
      output: list('gists'),
    }),
    // Releases
    step({ id: 'list_releases', name: 'List Releases', description: 'Releases of a repository, newest first.', input: Type.Object({ ...Repo, ...Paging }), request: rest('GET', '/repos/{owner}/{repo}/releases', { query: ['per_page', 'page'] }), output: list('releases') }),
  ],
};
