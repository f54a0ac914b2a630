// Webhook payloads in the code host's documented shapes (GitHub's webhook events and payloads, as
// published in @octokit/openapi-webhooks — written here by hand, not a dependency): every event has
// its `repository` (or `organization`) and `sender`, and no `installation` (these are repository and
// organization hooks, not an app's).
import { createHash } from 'node:crypto';

const API = 'https://api.github.com';
const WEB = 'https://github.com';
let nextId = 9_100_000;
const id = () => ++nextId;
const nodeId = (prefix: string, n: number) => `${prefix}_kwDO${Buffer.from(String(n)).toString('base64url')}`;
const at = (offsetSeconds = 0) => new Date(Date.UTC(2026, 2, 10, 9, 30, 0) + offsetSeconds * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
export const sha = (seed: string) => createHash('sha1').update(seed).digest('hex');

export function user(login: string, type: 'User' | 'Organization' = 'User') {
  const n = [...login].reduce((a, ch) => a * 31 + ch.charCodeAt(0), 7) % 90_000_000;
  return {
    login,
    id: n,
    node_id: nodeId(type === 'User' ? 'U' : 'O', n),
    avatar_url: `https://avatars.githubusercontent.com/u/${n}?v=4`,
    gravatar_id: '',
    url: `${API}/users/${login}`,
    html_url: `${WEB}/${login}`,
    followers_url: `${API}/users/${login}/followers`,
    following_url: `${API}/users/${login}/following{/other_user}`,
    gists_url: `${API}/users/${login}/gists{/gist_id}`,
    starred_url: `${API}/users/${login}/starred{/owner}{/repo}`,
    subscriptions_url: `${API}/users/${login}/subscriptions`,
    organizations_url: `${API}/users/${login}/orgs`,
    repos_url: `${API}/users/${login}/repos`,
    events_url: `${API}/users/${login}/events{/privacy}`,
    received_events_url: `${API}/users/${login}/received_events`,
    type,
    user_view_type: 'public',
    site_admin: false,
  };
}

export function organization(login: string) {
  const u = user(login, 'Organization');
  return {
    login,
    id: u.id,
    node_id: u.node_id,
    url: `${API}/orgs/${login}`,
    repos_url: `${API}/orgs/${login}/repos`,
    events_url: `${API}/orgs/${login}/events`,
    hooks_url: `${API}/orgs/${login}/hooks`,
    issues_url: `${API}/orgs/${login}/issues`,
    members_url: `${API}/orgs/${login}/members{/member}`,
    public_members_url: `${API}/orgs/${login}/public_members{/member}`,
    avatar_url: u.avatar_url,
    description: null,
  };
}

export function repository(fullName: string, extra: Record<string, unknown> = {}) {
  const [owner, name] = fullName.split('/');
  const n = [...fullName].reduce((a, ch) => a * 33 + ch.charCodeAt(0), 5) % 900_000_000;
  const url = `${API}/repos/${fullName}`;
  return {
    id: n,
    node_id: nodeId('R', n),
    name,
    full_name: fullName,
    private: false,
    owner: user(owner),
    html_url: `${WEB}/${fullName}`,
    description: `The ${name} repository`,
    fork: false,
    url,
    forks_url: `${url}/forks`,
    keys_url: `${url}/keys{/key_id}`,
    collaborators_url: `${url}/collaborators{/collaborator}`,
    teams_url: `${url}/teams`,
    hooks_url: `${url}/hooks`,
    issue_events_url: `${url}/issues/events{/number}`,
    events_url: `${url}/events`,
    assignees_url: `${url}/assignees{/user}`,
    branches_url: `${url}/branches{/branch}`,
    tags_url: `${url}/tags`,
    blobs_url: `${url}/git/blobs{/sha}`,
    git_tags_url: `${url}/git/tags{/sha}`,
    git_refs_url: `${url}/git/refs{/sha}`,
    trees_url: `${url}/git/trees{/sha}`,
    statuses_url: `${url}/statuses/{sha}`,
    languages_url: `${url}/languages`,
    stargazers_url: `${url}/stargazers`,
    contributors_url: `${url}/contributors`,
    subscribers_url: `${url}/subscribers`,
    subscription_url: `${url}/subscription`,
    commits_url: `${url}/commits{/sha}`,
    git_commits_url: `${url}/git/commits{/sha}`,
    comments_url: `${url}/comments{/number}`,
    issue_comment_url: `${url}/issues/comments{/number}`,
    contents_url: `${url}/contents/{+path}`,
    compare_url: `${url}/compare/{base}...{head}`,
    merges_url: `${url}/merges`,
    archive_url: `${url}/{archive_format}{/ref}`,
    downloads_url: `${url}/downloads`,
    issues_url: `${url}/issues{/number}`,
    pulls_url: `${url}/pulls{/number}`,
    milestones_url: `${url}/milestones{/number}`,
    notifications_url: `${url}/notifications{?since,all,participating}`,
    labels_url: `${url}/labels{/name}`,
    releases_url: `${url}/releases{/id}`,
    deployments_url: `${url}/deployments`,
    created_at: '2025-11-02T08:15:00Z',
    updated_at: at(),
    pushed_at: at(),
    git_url: `git://github.com/${fullName}.git`,
    ssh_url: `git@github.com:${fullName}.git`,
    clone_url: `${WEB}/${fullName}.git`,
    svn_url: `${WEB}/${fullName}`,
    homepage: null,
    size: 412,
    stargazers_count: 3,
    watchers_count: 3,
    language: 'TypeScript',
    has_issues: true,
    has_projects: true,
    has_downloads: true,
    has_wiki: false,
    has_pages: false,
    has_discussions: true,
    forks_count: 1,
    mirror_url: null,
    archived: false,
    disabled: false,
    open_issues_count: 4,
    license: { key: 'mit', name: 'MIT License', spdx_id: 'MIT', url: `${API}/licenses/mit`, node_id: 'MDc6TGljZW5zZTEz' },
    allow_forking: true,
    is_template: false,
    web_commit_signoff_required: false,
    topics: [],
    visibility: 'public',
    forks: 1,
    open_issues: 4,
    watchers: 3,
    default_branch: 'main',
    ...extra,
  };
}

/** A push event's `repository` has epoch times and a few extra fields. */
const pushRepository = (fullName: string) => ({ ...repository(fullName), created_at: 1762071300, pushed_at: 1773135000, stargazers: 3, master_branch: 'main' });

const base = (fullName: string, sender: string) => ({ repository: repository(fullName), sender: user(sender) });

export function label(name: string, color = 'd73a4a') {
  const n = id();
  return { id: n, node_id: nodeId('LA', n), url: `${API}/labels/${encodeURIComponent(name)}`, name, color, default: false, description: null };
}

export function issue(fullName: string, o: { number: number; title: string; body?: string | null; user?: string; state?: 'open' | 'closed'; labels?: string[]; pull?: boolean }) {
  const n = id();
  const url = `${API}/repos/${fullName}/issues/${o.number}`;
  return {
    url,
    repository_url: `${API}/repos/${fullName}`,
    labels_url: `${url}/labels{/name}`,
    comments_url: `${url}/comments`,
    events_url: `${url}/events`,
    html_url: `${WEB}/${fullName}/${o.pull ? 'pull' : 'issues'}/${o.number}`,
    id: n,
    node_id: nodeId(o.pull ? 'PR' : 'I', n),
    number: o.number,
    title: o.title,
    user: user(o.user ?? 'mona'),
    labels: (o.labels ?? []).map((l) => label(l)),
    state: o.state ?? 'open',
    locked: false,
    assignee: null,
    assignees: [],
    milestone: null,
    comments: 0,
    created_at: at(),
    updated_at: at(60),
    closed_at: o.state === 'closed' ? at(60) : null,
    author_association: 'CONTRIBUTOR',
    active_lock_reason: null,
    ...(o.pull ? { draft: false, pull_request: { url: `${API}/repos/${fullName}/pulls/${o.number}`, html_url: `${WEB}/${fullName}/pull/${o.number}`, diff_url: `${WEB}/${fullName}/pull/${o.number}.diff`, patch_url: `${WEB}/${fullName}/pull/${o.number}.patch`, merged_at: null } } : {}),
    body: o.body ?? null,
    reactions: { url: `${url}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
    timeline_url: `${url}/timeline`,
    performed_via_github_app: null,
    state_reason: o.state === 'closed' ? 'completed' : null,
  };
}

export function pullRequest(fullName: string, o: { number: number; title: string; body?: string | null; user?: string; draft?: boolean; state?: 'open' | 'closed'; merged?: boolean; head?: string; reviewers?: string[] }) {
  const n = id();
  const url = `${API}/repos/${fullName}/pulls/${o.number}`;
  const head = o.head ?? `feature/${o.number}`;
  const repo = repository(fullName);
  const author = user(o.user ?? 'mona');
  return {
    url,
    id: n,
    node_id: nodeId('PR', n),
    html_url: `${WEB}/${fullName}/pull/${o.number}`,
    diff_url: `${WEB}/${fullName}/pull/${o.number}.diff`,
    patch_url: `${WEB}/${fullName}/pull/${o.number}.patch`,
    issue_url: `${API}/repos/${fullName}/issues/${o.number}`,
    number: o.number,
    state: o.state ?? 'open',
    locked: false,
    title: o.title,
    user: author,
    body: o.body ?? null,
    created_at: at(),
    updated_at: at(120),
    closed_at: o.state === 'closed' ? at(120) : null,
    merged_at: o.merged ? at(120) : null,
    merge_commit_sha: sha(`merge-${o.number}`),
    assignee: null,
    assignees: [],
    requested_reviewers: (o.reviewers ?? []).map((r) => user(r)),
    requested_teams: [],
    labels: [],
    milestone: null,
    draft: o.draft ?? false,
    commits_url: `${url}/commits`,
    review_comments_url: `${url}/comments`,
    review_comment_url: `${API}/repos/${fullName}/pulls/comments{/number}`,
    comments_url: `${API}/repos/${fullName}/issues/${o.number}/comments`,
    statuses_url: `${API}/repos/${fullName}/statuses/${sha(head)}`,
    head: { label: `${author.login}:${head}`, ref: head, sha: sha(head), user: author, repo },
    base: { label: `${fullName.split('/')[0]}:main`, ref: 'main', sha: sha('main'), user: repo.owner, repo },
    _links: {
      self: { href: url },
      html: { href: `${WEB}/${fullName}/pull/${o.number}` },
      issue: { href: `${API}/repos/${fullName}/issues/${o.number}` },
      comments: { href: `${API}/repos/${fullName}/issues/${o.number}/comments` },
      review_comments: { href: `${url}/comments` },
      review_comment: { href: `${API}/repos/${fullName}/pulls/comments{/number}` },
      commits: { href: `${url}/commits` },
      statuses: { href: `${API}/repos/${fullName}/statuses/${sha(head)}` },
    },
    author_association: 'CONTRIBUTOR',
    auto_merge: null,
    active_lock_reason: null,
    merged: o.merged ?? false,
    mergeable: null,
    rebaseable: null,
    mergeable_state: 'unknown',
    merged_by: o.merged ? user('octocat') : null,
    comments: 0,
    review_comments: 0,
    maintainer_can_modify: false,
    commits: 2,
    additions: 14,
    deletions: 3,
    changed_files: 2,
  };
}

export function comment(fullName: string, issueNumber: number, body: string, by = 'mona') {
  const n = id();
  return {
    url: `${API}/repos/${fullName}/issues/comments/${n}`,
    html_url: `${WEB}/${fullName}/issues/${issueNumber}#issuecomment-${n}`,
    issue_url: `${API}/repos/${fullName}/issues/${issueNumber}`,
    id: n,
    node_id: nodeId('IC', n),
    user: user(by),
    created_at: at(180),
    updated_at: at(180),
    author_association: 'CONTRIBUTOR',
    body,
    reactions: { url: `${API}/repos/${fullName}/issues/comments/${n}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
    performed_via_github_app: null,
  };
}

// ---- events --------------------------------------------------------------------------------------

export const ping = (fullName: string, hookId: number) => ({
  zen: 'Design for failure.',
  hook_id: hookId,
  hook: { type: 'Repository', id: hookId, name: 'web', active: true, events: ['issues'], config: { content_type: 'json', insecure_ssl: '0', url: 'https://example.invalid/hook' }, updated_at: at(), created_at: at(), url: `${API}/repos/${fullName}/hooks/${hookId}`, test_url: `${API}/repos/${fullName}/hooks/${hookId}/test`, ping_url: `${API}/repos/${fullName}/hooks/${hookId}/pings`, deliveries_url: `${API}/repos/${fullName}/hooks/${hookId}/deliveries`, last_response: { code: null, status: 'unused', message: null } },
  ...base(fullName, 'octocat'),
});

export const repositoryEvent = (org: string, name: string, action: 'created' | 'deleted' | 'archived' | 'renamed', sender = 'octocat') => ({
  action,
  repository: repository(`${org}/${name}`, { owner: user(org, 'Organization') }),
  organization: organization(org),
  sender: user(sender),
});

export const forkEvent = (fullName: string, forker: string) => ({
  forkee: repository(`${forker}/${fullName.split('/')[1]}`, { fork: true, forks_count: 0, stargazers_count: 0, watchers_count: 0, public: true }),
  ...base(fullName, forker),
});

export const starEvent = (fullName: string, action: 'created' | 'deleted', by: string) => ({ action, starred_at: action === 'created' ? at(30) : null, ...base(fullName, by) });

export const watchEvent = (fullName: string, by: string) => ({ action: 'started', ...base(fullName, by) });

export const createEvent = (fullName: string, ref: string, refType: 'tag' | 'branch', by = 'octocat') => ({
  ref,
  ref_type: refType,
  master_branch: 'main',
  description: `The ${fullName.split('/')[1]} repository`,
  pusher_type: 'user',
  ...base(fullName, by),
});

export interface CommitSpec {
  message: string;
  author?: string;
}

export function pushEvent(fullName: string, ref: string, commits: CommitSpec[], o: { created?: boolean; deleted?: boolean; by?: string; before?: string } = {}) {
  const by = o.by ?? 'octocat';
  const list = commits.map((c, i) => {
    const commitSha = sha(`${fullName}:${ref}:${c.message}:${i}:${nextId++}`);
    const author = c.author ?? by;
    return {
      id: commitSha,
      tree_id: sha(`tree:${commitSha}`),
      distinct: true,
      message: c.message,
      timestamp: at(300 + i),
      url: `${WEB}/${fullName}/commit/${commitSha}`,
      author: { name: author, email: `${author}@users.noreply.github.com`, username: author },
      committer: { name: 'GitHub', email: 'noreply@github.com', username: 'web-flow' },
      added: [],
      removed: [],
      modified: ['src/app.ts'],
    };
  });
  const before = o.before ?? (o.created ? '0000000000000000000000000000000000000000' : sha(`before:${ref}:${nextId++}`));
  const after = o.deleted ? '0000000000000000000000000000000000000000' : (list.at(-1)?.id ?? sha(`tag-object:${ref}`));
  return {
    ref,
    before,
    after,
    repository: pushRepository(fullName),
    pusher: { name: by, email: `${by}@users.noreply.github.com` },
    sender: user(by),
    created: o.created ?? false,
    deleted: o.deleted ?? false,
    forced: false,
    base_ref: null,
    compare: `${WEB}/${fullName}/compare/${before.slice(0, 12)}...${after.slice(0, 12)}`,
    commits: list,
    head_commit: list.at(-1) ?? null,
  };
}

export const issuesEvent = (fullName: string, action: string, i: ReturnType<typeof issue>, extra: Record<string, unknown> = {}, by = 'mona') => ({ action, issue: i, ...extra, ...base(fullName, by) });

export const pullRequestEvent = (fullName: string, action: string, pr: ReturnType<typeof pullRequest>, extra: Record<string, unknown> = {}, by = 'mona') => ({ action, number: pr.number, pull_request: pr, ...extra, ...base(fullName, by) });

export const issueCommentEvent = (fullName: string, action: 'created' | 'edited' | 'deleted', i: ReturnType<typeof issue>, body: string, by = 'mona') => ({
  action,
  issue: i,
  comment: comment(fullName, i.number, body, by),
  ...(action === 'edited' ? { changes: { body: { from: 'earlier text' } } } : {}),
  ...base(fullName, by),
});

export function reviewEvent(fullName: string, action: 'submitted' | 'edited' | 'dismissed', pr: ReturnType<typeof pullRequest>, state: 'approved' | 'changes_requested' | 'commented' | 'dismissed', body: string | null, by = 'hubot') {
  const n = id();
  return {
    action,
    review: {
      id: n,
      node_id: nodeId('PRR', n),
      user: user(by),
      body,
      commit_id: pr.head.sha,
      submitted_at: at(400),
      state,
      html_url: `${pr.html_url}#pullrequestreview-${n}`,
      pull_request_url: pr.url,
      author_association: 'COLLABORATOR',
      _links: { html: { href: `${pr.html_url}#pullrequestreview-${n}` }, pull_request: { href: pr.url } },
    },
    pull_request: pr,
    ...base(fullName, by),
  };
}

export function workflowRunEvent(fullName: string, action: 'requested' | 'in_progress' | 'completed', name: string, conclusion: 'success' | 'failure' | 'cancelled' | null) {
  const runId = id();
  const url = `${API}/repos/${fullName}/actions/runs/${runId}`;
  const repo = repository(fullName);
  return {
    action,
    workflow_run: {
      id: runId,
      name,
      node_id: nodeId('WFR', runId),
      head_branch: 'main',
      head_sha: sha(`run-${runId}`),
      path: '.github/workflows/ci.yml',
      display_title: 'Fix the flaky login test',
      run_number: 42,
      event: 'push',
      status: action === 'completed' ? 'completed' : action === 'requested' ? 'queued' : 'in_progress',
      conclusion: action === 'completed' ? conclusion : null,
      workflow_id: 161335,
      check_suite_id: id(),
      check_suite_node_id: nodeId('CS', runId),
      url,
      html_url: `${WEB}/${fullName}/actions/runs/${runId}`,
      pull_requests: [],
      created_at: at(500),
      updated_at: at(620),
      actor: user('octocat'),
      triggering_actor: user('octocat'),
      run_attempt: 1,
      referenced_workflows: [],
      run_started_at: at(500),
      jobs_url: `${url}/jobs`,
      logs_url: `${url}/logs`,
      check_suite_url: `${API}/repos/${fullName}/check-suites/${runId}`,
      artifacts_url: `${url}/artifacts`,
      cancel_url: `${url}/cancel`,
      rerun_url: `${url}/rerun`,
      previous_attempt_url: null,
      workflow_url: `${API}/repos/${fullName}/actions/workflows/161335`,
      head_commit: { id: sha(`run-${runId}`), tree_id: sha(`tree-${runId}`), message: 'Fix the flaky login test', timestamp: at(490), author: { name: 'Octo Cat', email: 'octocat@github.com' }, committer: { name: 'GitHub', email: 'noreply@github.com' } },
      repository: repo,
      head_repository: repo,
    },
    workflow: { id: 161335, node_id: 'W_kwDOAF1jVw', name, path: '.github/workflows/ci.yml', state: 'active', created_at: '2025-11-02T08:20:00Z', updated_at: '2025-11-02T08:20:00Z', url: `${API}/repos/${fullName}/actions/workflows/161335`, html_url: `${WEB}/${fullName}/blob/main/.github/workflows/ci.yml`, badge_url: `${WEB}/${fullName}/workflows/${encodeURIComponent(name)}/badge.svg` },
    ...base(fullName, 'octocat'),
  };
}

export function workflowJobEvent(fullName: string, action: 'queued' | 'in_progress' | 'waiting' | 'completed', name: string, conclusion: 'success' | 'failure' | 'cancelled' | 'skipped' | null) {
  const jobId = id();
  const runId = id();
  const done = action === 'completed';
  return {
    action,
    workflow_job: {
      id: jobId,
      run_id: runId,
      workflow_name: 'CI',
      head_branch: 'main',
      run_url: `${API}/repos/${fullName}/actions/runs/${runId}`,
      run_attempt: 1,
      node_id: nodeId('CR', jobId),
      head_sha: sha(`job-${jobId}`),
      url: `${API}/repos/${fullName}/actions/jobs/${jobId}`,
      html_url: `${WEB}/${fullName}/actions/runs/${runId}/job/${jobId}`,
      status: action,
      conclusion: done ? conclusion : null,
      created_at: at(500),
      started_at: at(510),
      completed_at: done ? at(600) : null,
      name,
      steps: done ? [{ name: 'Set up job', status: 'completed', conclusion: 'success', number: 1, started_at: at(510), completed_at: at(512) }, { name: 'Run npm test', status: 'completed', conclusion, number: 2, started_at: at(512), completed_at: at(598) }] : [],
      check_run_url: `${API}/repos/${fullName}/check-runs/${jobId}`,
      labels: ['ubuntu-latest'],
      runner_id: action === 'queued' || action === 'waiting' ? null : 7,
      runner_name: action === 'queued' || action === 'waiting' ? null : 'GitHub Actions 7',
      runner_group_id: action === 'queued' || action === 'waiting' ? null : 2,
      runner_group_name: action === 'queued' || action === 'waiting' ? null : 'GitHub Actions',
    },
    ...base(fullName, 'octocat'),
  };
}

export const memberEvent = (fullName: string, action: 'added' | 'removed' | 'edited', member: string) => ({
  action,
  member: user(member),
  ...(action === 'added' ? { changes: { permission: { to: 'write' } } } : action === 'edited' ? { changes: { old_permission: { from: 'read' } } } : {}),
  ...base(fullName, 'octocat'),
});

export function projectsV2ItemEvent(org: string, action: 'created' | 'edited' | 'archived', field: { name: string; type?: 'single_select' | 'text' | 'number' | 'date'; from?: string; to?: string } | null) {
  const n = id();
  const option = (name: string | undefined) => (name ? { id: sha(name).slice(0, 8), name, color: 'GREEN', description: '' } : null);
  return {
    action,
    projects_v2_item: {
      id: n,
      node_id: `PVTI_lADOBx${n}`,
      project_node_id: 'PVT_kwDOBxProj',
      content_node_id: 'I_kwDOBxIssue42',
      content_type: 'Issue',
      creator: user('octocat'),
      created_at: at(),
      updated_at: at(700),
      archived_at: null,
    },
    ...(field
      ? {
          changes: {
            field_value: field.type && field.type !== 'single_select'
              ? { field_node_id: `PVTF_${field.name}`, field_type: field.type, field_name: field.name, project_number: 3, from: field.from ?? null, to: field.to ?? null }
              : { field_node_id: `PVTSSF_${field.name}`, field_type: 'single_select', field_name: field.name, project_number: 3, from: option(field.from), to: option(field.to) },
          },
        }
      : {}),
    organization: organization(org),
    sender: user('octocat'),
  };
}

export function projectCardEvent(fullName: string, action: 'created' | 'moved' | 'edited', note: string, columnId = 4711) {
  const n = id();
  return {
    action,
    ...(action === 'moved' ? { changes: { column_id: { from: columnId - 1 } } } : {}),
    project_card: {
      url: `${API}/projects/columns/cards/${n}`,
      project_url: `${API}/projects/1002`,
      column_url: `${API}/projects/columns/${columnId}`,
      column_id: columnId,
      id: n,
      node_id: nodeId('PC', n),
      note,
      archived: false,
      creator: user('octocat'),
      created_at: at(800),
      updated_at: at(800),
      after_id: null,
    },
    ...base(fullName, 'octocat'),
  };
}

export function releaseEvent(fullName: string, action: 'published' | 'created' | 'edited' | 'prereleased', tag: string, name: string, o: { draft?: boolean; prerelease?: boolean } = {}) {
  const n = id();
  const url = `${API}/repos/${fullName}/releases/${n}`;
  return {
    action,
    release: {
      url,
      assets_url: `${url}/assets`,
      upload_url: `https://uploads.github.com/repos/${fullName}/releases/${n}/assets{?name,label}`,
      html_url: `${WEB}/${fullName}/releases/tag/${tag}`,
      id: n,
      author: user('octocat'),
      node_id: nodeId('RE', n),
      tag_name: tag,
      target_commitish: 'main',
      name,
      draft: o.draft ?? false,
      prerelease: o.prerelease ?? false,
      created_at: at(900),
      published_at: o.draft ? null : at(905),
      assets: [],
      tarball_url: `${API}/repos/${fullName}/tarball/${tag}`,
      zipball_url: `${API}/repos/${fullName}/zipball/${tag}`,
      body: '## What changed\n\n- Faster start-up',
    },
    ...base(fullName, 'octocat'),
  };
}

export function discussion(fullName: string, number: number, title: string, body: string, by = 'mona') {
  const n = id();
  return {
    repository_url: `${API}/repos/${fullName}`,
    category: { id: 35_000_001, node_id: 'DIC_kwDOBxCat', repository_id: repository(fullName).id, emoji: ':pray:', name: 'Q&A', description: 'Ask the community for help', created_at: '2025-11-02T08:30:00Z', updated_at: '2025-11-02T08:30:00Z', slug: 'q-a', is_answerable: true },
    answer_html_url: null,
    answer_chosen_at: null,
    answer_chosen_by: null,
    html_url: `${WEB}/${fullName}/discussions/${number}`,
    id: n,
    node_id: nodeId('D', n),
    number,
    title,
    user: user(by),
    state: 'open',
    state_reason: null,
    locked: false,
    comments: 0,
    created_at: at(1000),
    updated_at: at(1000),
    author_association: 'CONTRIBUTOR',
    active_lock_reason: null,
    body,
    reactions: { url: `${API}/repos/${fullName}/discussions/${number}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
    timeline_url: `${API}/repos/${fullName}/discussions/${number}/timeline`,
  };
}

export const discussionEvent = (fullName: string, action: 'created' | 'answered' | 'edited', d: ReturnType<typeof discussion>) => ({ action, discussion: d, ...base(fullName, d.user.login) });

export function discussionCommentEvent(fullName: string, action: 'created' | 'edited' | 'deleted', d: ReturnType<typeof discussion>, body: string, by = 'hubot') {
  const n = id();
  return {
    action,
    ...(action === 'edited' ? { changes: { body: { from: 'earlier text' } } } : {}),
    comment: {
      id: n,
      node_id: nodeId('DC', n),
      html_url: `${d.html_url}#discussioncomment-${n}`,
      parent_id: null,
      child_comment_count: 0,
      repository_url: `${API}/repos/${fullName}`,
      discussion_id: d.id,
      author_association: 'CONTRIBUTOR',
      user: user(by),
      created_at: at(1100),
      updated_at: at(1100),
      body,
      reactions: { url: `${API}/repos/${fullName}/discussions/comments/${n}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
    },
    discussion: d,
    ...base(fullName, by),
  };
}
