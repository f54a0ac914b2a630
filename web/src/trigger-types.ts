// The 26 code-host instant triggers, in the source document's categories, each with the one line
// that says when it fires (platform-api.md §6). `scope` says what the trigger watches.
export type Scope = 'repository' | 'organization' | 'account';
export interface TriggerType {
  type: string;
  name: string;
  firesWhen: string;
  scope: Scope;
}
const t = (type: string, name: string, firesWhen: string, scope: Scope = 'repository'): TriggerType => ({ type: `codehost.${type}`, name, firesWhen, scope });

export const TRIGGER_CATEGORIES: Array<{ category: string; types: TriggerType[] }> = [
  {
    category: 'Repository',
    types: [
      t('new_repository', 'New repository', 'A repository is created in the organization.', 'organization'),
      t('new_fork', 'New fork', 'The repository is forked.'),
      t('new_star', 'New star', 'Someone stars the repository.'),
      t('new_watcher', 'New watcher', 'Someone starts watching the repository.'),
      t('new_tag', 'New tag', 'A tag is pushed.'),
    ],
  },
  {
    category: 'Issues and pull requests',
    types: [
      t('new_issue', 'New issue', 'An issue is opened.'),
      t('updated_issue', 'Updated issue', "An issue's title, body, labels, assignees or status changes."),
      t('new_pull_request', 'New pull request', 'A pull request is opened or marked ready for review.'),
      t('updated_pull_request', 'Updated pull request', 'A pull request is modified or changes state (draft, ready, closed…).'),
      t('new_comment', 'New comment', 'Someone comments on an issue or pull request.'),
      t('new_label_on_issue', 'New label on issue', 'A label is added to an issue.'),
      t('new_review_request', 'New review request', 'A review is requested on a pull request.'),
      t('new_pull_request_review', 'New pull request review', 'A review is submitted: approved, changes requested or commented.'),
    ],
  },
  {
    category: 'Commits and branches',
    types: [
      t('new_commit', 'New commit', 'A commit is pushed to any branch (once per commit).'),
      t('new_push', 'New push', 'Anything is pushed, including several commits at once (once per push).'),
      t('new_branch', 'New branch', 'A branch is created.'),
    ],
  },
  {
    category: 'Workflows',
    types: [
      t('workflow_run_completed', 'Workflow run completed', 'A workflow run finishes: succeeded, failed or cancelled.'),
      t('workflow_job_completed', 'Workflow job completed', 'A workflow job finishes.'),
    ],
  },
  {
    category: 'Collaboration',
    types: [
      t('new_collaborator', 'New collaborator', 'Someone becomes a collaborator on the repository.'),
      t('new_mention', 'New mention', 'The connected account is @mentioned in an issue, pull request or comment.'),
    ],
  },
  {
    category: 'Projects',
    types: [
      t('project_item_status_changed', 'Project item status changed', "A project (v2) item's status changes.", 'organization'),
      t('new_card_in_column', 'New card in column', 'A card is added to a column of a classic project board.'),
    ],
  },
  {
    category: 'Other',
    types: [
      t('new_release', 'New release', 'A release is published.'),
      t('new_gist', 'New gist', 'The connected account creates a gist (checked periodically; gists have no webhook).', 'account'),
      t('new_discussion', 'New discussion', 'A discussion is started.'),
      t('new_discussion_comment', 'New discussion comment', 'Someone comments on a discussion.'),
    ],
  },
];

export const TRIGGER_TYPES = TRIGGER_CATEGORIES.flatMap((c) => c.types.map((x) => ({ ...x, category: c.category })));
export const triggerType = (type: string) => TRIGGER_TYPES.find((x) => x.type === type);
