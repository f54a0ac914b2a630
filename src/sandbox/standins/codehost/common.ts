// What every code-host route handler uses: its context, GitHub's error answers, repository access
// checks and Link-header pagination.
import { reply, type Incoming, type Reply } from '../base.ts';
import type { HookDeliverer } from './hooks.ts';
import { PERMISSION_RANK, type Account, type Model, type Permission, type Repo } from './model.ts';
import type { Shapes } from './shapes.ts';

export const DOCS = 'https://docs.github.com/rest';

export interface Ctx {
  model: Model;
  shapes: Shapes;
  hooks: HookDeliverer;
  /** Send a `ping` delivery when a hook is created, as GitHub does. */
  pingOnCreate: boolean;
  viewer: Account;
  /** A fine-grained token limited to some repositories ('owner/name', lower case); undefined = all. */
  repositories?: Set<string>;
  params: Record<string, any>;
  query: Record<string, any>;
  body: any;
  req: Incoming;
  api: string;
}

export type Handler = (ctx: Ctx) => Reply;

/** Thrown by handlers to answer with an error from wherever they are. */
export class Refusal extends Error {
  constructor(public reply: Reply) {
    super(`refused with ${reply.status}`);
  }
}

export const ghError = (status: number, message: string, extra: Record<string, unknown> = {}): Reply =>
  reply(status, { message, documentation_url: DOCS, status: String(status), ...extra });

export const refuse = (status: number, message: string, extra?: Record<string, unknown>): never => {
  throw new Refusal(ghError(status, message, extra));
};

export const notFound = (message = 'Not Found'): never => refuse(404, message);

export interface FieldError {
  resource: string;
  code: 'missing' | 'missing_field' | 'invalid' | 'already_exists' | 'unprocessable' | 'custom';
  field?: string;
  value?: unknown;
  message?: string;
}

export const validationFailed = (errors: FieldError[], message = 'Validation Failed'): never => refuse(422, message, { errors });

const RANK_MESSAGE: Record<Permission, string> = {
  pull: 'Not Found',
  triage: 'Must have triage rights to Repository.',
  push: 'Must have push access to repository',
  maintain: 'Must have maintain rights to Repository.',
  admin: 'Must have admin rights to Repository.',
};

/**
 * The repository named by the path, when the viewer may do `need` there. Like GitHub: a repository
 * the viewer cannot see is 404 (its existence is not revealed), too little permission is 403.
 */
export function repoFor(ctx: Ctx, need: Permission = 'pull'): Repo {
  const repo = ctx.model.repo(ctx.params.owner, ctx.params.repo);
  if (!repo) return notFound();
  let perm = ctx.model.permission(repo, ctx.viewer.login);
  if (ctx.repositories && !ctx.repositories.has(`${repo.owner.login}/${repo.name}`.toLowerCase())) {
    perm = repo.private ? undefined : 'pull';
  }
  if (!perm) return notFound();
  if (PERMISSION_RANK[perm] < PERMISSION_RANK[need]) {
    if (ctx.repositories) refuse(403, 'Resource not accessible by personal access token');
    refuse(403, RANK_MESSAGE[need]);
  }
  return repo;
}

export function can(ctx: Ctx, repo: Repo, need: Permission): boolean {
  const perm = ctx.model.permission(repo, ctx.viewer.login);
  return perm !== undefined && PERMISSION_RANK[perm] >= PERMISSION_RANK[need];
}

/** `per_page` (≤100) and `page` applied to a list, with the Link header GitHub sends. */
export function paginate<T>(ctx: Ctx, items: T[]): { page: T[]; headers: Record<string, string> } {
  const perPage = Math.min(Math.max(Number(ctx.query.per_page ?? 30), 1), 100);
  const page = Math.max(Number(ctx.query.page ?? 1), 1);
  const last = Math.max(Math.ceil(items.length / perPage), 1);
  const link = (n: number, rel: string) => {
    const u = new URL(ctx.req.path, ctx.api);
    for (const [k, v] of Object.entries(ctx.req.query)) u.searchParams.set(k, v);
    u.searchParams.set('per_page', String(perPage));
    u.searchParams.set('page', String(n));
    return `<${u}>; rel="${rel}"`;
  };
  const rels: string[] = [];
  if (page > 1) rels.push(link(page - 1, 'prev'), link(1, 'first'));
  if (page < last) rels.push(link(page + 1, 'next'), link(last, 'last'));
  return { page: items.slice((page - 1) * perPage, page * perPage), headers: rels.length ? { link: rels.join(', ') } : {} };
}

export const ok = (json: unknown, headers?: Record<string, string>) => reply(200, json, headers);
export const created = (json: unknown, location?: string) => reply(201, json, location ? { location } : undefined);
export const noContent = (): Reply => ({ status: 204 });
