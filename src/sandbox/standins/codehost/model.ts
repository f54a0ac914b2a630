// The code host's in-memory world: accounts, repositories (each with its own git store), issues and
// pull requests (one number sequence per repository, as on GitHub), workflows and runs, gists,
// releases, collaborators, webhooks and project (v2) items — plus the seed helpers tests use.
import { randomBytes } from 'node:crypto';
import { GitStore, type Commit, type Person } from './git.ts';

export type Permission = 'pull' | 'triage' | 'push' | 'maintain' | 'admin';
export const PERMISSION_RANK: Record<Permission, number> = { pull: 1, triage: 2, push: 3, maintain: 4, admin: 5 };

export interface Account {
  id: number;
  login: string;
  type: 'User' | 'Organization';
  name: string;
  email: string | null;
  created_at: string;
  /** Organizations: who administers it (and so its repositories and hooks), and plain members. */
  admins: Set<string>;
  members: Set<string>;
}

export interface Comment {
  id: number;
  body: string;
  user: string;
  created_at: string;
  updated_at: string;
}

export interface PullInfo {
  id: number;
  head: string;
  base: string;
  draft: boolean;
  merged_at: string | null;
  merged_by: string | null;
  merge_commit_sha: string | null;
  maintainer_can_modify: boolean;
  requested_reviewers: string[];
}

export interface Issue {
  id: number;
  number: number;
  title: string;
  body: string | null;
  state: 'open' | 'closed';
  state_reason: 'completed' | 'not_planned' | 'reopened' | 'duplicate' | null;
  user: string;
  assignees: string[];
  labels: string[];
  milestone: number | null;
  comments: Comment[];
  locked: boolean;
  created_at: string;
  updated_at: string;
  closed_at: string | null;
  closed_by: string | null;
  pull?: PullInfo;
}

export interface Workflow {
  id: number;
  name: string;
  path: string;
  state: 'active' | 'disabled_manually';
  /** Declares `on: workflow_dispatch`, so it can be started through the API. */
  dispatchable: boolean;
  created_at: string;
  updated_at: string;
}

export interface Run {
  id: number;
  workflow_id: number;
  run_number: number;
  run_attempt: number;
  head_branch: string;
  head_sha: string;
  event: string;
  status: 'queued' | 'in_progress' | 'completed' | 'waiting' | 'requested' | 'pending';
  conclusion: 'success' | 'failure' | 'cancelled' | 'skipped' | 'timed_out' | 'neutral' | 'action_required' | null;
  actor: string;
  display_title: string;
  inputs: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface Release {
  id: number;
  tag_name: string;
  name: string | null;
  body: string | null;
  draft: boolean;
  prerelease: boolean;
  target_commitish: string;
  author: string;
  created_at: string;
  published_at: string | null;
}

export interface Hook {
  id: number;
  scope: 'repo' | 'org';
  /** 'owner/repo' for repository hooks, the organization login for organization hooks. */
  target: string;
  name: string;
  active: boolean;
  events: string[];
  /** As stored, secret included (answers mask it, tests read it to sign deliveries). */
  config: { url: string; content_type: 'json' | 'form'; secret?: string; insecure_ssl: '0' | '1' };
  created_at: string;
  updated_at: string;
  last_response: { code: number | null; status: string; message: string | null };
}

export interface Gist {
  id: string;
  owner: string;
  description: string | null;
  public: boolean;
  files: Map<string, string>;
  created_at: string;
  updated_at: string;
  revisions: number;
}

export interface Invitation {
  id: number;
  invitee: string;
  inviter: string;
  permission: Permission;
  created_at: string;
}

export interface Repo {
  id: number;
  owner: Account;
  name: string;
  private: boolean;
  description: string | null;
  homepage: string | null;
  has_issues: boolean;
  has_projects: boolean;
  has_wiki: boolean;
  has_discussions: boolean;
  archived: boolean;
  created_at: string;
  updated_at: string;
  pushed_at: string;
  default_branch: string;
  git: GitStore;
  issues: Issue[];
  collaborators: Map<string, Permission>;
  invitations: Invitation[];
  stargazers: Set<string>;
  workflows: Workflow[];
  runs: Run[];
  releases: Release[];
}

export interface Project {
  id: string;
  fields: Array<{ id: string; name: string; options: Array<{ id: string; name: string }> }>;
  /** item id → field id → single-select option id */
  items: Map<string, Map<string, string>>;
}

export const now = () => new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');

export class Model {
  private lastId = 1_000_000;
  accounts = new Map<string, Account>(); // by lower-cased login
  repos = new Map<string, Repo>(); // by lower-cased 'owner/name'
  gists = new Map<string, Gist>();
  hooks: Hook[] = [];
  projects = new Map<string, Project>();
  /** Repositories whose hook creation is refused, and with which status (GitHub: 404 or 403). */
  refusedHooks = new Map<string, 403 | 404>();

  nextId(): number {
    return ++this.lastId;
  }

  account(login: string): Account | undefined {
    return this.accounts.get(login.toLowerCase());
  }

  ensureAccount(login: string, type: Account['type'] = 'User', extra: Partial<Pick<Account, 'name' | 'email'>> = {}): Account {
    const existing = this.account(login);
    if (existing) return existing;
    const account: Account = {
      id: this.nextId(),
      login,
      type,
      name: extra.name ?? login.replace(/[-_]/g, ' ').replace(/\b\w/g, (c) => c.toUpperCase()),
      email: extra.email ?? (type === 'User' ? `${login.toLowerCase()}@users.codehost.example` : null),
      created_at: '2019-03-14T09:26:53Z',
      admins: new Set(),
      members: new Set(),
    };
    this.accounts.set(login.toLowerCase(), account);
    return account;
  }

  repo(owner: string, name: string): Repo | undefined {
    return this.repos.get(`${owner}/${name}`.toLowerCase());
  }

  /** What `login` may do in `repo`, or undefined when it cannot even see it. */
  permission(repo: Repo, login: string): Permission | undefined {
    const l = login.toLowerCase();
    if (repo.owner.login.toLowerCase() === l) return 'admin';
    if (repo.owner.type === 'Organization' && [...repo.owner.admins].some((a) => a.toLowerCase() === l)) return 'admin';
    const collaborator = [...repo.collaborators].find(([c]) => c.toLowerCase() === l)?.[1];
    if (collaborator) return collaborator;
    if (repo.owner.type === 'Organization' && [...repo.owner.members].some((m) => m.toLowerCase() === l)) return 'pull';
    return repo.private ? undefined : 'pull';
  }

  createRepo(owner: Account, input: { name: string; private?: boolean; description?: string | null; homepage?: string | null; has_issues?: boolean; has_projects?: boolean; has_wiki?: boolean; has_discussions?: boolean; auto_init?: boolean; default_branch?: string; files?: Record<string, string> }, by: Account): Repo {
    const at = now();
    const repo: Repo = {
      id: this.nextId(),
      owner,
      name: input.name,
      private: input.private ?? false,
      description: input.description ?? null,
      homepage: input.homepage ?? null,
      has_issues: input.has_issues ?? true,
      has_projects: input.has_projects ?? true,
      has_wiki: input.has_wiki ?? true,
      has_discussions: input.has_discussions ?? false,
      archived: false,
      created_at: at,
      updated_at: at,
      pushed_at: at,
      default_branch: input.default_branch ?? 'main',
      git: new GitStore(),
      issues: [],
      collaborators: new Map(),
      invitations: [],
      stargazers: new Set(),
      workflows: [],
      runs: [],
      releases: [],
    };
    this.repos.set(`${owner.login}/${input.name}`.toLowerCase(), repo);
    const files = input.files ?? (input.auto_init === false ? undefined : { 'README.md': `# ${input.name}\n${input.description ? `\n${input.description}\n` : ''}` });
    if (files) {
      const tree = new Map(Object.entries(files).map(([p, c]) => [p, repo.git.blob(Buffer.from(c))]));
      const commit = repo.git.commit({ parents: [], tree, message: 'Initial commit', author: personOf(by) });
      repo.git.refs.set(`refs/heads/${repo.default_branch}`, commit.sha);
    }
    return repo;
  }

  /** Commits a change of files (null deletes) on a branch, creating the branch from `from` when new. */
  commitFiles(repo: Repo, branch: string, files: Record<string, string | null>, message: string, author: Person, from?: string): Commit {
    const head = repo.git.resolve(`refs/heads/${branch}`) ?? repo.git.resolve(from ?? repo.default_branch);
    const tree = new Map(head?.tree ?? []);
    for (const [path, content] of Object.entries(files)) {
      if (content === null) tree.delete(path);
      else tree.set(path, repo.git.blob(Buffer.from(content)));
    }
    const commit = repo.git.commit({ parents: head ? [head.sha] : [], tree, message, author });
    repo.git.refs.set(`refs/heads/${branch}`, commit.sha);
    repo.pushed_at = now();
    return commit;
  }

  openIssueCount(repo: Repo): number {
    return repo.issues.filter((i) => i.state === 'open').length;
  }
}

export function personOf(account: Account, date = now()): Person {
  return { name: account.name, email: account.email ?? `${account.login}@users.codehost.example`, date, login: account.login };
}

/** The seed helpers: tests build the world the code host starts from. */
export function seeder(model: Model) {
  const repoOf = (fullName: string): Repo => {
    const [owner, name] = fullName.split('/');
    const repo = model.repo(owner, name);
    if (!repo) throw new Error(`seed: no repository ${fullName}; seed.repo() it first`);
    return repo;
  };
  const seed = {
    user(input: { login: string; name?: string; email?: string }): Account {
      return model.ensureAccount(input.login, 'User', input);
    },
    org(input: { login: string; name?: string; admins?: string[]; members?: string[] }): Account {
      const org = model.ensureAccount(input.login, 'Organization', { name: input.name });
      for (const a of input.admins ?? []) org.admins.add(model.ensureAccount(a).login);
      for (const m of input.members ?? []) org.members.add(model.ensureAccount(m).login);
      return org;
    },
    /** Files default to a README; `owner` becomes a user account unless seeded as an org. */
    repo(input: { owner: string; name: string; private?: boolean; description?: string; default_branch?: string; files?: Record<string, string> }): Repo {
      const owner = model.ensureAccount(input.owner);
      const by = owner.type === 'User' ? owner : model.ensureAccount([...owner.admins][0] ?? 'octo-admin');
      return model.createRepo(owner, input, by);
    },
    /** A branch off `from` (default branch by default), with an optional commit of `files`. */
    branch(input: { repo: string; name: string; from?: string; files?: Record<string, string | null>; message?: string; author?: string }): Commit {
      const repo = repoOf(input.repo);
      const base = repo.git.resolve(input.from ?? repo.default_branch);
      if (!base) throw new Error(`seed.branch: ${input.from ?? repo.default_branch} does not exist in ${input.repo}`);
      repo.git.refs.set(`refs/heads/${input.name}`, base.sha);
      if (!input.files) return base;
      const author = model.ensureAccount(input.author ?? repo.owner.login);
      return model.commitFiles(repo, input.name, input.files, input.message ?? `Update ${Object.keys(input.files).join(', ')}`, personOf(author));
    },
    commit(input: { repo: string; branch?: string; files: Record<string, string | null>; message?: string; author?: string }): Commit {
      const repo = repoOf(input.repo);
      const author = model.ensureAccount(input.author ?? repo.owner.login);
      return model.commitFiles(repo, input.branch ?? repo.default_branch, input.files, input.message ?? 'Update files', personOf(author));
    },
    issue(input: { repo: string; title: string; body?: string; user?: string; labels?: string[]; assignees?: string[]; state?: 'open' | 'closed' }): Issue {
      const repo = repoOf(input.repo);
      const at = now();
      const user = model.ensureAccount(input.user ?? repo.owner.login);
      const issue: Issue = {
        id: model.nextId(),
        number: repo.issues.length + 1,
        title: input.title,
        body: input.body ?? null,
        state: input.state ?? 'open',
        state_reason: input.state === 'closed' ? 'completed' : null,
        user: user.login,
        assignees: (input.assignees ?? []).map((a) => model.ensureAccount(a).login),
        labels: input.labels ?? [],
        milestone: null,
        comments: [],
        locked: false,
        created_at: at,
        updated_at: at,
        closed_at: input.state === 'closed' ? at : null,
        closed_by: input.state === 'closed' ? user.login : null,
      };
      repo.issues.push(issue);
      return issue;
    },
    /** A pull request; a missing head branch is created with one commit so there is something to merge. */
    pull(input: { repo: string; title: string; head: string; base?: string; body?: string; user?: string; reviewers?: string[]; draft?: boolean }): Issue {
      const repo = repoOf(input.repo);
      if (!repo.git.resolve(`refs/heads/${input.head}`)) {
        seed.branch({ repo: input.repo, name: input.head, files: { [`${input.head.replace(/\//g, '-')}.md`]: `Work on ${input.title}\n` }, message: input.title });
      }
      const issue = seed.issue({ repo: input.repo, title: input.title, body: input.body, user: input.user });
      issue.pull = {
        id: model.nextId(),
        head: input.head,
        base: input.base ?? repo.default_branch,
        draft: input.draft ?? false,
        merged_at: null,
        merged_by: null,
        merge_commit_sha: null,
        maintainer_can_modify: false,
        requested_reviewers: (input.reviewers ?? []).map((r) => model.ensureAccount(r).login),
      };
      return issue;
    },
    collaborator(input: { repo: string; login: string; permission?: Permission }): void {
      repoOf(input.repo).collaborators.set(model.ensureAccount(input.login).login, input.permission ?? 'push');
    },
    workflow(input: { repo: string; name: string; path?: string; id?: number; state?: Workflow['state']; dispatchable?: boolean }): Workflow {
      const repo = repoOf(input.repo);
      const file = input.path ?? `.github/workflows/${input.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.yml`;
      const at = now();
      const workflow: Workflow = { id: input.id ?? model.nextId(), name: input.name, path: file, state: input.state ?? 'active', dispatchable: input.dispatchable ?? true, created_at: at, updated_at: at };
      repo.workflows.push(workflow);
      const trigger = workflow.dispatchable ? 'workflow_dispatch:\n  push:' : 'push:';
      model.commitFiles(repo, repo.default_branch, { [file]: `name: ${input.name}\non:\n  ${trigger}\njobs:\n  build:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ok\n` }, `Add ${file}`, personOf(repo.owner));
      return workflow;
    },
    run(input: { repo: string; workflow: number | string; status?: Run['status']; conclusion?: Run['conclusion']; branch?: string; event?: string; actor?: string }): Run {
      const repo = repoOf(input.repo);
      const workflow = repo.workflows.find((w) => w.id === input.workflow || w.name === input.workflow || w.path.endsWith(`/${input.workflow}`));
      if (!workflow) throw new Error(`seed.run: no workflow ${input.workflow} in ${input.repo}`);
      return addRun(model, repo, workflow, {
        branch: input.branch ?? repo.default_branch,
        event: input.event ?? 'push',
        actor: input.actor ?? repo.owner.login,
        status: input.status ?? 'completed',
        conclusion: input.status && input.status !== 'completed' ? null : (input.conclusion ?? 'success'),
        inputs: {},
      });
    },
    release(input: { repo: string; tag_name: string; name?: string; body?: string; draft?: boolean; prerelease?: boolean; author?: string }): Release {
      const repo = repoOf(input.repo);
      const head = repo.git.resolve(repo.default_branch);
      if (head) repo.git.refs.set(`refs/tags/${input.tag_name}`, head.sha);
      const at = now();
      const release: Release = {
        id: model.nextId(),
        tag_name: input.tag_name,
        name: input.name ?? input.tag_name,
        body: input.body ?? null,
        draft: input.draft ?? false,
        prerelease: input.prerelease ?? false,
        target_commitish: repo.default_branch,
        author: model.ensureAccount(input.author ?? repo.owner.login).login,
        created_at: at,
        published_at: input.draft ? null : at,
      };
      repo.releases.push(release);
      return release;
    },
    gist(input: { owner: string; files: Record<string, string>; description?: string; public?: boolean }): Gist {
      const owner = model.ensureAccount(input.owner);
      const at = now();
      const gist: Gist = { id: randomBytes(16).toString('hex'), owner: owner.login, description: input.description ?? null, public: input.public ?? false, files: new Map(Object.entries(input.files)), created_at: at, updated_at: at, revisions: 1 };
      model.gists.set(gist.id, gist);
      return gist;
    },
    /** A project (v2) with single-select fields; option and item ids are the GraphQL node ids. */
    project(input: { id: string; fields: Array<{ id: string; name: string; options: Array<{ id: string; name: string }> }>; items: string[] }): Project {
      const project: Project = { id: input.id, fields: input.fields, items: new Map(input.items.map((i) => [i, new Map()])) };
      model.projects.set(project.id, project);
      return project;
    },
  };
  return seed;
}

export function addRun(model: Model, repo: Repo, workflow: Workflow, input: { branch: string; event: string; actor: string; status: Run['status']; conclusion: Run['conclusion']; inputs: Record<string, unknown> }): Run {
  const head = repo.git.resolve(input.branch);
  const at = now();
  const run: Run = {
    id: model.nextId(),
    workflow_id: workflow.id,
    run_number: repo.runs.filter((r) => r.workflow_id === workflow.id).length + 1,
    run_attempt: 1,
    head_branch: input.branch,
    head_sha: head?.sha ?? '0'.repeat(40),
    event: input.event,
    status: input.status,
    conclusion: input.conclusion,
    actor: input.actor,
    display_title: head?.message.split('\n')[0] ?? workflow.name,
    inputs: input.inputs,
    created_at: at,
    updated_at: at,
  };
  repo.runs.push(run);
  return run;
}

export type Seeder = ReturnType<typeof seeder>;
