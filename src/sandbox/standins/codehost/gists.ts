// Gists: create, update (rename, edit or delete files), and list — the viewer's own, or a user's
// public ones.
import { randomBytes } from 'node:crypto';
import { created, notFound, ok, paginate, validationFailed, type Ctx, type Handler } from './common.ts';
import { now, type Gist } from './model.ts';

function list(ctx: Ctx, gists: Gist[]) {
  const since = ctx.query.since;
  const wanted = gists.filter((g) => !since || g.updated_at >= since).sort((a, b) => (a.updated_at < b.updated_at ? 1 : -1));
  const { page, headers } = paginate(ctx, wanted);
  return ok(page.map((g) => ctx.shapes.gist(g, false)), headers);
}

export const gistRoutes: Record<string, Handler> = {
  'gists/create': (ctx) => {
    const body = ctx.body as { description?: string; files: Record<string, { content: string }>; public?: boolean | 'true' | 'false' };
    const names = Object.keys(body.files);
    if (!names.length) validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
    for (const name of names) {
      if (!body.files[name].content.trim()) validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
    }
    const at = now();
    const gist: Gist = {
      id: randomBytes(16).toString('hex'),
      owner: ctx.viewer.login,
      description: body.description ?? null,
      public: body.public === true || body.public === 'true',
      files: new Map(names.map((n) => [n, body.files[n].content])),
      created_at: at,
      updated_at: at,
      revisions: 1,
    };
    ctx.model.gists.set(gist.id, gist);
    return created(ctx.shapes.gist(gist, true), `${ctx.api}/gists/${gist.id}`);
  },
  'gists/update': (ctx) => {
    const gist = ctx.model.gists.get(ctx.params.gist_id);
    // Someone else's gist cannot be edited; a secret one is not even revealed.
    if (!gist || gist.owner.toLowerCase() !== ctx.viewer.login.toLowerCase()) return notFound();
    const body = (ctx.body ?? {}) as { description?: string; files?: Record<string, { content?: string; filename?: string | null } | null> };
    if (body.description === undefined && body.files === undefined) validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
    const files = new Map(gist.files);
    for (const [name, change] of Object.entries(body.files ?? {})) {
      if (change === null) {
        if (!files.delete(name)) validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
        continue;
      }
      const content = change.content ?? files.get(name);
      if (content === undefined) validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
      if (change.filename === null) {
        files.delete(name);
        continue;
      }
      files.delete(name);
      files.set(change.filename ?? name, content!);
    }
    if (!files.size) validationFailed([{ resource: 'Gist', code: 'missing_field', field: 'files' }]);
    gist.files = files;
    if (body.description !== undefined) gist.description = body.description;
    gist.updated_at = now();
    gist.revisions++;
    return ok(ctx.shapes.gist(gist, true));
  },
  'gists/list-for-user': (ctx) => {
    const owner = ctx.model.account(ctx.params.username);
    if (!owner) return notFound();
    const mine = owner.login === ctx.viewer.login;
    return list(ctx, [...ctx.model.gists.values()].filter((g) => g.owner === owner.login && (g.public || mine)));
  },
  'gists/list': (ctx) => list(ctx, [...ctx.model.gists.values()].filter((g) => g.owner === ctx.viewer.login)),
};
