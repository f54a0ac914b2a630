// Every one of the 26 code-host trigger types of api.md §6, end to end through Hangar's real API and
// the GitHub-compatible stand-in: creating the trigger registers a webhook at the code host (right
// events, a callback to Hangar, its own secret); signed deliveries in GitHub's shapes that must fire
// start exactly one task per activation on the agent (listed with trigger_id/trigger_type, the event
// as its message), and the ones that must not fire start none. new_gist polls instead.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { TestServer } from '../helpers/hangar.ts';
import type { Hook } from '../../src/sandbox/standins/codehost/model.ts';
import { startCodeHost, type CodeHost } from '../../src/sandbox/standins/codehost.ts';
import {
  connectCodeHost,
  createTrigger,
  firstMessage,
  hangarHookId,
  hookAt,
  LOGIN,
  listTriggers,
  newAgent,
  newProject,
  processed,
  sendDelivery,
  startTriggerServer,
  tasksOf,
  TOKEN,
  waitFor,
  type Client,
  type TaskEntry,
} from './kit.ts';
import * as P from './payloads.ts';

// The trigger table of api.md §6, in its order.
const ALL_TYPES = [
  'new_repository', 'new_fork', 'new_star', 'new_watcher', 'new_tag', 'new_issue', 'updated_issue', 'new_pull_request', 'updated_pull_request',
  'new_comment', 'new_label_on_issue', 'new_review_request', 'new_pull_request_review', 'new_commit', 'new_push', 'new_branch',
  'workflow_run_completed', 'workflow_job_completed', 'new_collaborator', 'new_mention', 'project_item_status_changed', 'new_card_in_column',
  'new_release', 'new_gist', 'new_discussion', 'new_discussion_comment',
].map((t) => `codehost.${t}`);

let ch: CodeHost;
let server: TestServer;
let c: Client;
let connection: string;
const covered = new Set<string>();
/** The stand-in's accepted tokens, kept by reference: a test revokes one by deleting it. */
const codeHostTokens: Record<string, { login: string }> = { [TOKEN]: { login: LOGIN } };
const GIST_TOKEN = 'github_pat_11AAGISTPOLLREVOKED0token1f2e3d4c';

before(async () => {
  ch = await startCodeHost({ tokens: codeHostTokens });
  for (const login of ['mona', 'hubot']) ch.seed.user({ login });
  ch.seed.org({ login: 'acme', admins: [LOGIN] });
  ch.seed.org({ login: 'acme-projects', admins: [LOGIN] });
  for (const t of ALL_TYPES) ch.seed.repo({ owner: LOGIN, name: repoName(t) });
  server = await startTriggerServer(ch, { HANGAR_GIST_POLL_SECONDS: '1' });
  c = await newProject(server);
  connection = await connectCodeHost(c);
});
after(() => ch?.close());

function repoName(type: string) {
  return type.replace('codehost.', '').replace(/_/g, '-');
}

/** One trigger type under test: its agent, trigger and the hook the code host holds for it. */
interface Subject {
  type: string;
  agentId: string;
  triggerId: string;
  hook: Hook;
  /** Where the stand-in delivers: the repository, or the organization. */
  target: { repo: string } | { org: string };
  seen: Set<string>;
}

/**
 * Creates agent and trigger and checks the webhook the code host got: exactly `events`, JSON, a
 * secret of its own, and a callback URL at Hangar's public address naming the hook; the trigger's
 * list entry shows that hook and its events, and no secret.
 */
async function subject(type: string, config: { repository: string } | { organization: string }, events: string[]): Promise<Subject> {
  covered.add(type);
  const agentId = await newAgent(c, type);
  const hooksBefore = ch.hooks.length;
  const created = await createTrigger(c, agentId, type, connection, config);
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const target = 'repository' in config ? config.repository : config.organization;
  const hook = hookAt(ch, target);
  assert.ok(hook, `the code host has a webhook on ${target}`);
  assert.equal(ch.hooks.length, hooksBefore + 1);
  assert.equal(hook.scope, 'repository' in config ? 'repo' : 'org');
  assert.deepEqual([...hook.events].sort(), [...events].sort());
  assert.equal(hook.active, true);
  assert.equal(hook.config.content_type, 'json');
  assert.match(hook.config.secret ?? '', /^.{32,}$/, 'the hook has a secret of at least 32 characters');
  const hookId = hangarHookId(hook);
  assert.equal(hook.config.url, `${server.url}/latest/webhooks/codehost/${hookId}`);

  const [entry, ...rest] = await listTriggers(c, agentId);
  assert.equal(rest.length, 0);
  assert.deepEqual(
    { trigger_id: entry.trigger_id, type: entry.type, connection_id: entry.connection_id, config: entry.config, status: entry.status, hook_id: entry.hook_id, events: [...entry.events].sort() },
    { trigger_id: created.body.trigger_id, type, connection_id: connection, config, status: 'active', hook_id: hookId, events: [...events].sort() },
  );
  const listed = JSON.stringify(entry);
  assert.ok(!listed.includes(hook.config.secret!) && !/secret/i.test(listed), 'the list entry shows no secret');
  return { type, agentId, triggerId: created.body.trigger_id, hook, target: 'repository' in config ? { repo: config.repository } : { org: config.organization }, seen: new Set() };
}

/** The code host delivers `event` to the subject's hook; resolves once Hangar has dispatched it. */
async function deliver(s: Subject, event: string, payload: unknown): Promise<string> {
  const sent = await ch.deliver(event, payload, s.target);
  assert.equal(sent.length, 1, `exactly the subject's hook is subscribed to ${event}`);
  const [d] = sent;
  assert.ok(d.status !== undefined && d.status >= 200 && d.status < 300, `delivery answered ${d.status} ${d.error ?? ''}`);
  await processed(server.databaseUrl, d.guid);
  return d.guid;
}

/** Tasks of the subject's agent not seen before. */
async function newTasks(s: Subject): Promise<TaskEntry[]> {
  const fresh = (await tasksOf(c, s.agentId)).filter((t) => !s.seen.has(t.conversation_id));
  for (const t of fresh) s.seen.add(t.conversation_id);
  return fresh;
}

/** What a task's message says: the summary line, and the event it carries. */
function parseMessage(content: string): { summary: string; event: Record<string, any> } {
  const at = content.indexOf('\n\n{');
  assert.ok(at > 0, `the message carries the event: ${content.slice(0, 200)}`);
  return { summary: content.slice(0, at), event: JSON.parse(content.slice(at + 2)) };
}

/**
 * Delivers and asserts exactly `count` new tasks, each of this trigger, whose message carries the
 * delivery (event, action, delivery id, the payload as sent) and reads like `summary`.
 */
async function fires(s: Subject, event: string, payload: Record<string, any>, summary: RegExp, count = 1): Promise<{ id: string; summaries: string[] }> {
  const id = await deliver(s, event, payload);
  const fresh = await newTasks(s);
  assert.equal(fresh.length, count, `${s.type}: ${event}/${payload.action ?? '-'} must start ${count} task(s), started ${fresh.length}`);
  const summaries: string[] = [];
  for (const t of fresh) {
    assert.equal(t.trigger_id, s.triggerId);
    assert.equal(t.trigger_type, s.type);
    const m = parseMessage(await firstMessage(c, s.agentId, t.conversation_id));
    assert.match(m.summary, summary);
    assert.equal(m.event.trigger_type, s.type);
    assert.equal(m.event.event, event);
    assert.equal(m.event.action, payload.action ?? null);
    assert.equal(m.event.delivery_id, id);
    assert.deepEqual(m.event.payload, payload);
    summaries.push(m.summary);
  }
  return { id, summaries };
}

/** Delivers and asserts Hangar stored and dispatched it without starting any task. */
async function ignores(s: Subject, event: string, payload: Record<string, any>, how: 'codehost' | 'signed' = 'codehost'): Promise<void> {
  if (how === 'codehost') await deliver(s, event, payload);
  else {
    // An event the hook is not subscribed to, as if the code host sent it anyway.
    const d = await sendDelivery(s.hook, event, payload);
    assert.equal(d.status, 202, JSON.stringify(d.body));
    await processed(server.databaseUrl, d.id);
  }
  const fresh = await newTasks(s);
  assert.equal(fresh.length, 0, `${s.type}: ${event}/${payload.action ?? '-'} must not fire`);
}

const repo = (type: string) => `${LOGIN}/${repoName(type)}`;

describe('repository triggers', () => {
  test('codehost.new_repository: repository/created on an organization hook', async () => {
    const s = await subject('codehost.new_repository', { organization: 'acme' }, ['repository']);
    await fires(s, 'repository', P.repositoryEvent('acme', 'billing-service', 'created'), /acme\/billing-service was created/);
    await ignores(s, 'repository', P.repositoryEvent('acme', 'old-tool', 'deleted'));
    await ignores(s, 'repository', P.repositoryEvent('acme', 'old-tool', 'archived'));
    await ignores(s, 'repository', P.repositoryEvent('acme', 'new-name', 'renamed'));
  });

  test('codehost.new_fork: fork', async () => {
    const r = repo('codehost.new_fork');
    const s = await subject('codehost.new_fork', { repository: r }, ['fork']);
    await fires(s, 'fork', P.forkEvent(r, 'mona'), new RegExp(`${r} was forked to mona/new-fork`));
    await ignores(s, 'watch', P.watchEvent(r, 'mona'), 'signed');
  });

  test('codehost.new_star: star/created, not star/deleted', async () => {
    const r = repo('codehost.new_star');
    const s = await subject('codehost.new_star', { repository: r }, ['star']);
    await fires(s, 'star', P.starEvent(r, 'created', 'hubot'), new RegExp(`hubot starred ${r}`));
    await ignores(s, 'star', P.starEvent(r, 'deleted', 'hubot'));
  });

  test('codehost.new_watcher: watch/started', async () => {
    const r = repo('codehost.new_watcher');
    const s = await subject('codehost.new_watcher', { repository: r }, ['watch']);
    await fires(s, 'watch', P.watchEvent(r, 'mona'), new RegExp(`mona is watching ${r}`));
    await ignores(s, 'star', P.starEvent(r, 'created', 'mona'), 'signed');
  });

  test('codehost.new_tag: create(tag) and push(refs/tags/…) of one tag are ONE activation; branches are not tags', async () => {
    const r = repo('codehost.new_tag');
    const s = await subject('codehost.new_tag', { repository: r }, ['create', 'push']);
    // The code host sends both for one pushed tag: create first, then push.
    await fires(s, 'create', P.createEvent(r, 'v1.4.0', 'tag'), /Tag v1\.4\.0 was pushed/);
    await ignores(s, 'push', P.pushEvent(r, 'refs/tags/v1.4.0', [], { created: true }));
    // The other way round, and both at once.
    await fires(s, 'push', P.pushEvent(r, 'refs/tags/v1.5.0', [], { created: true }), /Tag v1\.5\.0 was pushed/);
    await ignores(s, 'create', P.createEvent(r, 'v1.5.0', 'tag'));
    const both = await Promise.all([ch.deliver('create', P.createEvent(r, 'v2.0.0', 'tag'), s.target), ch.deliver('push', P.pushEvent(r, 'refs/tags/v2.0.0', [], { created: true }), s.target)]);
    for (const [d] of both) await processed(server.databaseUrl, d.guid);
    const fresh = await newTasks(s);
    assert.equal(fresh.length, 1, 'create and push of v2.0.0 arriving together activate once');
    assert.match(parseMessage(await firstMessage(c, s.agentId, fresh[0].conversation_id)).summary, /Tag v2\.0\.0 was pushed/);
    // Not tags: a branch, commits on a branch, a deleted tag.
    await ignores(s, 'create', P.createEvent(r, 'release/2.x', 'branch'));
    await ignores(s, 'push', P.pushEvent(r, 'refs/heads/main', [{ message: 'Bump version' }]));
    await ignores(s, 'push', P.pushEvent(r, 'refs/tags/v0.9.0', [], { deleted: true }));
  });
});

describe('issue and pull request triggers', () => {
  test('codehost.new_issue: issues/opened only', async () => {
    const r = repo('codehost.new_issue');
    const s = await subject('codehost.new_issue', { repository: r }, ['issues']);
    const opened = P.issue(r, { number: 7, title: 'Login button does nothing', body: 'Steps: click it.' });
    await fires(s, 'issues', P.issuesEvent(r, 'opened', opened), /Issue #7 "Login button does nothing" was opened/);
    await ignores(s, 'issues', P.issuesEvent(r, 'closed', { ...opened, state: 'closed', closed_at: '2026-03-10T10:00:00Z', state_reason: 'completed' }, {}, 'octocat'));
    await ignores(s, 'issues', P.issuesEvent(r, 'edited', opened, { changes: { title: { from: 'Login broken' } } }));
    await ignores(s, 'issues', P.issuesEvent(r, 'labeled', opened, { label: P.label('bug') }));
  });

  test('codehost.updated_issue: edited, labeled, unlabeled, assigned, unassigned, closed, reopened', async () => {
    const r = repo('codehost.updated_issue');
    const s = await subject('codehost.updated_issue', { repository: r }, ['issues']);
    const i = P.issue(r, { number: 12, title: 'Crash on start', labels: ['bug'] });
    await fires(s, 'issues', P.issuesEvent(r, 'edited', i, { changes: { body: { from: 'It crashes.' } } }), /Issue #12 .* was edited/);
    await fires(s, 'issues', P.issuesEvent(r, 'labeled', i, { label: P.label('p1') }), /was labeled/);
    await fires(s, 'issues', P.issuesEvent(r, 'unlabeled', i, { label: P.label('bug') }), /was unlabeled/);
    await fires(s, 'issues', P.issuesEvent(r, 'assigned', i, { assignee: P.user('hubot') }, 'octocat'), /was assigned/);
    await fires(s, 'issues', P.issuesEvent(r, 'unassigned', i, { assignee: P.user('hubot') }, 'octocat'), /was unassigned/);
    await fires(s, 'issues', P.issuesEvent(r, 'closed', { ...i, state: 'closed' }, {}, 'octocat'), /was closed/);
    await fires(s, 'issues', P.issuesEvent(r, 'reopened', i, {}, 'octocat'), /was reopened/);
    await ignores(s, 'issues', P.issuesEvent(r, 'opened', P.issue(r, { number: 13, title: 'Another' })));
    await ignores(s, 'issues', P.issuesEvent(r, 'pinned', i, {}, 'octocat'));
    await ignores(s, 'issues', P.issuesEvent(r, 'milestoned', i, { milestone: null }, 'octocat'));
  });

  test('codehost.new_pull_request: opened (not as a draft) and ready_for_review', async () => {
    const r = repo('codehost.new_pull_request');
    const s = await subject('codehost.new_pull_request', { repository: r }, ['pull_request']);
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'opened', P.pullRequest(r, { number: 3, title: 'Add OAuth login' })), /#3 "Add OAuth login" is open for review/);
    // Hangar's decision: a draft is not yet for review; it fires when it becomes ready_for_review.
    const draft = P.pullRequest(r, { number: 4, title: 'WIP: new parser', draft: true });
    await ignores(s, 'pull_request', P.pullRequestEvent(r, 'opened', draft));
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'ready_for_review', { ...draft, draft: false }), /#4 "WIP: new parser" is open for review/);
    await ignores(s, 'pull_request', P.pullRequestEvent(r, 'closed', P.pullRequest(r, { number: 3, title: 'Add OAuth login', state: 'closed', merged: true }), {}, 'octocat'));
    await ignores(s, 'pull_request', P.pullRequestEvent(r, 'synchronize', P.pullRequest(r, { number: 3, title: 'Add OAuth login' }), { before: P.sha('a'), after: P.sha('b') }));
  });

  test('codehost.updated_pull_request: edited, closed, reopened, converted_to_draft, ready_for_review, synchronize', async () => {
    const r = repo('codehost.updated_pull_request');
    const s = await subject('codehost.updated_pull_request', { repository: r }, ['pull_request']);
    const pr = P.pullRequest(r, { number: 21, title: 'Refactor the queue' });
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'edited', pr, { changes: { title: { from: 'Refactor' } } }), /#21 .* was edited/);
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'synchronize', pr, { before: P.sha('x1'), after: P.sha('x2') }), /was synchronize/);
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'converted_to_draft', { ...pr, draft: true }), /was converted_to_draft/);
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'ready_for_review', pr), /was ready_for_review/);
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'closed', { ...pr, state: 'closed', merged: true }, {}, 'octocat'), /was closed/);
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'reopened', pr, {}, 'octocat'), /was reopened/);
    await ignores(s, 'pull_request', P.pullRequestEvent(r, 'opened', P.pullRequest(r, { number: 22, title: 'New one' })));
    await ignores(s, 'pull_request', P.pullRequestEvent(r, 'review_requested', pr, { requested_reviewer: P.user('hubot') }));
    await ignores(s, 'pull_request', P.pullRequestEvent(r, 'labeled', pr, { label: P.label('refactor') }));
  });

  test('codehost.new_comment: issue_comment/created on issues and pull requests', async () => {
    const r = repo('codehost.new_comment');
    const s = await subject('codehost.new_comment', { repository: r }, ['issue_comment']);
    const onIssue = P.issue(r, { number: 5, title: 'Docs typo' });
    const onPull = P.issue(r, { number: 6, title: 'Fix typo', pull: true });
    await fires(s, 'issue_comment', P.issueCommentEvent(r, 'created', onIssue, 'Good catch, thanks!', 'hubot'), /hubot commented on #5/);
    await fires(s, 'issue_comment', P.issueCommentEvent(r, 'created', onPull, 'LGTM once CI passes.', 'mona'), /mona commented on #6/);
    await ignores(s, 'issue_comment', P.issueCommentEvent(r, 'edited', onIssue, 'Good catch, thank you!', 'hubot'));
    await ignores(s, 'issue_comment', P.issueCommentEvent(r, 'deleted', onIssue, 'Good catch, thanks!', 'hubot'));
  });

  test('codehost.new_label_on_issue: issues/labeled', async () => {
    const r = repo('codehost.new_label_on_issue');
    const s = await subject('codehost.new_label_on_issue', { repository: r }, ['issues']);
    const i = P.issue(r, { number: 9, title: 'Slow search' });
    await fires(s, 'issues', P.issuesEvent(r, 'labeled', i, { label: P.label('performance', '0e8a16') }, 'octocat'), /Label "performance" was added to issue #9/);
    await ignores(s, 'issues', P.issuesEvent(r, 'unlabeled', i, { label: P.label('performance') }, 'octocat'));
    await ignores(s, 'issues', P.issuesEvent(r, 'opened', P.issue(r, { number: 10, title: 'Labelled at birth', labels: ['bug'] })));
  });

  test('codehost.new_review_request: pull_request/review_requested', async () => {
    const r = repo('codehost.new_review_request');
    const s = await subject('codehost.new_review_request', { repository: r }, ['pull_request']);
    const pr = P.pullRequest(r, { number: 31, title: 'Cache tokens', reviewers: ['hubot'] });
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'review_requested', pr, { requested_reviewer: P.user('hubot') }), /A review of #31 .* was requested from hubot/);
    await ignores(s, 'pull_request', P.pullRequestEvent(r, 'review_request_removed', pr, { requested_reviewer: P.user('hubot') }));
    await ignores(s, 'pull_request', P.pullRequestEvent(r, 'opened', pr));
  });

  test('codehost.new_pull_request_review: pull_request_review/submitted (approved, changes requested, commented)', async () => {
    const r = repo('codehost.new_pull_request_review');
    const s = await subject('codehost.new_pull_request_review', { repository: r }, ['pull_request_review']);
    const pr = P.pullRequest(r, { number: 40, title: 'Speed up builds' });
    await fires(s, 'pull_request_review', P.reviewEvent(r, 'submitted', pr, 'approved', 'Ship it.'), /hubot reviewed #40 .*: approved/);
    await fires(s, 'pull_request_review', P.reviewEvent(r, 'submitted', pr, 'changes_requested', 'Please add a test.', 'mona'), /mona reviewed #40 .*: changes_requested/);
    await fires(s, 'pull_request_review', P.reviewEvent(r, 'submitted', pr, 'commented', null), /: commented/);
    await ignores(s, 'pull_request_review', P.reviewEvent(r, 'edited', pr, 'approved', 'Ship it!'));
    await ignores(s, 'pull_request_review', P.reviewEvent(r, 'dismissed', pr, 'dismissed', 'Ship it.'));
  });
});

describe('commit and branch triggers', () => {
  test('codehost.new_commit: one activation per commit of a push', async () => {
    const r = repo('codehost.new_commit');
    const s = await subject('codehost.new_commit', { repository: r }, ['push']);
    const push = P.pushEvent(r, 'refs/heads/main', [{ message: 'Parse the config\n\nWith defaults.' }, { message: 'Test the parser' }, { message: 'Document the settings' }]);
    const { summaries } = await fires(s, 'push', push, /^Commit [0-9a-f]{7} ".+" was pushed to refs\/heads\/main/, 3);
    assert.deepEqual(summaries.map((m) => /^Commit ([0-9a-f]{7})/.exec(m)![1]).sort(), push.commits.map((x) => x.id.slice(0, 7)).sort(), 'one task per commit');
    assert.ok(summaries.some((m) => m.includes('"Parse the config"')), 'the first line of the commit message');
    await fires(s, 'push', P.pushEvent(r, 'refs/heads/feature/x', [{ message: 'Start feature x' }], { created: true }), /pushed to refs\/heads\/feature\/x/);
    await ignores(s, 'push', P.pushEvent(r, 'refs/tags/v3.0.0', [], { created: true }));
    await ignores(s, 'push', P.pushEvent(r, 'refs/heads/old', [], { deleted: true }));
  });

  test('codehost.new_push: one activation per push, whatever its commits', async () => {
    const r = repo('codehost.new_push');
    const s = await subject('codehost.new_push', { repository: r }, ['push']);
    await fires(s, 'push', P.pushEvent(r, 'refs/heads/main', [{ message: 'One' }, { message: 'Two' }, { message: 'Three' }], { by: 'mona' }), /mona pushed 3 commit\(s\) to refs\/heads\/main/);
    await fires(s, 'push', P.pushEvent(r, 'refs/heads/main', [{ message: 'Four' }]), /octocat pushed 1 commit\(s\)/);
    await ignores(s, 'create', P.createEvent(r, 'topic', 'branch'), 'signed');
  });

  test('codehost.new_branch: create with ref_type branch, not tag', async () => {
    const r = repo('codehost.new_branch');
    const s = await subject('codehost.new_branch', { repository: r }, ['create']);
    await fires(s, 'create', P.createEvent(r, 'feature/search', 'branch', 'mona'), new RegExp(`Branch feature/search was created in ${r}`));
    await ignores(s, 'create', P.createEvent(r, 'v1.0.0', 'tag'));
  });
});

describe('workflow triggers', () => {
  test('codehost.workflow_run_completed: workflow_run/completed whatever the conclusion', async () => {
    const r = repo('codehost.workflow_run_completed');
    const s = await subject('codehost.workflow_run_completed', { repository: r }, ['workflow_run']);
    await fires(s, 'workflow_run', P.workflowRunEvent(r, 'completed', 'CI', 'failure'), /Workflow run "CI" .* completed: failure/);
    await fires(s, 'workflow_run', P.workflowRunEvent(r, 'completed', 'Release', 'success'), /"Release" .* completed: success/);
    await fires(s, 'workflow_run', P.workflowRunEvent(r, 'completed', 'Nightly', 'cancelled'), /completed: cancelled/);
    await ignores(s, 'workflow_run', P.workflowRunEvent(r, 'requested', 'CI', null));
    await ignores(s, 'workflow_run', P.workflowRunEvent(r, 'in_progress', 'CI', null));
  });

  test('codehost.workflow_job_completed: workflow_job/completed', async () => {
    const r = repo('codehost.workflow_job_completed');
    const s = await subject('codehost.workflow_job_completed', { repository: r }, ['workflow_job']);
    await fires(s, 'workflow_job', P.workflowJobEvent(r, 'completed', 'test (20.x)', 'failure'), /Workflow job "test \(20\.x\)" .* completed: failure/);
    for (const action of ['queued', 'waiting', 'in_progress'] as const) await ignores(s, 'workflow_job', P.workflowJobEvent(r, action, 'test (20.x)', null));
  });
});

describe('collaboration triggers', () => {
  test('codehost.new_collaborator: member/added', async () => {
    const r = repo('codehost.new_collaborator');
    const s = await subject('codehost.new_collaborator', { repository: r }, ['member']);
    await fires(s, 'member', P.memberEvent(r, 'added', 'hubot'), new RegExp(`hubot became a collaborator on ${r}`));
    await ignores(s, 'member', P.memberEvent(r, 'edited', 'hubot'));
    await ignores(s, 'member', P.memberEvent(r, 'removed', 'hubot'));
  });

  test("codehost.new_mention: the connected account's @login in an issue, pull request, comment, review or discussion", async () => {
    const r = repo('codehost.new_mention');
    // The login is the connection's account, which Hangar read from GET /user when connecting.
    const listed = await c.post('/latest/integrations/connections/list', { provider: 'codehost' });
    assert.equal(listed.body.results.find((x: any) => x.connection_id === connection)?.account, LOGIN);
    const s = await subject('codehost.new_mention', { repository: r }, ['issues', 'pull_request', 'issue_comment', 'pull_request_review', 'pull_request_review_comment', 'discussion', 'discussion_comment']);
    const i = P.issue(r, { number: 2, title: 'Question', body: 'How do I configure this?' });
    await fires(s, 'issue_comment', P.issueCommentEvent(r, 'created', i, `@${LOGIN} could you have a look?`), new RegExp(`@${LOGIN} was mentioned in issue_comment \\(created\\)`));
    await fires(s, 'issues', P.issuesEvent(r, 'opened', P.issue(r, { number: 3, title: 'Crash', body: `Seen by (@${LOGIN}) too.` })), /mentioned in issues \(opened\)/);
    await fires(s, 'pull_request', P.pullRequestEvent(r, 'opened', P.pullRequest(r, { number: 4, title: 'Fix crash', body: `Fixes #3\n\ncc @${LOGIN.toUpperCase()}` })), /mentioned in pull_request \(opened\)/);
    await fires(s, 'pull_request_review', P.reviewEvent(r, 'submitted', P.pullRequest(r, { number: 4, title: 'Fix crash' }), 'commented', `Looks fine; @${LOGIN}, your call.`), /mentioned in pull_request_review \(submitted\)/);
    const d = P.discussion(r, 8, 'Roadmap', 'What comes next?');
    await fires(s, 'discussion_comment', P.discussionCommentEvent(r, 'created', d, `Let's ask @${LOGIN}.`), /mentioned in discussion_comment \(created\)/);
    // No mention of the account: no @, someone else, a longer login, an email address, a path.
    await ignores(s, 'issue_comment', P.issueCommentEvent(r, 'created', i, 'Works for me now, closing.'));
    await ignores(s, 'issue_comment', P.issueCommentEvent(r, 'created', i, `${LOGIN} said it works.`));
    await ignores(s, 'issue_comment', P.issueCommentEvent(r, 'created', i, '@mona could you have a look?'));
    await ignores(s, 'issue_comment', P.issueCommentEvent(r, 'created', i, `@${LOGIN}-bot please rerun`));
    await ignores(s, 'issue_comment', P.issueCommentEvent(r, 'created', i, `Mail ${LOGIN}@example.com or team@${LOGIN}`));
    await ignores(s, 'issues', P.issuesEvent(r, 'closed', P.issue(r, { number: 3, title: 'Crash', body: `Seen by @${LOGIN} too.`, state: 'closed' })));
    // Edits: only a mention the edit adds is new; retitling a body that already mentioned is not.
    await fires(s, 'issue_comment', { ...P.issueCommentEvent(r, 'edited', i, `Also @${LOGIN}, FYI.`), changes: { body: { from: 'Also, FYI.' } } }, /mentioned in issue_comment \(edited\)/);
    await ignores(s, 'issue_comment', { ...P.issueCommentEvent(r, 'edited', i, `Also @${LOGIN}, FYI!`), changes: { body: { from: `Also @${LOGIN}, FYI.` } } });
    await ignores(s, 'issues', P.issuesEvent(r, 'edited', P.issue(r, { number: 3, title: 'Crash on start', body: `Seen by (@${LOGIN}) too.` }), { changes: { title: { from: 'Crash' } } }));
  });
});

describe('project triggers', () => {
  test('codehost.project_item_status_changed: projects_v2_item/edited on the Status field (organization hook)', async () => {
    const s = await subject('codehost.project_item_status_changed', { organization: 'acme-projects' }, ['projects_v2_item']);
    await fires(s, 'projects_v2_item', P.projectsV2ItemEvent('acme-projects', 'edited', { name: 'Status', from: 'Todo', to: 'In Progress' }), /changed to In Progress/);
    await ignores(s, 'projects_v2_item', P.projectsV2ItemEvent('acme-projects', 'edited', { name: 'Priority', from: 'P2', to: 'P1' }));
    await ignores(s, 'projects_v2_item', P.projectsV2ItemEvent('acme-projects', 'edited', { name: 'Estimate', type: 'number', from: '3', to: '5' }));
    await ignores(s, 'projects_v2_item', P.projectsV2ItemEvent('acme-projects', 'created', null));
    await ignores(s, 'projects_v2_item', P.projectsV2ItemEvent('acme-projects', 'archived', null));
  });

  test('codehost.new_card_in_column: project_card/created', async () => {
    const r = repo('codehost.new_card_in_column');
    const s = await subject('codehost.new_card_in_column', { repository: r }, ['project_card']);
    await fires(s, 'project_card', P.projectCardEvent(r, 'created', 'Write the release notes', 4711), /A card was added to column 4711/);
    await ignores(s, 'project_card', P.projectCardEvent(r, 'moved', 'Write the release notes', 4712));
    await ignores(s, 'project_card', P.projectCardEvent(r, 'edited', 'Write the release notes (v2)'));
  });
});

describe('other triggers', () => {
  test('codehost.new_release: release/published', async () => {
    const r = repo('codehost.new_release');
    const s = await subject('codehost.new_release', { repository: r }, ['release']);
    await fires(s, 'release', P.releaseEvent(r, 'published', 'v2.1.0', 'Spring release'), /Release v2\.1\.0 "Spring release" was published/);
    await ignores(s, 'release', P.releaseEvent(r, 'created', 'v2.2.0', 'Draft', { draft: true }));
    await ignores(s, 'release', P.releaseEvent(r, 'edited', 'v2.1.0', 'Spring release (notes)'));
  });

  test('codehost.new_discussion: discussion/created', async () => {
    const r = repo('codehost.new_discussion');
    const s = await subject('codehost.new_discussion', { repository: r }, ['discussion']);
    const d = P.discussion(r, 15, 'How do I deploy on ARM?', 'Any tips?');
    await fires(s, 'discussion', P.discussionEvent(r, 'created', d), /Discussion "How do I deploy on ARM\?" was started/);
    await ignores(s, 'discussion', P.discussionEvent(r, 'answered', d));
    await ignores(s, 'discussion', P.discussionEvent(r, 'edited', d));
  });

  test('codehost.new_discussion_comment: discussion_comment/created', async () => {
    const r = repo('codehost.new_discussion_comment');
    const s = await subject('codehost.new_discussion_comment', { repository: r }, ['discussion_comment']);
    const d = P.discussion(r, 16, 'Roadmap 2026', 'What should we build?');
    await fires(s, 'discussion_comment', P.discussionCommentEvent(r, 'created', d, 'Better docs, please.', 'hubot'), /hubot commented on discussion "Roadmap 2026"/);
    await ignores(s, 'discussion_comment', P.discussionCommentEvent(r, 'edited', d, 'Better docs and examples, please.', 'hubot'));
    await ignores(s, 'discussion_comment', P.discussionCommentEvent(r, 'deleted', d, 'Better docs, please.', 'hubot'));
  });

  test('codehost.new_gist: polled; gists existing at creation do not fire, a new one fires once', async () => {
    covered.add('codehost.new_gist');
    const old = ch.seed.gist({ owner: LOGIN, files: { 'notes.md': '# old notes' }, description: 'Old notes' });
    ch.seed.gist({ owner: 'mona', files: { 'a.txt': 'not the account' }, description: "Someone else's", public: true });
    const agentId = await newAgent(c, 'codehost.new_gist');
    const hooks = ch.hooks.length;
    const created = await createTrigger(c, agentId, 'codehost.new_gist', connection, {});
    assert.equal(created.status, 200, JSON.stringify(created.body));
    assert.equal(ch.hooks.length, hooks, 'no webhook exists for gists');
    const [entry] = await listTriggers(c, agentId);
    assert.deepEqual([entry.type, entry.config, entry.hook_id, entry.events], ['codehost.new_gist', {}, null, []]);

    // Several polls (1 s apart) pass over the existing gist.
    await new Promise((r) => setTimeout(r, 2300));
    assert.deepEqual(await tasksOf(c, agentId), [], 'a gist that existed when the trigger was created does not fire');

    const fresh = ch.seed.gist({ owner: LOGIN, files: { 'deploy.sh': '#!/bin/sh\nnpm start\n' }, description: 'Deploy script', public: false });
    const [task] = await waitFor('the new gist to fire', async () => {
      const t = await tasksOf(c, agentId);
      return t.length ? t : undefined;
    });
    assert.equal(task.trigger_id, created.body.trigger_id);
    assert.equal(task.trigger_type, 'codehost.new_gist');
    const message = await firstMessage(c, agentId, task.conversation_id);
    assert.match(message, new RegExp(`Gist ${fresh.id} "Deploy script" was created by ${LOGIN}`));
    assert.ok(!message.includes(old.id));
    // Later polls see it again and do not fire again.
    await new Promise((r) => setTimeout(r, 2300));
    assert.equal((await tasksOf(c, agentId)).length, 1, 'the new gist fired exactly once');
  });
});

describe('a polled trigger whose token is revoked at the code host', () => {
  test('its health says the poll is failing and why, /metrics counts it; it recovers with the token', async () => {
    codeHostTokens[GIST_TOKEN] = { login: LOGIN };
    const own = await connectCodeHost(c, GIST_TOKEN);
    const agentId = await newAgent(c, 'codehost.new_gist');
    const created = await createTrigger(c, agentId, 'codehost.new_gist', own, {});
    assert.equal(created.status, 200, JSON.stringify(created.body));
    const health = async () => (await listTriggers(c, agentId)).find((t: any) => t.trigger_id === created.body.trigger_id).poll_health as string;
    assert.equal(await health(), 'ok');
    const counted = async () => {
      const text = await fetch(`${server.url}/metrics`).then((r) => r.text());
      return Number(/^hangar_background_failures_total\{source="gist poll"\} (\d+)/m.exec(text)?.[1] ?? 0);
    };
    const before = await counted();

    delete codeHostTokens[GIST_TOKEN];
    const failing = await waitFor('the poll to be seen failing', async () => {
      const h = await health();
      return h.startsWith('failing') ? h : undefined;
    });
    assert.match(failing, /^failing since \d{4}-\d\d-\d\dT[\d:.]+Z: The code host answered 401 to listing the account's gists \(the connection's token is no longer accepted; reconnect it\)\.$/);
    assert.ok((await counted()) > before, 'hangar_background_failures_total{source="gist poll"} grew');
    // Polls go on: the failure stays, with the time it began.
    await new Promise((r) => setTimeout(r, 1500));
    assert.equal(await health(), failing, 'still failing, since the same time');

    codeHostTokens[GIST_TOKEN] = { login: LOGIN };
    await waitFor('the poll to succeed again', async () => (await health()) === 'ok');
    delete codeHostTokens[GIST_TOKEN];
    await c.post(`/latest/agents/${agentId}/delete`, {});
  });
});

test('all 26 trigger types of the contract were exercised', () => {
  assert.equal(ALL_TYPES.length, 26);
  assert.deepEqual([...covered].sort(), [...ALL_TYPES].sort());
});
