// Issues, comments, issue search and pull requests. Pull requests are issues with a `pull` part, so
// they share the repository's number sequence and appear in issue lists and search, as on GitHub.
import { can, created, notFound, ok, paginate, refuse, repoFor, validationFailed, type Ctx, type Handler } from './common.ts';
import { now, personOf, type Issue, type Repo } from './model.ts';

function issueIn(repo: Repo, number: number): Issue {
  const issue = repo.issues.find((i) => i.number === number);
  if (!issue) return notFound();
  return issue;
}

function requireIssues(repo: Repo): void {
  if (!repo.has_issues) refuse(410, 'Issues are disabled for this repo');
}

/** Assignees must be able to push (or own the repository); GitHub refuses others with 422. */
function checkAssignees(ctx: Ctx, repo: Repo, logins: string[], resource: string): string[] {
  return logins.map((login) => {
    const account = ctx.model.account(login);
    const perm = account && ctx.model.permission(repo, account.login);
    if (!account || !perm || perm === 'pull' || perm === 'triage') validationFailed([{ resource, code: 'invalid', field: 'assignees', value: login }]);
    return account!.login;
  });
}

const labelNames = (labels: unknown[] | undefined): string[] => (labels ?? []).map((l) => (typeof l === 'string' ? l : String((l as { name?: string }).name ?? ''))).filter(Boolean);

function sortIssues(list: Issue[], sort: string, direction: string): Issue[] {
  const key = (i: Issue) => (sort === 'updated' ? i.updated_at : sort === 'comments' ? String(i.comments.length).padStart(8, '0') : i.created_at);
  const sorted = [...list].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a.number - b.number));
  return direction === 'asc' ? sorted : sorted.reverse();
}

function setState(issue: Issue, state: 'open' | 'closed' | undefined, reason: Issue['state_reason'] | undefined, by: string): void {
  if (state && state !== issue.state) {
    issue.state = state;
    issue.closed_at = state === 'closed' ? now() : null;
    issue.closed_by = state === 'closed' ? by : null;
    issue.state_reason = state === 'closed' ? (reason ?? 'completed') : 'reopened';
  } else if (reason !== undefined && issue.state === 'closed') issue.state_reason = reason;
}

/** GitHub's search syntax, the qualifiers Hangar's steps use: repo:, is:, state:, author:, assignee:, label:, in:, type:. */
function search(ctx: Ctx, q: string): Array<{ repo: Repo; issue: Issue }> {
  const words: string[] = [];
  const filters: Array<(r: Repo, i: Issue) => boolean> = [];
  let kindGiven = false;
  for (const term of q.match(/(?:[^\s"]+:"[^"]*"|"[^"]*"|\S+)/g) ?? []) {
    const m = /^(-?)([a-z_]+):(.+)$/.exec(term);
    if (!m) {
      words.push(term.replace(/"/g, '').toLowerCase());
      continue;
    }
    const [, negate, key, raw] = m;
    const value = raw.replace(/^"|"$/g, '').toLowerCase();
    let f: ((r: Repo, i: Issue) => boolean) | undefined;
    if (key === 'repo') f = (r) => `${r.owner.login}/${r.name}`.toLowerCase() === value;
    else if (key === 'user' || key === 'org' || key === 'owner') f = (r) => r.owner.login.toLowerCase() === value;
    else if ((key === 'is' || key === 'type') && (value === 'issue' || value === 'pr' || value === 'pull-request')) {
      kindGiven = true;
      f = value === 'issue' ? (_r, i) => !i.pull : (_r, i) => !!i.pull;
    } else if ((key === 'is' || key === 'state') && (value === 'open' || value === 'closed')) f = (_r, i) => i.state === value;
    else if (key === 'is' && value === 'merged') f = (_r, i) => !!i.pull?.merged_at;
    else if (key === 'author') f = (_r, i) => i.user.toLowerCase() === value;
    else if (key === 'assignee') f = (_r, i) => i.assignees.some((a) => a.toLowerCase() === value);
    else if (key === 'label') f = (_r, i) => i.labels.some((l) => l.toLowerCase() === value);
    else if (key === 'mentions') f = (_r, i) => `${i.title} ${i.body ?? ''}`.toLowerCase().includes(`@${value}`);
    else if (key === 'in') continue; // title/body matching is what the free words do anyway
    else validationFailed([{ resource: 'Search', field: 'q', code: 'invalid', message: `The qualifier "${key}" is not supported by this search` }]);
    filters.push(negate ? (r, i) => !f!(r, i) : f!);
  }
  // Since the 2025 search changes GitHub requires the kind to be named in issue search queries.
  if (!kindGiven) validationFailed([{ resource: 'Search', field: 'q', code: 'invalid', message: "Query must include 'is:issue' or 'is:pull-request'" }]);
  const out: Array<{ repo: Repo; issue: Issue }> = [];
  for (const repo of ctx.model.repos.values()) {
    if (!ctx.model.permission(repo, ctx.viewer.login)) continue;
    for (const issue of repo.issues) {
      const text = `${issue.title} ${issue.body ?? ''}`.toLowerCase();
      if (filters.every((f) => f(repo, issue)) && words.every((w) => text.includes(w))) out.push({ repo, issue });
    }
  }
  return out;
}

function resolveHead(repo: Repo, head: string): string {
  const [owner, branch] = head.includes(':') ? head.split(':', 2) : [repo.owner.login, head];
  if (owner.toLowerCase() !== repo.owner.login.toLowerCase()) validationFailed([{ resource: 'PullRequest', field: 'head', code: 'invalid' }]);
  return branch;
}

export const issueRoutes: Record<string, Handler> = {
  'issues/list-for-repo': (ctx) => {
    const repo = repoFor(ctx);
    requireIssues(repo);
    const { state = 'open', assignee, creator, mentioned, labels, since, sort = 'created', direction = 'desc' } = ctx.query;
    let list = repo.issues.filter((i) => state === 'all' || i.state === state);
    if (assignee === 'none') list = list.filter((i) => i.assignees.length === 0);
    else if (assignee === '*') list = list.filter((i) => i.assignees.length > 0);
    else if (assignee) list = list.filter((i) => i.assignees.some((a) => a.toLowerCase() === String(assignee).toLowerCase()));
    if (creator) list = list.filter((i) => i.user.toLowerCase() === String(creator).toLowerCase());
    if (mentioned) list = list.filter((i) => `${i.title} ${i.body ?? ''}`.includes(`@${mentioned}`));
    if (labels) {
      const wanted = String(labels).split(',').map((l) => l.trim().toLowerCase());
      list = list.filter((i) => wanted.every((w) => i.labels.some((l) => l.toLowerCase() === w)));
    }
    if (since) list = list.filter((i) => i.updated_at >= since);
    const { page, headers } = paginate(ctx, sortIssues(list, sort, direction));
    return ok(page.map((i) => ctx.shapes.issue(repo, i)), headers);
  },
  'issues/create': (ctx) => {
    const repo = repoFor(ctx);
    requireIssues(repo);
    const body = ctx.body as { title: string | number; body?: string; assignee?: string | null; assignees?: string[]; labels?: unknown[] };
    if (String(body.title).trim() === '') validationFailed([{ resource: 'Issue', code: 'missing_field', field: 'title' }]);
    const wantedAssignees = [...(body.assignees ?? []), ...(body.assignee ? [body.assignee] : [])];
    // Without push access GitHub silently drops assignees and labels instead of failing.
    const pusher = can(ctx, repo, 'push');
    const at = now();
    const issue: Issue = {
      id: ctx.model.nextId(),
      number: repo.issues.length + 1,
      title: String(body.title),
      body: body.body ?? null,
      state: 'open',
      state_reason: null,
      user: ctx.viewer.login,
      assignees: pusher ? [...new Set(checkAssignees(ctx, repo, wantedAssignees, 'Issue'))] : [],
      labels: pusher ? labelNames(body.labels) : [],
      milestone: null,
      comments: [],
      locked: false,
      created_at: at,
      updated_at: at,
      closed_at: null,
      closed_by: null,
    };
    repo.issues.push(issue);
    const shaped = ctx.shapes.issue(repo, issue);
    // As GitHub does: the repository's webhooks hear of it (after the answer, in the background).
    setImmediate(() => void ctx.hooks.deliver('issues', { action: 'opened', issue: shaped, repository: ctx.shapes.repository(repo), sender: ctx.shapes.userByLogin(ctx.viewer.login) }, { repo: `${repo.owner.login}/${repo.name}` }).catch(() => {}));
    return created(shaped, `${ctx.api}/repos/${repo.owner.login}/${repo.name}/issues/${issue.number}`);
  },
  'issues/get': (ctx) => {
    const repo = repoFor(ctx);
    return ok(ctx.shapes.issue(repo, issueIn(repo, ctx.params.issue_number)));
  },
  'issues/update': (ctx) => {
    const repo = repoFor(ctx);
    const issue = issueIn(repo, ctx.params.issue_number);
    const isAuthor = issue.user.toLowerCase() === ctx.viewer.login.toLowerCase();
    if (!isAuthor && !can(ctx, repo, 'triage')) refuse(403, 'Must have triage rights to Repository.');
    const body = ctx.body as { title?: string | number | null; body?: string | null; state?: 'open' | 'closed'; state_reason?: Issue['state_reason']; assignees?: string[]; assignee?: string | null; labels?: unknown[] };
    if (body.title !== undefined && body.title !== null) issue.title = String(body.title);
    if (body.body !== undefined) issue.body = body.body;
    if (body.assignees !== undefined) issue.assignees = [...new Set(checkAssignees(ctx, repo, body.assignees, 'Issue'))];
    else if (body.assignee !== undefined) issue.assignees = body.assignee ? checkAssignees(ctx, repo, [body.assignee], 'Issue') : [];
    if (body.labels !== undefined) issue.labels = labelNames(body.labels);
    setState(issue, body.state, body.state_reason, ctx.viewer.login);
    issue.updated_at = now();
    return ok(ctx.shapes.issue(repo, issue));
  },
  'issues/create-comment': (ctx) => {
    const repo = repoFor(ctx);
    const issue = issueIn(repo, ctx.params.issue_number);
    if (issue.locked && !can(ctx, repo, 'push')) refuse(403, 'Unable to create comment because issue is locked.');
    const text = String((ctx.body as { body: string }).body);
    if (!text.trim()) validationFailed([{ resource: 'IssueComment', code: 'missing_field', field: 'body' }]);
    const at = now();
    const comment = { id: ctx.model.nextId(), body: text, user: ctx.viewer.login, created_at: at, updated_at: at };
    issue.comments.push(comment);
    issue.updated_at = at;
    return created(ctx.shapes.comment(repo, issue, comment));
  },

  'search/issues-and-pull-requests': (ctx) => {
    const q = ctx.query.q;
    if (q === undefined || String(q).trim() === '') validationFailed([{ resource: 'Search', field: 'q', code: 'missing' }]);
    const found = search(ctx, String(q));
    const { sort, order = 'desc' } = ctx.query;
    const key = (x: { issue: Issue }) => (sort === 'updated' ? x.issue.updated_at : sort === 'comments' ? String(x.issue.comments.length).padStart(8, '0') : sort === 'created' ? x.issue.created_at : '');
    const sorted = sort ? [...found].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (order === 'asc' ? 1 : -1)) : found;
    const { page, headers } = paginate(ctx, sorted);
    return ok({ total_count: found.length, incomplete_results: false, items: page.map((x) => ctx.shapes.searchItem(x.repo, x.issue)), search_type: ctx.query.search_type ?? 'lexical' }, headers);
  },

  'pulls/list': (ctx) => {
    const repo = repoFor(ctx);
    const { state = 'open', head, base, sort = 'created', direction = sort === 'created' ? 'desc' : 'desc' } = ctx.query;
    let list = repo.issues.filter((i) => i.pull && (state === 'all' || i.state === state));
    if (head) list = list.filter((i) => `${repo.owner.login}:${i.pull!.head}`.toLowerCase() === String(head).toLowerCase());
    if (base) list = list.filter((i) => i.pull!.base === base);
    const { page, headers } = paginate(ctx, sortIssues(list, sort === 'updated' ? 'updated' : 'created', direction));
    return ok(page.map((i) => ctx.shapes.pull(repo, i, ctx.viewer.login, false)), headers);
  },
  'pulls/create': (ctx) => {
    const repo = repoFor(ctx);
    const body = ctx.body as { title?: string; head: string; base: string; body?: string; draft?: boolean; maintainer_can_modify?: boolean; issue?: number };
    const head = resolveHead(repo, body.head);
    const headCommit = repo.git.resolve(`refs/heads/${head}`);
    const baseCommit = repo.git.resolve(`refs/heads/${body.base}`);
    const errors = [];
    if (!headCommit) errors.push({ resource: 'PullRequest', field: 'head', code: 'invalid' as const });
    if (!baseCommit) errors.push({ resource: 'PullRequest', field: 'base', code: 'invalid' as const });
    if (body.title === undefined && body.issue === undefined) errors.push({ resource: 'PullRequest', field: 'title', code: 'missing_field' as const });
    if (errors.length) validationFailed(errors);
    if (repo.git.isAncestor(headCommit!, baseCommit!)) validationFailed([{ resource: 'PullRequest', code: 'custom', message: `No commits between ${body.base} and ${head}` }]);
    if (repo.issues.some((i) => i.pull && i.state === 'open' && i.pull.head === head && i.pull.base === body.base)) {
      validationFailed([{ resource: 'PullRequest', code: 'custom', message: `A pull request already exists for ${repo.owner.login}:${head}.` }]);
    }
    const at = now();
    let issue: Issue;
    if (body.issue !== undefined) {
      issue = issueIn(repo, body.issue);
      if (issue.pull) validationFailed([{ resource: 'PullRequest', field: 'issue', code: 'invalid' }]);
    } else {
      issue = { id: ctx.model.nextId(), number: repo.issues.length + 1, title: body.title!, body: body.body ?? null, state: 'open', state_reason: null, user: ctx.viewer.login, assignees: [], labels: [], milestone: null, comments: [], locked: false, created_at: at, updated_at: at, closed_at: null, closed_by: null };
      repo.issues.push(issue);
    }
    issue.pull = { id: ctx.model.nextId(), head, base: body.base, draft: body.draft ?? false, merged_at: null, merged_by: null, merge_commit_sha: null, maintainer_can_modify: body.maintainer_can_modify ?? false, requested_reviewers: [] };
    return created(ctx.shapes.pull(repo, issue, ctx.viewer.login, true), `${ctx.api}/repos/${repo.owner.login}/${repo.name}/pulls/${issue.number}`);
  },
  'pulls/get': (ctx) => {
    const repo = repoFor(ctx);
    const issue = issueIn(repo, ctx.params.pull_number);
    if (!issue.pull) return notFound();
    return ok(ctx.shapes.pull(repo, issue, ctx.viewer.login, true));
  },
  'pulls/update': (ctx) => {
    const repo = repoFor(ctx);
    const issue = issueIn(repo, ctx.params.pull_number);
    if (!issue.pull) return notFound();
    if (issue.user.toLowerCase() !== ctx.viewer.login.toLowerCase() && !can(ctx, repo, 'push')) refuse(403, 'Must have push access to repository');
    const body = ctx.body as { title?: string; body?: string; state?: 'open' | 'closed'; base?: string; maintainer_can_modify?: boolean };
    if (body.base !== undefined && !repo.git.resolve(`refs/heads/${body.base}`)) validationFailed([{ resource: 'PullRequest', field: 'base', code: 'invalid' }]);
    if (body.state === 'open' && issue.pull.merged_at) validationFailed([{ resource: 'PullRequest', code: 'custom', message: 'Cannot reopen a merged pull request' }]);
    if (body.title !== undefined) issue.title = body.title;
    if (body.body !== undefined) issue.body = body.body;
    if (body.base !== undefined) issue.pull.base = body.base;
    if (body.maintainer_can_modify !== undefined) issue.pull.maintainer_can_modify = body.maintainer_can_modify;
    setState(issue, body.state, undefined, ctx.viewer.login);
    issue.updated_at = now();
    return ok(ctx.shapes.pull(repo, issue, ctx.viewer.login, true));
  },
  'pulls/merge': (ctx) => {
    const repo = repoFor(ctx, 'push');
    const issue = issueIn(repo, ctx.params.pull_number);
    const pr = issue.pull;
    if (!pr) return notFound();
    const head = repo.git.resolve(`refs/heads/${pr.head}`);
    const base = repo.git.resolve(`refs/heads/${pr.base}`);
    if (pr.merged_at || issue.state === 'closed' || !head || !base) refuse(405, 'Pull Request is not mergeable');
    if (pr.draft) refuse(405, 'Pull Request is still a draft');
    const body = (ctx.body ?? {}) as { commit_title?: string; commit_message?: string; sha?: string; merge_method?: 'merge' | 'squash' | 'rebase' };
    if (body.sha !== undefined && body.sha !== head!.sha) refuse(409, 'Head branch was modified. Review and try the merge again.');
    const { tree, conflicts } = repo.git.merge(base!, head!);
    if (repo.git.isAncestor(head!, base!) || conflicts.length) refuse(405, 'Pull Request is not mergeable');
    const method = body.merge_method ?? 'merge';
    const title = body.commit_title ?? (method === 'squash' ? `${issue.title} (#${issue.number})` : `Merge pull request #${issue.number} from ${repo.owner.login}/${pr.head}`);
    const message = body.commit_message ? `${title}\n\n${body.commit_message}` : title;
    const merged = repo.git.commit({ parents: method === 'merge' ? [base!.sha, head!.sha] : [base!.sha], tree, message, author: personOf(ctx.viewer) });
    repo.git.refs.set(`refs/heads/${pr.base}`, merged.sha);
    const at = now();
    Object.assign(pr, { merged_at: at, merged_by: ctx.viewer.login, merge_commit_sha: merged.sha });
    Object.assign(issue, { state: 'closed', closed_at: at, closed_by: ctx.viewer.login, updated_at: at, state_reason: null });
    return ok({ sha: merged.sha, merged: true, message: 'Pull Request successfully merged' });
  },
  'pulls/list-requested-reviewers': (ctx) => {
    const repo = repoFor(ctx);
    const issue = issueIn(repo, ctx.params.pull_number);
    if (!issue.pull) return notFound();
    return ok({ users: issue.pull.requested_reviewers.map(ctx.shapes.userByLogin), teams: [] });
  },
};
