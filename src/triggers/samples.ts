// A sample event of every trigger type, as data beside the catalogue: what "Send a test event" fires
// (triggers.ts `test`). Each is a delivery its type's predicate accepts, in the code host's shapes,
// cut to the fields people and agents read, and named after the trigger's own repository or
// organization so the task reads like the real thing.
import type { Delivery } from './catalogue.ts';

/** Where the trigger watches, and the connected account (`new_mention` mentions it; `new_gist` is its). */
export interface SampleContext {
  repository: string;
  organization: string;
  login: string;
}

type Sample = (c: SampleContext) => Delivery;

const AT = '2026-03-10T09:30:00Z';
const SHA = '6dcb09b5b57875f334f61aebed695e2e4193db5e';
const person = (login: string) => ({ login, type: 'User' });
const repo = (c: SampleContext) => ({ full_name: c.repository, name: c.repository.split('/')[1], owner: person(c.repository.split('/')[0]), private: false, html_url: `https://codehost.example/${c.repository}` });
/** Every repository event carries its repository and its sender. */
const inRepo = (c: SampleContext, event: string, action: string | undefined, rest: Record<string, unknown>): Delivery => ({
  event,
  action,
  payload: { ...(action ? { action } : {}), ...rest, repository: repo(c), sender: person('mona') },
});
const issue = { number: 42, title: 'The export button does nothing', body: 'Clicking Export on the reports page shows no file.', state: 'open', user: person('mona'), labels: [{ name: 'bug' }], created_at: AT };
const pull = { number: 7, title: 'Fix the export button', body: 'Closes #42.', state: 'open', draft: false, user: person('mona'), head: { ref: 'fix-export' }, base: { ref: 'main' }, created_at: AT };
const commit = { id: SHA, message: 'Fix the export button\n\nThe handler was never attached.', author: { name: 'Mona', username: 'mona' }, timestamp: AT };

export const SAMPLE_EVENTS: Record<string, Sample> = {
  'codehost.new_repository': (c) => ({
    event: 'repository',
    action: 'created',
    payload: { action: 'created', repository: { full_name: `${c.organization}/new-service`, name: 'new-service', private: true }, organization: { login: c.organization }, sender: person('mona') },
  }),
  'codehost.new_fork': (c) => inRepo(c, 'fork', undefined, { forkee: { full_name: `mona/${c.repository.split('/')[1]}`, owner: person('mona') } }),
  'codehost.new_star': (c) => inRepo(c, 'star', 'created', { starred_at: AT }),
  'codehost.new_watcher': (c) => inRepo(c, 'watch', 'started', {}),
  'codehost.new_tag': (c) => inRepo(c, 'create', undefined, { ref: 'v1.4.0', ref_type: 'tag', master_branch: 'main' }),
  'codehost.new_issue': (c) => inRepo(c, 'issues', 'opened', { issue }),
  'codehost.updated_issue': (c) => inRepo(c, 'issues', 'labeled', { issue, label: { name: 'bug' } }),
  'codehost.new_pull_request': (c) => inRepo(c, 'pull_request', 'opened', { number: pull.number, pull_request: pull }),
  'codehost.updated_pull_request': (c) => inRepo(c, 'pull_request', 'synchronize', { number: pull.number, pull_request: pull, before: '0000000', after: SHA.slice(0, 7) }),
  'codehost.new_comment': (c) => inRepo(c, 'issue_comment', 'created', { issue, comment: { body: 'I can reproduce this on Firefox too.', user: person('mona'), created_at: AT } }),
  'codehost.new_label_on_issue': (c) => inRepo(c, 'issues', 'labeled', { issue, label: { name: 'bug' } }),
  'codehost.new_review_request': (c) => inRepo(c, 'pull_request', 'review_requested', { number: pull.number, pull_request: pull, requested_reviewer: person(c.login) }),
  'codehost.new_pull_request_review': (c) => inRepo(c, 'pull_request_review', 'submitted', { pull_request: pull, review: { state: 'approved', body: 'Looks good.', user: person('mona'), submitted_at: AT } }),
  'codehost.new_commit': (c) => inRepo(c, 'push', undefined, { ref: 'refs/heads/main', before: '0'.repeat(40), after: SHA, created: false, deleted: false, commits: [commit], head_commit: commit, pusher: { name: 'mona' } }),
  'codehost.new_push': (c) => inRepo(c, 'push', undefined, { ref: 'refs/heads/main', before: '0'.repeat(40), after: SHA, created: false, deleted: false, commits: [commit], head_commit: commit, pusher: { name: 'mona' } }),
  'codehost.new_branch': (c) => inRepo(c, 'create', undefined, { ref: 'fix-export', ref_type: 'branch', master_branch: 'main' }),
  'codehost.workflow_run_completed': (c) => inRepo(c, 'workflow_run', 'completed', { workflow_run: { id: 30433642, name: 'CI', head_branch: 'main', head_sha: SHA, status: 'completed', conclusion: 'failure', run_number: 118, html_url: `https://codehost.example/${c.repository}/actions/runs/30433642` } }),
  'codehost.workflow_job_completed': (c) => inRepo(c, 'workflow_job', 'completed', { workflow_job: { id: 29679449, run_id: 30433642, name: 'test', status: 'completed', conclusion: 'success', head_sha: SHA } }),
  'codehost.new_collaborator': (c) => inRepo(c, 'member', 'added', { member: person('hubot'), changes: { permission: { to: 'write' } } }),
  'codehost.new_mention': (c) => inRepo(c, 'issue_comment', 'created', { issue, comment: { body: `@${c.login} could you take a look at this one?`, user: person('mona'), created_at: AT } }),
  'codehost.project_item_status_changed': (c) => ({
    event: 'projects_v2_item',
    action: 'edited',
    payload: {
      action: 'edited',
      projects_v2_item: { id: 1001, node_id: 'PVTI_lADOBBmpjM4AB5bAzgBXnXc', content_type: 'Issue', creator: person('mona') },
      changes: { field_value: { field_name: 'Status', field_type: 'single_select', from: { name: 'Todo' }, to: { name: 'In Progress' } } },
      organization: { login: c.organization },
      sender: person('mona'),
    },
  }),
  'codehost.new_card_in_column': (c) => inRepo(c, 'project_card', 'created', { project_card: { id: 1478, column_id: 367, note: 'Look into the export button', creator: person('mona') } }),
  'codehost.new_release': (c) => inRepo(c, 'release', 'published', { release: { tag_name: 'v1.4.0', name: 'Spring release', body: 'Exports work again.', draft: false, prerelease: false, published_at: AT } }),
  'codehost.new_gist': (c) => ({
    event: 'gist',
    action: 'created',
    payload: { gist: { id: 'aa5a315d61ae9438b18d', description: 'Export settings', public: false, html_url: 'https://gist.codehost.example/aa5a315d61ae9438b18d', owner: person(c.login || 'the-account'), created_at: AT } },
  }),
  'codehost.new_discussion': (c) => inRepo(c, 'discussion', 'created', { discussion: { number: 90, title: 'Roadmap for exports', body: 'What should the next export format be?', user: person('mona') } }),
  'codehost.new_discussion_comment': (c) => inRepo(c, 'discussion_comment', 'created', { discussion: { number: 90, title: 'Roadmap for exports' }, comment: { body: 'CSV with headers, please.', user: person('mona') } }),
};
