// The code-host instant triggers of api.md §6, as data: which webhook events each subscribes to, a
// predicate over (event, action, payload) that yields the items to activate (one per commit for
// new_commit, one otherwise), and how its message reads. One generic dispatcher runs them all.

export type Scope = 'repository' | 'organization' | 'account';

export interface Delivery {
  event: string;
  action: string | undefined;
  payload: Record<string, any>;
}

export interface Activation {
  /** Distinguishes several activations of one delivery (a commit's sha); '' for one per delivery. */
  item: string;
  summary: string;
  /**
   * A tag event (new_tag): it fires only when it begins a new life of the tag (./tag-lives.ts); a
   * deletion never fires, it ends the tag's life.
   */
  tag?: { name: string; half: TagHalf };
}

export type TagHalf = 'create' | 'push' | 'deleted';

/** The groups a person chooses a type from (platform-api.md §6), in the order they are shown. */
export const TRIGGER_CATEGORIES = ['Repository', 'Issues and pull requests', 'Commits and branches', 'Workflows', 'Collaboration', 'Projects', 'Other'] as const;
export type TriggerCategory = (typeof TRIGGER_CATEGORIES)[number];

export interface TriggerType {
  type: string;
  name: string;
  category: TriggerCategory;
  /** One line: when it starts a task on the agent (the dashboard shows it). */
  firesWhen: string;
  scope: Scope;
  /** Webhook events the hook must be subscribed to; empty for polled types. */
  events: string[];
  /** The activations this delivery causes, none when it does not fire. `login` is the connected account. */
  match(delivery: Delivery, login: string | null): Activation[];
  polled?: true;
}

const repoName = (p: Record<string, any>) => p.repository?.full_name ?? p.organization?.login ?? '';
const one = (summary: string): Activation[] => [{ item: '', summary }];
const when = (event: string, actions: string[] | null, summary: (d: Delivery) => string, extra: (d: Delivery) => boolean = () => true) => (d: Delivery) =>
  d.event === event && (actions === null || actions.includes(d.action ?? '')) && extra(d) ? one(summary(d)) : [];

function mentions(text: unknown, login: string | null): boolean {
  if (!login || typeof text !== 'string') return false;
  const escaped = login.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`(^|[^\\w/-])@${escaped}(?![\\w-])`, 'i').test(text);
}

/** Where a delivery's free text lives, per event, for new_mention. */
function mentionText(d: Delivery): unknown {
  const p = d.payload;
  switch (d.event) {
    case 'issues':
      return d.action === 'opened' || d.action === 'edited' ? p.issue?.body : undefined;
    case 'pull_request':
      return d.action === 'opened' || d.action === 'edited' ? p.pull_request?.body : undefined;
    case 'issue_comment':
    case 'pull_request_review_comment':
    case 'discussion_comment':
      return d.action === 'created' || d.action === 'edited' ? p.comment?.body : undefined;
    case 'pull_request_review':
      return d.action === 'submitted' ? p.review?.body : undefined;
    case 'discussion':
      return d.action === 'created' ? p.discussion?.body : undefined;
    default:
      return undefined;
  }
}

/** An edit mentions anew only when the text it replaced did not (an edit of the title alone changes no text). */
function newlyMentioned(d: Delivery, login: string | null): boolean {
  if (!mentions(mentionText(d), login)) return false;
  return d.action !== 'edited' || (d.payload.changes?.body !== undefined && !mentions(d.payload.changes.body.from, login));
}

const isTagRef = (ref: unknown) => typeof ref === 'string' && ref.startsWith('refs/tags/');

export const TRIGGER_TYPES: TriggerType[] = [
  { type: 'codehost.new_repository', category: 'Repository', firesWhen: 'A repository is created in the organization.', name: 'New repository', scope: 'organization', events: ['repository'], match: when('repository', ['created'], (d) => `Repository ${d.payload.repository?.full_name} was created.`) },
  { type: 'codehost.new_fork', category: 'Repository', firesWhen: 'The repository is forked.', name: 'New fork', scope: 'repository', events: ['fork'], match: when('fork', null, (d) => `${repoName(d.payload)} was forked to ${d.payload.forkee?.full_name}.`) },
  { type: 'codehost.new_star', category: 'Repository', firesWhen: 'Someone stars the repository.', name: 'New star', scope: 'repository', events: ['star'], match: when('star', ['created'], (d) => `${d.payload.sender?.login} starred ${repoName(d.payload)}.`) },
  { type: 'codehost.new_watcher', category: 'Repository', firesWhen: 'Someone starts watching the repository.', name: 'New watcher', scope: 'repository', events: ['watch'], match: when('watch', ['started'], (d) => `${d.payload.sender?.login} is watching ${repoName(d.payload)}.`) },
  {
    type: 'codehost.new_tag', category: 'Repository', firesWhen: 'A tag is pushed.',
    name: 'New tag',
    scope: 'repository',
    events: ['create', 'push'],
    // A pushed tag arrives twice (create and push): one life of the tag, one activation (./tag-lives.ts).
    // Its deletion (a deleting push; a `delete` event where the hook has it) ends the life.
    match: (d) => {
      const pushed = (name: string, half: TagHalf) => [{ item: `tag:${name}`, summary: `Tag ${name} was pushed to ${repoName(d.payload)}.`, tag: { name, half } }];
      if (d.event === 'create' && d.payload.ref_type === 'tag') return pushed(String(d.payload.ref), 'create');
      if (d.event === 'delete' && d.payload.ref_type === 'tag') return pushed(String(d.payload.ref), 'deleted');
      if (d.event === 'push' && isTagRef(d.payload.ref)) {
        const name = String(d.payload.ref).slice('refs/tags/'.length);
        if (d.payload.deleted) return pushed(name, 'deleted');
        if (d.payload.created) return pushed(name, 'push');
      }
      return [];
    },
  },
  { type: 'codehost.new_issue', category: 'Issues and pull requests', firesWhen: 'An issue is opened.', name: 'New issue', scope: 'repository', events: ['issues'], match: when('issues', ['opened'], (d) => `Issue #${d.payload.issue?.number} "${d.payload.issue?.title}" was opened in ${repoName(d.payload)}.`) },
  {
    type: 'codehost.updated_issue', category: 'Issues and pull requests', firesWhen: "An issue's title, body, labels, assignees or status changes.",
    name: 'Updated issue',
    scope: 'repository',
    events: ['issues'],
    match: when('issues', ['edited', 'labeled', 'unlabeled', 'assigned', 'unassigned', 'closed', 'reopened'], (d) => `Issue #${d.payload.issue?.number} in ${repoName(d.payload)} was ${d.action}.`),
  },
  {
    type: 'codehost.new_pull_request', category: 'Issues and pull requests', firesWhen: 'A pull request is opened or marked ready for review.',
    name: 'New pull request',
    scope: 'repository',
    events: ['pull_request'],
    // A draft opened is not yet for review: it fires when it becomes ready_for_review.
    match: when('pull_request', ['opened', 'ready_for_review'], (d) => `Pull request #${d.payload.pull_request?.number} "${d.payload.pull_request?.title}" is open for review in ${repoName(d.payload)}.`, (d) => d.action !== 'opened' || !d.payload.pull_request?.draft),
  },
  {
    type: 'codehost.updated_pull_request', category: 'Issues and pull requests', firesWhen: 'A pull request is modified or changes state (draft, ready, closed…).',
    name: 'Updated pull request',
    scope: 'repository',
    events: ['pull_request'],
    match: when('pull_request', ['edited', 'closed', 'reopened', 'converted_to_draft', 'ready_for_review', 'synchronize'], (d) => `Pull request #${d.payload.pull_request?.number} in ${repoName(d.payload)} was ${d.action}.`),
  },
  { type: 'codehost.new_comment', category: 'Issues and pull requests', firesWhen: 'Someone comments on an issue or pull request.', name: 'New comment', scope: 'repository', events: ['issue_comment'], match: when('issue_comment', ['created'], (d) => `${d.payload.comment?.user?.login} commented on #${d.payload.issue?.number} in ${repoName(d.payload)}.`) },
  { type: 'codehost.new_label_on_issue', category: 'Issues and pull requests', firesWhen: 'A label is added to an issue.', name: 'New label on issue', scope: 'repository', events: ['issues'], match: when('issues', ['labeled'], (d) => `Label "${d.payload.label?.name}" was added to issue #${d.payload.issue?.number} in ${repoName(d.payload)}.`) },
  {
    type: 'codehost.new_review_request', category: 'Issues and pull requests', firesWhen: 'A review is requested on a pull request.',
    name: 'New review request',
    scope: 'repository',
    events: ['pull_request'],
    match: when('pull_request', ['review_requested'], (d) => `A review of #${d.payload.pull_request?.number} in ${repoName(d.payload)} was requested from ${d.payload.requested_reviewer?.login ?? d.payload.requested_team?.name}.`),
  },
  {
    type: 'codehost.new_pull_request_review', category: 'Issues and pull requests', firesWhen: 'A review is submitted: approved, changes requested or commented.',
    name: 'New pull request review',
    scope: 'repository',
    events: ['pull_request_review'],
    match: when('pull_request_review', ['submitted'], (d) => `${d.payload.review?.user?.login} reviewed #${d.payload.pull_request?.number} in ${repoName(d.payload)}: ${d.payload.review?.state}.`),
  },
  {
    type: 'codehost.new_commit', category: 'Commits and branches', firesWhen: 'A commit is pushed to any branch (once per commit).',
    name: 'New commit',
    scope: 'repository',
    events: ['push'],
    match: (d) =>
      d.event === 'push' && !isTagRef(d.payload.ref)
        ? ((d.payload.commits as Array<{ id: string; message: string }> | undefined) ?? []).map((c) => ({ item: c.id, summary: `Commit ${c.id.slice(0, 7)} "${String(c.message).split('\n')[0]}" was pushed to ${d.payload.ref} in ${repoName(d.payload)}.` }))
        : [],
  },
  { type: 'codehost.new_push', category: 'Commits and branches', firesWhen: 'Anything is pushed, including several commits at once (once per push).', name: 'New push', scope: 'repository', events: ['push'], match: when('push', null, (d) => `${d.payload.pusher?.name ?? d.payload.sender?.login} pushed ${(d.payload.commits ?? []).length} commit(s) to ${d.payload.ref} in ${repoName(d.payload)}.`) },
  { type: 'codehost.new_branch', category: 'Commits and branches', firesWhen: 'A branch is created.', name: 'New branch', scope: 'repository', events: ['create'], match: when('create', null, (d) => `Branch ${d.payload.ref} was created in ${repoName(d.payload)}.`, (d) => d.payload.ref_type === 'branch') },
  {
    type: 'codehost.workflow_run_completed', category: 'Workflows', firesWhen: 'A workflow run finishes: succeeded, failed or cancelled.',
    name: 'Workflow run completed',
    scope: 'repository',
    events: ['workflow_run'],
    match: when('workflow_run', ['completed'], (d) => `Workflow run "${d.payload.workflow_run?.name}" in ${repoName(d.payload)} completed: ${d.payload.workflow_run?.conclusion}.`),
  },
  {
    type: 'codehost.workflow_job_completed', category: 'Workflows', firesWhen: 'A workflow job finishes.',
    name: 'Workflow job completed',
    scope: 'repository',
    events: ['workflow_job'],
    match: when('workflow_job', ['completed'], (d) => `Workflow job "${d.payload.workflow_job?.name}" in ${repoName(d.payload)} completed: ${d.payload.workflow_job?.conclusion}.`),
  },
  { type: 'codehost.new_collaborator', category: 'Collaboration', firesWhen: 'Someone becomes a collaborator on the repository.', name: 'New collaborator', scope: 'repository', events: ['member'], match: when('member', ['added'], (d) => `${d.payload.member?.login} became a collaborator on ${repoName(d.payload)}.`) },
  {
    type: 'codehost.new_mention', category: 'Collaboration', firesWhen: 'The connected account is @mentioned in an issue, pull request or comment.',
    name: 'New mention',
    scope: 'repository',
    events: ['issues', 'pull_request', 'issue_comment', 'pull_request_review', 'pull_request_review_comment', 'discussion', 'discussion_comment'],
    match: (d, login) => (newlyMentioned(d, login) ? one(`@${login} was mentioned in ${d.event} (${d.action}) in ${repoName(d.payload)}.`) : []),
  },
  {
    type: 'codehost.project_item_status_changed', category: 'Projects', firesWhen: "A project (v2) item's status changes.",
    name: 'Project item status changed',
    scope: 'organization',
    events: ['projects_v2_item'],
    match: when(
      'projects_v2_item',
      ['edited'],
      (d) => `The status of project item ${d.payload.projects_v2_item?.node_id} changed${d.payload.changes?.field_value?.to?.name ? ` to ${d.payload.changes.field_value.to.name}` : ''}.`,
      (d) => String(d.payload.changes?.field_value?.field_name ?? '').toLowerCase() === 'status',
    ),
  },
  { type: 'codehost.new_card_in_column', category: 'Projects', firesWhen: 'A card is added to a column of a classic project board.', name: 'New card in column', scope: 'repository', events: ['project_card'], match: when('project_card', ['created'], (d) => `A card was added to column ${d.payload.project_card?.column_id} in ${repoName(d.payload)}.`) },
  { type: 'codehost.new_release', category: 'Other', firesWhen: 'A release is published.', name: 'New release', scope: 'repository', events: ['release'], match: when('release', ['published'], (d) => `Release ${d.payload.release?.tag_name} "${d.payload.release?.name ?? ''}" was published in ${repoName(d.payload)}.`) },
  { type: 'codehost.new_gist', category: 'Other', firesWhen: 'The connected account creates a gist (checked periodically; gists have no webhook).', name: 'New gist', scope: 'account', events: [], polled: true, match: () => [] },
  { type: 'codehost.new_discussion', category: 'Other', firesWhen: 'A discussion is started.', name: 'New discussion', scope: 'repository', events: ['discussion'], match: when('discussion', ['created'], (d) => `Discussion "${d.payload.discussion?.title}" was started in ${repoName(d.payload)}.`) },
  {
    type: 'codehost.new_discussion_comment', category: 'Other', firesWhen: 'Someone comments on a discussion.',
    name: 'New discussion comment',
    scope: 'repository',
    events: ['discussion_comment'],
    match: when('discussion_comment', ['created'], (d) => `${d.payload.comment?.user?.login} commented on discussion "${d.payload.discussion?.title}" in ${repoName(d.payload)}.`),
  },
];

/**
 * Every payload field a predicate or summary above reads: top-level key → the keys kept of its object
 * value (null: the whole value). The dispatcher's claim sends only these back from PostgreSQL (an 8 KB
 * delivery shrinks to a few hundred bytes: less jsonb output, transfer and JSON.parse), so a predicate
 * that reads another field must name it here. Deeper values (comment.user, changes) are kept whole.
 */
export const PAYLOAD_FIELDS: Record<string, string[] | null> = {
  action: null,
  ref: null,
  ref_type: null,
  created: null,
  deleted: null,
  commits: null,
  changes: null,
  repository: ['full_name'],
  organization: ['login'],
  forkee: ['full_name'],
  sender: ['login'],
  pusher: ['name'],
  member: ['login'],
  issue: ['number', 'title', 'body'],
  pull_request: ['number', 'title', 'body', 'draft'],
  comment: ['body', 'user'],
  review: ['body', 'user', 'state'],
  discussion: ['body', 'title'],
  label: ['name'],
  requested_reviewer: ['login'],
  requested_team: ['name'],
  workflow_run: ['name', 'conclusion'],
  workflow_job: ['name', 'conclusion'],
  projects_v2_item: ['node_id'],
  project_card: ['column_id'],
  release: ['tag_name', 'name'],
};

/** A polled gist's summary (new_gist has no webhook event to match). */
export const gistSummary = (gist: { id: string; description?: string; owner?: { login?: string } }) => `Gist ${gist.id} "${gist.description ?? ''}" was created by ${gist.owner?.login ?? 'the account'}.`;

/** A task's first message for an event: its summary, a blank line, then the event as JSON. */
export const eventMessage = (triggerType: string, summary: string, event: Record<string, unknown>) => `${summary}\n\n${JSON.stringify({ trigger_type: triggerType, ...event })}`;

const byType = new Map(TRIGGER_TYPES.map((t) => [t.type, t]));
export const findTriggerType = (type: string) => byType.get(type);
