// The contents API: read a file or directory at a ref, create/update a file (base64 content, the
// current blob sha required to overwrite), delete a file. Each write is a commit on the branch.
import { createHash } from 'node:crypto';
import { notFound, ok, refuse, repoFor, validationFailed, type Ctx, type Handler } from './common.ts';
import { personOf, type Repo } from './model.ts';
import type { Commit, Person } from './git.ts';

const BASE64 = /^[A-Za-z0-9+/\r\n]*={0,2}[\r\n]*$/;

function person(input: unknown, fallback: Person): Person {
  if (!input || typeof input !== 'object') return fallback;
  const p = input as { name?: string; email?: string; date?: string };
  if (!p.name || !p.email) validationFailed([{ resource: 'Commit', code: 'missing_field', field: p.name ? 'email' : 'name' }]);
  return { name: p.name!, email: p.email!, date: p.date ?? fallback.date };
}

function fileCommit(ctx: Ctx, repo: Repo, c: Commit) {
  const full = ctx.shapes.commit(repo, c);
  return {
    sha: c.sha,
    node_id: full.node_id,
    url: full.commit.url,
    html_url: full.html_url,
    author: full.commit.author,
    committer: full.commit.committer,
    tree: full.commit.tree,
    message: c.message,
    parents: full.parents,
    verification: full.commit.verification,
  };
}

function branchHead(repo: Repo, branch: string | undefined): { name: string; head?: Commit } {
  const name = branch ?? repo.default_branch;
  const head = repo.git.resolve(`refs/heads/${name}`);
  // Writing to a missing branch is refused, except the first commit of an empty repository.
  if (!head && (branch !== undefined || repo.git.commits.size > 0)) notFound(`Branch ${name} not found`);
  return { name, head };
}

export const contentRoutes: Record<string, Handler> = {
  'repos/get-content': (ctx) => {
    const repo = repoFor(ctx);
    if (repo.git.commits.size === 0) notFound('This repository is empty.');
    const ref = String(ctx.query.ref ?? repo.default_branch);
    const commit = repo.git.resolve(ref);
    if (!commit) notFound(`No commit found for the ref ${ref}`);
    const path = String(ctx.params.path).replace(/\/+$/, '');
    const blob = commit!.tree.get(path);
    if (blob) return ok(ctx.shapes.contentFile(repo, path, ref, blob));
    // A directory: its direct children, directories first like GitHub's listing.
    const prefix = `${path}/`;
    const children = new Map<string, { type: 'file' | 'dir'; sha: string; size: number }>();
    for (const [p, sha] of commit!.tree) {
      if (!p.startsWith(prefix)) continue;
      const rest = p.slice(prefix.length);
      const slash = rest.indexOf('/');
      if (slash < 0) children.set(p, { type: 'file', sha, size: repo.git.blobs.get(sha)?.length ?? 0 });
      else {
        const dir = prefix + rest.slice(0, slash);
        const digest = createHash('sha1').update(`${children.get(dir)?.sha ?? ''}${p}${sha}`).digest('hex');
        children.set(dir, { type: 'dir', sha: digest, size: 0 });
      }
    }
    if (!children.size) return notFound();
    const entries = [...children].sort(([a, x], [b, y]) => (x.type !== y.type ? (x.type === 'dir' ? -1 : 1) : a < b ? -1 : 1));
    return ok(entries.map(([p, e]) => ctx.shapes.contentEntry(repo, p, ref, e.type, e.sha, e.size)));
  },

  'repos/create-or-update-file-contents': (ctx) => {
    const repo = repoFor(ctx, 'push');
    const body = ctx.body as { message: string; content: string; sha?: string; branch?: string; committer?: unknown; author?: unknown };
    if (!BASE64.test(body.content)) refuse(422, 'content is not valid Base64');
    const { name, head } = branchHead(repo, body.branch);
    const path = String(ctx.params.path);
    const existing = head?.tree.get(path);
    if (existing && body.sha === undefined) refuse(422, 'Invalid request.\n\n"sha" wasn\'t supplied.');
    if (existing && body.sha !== existing) refuse(409, `${path} does not match ${body.sha}`);
    const author = person(body.author, personOf(ctx.viewer));
    const committer = person(body.committer, author);
    const tree = new Map(head?.tree ?? []);
    const blob = repo.git.blob(Buffer.from(body.content, 'base64'));
    tree.set(path, blob);
    const commit = repo.git.commit({ parents: head ? [head.sha] : [], tree, message: body.message, author, committer });
    repo.git.refs.set(`refs/heads/${name}`, commit.sha);
    repo.pushed_at = commit.committer.date;
    const content = ctx.shapes.contentFile(repo, path, name, blob);
    const { content: _data, encoding: _enc, ...entry } = content;
    return { status: existing ? 200 : 201, json: { content: entry, commit: fileCommit(ctx, repo, commit) } };
  },

  'repos/delete-file': (ctx) => {
    const repo = repoFor(ctx, 'push');
    const body = ctx.body as { message: string; sha: string; branch?: string; committer?: unknown; author?: unknown };
    const { name, head } = branchHead(repo, body.branch);
    const path = String(ctx.params.path);
    const existing = head?.tree.get(path);
    if (!existing) return notFound();
    if (body.sha !== existing) refuse(409, `${path} does not match ${body.sha}`);
    const author = person(body.author, personOf(ctx.viewer));
    const tree = new Map(head!.tree);
    tree.delete(path);
    const commit = repo.git.commit({ parents: [head!.sha], tree, message: body.message, author, committer: person(body.committer, author) });
    repo.git.refs.set(`refs/heads/${name}`, commit.sha);
    return ok({ content: null, commit: fileCommit(ctx, repo, commit) });
  },
};
