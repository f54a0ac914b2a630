// Workflows and their runs: dispatch (which queues a run), enable/disable, and run listings.
import { notFound, noContent, ok, paginate, refuse, repoFor, type Ctx, type Handler } from './common.ts';
import { addRun, type Repo, type Run, type Workflow } from './model.ts';

/** A workflow by numeric id or by its file name, as the API accepts both. */
function workflowFor(ctx: Ctx, repo: Repo): Workflow {
  const id = ctx.params.workflow_id;
  const w = repo.workflows.find((w) => w.id === Number(id) || w.path.split('/').pop() === String(id));
  if (!w) return notFound();
  return w;
}

const CONCLUSIONS = ['success', 'failure', 'neutral', 'cancelled', 'skipped', 'timed_out', 'action_required', 'stale'];

function filterRuns(ctx: Ctx, runs: Run[]): Run[] {
  const { actor, branch, event, status, head_sha, created } = ctx.query;
  let out = runs;
  if (actor) out = out.filter((r) => r.actor.toLowerCase() === String(actor).toLowerCase());
  if (branch) out = out.filter((r) => r.head_branch === branch);
  if (event) out = out.filter((r) => r.event === event);
  if (status) out = out.filter((r) => (CONCLUSIONS.includes(status) ? r.conclusion === status : r.status === status));
  if (head_sha) out = out.filter((r) => r.head_sha === head_sha);
  if (created) {
    const m = /^(>=|<=|>|<)?(\d{4}-\d{2}-\d{2}(?:T[\d:]+Z?)?)$/.exec(String(created));
    if (m) {
      const [, op = '', date] = m;
      out = out.filter((r) => (op === '>=' ? r.created_at >= date : op === '<=' ? r.created_at <= `${date}~` : op === '>' ? r.created_at > `${date}~` : op === '<' ? r.created_at < date : r.created_at.startsWith(date)));
    }
  }
  return [...out].sort((a, b) => b.id - a.id);
}

function listRuns(ctx: Ctx, repo: Repo, runs: Run[]) {
  const all = filterRuns(ctx, runs);
  const { page, headers } = paginate(ctx, all);
  return ok({ total_count: all.length, workflow_runs: page.map((r) => ctx.shapes.run(repo, r)) }, headers);
}

export const actionRoutes: Record<string, Handler> = {
  'actions/create-workflow-dispatch': (ctx) => {
    const repo = repoFor(ctx, 'push');
    const workflow = workflowFor(ctx, repo);
    const { ref, inputs = {}, return_run_details } = ctx.body as { ref: string; inputs?: Record<string, unknown>; return_run_details?: boolean };
    if (!workflow.dispatchable) refuse(422, "Workflow does not have 'workflow_dispatch' trigger");
    if (workflow.state !== 'active') refuse(422, "Cannot trigger a 'workflow_dispatch' on a disabled workflow");
    const branch = ref.replace(/^refs\/(heads|tags)\//, '');
    if (!repo.git.resolve(ref) && !repo.git.resolve(branch)) refuse(422, `No ref found for: ${ref}`);
    const run = addRun(ctx.model, repo, workflow, { branch, event: 'workflow_dispatch', actor: ctx.viewer.login, status: 'queued', conclusion: null, inputs });
    if (!return_run_details) return noContent();
    return ok({ workflow_run_id: run.id, run_url: `${ctx.api}/repos/${repo.owner.login}/${repo.name}/actions/runs/${run.id}`, html_url: ctx.shapes.run(repo, run).html_url });
  },
  'actions/enable-workflow': (ctx) => {
    const repo = repoFor(ctx, 'push');
    workflowFor(ctx, repo).state = 'active';
    return noContent();
  },
  'actions/disable-workflow': (ctx) => {
    const repo = repoFor(ctx, 'push');
    workflowFor(ctx, repo).state = 'disabled_manually';
    return noContent();
  },
  'actions/list-workflow-runs-for-repo': (ctx) => {
    const repo = repoFor(ctx);
    return listRuns(ctx, repo, repo.runs);
  },
  'actions/list-workflow-runs': (ctx) => {
    const repo = repoFor(ctx);
    const workflow = workflowFor(ctx, repo);
    return listRuns(ctx, repo, repo.runs.filter((r) => r.workflow_id === workflow.id));
  },
  'actions/get-workflow-run': (ctx) => {
    const repo = repoFor(ctx);
    const run = repo.runs.find((r) => r.id === ctx.params.run_id);
    if (!run) return notFound();
    return ok(ctx.shapes.run(repo, run));
  },
};
