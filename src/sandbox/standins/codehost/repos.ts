// Routes about repositories and their git data: the account, repositories, stars, branches, refs,
// commits, releases and collaborators.
import { created, notFound, noContent, ok, paginate, refuse, repoFor, validationFailed, can, type Handler } from './common.ts';
import { now, type Permission } from './model.ts';

const REPO_NAME = /^[A-Za-z0-9._-]+$/;

const createRepo = (ownerLogin?: string): Handler => (ctx) => {
  const { model, shapes, body, viewer } = ctx;
  let owner = viewer;
  if (ownerLogin !== undefined) {
    const org = model.account(ownerLogin);
    if (!org || org.type !== 'Organization') return notFound();
    const member = [...org.admins, ...org.members].some((l) => l.toLowerCase() === viewer.login.toLowerCase());
    if (!member) refuse(403, 'You need admin access to the organization before adding a repository to it.');
    owner = org;
  }
  // GitHub replaces characters it does not allow in names with '-'.
  const name = String(body.name).replace(/[^A-Za-z0-9._-]/g, '-');
  if (!REPO_NAME.test(name) || name === '.' || name === '..') validationFailed([{ resource: 'Repository', code: 'custom', field: 'name', message: 'name is invalid' }], 'Repository creation failed.');
  if (model.repo(owner.login, name)) validationFailed([{ resource: 'Repository', code: 'custom', field: 'name', message: 'name already exists on this account' }], 'Repository creation failed.');
  const repo = model.createRepo(owner, { ...body, name, private: body.private ?? (body.visibility ? body.visibility !== 'public' : false), auto_init: body.auto_init ?? false }, viewer);
  return created(shapes.fullRepository(repo, viewer.login), `${ctx.api}/repos/${owner.login}/${name}`);
};

export const repoRoutes: Record<string, Handler> = {
  'users/get-authenticated': (ctx) => ok(ctx.shapes.privateUser(ctx.viewer)),
  'repos/create-for-authenticated-user': createRepo(),
  // The repositories the viewer can see through ownership, collaboration or an organization (not
  // every public one); a fine-grained token sees only the repositories it was given.
  'repos/list-for-authenticated-user': (ctx) => {
    const { model, viewer, repositories } = ctx;
    const mine = [...model.repos.values()].filter((r) => {
      if (repositories) return repositories.has(`${r.owner.login}/${r.name}`.toLowerCase());
      const l = viewer.login.toLowerCase();
      const member = r.owner.type === 'Organization' && [...r.owner.admins, ...r.owner.members].some((m) => m.toLowerCase() === l);
      return r.owner.login.toLowerCase() === l || member || [...r.collaborators.keys()].some((c) => c.toLowerCase() === l);
    });
    const by = String(ctx.query.sort ?? 'full_name');
    const key = (r: (typeof mine)[number]) => (by === 'full_name' ? `${r.owner.login}/${r.name}`.toLowerCase() : by === 'created' ? r.created_at : by === 'updated' ? r.updated_at : r.pushed_at);
    const ascending = (ctx.query.direction ?? (by === 'full_name' ? 'asc' : 'desc')) === 'asc';
    mine.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (ascending ? 1 : -1));
    const { page, headers } = paginate(ctx, mine.map((r) => ctx.shapes.repository(r, viewer.login)));
    return ok(page, headers);
  },
  'repos/create-in-org': (ctx) => createRepo(ctx.params.org)(ctx),
  'repos/get': (ctx) => ok(ctx.shapes.fullRepository(repoFor(ctx), ctx.viewer.login)),

  'activity/star-repo-for-authenticated-user': (ctx) => {
    repoFor(ctx).stargazers.add(ctx.viewer.login);
    return noContent();
  },

  'repos/list-branches': (ctx) => {
    const repo = repoFor(ctx);
    const branches = [...repo.git.refs].filter(([ref]) => ref.startsWith('refs/heads/')).map(([ref, sha]) => ctx.shapes.branchShort(repo, ref.slice(11), sha));
    const wanted = ctx.query.protected === undefined ? branches : branches.filter((b) => b.protected === ctx.query.protected);
    const { page, headers } = paginate(ctx, wanted.sort((a, b) => (a.name < b.name ? -1 : 1)));
    return ok(page, headers);
  },
  'repos/get-branch': (ctx) => {
    const repo = repoFor(ctx);
    const sha = repo.git.refs.get(`refs/heads/${ctx.params.branch}`);
    if (!sha) return notFound('Branch not found');
    return ok(ctx.shapes.branch(repo, ctx.params.branch, repo.git.commits.get(sha)!));
  },

  'git/get-ref': (ctx) => {
    const repo = repoFor(ctx);
    if (repo.git.commits.size === 0) refuse(409, 'Git Repository is empty.');
    const ref = `refs/${ctx.params.ref}`;
    const sha = repo.git.refs.get(ref);
    if (!sha) return notFound();
    return ok(ctx.shapes.gitRef(repo, ref, sha));
  },
  'git/create-ref': (ctx) => {
    const repo = repoFor(ctx, 'push');
    const { ref, sha } = ctx.body as { ref: string; sha: string };
    if (!/^refs\/(heads|tags)\/[^\s~^:?*[\\]+$/.test(ref) || ref.endsWith('/') || ref.includes('..')) refuse(422, `${ref} is not a valid ref name.`);
    if (repo.git.refs.has(ref)) refuse(422, 'Reference already exists');
    if (!/^[0-9a-f]{40}$/.test(sha) || !repo.git.commits.has(sha)) refuse(422, 'Object does not exist');
    repo.git.refs.set(ref, sha);
    return created(ctx.shapes.gitRef(repo, ref, sha), `${ctx.api}/repos/${repo.owner.login}/${repo.name}/git/${ref}`);
  },

  'repos/list-commits': (ctx) => {
    const repo = repoFor(ctx);
    if (repo.git.commits.size === 0) refuse(409, 'Git Repository is empty.');
    const from = String(ctx.query.sha ?? repo.default_branch);
    const head = repo.git.resolve(from);
    if (!head) return notFound(`No commit found for SHA: ${from}`);
    let commits = repo.git.log(head);
    const { path, author, since, until } = ctx.query;
    if (path) {
      commits = commits.filter((c) => {
        const parent = c.parents[0] ? repo.git.commits.get(c.parents[0]) : undefined;
        return repo.git.diff(parent, c).some((f) => f.filename === path || f.filename.startsWith(`${path}/`));
      });
    }
    if (author) commits = commits.filter((c) => c.author.login?.toLowerCase() === String(author).toLowerCase() || c.author.email === author);
    if (since) commits = commits.filter((c) => c.committer.date >= since);
    if (until) commits = commits.filter((c) => c.committer.date <= until);
    const { page, headers } = paginate(ctx, commits);
    return ok(page.map((c) => ctx.shapes.commit(repo, c)), headers);
  },
  'repos/get-commit': (ctx) => {
    const repo = repoFor(ctx);
    if (repo.git.commits.size === 0) refuse(409, 'Git Repository is empty.');
    const c = repo.git.resolve(ctx.params.ref);
    // GitHub answers an unknown ref here with 422, not 404.
    if (!c) refuse(422, `No commit found for SHA: ${ctx.params.ref}`);
    return ok(ctx.shapes.commit(repo, c!, true));
  },

  'repos/list-releases': (ctx) => {
    const repo = repoFor(ctx);
    const visible = repo.releases.filter((r) => !r.draft || can(ctx, repo, 'push')).sort((a, b) => (a.created_at < b.created_at ? 1 : a.created_at > b.created_at ? -1 : b.id - a.id));
    const { page, headers } = paginate(ctx, visible);
    return ok(page.map((r) => ctx.shapes.release(repo, r)), headers);
  },

  'repos/get-collaborator-permission-level': (ctx) => {
    const repo = repoFor(ctx, 'push');
    const who = ctx.model.account(ctx.params.username);
    if (!who || who.type !== 'User') return notFound(`${ctx.params.username} is not a user`);
    const perm = ctx.model.permission(repo, who.login);
    const explicit = perm && (repo.collaborators.has(who.login) || perm === 'admin') ? perm : undefined;
    const legacy = !explicit ? 'none' : explicit === 'admin' ? 'admin' : explicit === 'pull' || explicit === 'triage' ? 'read' : 'write';
    const role = !explicit ? 'none' : explicit === 'pull' ? 'read' : explicit === 'push' ? 'write' : explicit;
    const rank = { none: 0, pull: 1, triage: 2, push: 3, maintain: 4, admin: 5 }[explicit ?? 'none'];
    return ok({
      permission: legacy,
      role_name: role,
      user: { ...ctx.shapes.user(who), permissions: { admin: rank >= 5, maintain: rank >= 4, push: rank >= 3, triage: rank >= 2, pull: rank >= 1 }, role_name: role },
    });
  },
  'repos/add-collaborator': (ctx) => {
    const repo = repoFor(ctx, 'admin');
    const who = ctx.model.account(ctx.params.username);
    if (!who || who.type !== 'User') return notFound();
    const permission = String(ctx.body?.permission ?? 'push') as Permission;
    if (!['pull', 'triage', 'push', 'maintain', 'admin'].includes(permission)) {
      validationFailed([{ resource: 'Repository', code: 'invalid', field: 'permission', value: permission, message: `${permission} is not a valid permission` }]);
    }
    if (who.login.toLowerCase() === repo.owner.login.toLowerCase()) validationFailed([{ resource: 'Repository', code: 'custom', field: 'username', message: 'Repository owner cannot be a collaborator' }]);
    if (repo.collaborators.has(who.login)) {
      repo.collaborators.set(who.login, permission);
      return noContent();
    }
    // A new collaborator is invited; access starts when the invitation is accepted.
    let invitation = repo.invitations.find((i) => i.invitee === who.login);
    if (invitation) invitation.permission = permission;
    else {
      invitation = { id: ctx.model.nextId(), invitee: who.login, inviter: ctx.viewer.login, permission, created_at: now() };
      repo.invitations.push(invitation);
    }
    return created(ctx.shapes.invitation(repo, invitation));
  },
  'repos/remove-collaborator': (ctx) => {
    const repo = repoFor(ctx, 'admin');
    const who = ctx.model.account(ctx.params.username);
    if (!who) return notFound();
    repo.collaborators.delete(who.login);
    repo.invitations = repo.invitations.filter((i) => i.invitee !== who.login);
    return noContent();
  },
};
