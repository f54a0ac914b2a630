// The code host's 25 named tool steps through Hangar's real HTTP API, against the GitHub-compatible
// stand-in (api.md §4, source §4B): a fine-grained access token connection checked at GET /user, and
// for every step the exact request the code host received and what the step returned.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { expectError, startServer, type TestServer } from '../helpers/hangar.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import { assertNoSecrets, expectRequest, newProject, providerEnv, query, since, type Client } from './kit.ts';

const TOKEN = 'github_pat_11AAOCTO0hangarTestToken7f3e9d2c1b0a';
const WRONG_TOKEN = 'github_pat_11AAOCTO0notAKnownToken000000000000';

let server: TestServer;
let ch: CodeHost;
let c: Client;
let connection: string;
let runId: number;
let workflowId: number;
let gistId: string;
const ran = new Set<string>();

const H = () => ({ authorization: `Bearer ${TOKEN}`, accept: 'application/vnd.codehost+json', 'user-agent': 'Hangar' });

before(async () => {
  ch = await startCodeHost({ tokens: { [TOKEN]: { login: 'octocat' } } });
  ch.seed.user({ login: 'mona' });
  ch.seed.org({ login: 'acme', admins: ['octocat'] });
  ch.seed.repo({ owner: 'octocat', name: 'hello', description: 'Hello world', files: { 'README.md': '# hello\n', 'src/app.ts': 'export const app = 1;\n', 'src/lib/util.ts': 'export {};\n' } });
  ch.seed.collaborator({ repo: 'octocat/hello', login: 'mona', permission: 'push' });
  ch.seed.branch({ repo: 'octocat/hello', name: 'feature/login', files: { 'src/app.ts': 'export const app = 2;\n' }, message: 'Login screen' });
  ch.seed.issue({ repo: 'octocat/hello', title: 'Crash on start', body: 'Stack trace attached', labels: ['bug'], assignees: ['octocat', 'mona'] });
  ch.seed.pull({ repo: 'octocat/hello', title: 'Add docs', head: 'docs', reviewers: ['mona'] });
  workflowId = ch.seed.workflow({ repo: 'octocat/hello', name: 'CI', path: '.github/workflows/ci.yml' }).id;
  runId = ch.seed.run({ repo: 'octocat/hello', workflow: 'CI', conclusion: 'failure' }).id;
  ch.seed.release({ repo: 'octocat/hello', tag_name: 'v1.0.0', name: 'First release' });
  gistId = ch.seed.gist({ owner: 'octocat', files: { 'notes.md': '# notes' }, description: 'Notes', public: true }).id;
  ch.seed.project({ id: 'PVT_kwDOproj', fields: [{ id: 'PVTSSF_status', name: 'Status', options: [{ id: 'f75ad846', name: 'Todo' }, { id: '98236657', name: 'Done' }] }], items: ['PVTI_item1'] });
  server = await startServer(undefined, providerEnv({ codehost: ch }));
  c = await newProject(server);
});
after(() => ch.close());

/** Runs a step; returns its output and the requests the code host received for it. */
async function step(id: string, inputs: Record<string, unknown>) {
  const mark = ch.requests.length;
  const r = await c.run(`codehost.${id}`, connection, inputs);
  assert.equal(r.status, 200, `${id}: ${JSON.stringify(r.body)}`);
  assert.deepEqual([r.body.status, r.body.errors, r.body.credits_used], ['complete', [], 0]);
  ran.add(`codehost.${id}`);
  return { output: r.body.output, sent: since(ch, mark) };
}

describe('connecting with a fine-grained access token', () => {
  test('the token is checked at GET /user and the connection is named after the login', async () => {
    const mark = ch.requests.length;
    const r = await c.connect('codehost', TOKEN, 'octocat PAT');
    assert.equal(r.status, 200, JSON.stringify(r.body));
    assert.equal(r.body.account, 'octocat');
    expectRequest(since(ch, mark)[0], { method: 'GET', path: '/user', headers: H() });
    connection = r.body.connection_id;
    const listed = await c.post('/latest/integrations/connections/list', { provider: 'codehost' });
    assert.deepEqual(listed.body.results.map((x: any) => [x.account, x.auth_type, x.status]), [['octocat', 'access_token', 'active']]);
  });

  test('a token the code host refuses is a 400 naming the access token, and nothing is stored', async () => {
    const e = expectError(await c.connect('codehost', WRONG_TOKEN), 400, 'validation_error');
    assert.match(e.message, /rejected this access token/);
    const rows = await query(server.databaseUrl, 'SELECT count(*)::int AS n FROM connections WHERE project_id = $1', [c.projectId]);
    assert.equal(rows[0].n, 1);
  });
});

describe('repositories', () => {
  test('Create Repository for the account, and in an organization', async () => {
    const mine = await step('create_repository', { name: 'made-by-hangar', description: 'Created by a tool step', private: true, auto_init: true });
    expectRequest(mine.sent[0], { method: 'POST', path: '/user/repos', body: { name: 'made-by-hangar', description: 'Created by a tool step', private: true, auto_init: true }, headers: H() });
    assert.deepEqual([mine.output.repository.full_name, mine.output.repository.private, mine.output.repository.owner.login], ['octocat/made-by-hangar', true, 'octocat']);
    const org = await step('create_repository', { name: 'tools', org: 'acme', homepage: 'https://acme.example' });
    expectRequest(org.sent[0], { method: 'POST', path: '/orgs/acme/repos', body: { name: 'tools', homepage: 'https://acme.example' }, headers: H() });
    assert.equal(org.output.repository.full_name, 'acme/tools');
    assert.ok(ch.model.repo('acme', 'tools'));
  });

  test('Get Repository Info', async () => {
    const r = await step('get_repository_info', { owner: 'octocat', repo: 'hello' });
    expectRequest(r.sent[0], { method: 'GET', path: '/repos/octocat/hello', headers: H() });
    assert.deepEqual([r.output.repository.full_name, r.output.repository.description, r.output.repository.default_branch], ['octocat/hello', 'Hello world', 'main']);
  });

  test('Get Repository Content: a file at a ref (decoded), and a directory', async () => {
    const file = await step('get_repository_content', { owner: 'octocat', repo: 'hello', path: 'src/app.ts', ref: 'feature/login' });
    expectRequest(file.sent[0], { method: 'GET', path: '/repos/octocat/hello/contents/src/app.ts', query: { ref: 'feature/login' }, headers: H() });
    assert.equal(file.output.text, 'export const app = 2;\n');
    assert.deepEqual([file.output.file.path, file.output.file.encoding], ['src/app.ts', 'base64']);
    const dir = await step('get_repository_content', { owner: 'octocat', repo: 'hello', path: 'src' });
    expectRequest(dir.sent[0], { method: 'GET', path: '/repos/octocat/hello/contents/src', headers: H() });
    assert.deepEqual(dir.output.entries.map((e: any) => `${e.type}:${e.path}`), ['dir:src/lib', 'file:src/app.ts']);
  });

  test('Star Repo', async () => {
    const r = await step('star_repo', { owner: 'acme', repo: 'tools' });
    expectRequest(r.sent[0], { method: 'PUT', path: '/user/starred/acme/tools', headers: H() });
    assert.deepEqual(r.output, { done: true, status: 204 });
    assert.ok(ch.model.repo('acme', 'tools')!.stargazers.has('octocat'));
  });
});

describe('branches and commits', () => {
  test('Create Branch from the default branch: reads the repository, its head, then creates the ref', async () => {
    const main = ch.model.repo('octocat', 'hello')!.git.resolve('main')!.sha;
    const r = await step('create_branch', { owner: 'octocat', repo: 'hello', branch: 'release/1.1' });
    assert.equal(r.sent.length, 3);
    expectRequest(r.sent[0], { method: 'GET', path: '/repos/octocat/hello', headers: H() });
    expectRequest(r.sent[1], { method: 'GET', path: '/repos/octocat/hello/git/ref/heads/main', headers: H() });
    expectRequest(r.sent[2], { method: 'POST', path: '/repos/octocat/hello/git/refs', body: { ref: 'refs/heads/release/1.1', sha: main }, headers: H() });
    assert.deepEqual([r.output.ref.ref, r.output.ref.object.sha], ['refs/heads/release/1.1', main]);
  });

  test('Create Branch from a named branch, and from a commit sha', async () => {
    const login = ch.model.repo('octocat', 'hello')!.git.resolve('feature/login')!.sha;
    const fromBranch = await step('create_branch', { owner: 'octocat', repo: 'hello', branch: 'login-v2', from_branch: 'feature/login' });
    assert.equal(fromBranch.sent.length, 2);
    expectRequest(fromBranch.sent[0], { method: 'GET', path: '/repos/octocat/hello/git/ref/heads/feature%2Flogin', headers: H() });
    expectRequest(fromBranch.sent[1], { method: 'POST', path: '/repos/octocat/hello/git/refs', body: { ref: 'refs/heads/login-v2', sha: login }, headers: H() });
    const fromSha = await step('create_branch', { owner: 'octocat', repo: 'hello', branch: 'pinned', sha: login });
    assert.equal(fromSha.sent.length, 1);
    expectRequest(fromSha.sent[0], { method: 'POST', path: '/repos/octocat/hello/git/refs', body: { ref: 'refs/heads/pinned', sha: login }, headers: H() });
  });

  test('the code host’s 422 (the branch exists) is a 400 carrying its message', async () => {
    const e = expectError(await c.run('codehost.create_branch', connection, { owner: 'octocat', repo: 'hello', branch: 'pinned', sha: ch.model.repo('octocat', 'hello')!.git.resolve('main')!.sha }), 400, 'validation_error');
    assert.match(e.message, /Code Host rejected the request \(422\)/);
    assert.equal(e.error_audience, 'third_party');
    expectError(await c.run('codehost.get_repository_info', connection, { owner: 'octocat', repo: 'nope' }), 404, 'not_found');
  });

  test('Get Commit by a branch name with a slash', async () => {
    const r = await step('get_commit', { owner: 'octocat', repo: 'hello', ref: 'feature/login' });
    expectRequest(r.sent[0], { method: 'GET', path: '/repos/octocat/hello/commits/feature%2Flogin', headers: H() });
    assert.equal(r.output.commit.sha, ch.model.repo('octocat', 'hello')!.git.resolve('feature/login')!.sha);
    assert.equal(r.output.commit.commit.message, 'Login screen');
    assert.deepEqual(r.output.commit.files.map((f: any) => `${f.status}:${f.filename}`), ['modified:src/app.ts']);
  });

  test('List Commits of a branch, paged', async () => {
    const r = await step('list_commits', { owner: 'octocat', repo: 'hello', sha: 'feature/login', per_page: 1 });
    expectRequest(r.sent[0], { method: 'GET', path: '/repos/octocat/hello/commits', query: { sha: 'feature/login', per_page: '1' }, headers: H() });
    assert.equal(r.output.count, 1);
    assert.equal(r.output.commits[0].commit.message, 'Login screen');
  });

  test('Create or Update File Contents: creates (content base64-encoded by Hangar), then updates with the blob sha', async () => {
    const created = await step('create_or_update_file_contents', { owner: 'octocat', repo: 'hello', path: 'docs/guide.md', message: 'Add guide', content: '# Guide\n', branch: 'main' });
    expectRequest(created.sent[0], { method: 'PUT', path: '/repos/octocat/hello/contents/docs/guide.md', body: { message: 'Add guide', content: Buffer.from('# Guide\n').toString('base64'), branch: 'main' }, headers: H() });
    assert.equal(created.output.content.path, 'docs/guide.md');
    assert.equal(created.output.commit.message, 'Add guide');
    const updated = await step('create_or_update_file_contents', { owner: 'octocat', repo: 'hello', path: 'docs/guide.md', message: 'Edit guide', content: '# Guide v2\n', sha: created.output.content.sha });
    expectRequest(updated.sent[0], { method: 'PUT', path: '/repos/octocat/hello/contents/docs/guide.md', body: { message: 'Edit guide', content: Buffer.from('# Guide v2\n').toString('base64'), sha: created.output.content.sha }, headers: H() });
    const now = await step('get_repository_content', { owner: 'octocat', repo: 'hello', path: 'docs/guide.md' });
    assert.equal(now.output.text, '# Guide v2\n');
  });
});

describe('issues', () => {
  let issueNumber: number;

  test('Create Issue', async () => {
    const r = await step('create_issue', { owner: 'octocat', repo: 'hello', title: 'Docs typo', body: 'In README', labels: ['docs'], assignees: ['mona'] });
    expectRequest(r.sent[0], { method: 'POST', path: '/repos/octocat/hello/issues', body: { title: 'Docs typo', body: 'In README', labels: ['docs'], assignees: ['mona'] }, headers: H() });
    issueNumber = r.output.issue.number;
    assert.deepEqual([r.output.issue.title, r.output.issue.state, r.output.issue.user.login, r.output.issue.labels.map((l: any) => l.name), r.output.issue.assignees.map((a: any) => a.login)], ['Docs typo', 'open', 'octocat', ['docs'], ['mona']]);
  });

  test('the code host’s Validation Failed names the field it refused', async () => {
    const e = expectError(await c.run('codehost.create_issue', connection, { owner: 'octocat', repo: 'hello', title: 'x', assignees: ['not-a-collaborator'] }), 400, 'validation_error');
    assert.match(e.message, /Validation Failed/);
    assert.match(e.message, /assignees/);
  });

  test('Create Issue Comment', async () => {
    const r = await step('create_issue_comment', { owner: 'octocat', repo: 'hello', issue_number: issueNumber, body: 'Fixed in main' });
    expectRequest(r.sent[0], { method: 'POST', path: `/repos/octocat/hello/issues/${issueNumber}/comments`, body: { body: 'Fixed in main' }, headers: H() });
    assert.deepEqual([r.output.comment.body, r.output.comment.user.login], ['Fixed in main', 'octocat']);
  });

  test('Update Issue', async () => {
    const r = await step('update_issue', { owner: 'octocat', repo: 'hello', issue_number: issueNumber, state: 'closed', state_reason: 'completed', labels: ['docs', 'done'] });
    expectRequest(r.sent[0], { method: 'PATCH', path: `/repos/octocat/hello/issues/${issueNumber}`, body: { state: 'closed', state_reason: 'completed', labels: ['docs', 'done'] }, headers: H() });
    assert.deepEqual([r.output.issue.state, r.output.issue.state_reason, r.output.issue.labels.map((l: any) => l.name)], ['closed', 'completed', ['docs', 'done']]);
  });

  test('Get Issue Assignees', async () => {
    const r = await step('get_issue_assignees', { owner: 'octocat', repo: 'hello', issue_number: 1 });
    expectRequest(r.sent[0], { method: 'GET', path: '/repos/octocat/hello/issues/1', headers: H() });
    assert.deepEqual([r.output.issue_number, r.output.assignees.map((a: any) => a.login)], [1, ['octocat', 'mona']]);
  });

  test('Search Issues and Pull Requests, and a search with no results (matched false)', async () => {
    const q = 'repo:octocat/hello is:issue crash';
    const r = await step('search_issues_and_pull_requests', { q, per_page: 5 });
    expectRequest(r.sent[0], { method: 'GET', path: '/search/issues', query: { q, per_page: '5' }, headers: H() });
    assert.deepEqual([r.output.matched, r.output.total_count, r.output.items.map((i: any) => i.title)], [true, 1, ['Crash on start']]);
    const none = await step('search_issues_and_pull_requests', { q: 'repo:octocat/hello is:issue nothing-like-this' });
    assert.deepEqual([none.output.matched, none.output.total_count, none.output.items], [false, 0, []]);
  });
});

describe('pull requests', () => {
  test('Create Pull Request', async () => {
    const r = await step('create_pull_request', { owner: 'octocat', repo: 'hello', title: 'Login', head: 'feature/login', base: 'main', body: 'Adds login', draft: true });
    expectRequest(r.sent[0], { method: 'POST', path: '/repos/octocat/hello/pulls', body: { title: 'Login', head: 'feature/login', base: 'main', body: 'Adds login', draft: true }, headers: H() });
    const pr = r.output.pull_request;
    assert.deepEqual([pr.title, pr.head.ref, pr.base.ref, pr.draft, pr.state], ['Login', 'feature/login', 'main', true, 'open']);
  });

  test('Get Reviewers', async () => {
    const r = await step('get_reviewers', { owner: 'octocat', repo: 'hello', pull_number: 2 });
    expectRequest(r.sent[0], { method: 'GET', path: '/repos/octocat/hello/pulls/2/requested_reviewers', headers: H() });
    assert.deepEqual([r.output.users.map((u: any) => u.login), r.output.teams], [['mona'], []]);
  });

  test('Update Project (V2) Item Status over GraphQL; unknown ids are a 400', async () => {
    const r = await step('update_project_v2_item_status', { project_id: 'PVT_kwDOproj', item_id: 'PVTI_item1', field_id: 'PVTSSF_status', option_id: '98236657' });
    const sent = r.sent[0];
    expectRequest(sent, { method: 'POST', path: '/graphql', body: sent.body, headers: H() });
    assert.match((sent.body as any).query, /updateProjectV2ItemFieldValue\(input: \{projectId: \$projectId, itemId: \$itemId, fieldId: \$fieldId, value: \{singleSelectOptionId: \$optionId\}\}\)/);
    assert.deepEqual((sent.body as any).variables, { projectId: 'PVT_kwDOproj', itemId: 'PVTI_item1', fieldId: 'PVTSSF_status', optionId: '98236657' });
    assert.deepEqual(r.output, { item_id: 'PVTI_item1' });
    assert.equal(ch.projectItemValue('PVT_kwDOproj', 'PVTI_item1', 'PVTSSF_status'), '98236657');
    const e = expectError(await c.run('codehost.update_project_v2_item_status', connection, { project_id: 'PVT_kwDOproj', item_id: 'PVTI_nope', field_id: 'PVTSSF_status', option_id: 'f75ad846' }), 400, 'validation_error');
    assert.match(e.message, /PVTI_nope/);
  });
});

describe('workflows', () => {
  test('Create Workflow Dispatch with inputs', async () => {
    const runs = ch.model.repo('octocat', 'hello')!.runs.length;
    const r = await step('create_workflow_dispatch', { owner: 'octocat', repo: 'hello', workflow_id: 'ci.yml', ref: 'main', inputs: { env: 'staging' } });
    expectRequest(r.sent[0], { method: 'POST', path: '/repos/octocat/hello/actions/workflows/ci.yml/dispatches', body: { ref: 'main', inputs: { env: 'staging' } }, headers: H() });
    assert.deepEqual(r.output, { done: true, status: 204 });
    const made = ch.model.repo('octocat', 'hello')!.runs;
    assert.equal(made.length, runs + 1);
    assert.deepEqual([made.at(-1)!.event, made.at(-1)!.inputs], ['workflow_dispatch', { env: 'staging' }]);
  });

  test('Disable Workflow and Enable Workflow (by numeric id)', async () => {
    const off = await step('disable_workflow', { owner: 'octocat', repo: 'hello', workflow_id: workflowId });
    expectRequest(off.sent[0], { method: 'PUT', path: `/repos/octocat/hello/actions/workflows/${workflowId}/disable`, headers: H() });
    assert.deepEqual(off.output, { done: true, status: 204 });
    assert.equal(ch.model.repo('octocat', 'hello')!.workflows[0].state, 'disabled_manually');
    const on = await step('enable_workflow', { owner: 'octocat', repo: 'hello', workflow_id: workflowId });
    expectRequest(on.sent[0], { method: 'PUT', path: `/repos/octocat/hello/actions/workflows/${workflowId}/enable`, headers: H() });
    assert.equal(ch.model.repo('octocat', 'hello')!.workflows[0].state, 'active');
  });

  test('Get Workflow Run', async () => {
    const r = await step('get_workflow_run', { owner: 'octocat', repo: 'hello', run_id: runId });
    expectRequest(r.sent[0], { method: 'GET', path: `/repos/octocat/hello/actions/runs/${runId}`, headers: H() });
    assert.deepEqual([r.output.run.id, r.output.run.status, r.output.run.conclusion, r.output.run.workflow_id], [runId, 'completed', 'failure', workflowId]);
  });

  test('List Workflow Runs of one workflow with a filter, and of the repository', async () => {
    const one = await step('list_workflow_runs', { owner: 'octocat', repo: 'hello', workflow_id: 'ci.yml', status: 'failure', per_page: 10 });
    expectRequest(one.sent[0], { method: 'GET', path: '/repos/octocat/hello/actions/workflows/ci.yml/runs', query: { status: 'failure', per_page: '10' }, headers: H() });
    assert.deepEqual([one.output.total_count, one.output.workflow_runs.map((x: any) => x.id)], [1, [runId]]);
    const all = await step('list_workflow_runs', { owner: 'octocat', repo: 'hello', branch: 'main' });
    expectRequest(all.sent[0], { method: 'GET', path: '/repos/octocat/hello/actions/runs', query: { branch: 'main' }, headers: H() });
    assert.equal(all.output.total_count, ch.model.repo('octocat', 'hello')!.runs.length);
  });
});

describe('gists and releases', () => {
  let created: string;

  test('Create Gist (files given as name → text)', async () => {
    const r = await step('create_gist', { files: { 'hello.txt': 'hi', 'b.md': '# b' }, description: 'Snippet', public: true });
    expectRequest(r.sent[0], { method: 'POST', path: '/gists', body: { files: { 'hello.txt': { content: 'hi' }, 'b.md': { content: '# b' } }, description: 'Snippet', public: true }, headers: H() });
    created = r.output.gist.id;
    assert.deepEqual([r.output.gist.description, r.output.gist.public, r.output.gist.files['hello.txt'].content, r.output.gist.owner.login], ['Snippet', true, 'hi', 'octocat']);
  });

  test('Update Gist', async () => {
    const r = await step('update_gist', { gist_id: created, description: 'Snippet v2', files: { 'hello.txt': 'bye' } });
    expectRequest(r.sent[0], { method: 'PATCH', path: `/gists/${created}`, body: { description: 'Snippet v2', files: { 'hello.txt': { content: 'bye' } } }, headers: H() });
    assert.deepEqual([r.output.gist.description, r.output.gist.files['hello.txt'].content], ['Snippet v2', 'bye']);
  });

  test('List Gists for a User', async () => {
    const r = await step('list_gists_for_a_user', { username: 'octocat', per_page: 30 });
    expectRequest(r.sent[0], { method: 'GET', path: '/users/octocat/gists', query: { per_page: '30' }, headers: H() });
    assert.equal(r.output.count, 2);
    assert.deepEqual(r.output.gists.map((g: any) => g.id).sort(), [created, gistId].sort());
  });

  test('List Releases', async () => {
    const r = await step('list_releases', { owner: 'octocat', repo: 'hello', per_page: 5, page: 1 });
    expectRequest(r.sent[0], { method: 'GET', path: '/repos/octocat/hello/releases', query: { per_page: '5', page: '1' }, headers: H() });
    assert.deepEqual([r.output.count, r.output.releases[0].tag_name, r.output.releases[0].name], [1, 'v1.0.0', 'First release']);
  });
});

test('all 25 code-host steps of the catalogue were run, and each run was recorded', async () => {
  const catalogue = await c.get('/latest/integrations/providers/list');
  const steps = catalogue.body.results.find((p: any) => p.provider === 'codehost').steps.map((s: any) => s.step);
  assert.equal(steps.length, 25);
  assert.deepEqual([...ran].sort(), [...steps].sort());
  const recorded = await query(server.databaseUrl, "SELECT DISTINCT step FROM step_runs WHERE project_id = $1 AND status = 'complete'", [c.projectId]);
  assert.deepEqual(recorded.map((r) => r.step).sort(), [...steps].sort());
});

test('the access token appears in no answer and no log line', () => {
  assertNoSecrets([TOKEN, WRONG_TOKEN], c.seen, 'an answer');
  assertNoSecrets([TOKEN, WRONG_TOKEN], server.logs, 'the server log');
});
