// GET /latest/triggers/types/list: the trigger catalogue as a person chooses from it — each type's
// name, the source document's category (platform-api.md §6), the one line saying when it fires, what
// it watches (its scope, hence its `config`), and the webhook events it subscribes to. The dashboard
// reads it instead of keeping a copy, so a type added to or changed in the catalogue shows there
// (and in the SDK's types) without a second edit.
//
// The lines live here, beside the route, because src/triggers/catalogue.ts was being changed when
// they were moved out of the dashboard; they belong with each type's entry there.
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { TRIGGER_TYPES } from '../../triggers/catalogue.ts';

export const TRIGGER_CATEGORIES = ['Repository', 'Issues and pull requests', 'Commits and branches', 'Workflows', 'Collaboration', 'Projects', 'Other'] as const;
type Category = (typeof TRIGGER_CATEGORIES)[number];

const LINES: Record<string, [Category, string]> = {
  'codehost.new_repository': ['Repository', 'A repository is created in the organization.'],
  'codehost.new_fork': ['Repository', 'The repository is forked.'],
  'codehost.new_star': ['Repository', 'Someone stars the repository.'],
  'codehost.new_watcher': ['Repository', 'Someone starts watching the repository.'],
  'codehost.new_tag': ['Repository', 'A tag is pushed.'],
  'codehost.new_issue': ['Issues and pull requests', 'An issue is opened.'],
  'codehost.updated_issue': ['Issues and pull requests', "An issue's title, body, labels, assignees or status changes."],
  'codehost.new_pull_request': ['Issues and pull requests', 'A pull request is opened or marked ready for review.'],
  'codehost.updated_pull_request': ['Issues and pull requests', 'A pull request is modified or changes state (draft, ready, closed…).'],
  'codehost.new_comment': ['Issues and pull requests', 'Someone comments on an issue or pull request.'],
  'codehost.new_label_on_issue': ['Issues and pull requests', 'A label is added to an issue.'],
  'codehost.new_review_request': ['Issues and pull requests', 'A review is requested on a pull request.'],
  'codehost.new_pull_request_review': ['Issues and pull requests', 'A review is submitted: approved, changes requested or commented.'],
  'codehost.new_commit': ['Commits and branches', 'A commit is pushed to any branch (once per commit).'],
  'codehost.new_push': ['Commits and branches', 'Anything is pushed, including several commits at once (once per push).'],
  'codehost.new_branch': ['Commits and branches', 'A branch is created.'],
  'codehost.workflow_run_completed': ['Workflows', 'A workflow run finishes: succeeded, failed or cancelled.'],
  'codehost.workflow_job_completed': ['Workflows', 'A workflow job finishes.'],
  'codehost.new_collaborator': ['Collaboration', 'Someone becomes a collaborator on the repository.'],
  'codehost.new_mention': ['Collaboration', 'The connected account is @mentioned in an issue, pull request or comment.'],
  'codehost.project_item_status_changed': ['Projects', "A project (v2) item's status changes."],
  'codehost.new_card_in_column': ['Projects', 'A card is added to a column of a classic project board.'],
  'codehost.new_release': ['Other', 'A release is published.'],
  'codehost.new_gist': ['Other', 'The connected account creates a gist (checked periodically; gists have no webhook).'],
  'codehost.new_discussion': ['Other', 'A discussion is started.'],
  'codehost.new_discussion_comment': ['Other', 'Someone comments on a discussion.'],
};

const TriggerTypeSchema = Type.Object({
  type: Type.String({ description: 'What `triggers/create` takes as `type`, e.g. `codehost.new_issue`.' }),
  name: Type.String(),
  category: Type.Union(
    TRIGGER_CATEGORIES.map((c) => Type.Literal(c)),
    { description: 'The group it is shown in; the list is in category order.' },
  ),
  fires_when: Type.String({ description: 'One line: when it starts a task on the agent.' }),
  scope: Type.Union([Type.Literal('repository'), Type.Literal('organization'), Type.Literal('account')], {
    description: 'What it watches, hence its `config`: `{repository: "owner/name"}`, `{organization: "login"}`, or `{}` (the connected account).',
  }),
  events: Type.Array(Type.String(), { description: 'The webhook events its hook subscribes to; empty when polled.' }),
  polled: Type.Boolean({ description: 'Checked periodically (no webhook exists for it).' }),
});

/** The catalogue with its lines, in category order; fails at start for a type without its line. */
export function triggerTypeList() {
  const missing = TRIGGER_TYPES.filter((t) => !LINES[t.type]).map((t) => t.type);
  if (missing.length) throw new Error(`trigger types without a category and "fires when" line in src/http/routes/trigger-types.ts: ${missing.join(', ')}`);
  const rank = (t: { type: string }) => TRIGGER_CATEGORIES.indexOf(LINES[t.type][0]);
  return [...TRIGGER_TYPES]
    .sort((a, b) => rank(a) - rank(b))
    .map((t) => ({ type: t.type, name: t.name, category: LINES[t.type][0], fires_when: LINES[t.type][1], scope: t.scope, events: [...t.events], polled: Boolean(t.polled) }));
}

export function triggerTypeRoutes(app: FastifyInstance): void {
  const results = triggerTypeList();
  app.get(
    '/latest/triggers/types/list',
    {
      config: { auth: 'viewer' },
      schema: {
        tags: ['triggers'],
        summary: 'The trigger types',
        description: 'Every type `POST /latest/agents/{agent_id}/triggers/create` accepts, grouped by category, each with when it fires and what it watches.',
        response: { 200: Type.Object({ results: Type.Array(TriggerTypeSchema) }) },
      },
    },
    async () => ({ results }),
  );
}
