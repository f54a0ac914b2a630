// The JSON the code host answers with, built from the model in GitHub's shapes (checked against
// the published response schemas by the stand-in tests). API URLs point back at the stand-in, so
// a client following `url` fields stays on it; web URLs use a fixed host.
import { createHash } from 'node:crypto';
import type { Commit, Person } from './git.ts';
import { PERMISSION_RANK, type Account, type Comment, type Gist, type Hook, type Invitation, type Issue, type Model, type Release, type Repo, type Run, type Workflow } from './model.ts';

export const WEB = 'https://codehost.example';
const LABEL_COLORS = ['d73a4a', 'a2eeef', '7057ff', '008672', 'e4e669', 'd876e3', 'cfd3d7'];

const nodeId = (prefix: string, id: number | string) => `${prefix}_kwDO${Buffer.from(String(id)).toString('base64url')}`;

export function shapes(model: Model, api: string) {
  const user = (a: Account) => ({
    login: a.login,
    id: a.id,
    node_id: nodeId(a.type === 'User' ? 'U' : 'O', a.id),
    avatar_url: `https://avatars.codehost.example/u/${a.id}?v=4`,
    gravatar_id: '',
    url: `${api}/users/${a.login}`,
    html_url: `${WEB}/${a.login}`,
    followers_url: `${api}/users/${a.login}/followers`,
    following_url: `${api}/users/${a.login}/following{/other_user}`,
    gists_url: `${api}/users/${a.login}/gists{/gist_id}`,
    starred_url: `${api}/users/${a.login}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/users/${a.login}/subscriptions`,
    organizations_url: `${api}/users/${a.login}/orgs`,
    repos_url: `${api}/users/${a.login}/repos`,
    events_url: `${api}/users/${a.login}/events{/privacy}`,
    received_events_url: `${api}/users/${a.login}/received_events`,
    type: a.type,
    user_view_type: 'public',
    site_admin: false,
  });
  const userByLogin = (login: string) => user(model.ensureAccount(login));

  const reposOf = (a: Account) => [...model.repos.values()].filter((r) => r.owner === a);

  /** GET /user: the private view of the authenticated account. */
  const privateUser = (a: Account) => {
    const repos = reposOf(a);
    const gists = [...model.gists.values()].filter((g) => g.owner === a.login);
    return {
      ...user(a),
      name: a.name,
      company: null,
      blog: '',
      location: null,
      email: a.email,
      notification_email: a.email,
      hireable: null,
      bio: null,
      twitter_username: null,
      public_repos: repos.filter((r) => !r.private).length,
      public_gists: gists.filter((g) => g.public).length,
      followers: 0,
      following: 0,
      created_at: a.created_at,
      updated_at: a.created_at,
      private_gists: gists.filter((g) => !g.public).length,
      total_private_repos: repos.filter((r) => r.private).length,
      owned_private_repos: repos.filter((r) => r.private).length,
      disk_usage: repos.length * 128,
      collaborators: 0,
      two_factor_authentication: true,
      plan: { name: 'pro', space: 976562499, collaborators: 0, private_repos: 9999 },
    };
  };

  /** The repository object; one builder serves full-repository, repository and minimal-repository. */
  const repository = (r: Repo, viewer?: string) => {
    const full = `${r.owner.login}/${r.name}`;
    const base = `${api}/repos/${full}`;
    const perm = viewer ? model.permission(r, viewer) : undefined;
    const rank = perm ? PERMISSION_RANK[perm] : 0;
    const stars = r.stargazers.size;
    const open = model.openIssueCount(r);
    return {
      id: r.id,
      node_id: nodeId('R', r.id),
      name: r.name,
      full_name: full,
      private: r.private,
      owner: user(r.owner),
      html_url: `${WEB}/${full}`,
      description: r.description,
      fork: false,
      url: base,
      forks_url: `${base}/forks`,
      keys_url: `${base}/keys{/key_id}`,
      collaborators_url: `${base}/collaborators{/collaborator}`,
      teams_url: `${base}/teams`,
      hooks_url: `${base}/hooks`,
      issue_events_url: `${base}/issues/events{/number}`,
      events_url: `${base}/events`,
      assignees_url: `${base}/assignees{/user}`,
      branches_url: `${base}/branches{/branch}`,
      tags_url: `${base}/tags`,
      blobs_url: `${base}/git/blobs{/sha}`,
      git_tags_url: `${base}/git/tags{/sha}`,
      git_refs_url: `${base}/git/refs{/sha}`,
      trees_url: `${base}/git/trees{/sha}`,
      statuses_url: `${base}/statuses/{sha}`,
      languages_url: `${base}/languages`,
      stargazers_url: `${base}/stargazers`,
      contributors_url: `${base}/contributors`,
      subscribers_url: `${base}/subscribers`,
      subscription_url: `${base}/subscription`,
      commits_url: `${base}/commits{/sha}`,
      git_commits_url: `${base}/git/commits{/sha}`,
      comments_url: `${base}/comments{/number}`,
      issue_comment_url: `${base}/issues/comments{/number}`,
      contents_url: `${base}/contents/{+path}`,
      compare_url: `${base}/compare/{base}...{head}`,
      merges_url: `${base}/merges`,
      archive_url: `${base}/{archive_format}{/ref}`,
      downloads_url: `${base}/downloads`,
      issues_url: `${base}/issues{/number}`,
      pulls_url: `${base}/pulls{/number}`,
      milestones_url: `${base}/milestones{/number}`,
      notifications_url: `${base}/notifications{?since,all,participating}`,
      labels_url: `${base}/labels{/name}`,
      releases_url: `${base}/releases{/id}`,
      deployments_url: `${base}/deployments`,
      created_at: r.created_at,
      updated_at: r.updated_at,
      pushed_at: r.pushed_at,
      git_url: `git://codehost.example/${full}.git`,
      ssh_url: `git@codehost.example:${full}.git`,
      clone_url: `${WEB}/${full}.git`,
      svn_url: `${WEB}/${full}`,
      homepage: r.homepage,
      size: r.git.blobs.size,
      stargazers_count: stars,
      watchers_count: stars,
      language: null,
      has_issues: r.has_issues,
      has_projects: r.has_projects,
      has_downloads: true,
      has_wiki: r.has_wiki,
      has_pages: false,
      has_discussions: r.has_discussions,
      forks_count: 0,
      mirror_url: null,
      archived: r.archived,
      disabled: false,
      open_issues_count: open,
      license: null,
      allow_forking: true,
      is_template: false,
      web_commit_signoff_required: false,
      topics: [],
      visibility: r.private ? 'private' : 'public',
      forks: 0,
      open_issues: open,
      watchers: stars,
      default_branch: r.default_branch,
      ...(viewer ? { permissions: { admin: rank >= 5, maintain: rank >= 4, push: rank >= 3, triage: rank >= 2, pull: rank >= 1 } } : {}),
    };
  };

  /** GET /repos/{owner}/{repo} and repository creation add the settings only admins see. */
  const fullRepository = (r: Repo, viewer: string) => ({
    ...repository(r, viewer),
    allow_squash_merge: true,
    allow_merge_commit: true,
    allow_rebase_merge: true,
    allow_auto_merge: false,
    delete_branch_on_merge: false,
    allow_update_branch: false,
    use_squash_pr_title_as_default: false,
    squash_merge_commit_title: 'COMMIT_OR_PR_TITLE',
    squash_merge_commit_message: 'COMMIT_MESSAGES',
    merge_commit_title: 'MERGE_MESSAGE',
    merge_commit_message: 'PR_TITLE',
    ...(r.owner.type === 'Organization' ? { organization: user(r.owner) } : {}),
    security_and_analysis: null,
    network_count: 0,
    subscribers_count: 1,
  });

  const gitPerson = (p: Person) => ({ name: p.name, email: p.email, date: p.date });
  const commitAccount = (p: Person) => (p.login && model.account(p.login) ? user(model.account(p.login)!) : null);

  const commit = (r: Repo, c: Commit, withFiles = false) => {
    const base = `${api}/repos/${r.owner.login}/${r.name}`;
    const parent = c.parents[0] ? r.git.commits.get(c.parents[0]) : undefined;
    const files = withFiles ? r.git.diff(parent, c) : [];
    return {
      url: `${base}/commits/${c.sha}`,
      sha: c.sha,
      node_id: nodeId('C', c.sha),
      html_url: `${WEB}/${r.owner.login}/${r.name}/commit/${c.sha}`,
      comments_url: `${base}/commits/${c.sha}/comments`,
      commit: {
        url: `${base}/git/commits/${c.sha}`,
        author: gitPerson(c.author),
        committer: gitPerson(c.committer),
        message: c.message,
        comment_count: 0,
        tree: { sha: c.treeSha, url: `${base}/git/trees/${c.treeSha}` },
        verification: { verified: false, reason: 'unsigned', signature: null, payload: null, verified_at: null },
      },
      author: commitAccount(c.author),
      committer: commitAccount(c.committer),
      parents: c.parents.map((sha) => ({ sha, url: `${base}/commits/${sha}`, html_url: `${WEB}/${r.owner.login}/${r.name}/commit/${sha}` })),
      ...(withFiles
        ? {
            stats: { total: files.reduce((n, f) => n + f.changes, 0), additions: files.reduce((n, f) => n + f.additions, 0), deletions: files.reduce((n, f) => n + f.deletions, 0) },
            files: files.map((f) => ({
              ...f,
              blob_url: `${WEB}/${r.owner.login}/${r.name}/blob/${c.sha}/${f.filename}`,
              raw_url: `${WEB}/${r.owner.login}/${r.name}/raw/${c.sha}/${f.filename}`,
              contents_url: `${base}/contents/${f.filename}?ref=${c.sha}`,
            })),
          }
        : {}),
    };
  };

  const branchShort = (r: Repo, name: string, sha: string) => ({
    name,
    commit: { sha, url: `${api}/repos/${r.owner.login}/${r.name}/commits/${sha}` },
    protected: false,
  });

  const branch = (r: Repo, name: string, c: Commit) => ({
    name,
    commit: commit(r, c),
    _links: { self: `${api}/repos/${r.owner.login}/${r.name}/branches/${name}`, html: `${WEB}/${r.owner.login}/${r.name}/tree/${name}` },
    protected: false,
    protection: { enabled: false, required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] } },
    protection_url: `${api}/repos/${r.owner.login}/${r.name}/branches/${name}/protection`,
  });

  const gitRef = (r: Repo, ref: string, sha: string) => ({
    ref,
    node_id: nodeId('REF', `${r.id}:${ref}`),
    url: `${api}/repos/${r.owner.login}/${r.name}/git/${ref}`,
    object: { sha, type: 'commit', url: `${api}/repos/${r.owner.login}/${r.name}/git/commits/${sha}` },
  });

  const contentEntry = (r: Repo, path: string, ref: string, type: 'file' | 'dir', sha: string, size: number) => {
    const base = `${api}/repos/${r.owner.login}/${r.name}`;
    const self = `${base}/contents/${path}?ref=${ref}`;
    const html = `${WEB}/${r.owner.login}/${r.name}/${type === 'file' ? 'blob' : 'tree'}/${ref}/${path}`;
    const git = `${base}/git/${type === 'file' ? 'blobs' : 'trees'}/${sha}`;
    return {
      name: path.split('/').pop()!,
      path,
      sha,
      size,
      url: self,
      html_url: html,
      git_url: git,
      download_url: type === 'file' ? `https://raw.codehost.example/${r.owner.login}/${r.name}/${ref}/${path}` : null,
      type,
      _links: { self, git, html },
    };
  };

  const contentFile = (r: Repo, path: string, ref: string, blobSha: string) => {
    const content = r.git.blobs.get(blobSha) ?? Buffer.alloc(0);
    // GitHub wraps the base64 at 60 characters, newline-separated.
    const encoded = (content.toString('base64').match(/.{1,60}/g) ?? []).join('\n');
    return { ...contentEntry(r, path, ref, 'file', blobSha, content.length), content: encoded ? `${encoded}\n` : '', encoding: 'base64' };
  };

  // Labels exist only as names on issues; their ids are derived so they stay the same across answers.
  const labels = (r: Repo, names: string[]) =>
    names.map((name, i) => ({
      id: parseInt(createHash('sha1').update(`${r.id}:${name}`).digest('hex').slice(0, 8), 16),
      node_id: nodeId('LA', `${r.id}:${name}`),
      url: `${api}/repos/${r.owner.login}/${r.name}/labels/${encodeURIComponent(name)}`,
      name,
      description: null,
      color: LABEL_COLORS[(name.length + i) % LABEL_COLORS.length],
      default: ['bug', 'documentation', 'enhancement'].includes(name),
    }));

  const association = (r: Repo, login: string) => (r.owner.login.toLowerCase() === login.toLowerCase() ? 'OWNER' : r.collaborators.has(login) ? 'COLLABORATOR' : 'NONE');

  const issue = (r: Repo, i: Issue) => {
    const base = `${api}/repos/${r.owner.login}/${r.name}`;
    const assignees = i.assignees.map(userByLogin);
    return {
      id: i.id,
      node_id: nodeId(i.pull ? 'PR' : 'I', i.id),
      url: `${base}/issues/${i.number}`,
      repository_url: base,
      labels_url: `${base}/issues/${i.number}/labels{/name}`,
      comments_url: `${base}/issues/${i.number}/comments`,
      events_url: `${base}/issues/${i.number}/events`,
      html_url: `${WEB}/${r.owner.login}/${r.name}/${i.pull ? 'pull' : 'issues'}/${i.number}`,
      number: i.number,
      state: i.state,
      state_reason: i.state_reason,
      title: i.title,
      body: i.body,
      user: userByLogin(i.user),
      labels: labels(r, i.labels),
      assignee: assignees[0] ?? null,
      assignees,
      milestone: null,
      locked: i.locked,
      active_lock_reason: null,
      comments: i.comments.length,
      ...(i.pull
        ? {
            pull_request: {
              url: `${base}/pulls/${i.number}`,
              html_url: `${WEB}/${r.owner.login}/${r.name}/pull/${i.number}`,
              diff_url: `${WEB}/${r.owner.login}/${r.name}/pull/${i.number}.diff`,
              patch_url: `${WEB}/${r.owner.login}/${r.name}/pull/${i.number}.patch`,
              merged_at: i.pull.merged_at,
            },
            draft: i.pull.draft,
          }
        : {}),
      closed_at: i.closed_at,
      created_at: i.created_at,
      updated_at: i.updated_at,
      closed_by: i.closed_by ? userByLogin(i.closed_by) : null,
      author_association: association(r, i.user),
      reactions: { url: `${base}/issues/${i.number}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
      timeline_url: `${base}/issues/${i.number}/timeline`,
    };
  };

  // The search schema types `body` as a string, never null.
  const searchItem = (r: Repo, i: Issue) => ({ ...issue(r, i), body: i.body ?? '', score: 1 });

  const comment = (r: Repo, i: Issue, c: Comment) => {
    const base = `${api}/repos/${r.owner.login}/${r.name}`;
    return {
      id: c.id,
      node_id: nodeId('IC', c.id),
      url: `${base}/issues/comments/${c.id}`,
      html_url: `${WEB}/${r.owner.login}/${r.name}/issues/${i.number}#issuecomment-${c.id}`,
      body: c.body,
      user: userByLogin(c.user),
      created_at: c.created_at,
      updated_at: c.updated_at,
      issue_url: `${base}/issues/${i.number}`,
      author_association: association(r, c.user),
      reactions: { url: `${base}/issues/comments/${c.id}/reactions`, total_count: 0, '+1': 0, '-1': 0, laugh: 0, hooray: 0, confused: 0, heart: 0, rocket: 0, eyes: 0 },
    };
  };

  const pullEnd = (r: Repo, ref: string, viewer: string) => {
    const sha = r.git.resolve(`refs/heads/${ref}`)?.sha ?? '0'.repeat(40);
    return { label: `${r.owner.login}:${ref}`, ref, sha, user: user(r.owner), repo: repository(r, viewer) };
  };

  /** pull-request-simple (lists) or, with `detailed`, the full pull-request object. */
  const pull = (r: Repo, i: Issue, viewer: string, detailed: boolean) => {
    const p = i.pull!;
    const base = `${api}/repos/${r.owner.login}/${r.name}`;
    const html = `${WEB}/${r.owner.login}/${r.name}/pull/${i.number}`;
    const assignees = i.assignees.map(userByLogin);
    const simple = {
      url: `${base}/pulls/${i.number}`,
      id: p.id,
      node_id: nodeId('PR', p.id),
      html_url: html,
      diff_url: `${html}.diff`,
      patch_url: `${html}.patch`,
      issue_url: `${base}/issues/${i.number}`,
      commits_url: `${base}/pulls/${i.number}/commits`,
      review_comments_url: `${base}/pulls/${i.number}/comments`,
      review_comment_url: `${base}/pulls/comments{/number}`,
      comments_url: `${base}/issues/${i.number}/comments`,
      statuses_url: `${base}/statuses/${pullEnd(r, p.head, viewer).sha}`,
      number: i.number,
      state: i.state,
      locked: i.locked,
      title: i.title,
      user: userByLogin(i.user),
      body: i.body,
      labels: labels(r, i.labels),
      milestone: null,
      active_lock_reason: null,
      created_at: i.created_at,
      updated_at: i.updated_at,
      closed_at: i.closed_at,
      merged_at: p.merged_at,
      merge_commit_sha: p.merge_commit_sha,
      assignee: assignees[0] ?? null,
      assignees,
      requested_reviewers: p.requested_reviewers.map(userByLogin),
      requested_teams: [],
      head: pullEnd(r, p.head, viewer),
      base: pullEnd(r, p.base, viewer),
      _links: {
        self: { href: `${base}/pulls/${i.number}` },
        html: { href: html },
        issue: { href: `${base}/issues/${i.number}` },
        comments: { href: `${base}/issues/${i.number}/comments` },
        review_comments: { href: `${base}/pulls/${i.number}/comments` },
        review_comment: { href: `${base}/pulls/comments{/number}` },
        commits: { href: `${base}/pulls/${i.number}/commits` },
        statuses: { href: `${base}/statuses/${pullEnd(r, p.head, viewer).sha}` },
      },
      author_association: association(r, i.user),
      auto_merge: null,
      draft: p.draft,
    };
    if (!detailed) return simple;
    const headCommit = r.git.resolve(`refs/heads/${p.head}`);
    const baseCommit = r.git.resolve(`refs/heads/${p.base}`);
    const ahead = headCommit ? r.git.log(headCommit).filter((c) => !baseCommit || !r.git.isAncestor(c, baseCommit)) : [];
    // Changes are counted from the merge base, as GitHub's three-dot diff does.
    const files = headCommit ? r.git.diff(baseCommit && r.git.mergeBase(baseCommit, headCommit), headCommit) : [];
    const merged = p.merged_at !== null;
    const conflicts = headCommit && baseCommit ? r.git.merge(baseCommit, headCommit).conflicts : [];
    const mergeable = merged || i.state === 'closed' ? null : ahead.length > 0 && conflicts.length === 0;
    return {
      ...simple,
      merged,
      mergeable,
      rebaseable: mergeable,
      mergeable_state: merged ? 'unknown' : p.draft ? 'draft' : mergeable ? 'clean' : conflicts.length ? 'dirty' : 'unknown',
      merged_by: p.merged_by ? userByLogin(p.merged_by) : null,
      comments: i.comments.length,
      review_comments: 0,
      maintainer_can_modify: p.maintainer_can_modify,
      commits: merged ? Math.max(ahead.length, 1) : ahead.length,
      additions: files.reduce((n, f) => n + f.additions, 0),
      deletions: files.reduce((n, f) => n + f.deletions, 0),
      changed_files: files.length,
    };
  };

  const workflow = (r: Repo, w: Workflow) => ({
    id: w.id,
    node_id: nodeId('W', w.id),
    name: w.name,
    path: w.path,
    state: w.state,
    created_at: w.created_at,
    updated_at: w.updated_at,
    url: `${api}/repos/${r.owner.login}/${r.name}/actions/workflows/${w.id}`,
    html_url: `${WEB}/${r.owner.login}/${r.name}/blob/${r.default_branch}/${w.path}`,
    badge_url: `${WEB}/${r.owner.login}/${r.name}/workflows/${encodeURIComponent(w.name)}/badge.svg`,
  });

  const run = (r: Repo, x: Run) => {
    const base = `${api}/repos/${r.owner.login}/${r.name}`;
    const w = r.workflows.find((w) => w.id === x.workflow_id)!;
    const head = r.git.commits.get(x.head_sha);
    const actor = userByLogin(x.actor);
    const suite = x.id + 7_000_000;
    return {
      id: x.id,
      name: w.name,
      node_id: nodeId('WFR', x.id),
      head_branch: x.head_branch,
      head_sha: x.head_sha,
      path: w.path,
      display_title: x.display_title,
      run_number: x.run_number,
      event: x.event,
      status: x.status,
      conclusion: x.conclusion,
      workflow_id: w.id,
      check_suite_id: suite,
      check_suite_node_id: nodeId('CS', suite),
      url: `${base}/actions/runs/${x.id}`,
      html_url: `${WEB}/${r.owner.login}/${r.name}/actions/runs/${x.id}`,
      pull_requests: [],
      created_at: x.created_at,
      updated_at: x.updated_at,
      actor,
      run_attempt: x.run_attempt,
      referenced_workflows: [],
      run_started_at: x.created_at,
      triggering_actor: actor,
      jobs_url: `${base}/actions/runs/${x.id}/jobs`,
      logs_url: `${base}/actions/runs/${x.id}/logs`,
      check_suite_url: `${base}/check-suites/${suite}`,
      artifacts_url: `${base}/actions/runs/${x.id}/artifacts`,
      cancel_url: `${base}/actions/runs/${x.id}/cancel`,
      rerun_url: `${base}/actions/runs/${x.id}/rerun`,
      previous_attempt_url: null,
      workflow_url: `${base}/actions/workflows/${w.id}`,
      head_commit: head
        ? { id: head.sha, tree_id: head.treeSha, message: head.message, timestamp: head.committer.date, author: { name: head.author.name, email: head.author.email }, committer: { name: head.committer.name, email: head.committer.email } }
        : null,
      repository: repository(r),
      head_repository: repository(r),
      head_repository_id: r.id,
    };
  };

  const gistFile = (g: Gist, name: string, content: string, withContent: boolean) => ({
    filename: name,
    type: name.endsWith('.md') ? 'text/markdown' : name.endsWith('.json') ? 'application/json' : 'text/plain',
    language: name.endsWith('.md') ? 'Markdown' : name.endsWith('.json') ? 'JSON' : 'Text',
    raw_url: `https://gist.codehost.example/${g.owner}/${g.id}/raw/${encodeURIComponent(name)}`,
    size: Buffer.byteLength(content),
    ...(withContent ? { truncated: false, content, encoding: 'utf-8' } : {}),
  });

  const gist = (g: Gist, withContent: boolean) => ({
    url: `${api}/gists/${g.id}`,
    forks_url: `${api}/gists/${g.id}/forks`,
    commits_url: `${api}/gists/${g.id}/commits`,
    id: g.id,
    node_id: nodeId('G', g.id),
    git_pull_url: `https://gist.codehost.example/${g.id}.git`,
    git_push_url: `https://gist.codehost.example/${g.id}.git`,
    html_url: `https://gist.codehost.example/${g.owner}/${g.id}`,
    files: Object.fromEntries([...g.files].map(([name, content]) => [name, gistFile(g, name, content, withContent)])),
    public: g.public,
    created_at: g.created_at,
    updated_at: g.updated_at,
    description: g.description,
    comments: 0,
    comments_enabled: true,
    user: null,
    comments_url: `${api}/gists/${g.id}/comments`,
    owner: userByLogin(g.owner),
    truncated: false,
    ...(withContent ? { forks: [], history: [] } : {}),
  });

  const release = (r: Repo, x: Release) => {
    const base = `${api}/repos/${r.owner.login}/${r.name}`;
    return {
      url: `${base}/releases/${x.id}`,
      html_url: `${WEB}/${r.owner.login}/${r.name}/releases/tag/${x.tag_name}`,
      assets_url: `${base}/releases/${x.id}/assets`,
      upload_url: `https://uploads.codehost.example/repos/${r.owner.login}/${r.name}/releases/${x.id}/assets{?name,label}`,
      tarball_url: `${base}/tarball/${x.tag_name}`,
      zipball_url: `${base}/zipball/${x.tag_name}`,
      id: x.id,
      node_id: nodeId('RE', x.id),
      tag_name: x.tag_name,
      target_commitish: x.target_commitish,
      name: x.name,
      body: x.body,
      draft: x.draft,
      prerelease: x.prerelease,
      immutable: false,
      created_at: x.created_at,
      published_at: x.published_at,
      author: userByLogin(x.author),
      assets: [],
    };
  };

  const hook = (h: Hook) => {
    const self = h.scope === 'repo' ? `${api}/repos/${h.target}/hooks/${h.id}` : `${api}/orgs/${h.target}/hooks/${h.id}`;
    // Answers never reveal the secret, only that there is one.
    const config = { url: h.config.url, content_type: h.config.content_type, insecure_ssl: h.config.insecure_ssl, ...(h.config.secret ? { secret: '********' } : {}) };
    return {
      type: h.scope === 'repo' ? 'Repository' : 'Organization',
      id: h.id,
      name: h.name,
      active: h.active,
      events: h.events,
      config,
      updated_at: h.updated_at,
      created_at: h.created_at,
      url: self,
      ping_url: `${self}/pings`,
      deliveries_url: `${self}/deliveries`,
      ...(h.scope === 'repo' ? { test_url: `${self}/test`, last_response: h.last_response } : {}),
    };
  };

  const invitation = (r: Repo, x: Invitation) => ({
    id: x.id,
    node_id: nodeId('RI', x.id),
    repository: repository(r),
    invitee: userByLogin(x.invitee),
    inviter: userByLogin(x.inviter),
    permissions: x.permission === 'pull' ? 'read' : x.permission === 'push' ? 'write' : x.permission,
    created_at: x.created_at,
    expired: false,
    url: `${api}/user/repository_invitations/${x.id}`,
    html_url: `${WEB}/${r.owner.login}/${r.name}/invitations`,
  });

  return { user, userByLogin, privateUser, repository, fullRepository, commit, branchShort, branch, gitRef, contentEntry, contentFile, issue, searchItem, comment, pull, workflow, run, gist, release, hook, invitation };
}

export type Shapes = ReturnType<typeof shapes>;
