// The project's pending approvals, oldest first: each action a task stopped before, with its
// parameters (editable before approving) and Approve / Reject. Loaded a page at a time through the
// list's cursor; "Show more approvals" appends the next page, so every one can be reached.
import { useInfiniteQuery } from '@tanstack/react-query';
import * as api from '../api/index.ts';
import { Link } from '../router.tsx';
import { useHref, useSession } from '../session.tsx';
import { Button, Empty, ErrorNote, Loading, when } from '../ui.tsx';
import { Decision } from './AgentPage.tsx';

export function Approvals() {
  const { projectId, canEdit } = useSession();
  const href = useHref();
  // A refetch (the interval, or a decision invalidating ['approvals', projectId]) reloads every page
  // loaded so far from the first, with fresh cursors: a decided one leaves, the rest stay shown.
  const approvals = useInfiniteQuery({
    queryKey: ['approvals', projectId],
    queryFn: ({ pageParam }) => api.approvalsPage(pageParam),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    refetchInterval: 5000,
  });
  const shown = approvals.data?.pages.flatMap((p) => p.results) ?? [];
  return (
    <>
      <div className="page-head">
        <h1>Approvals</h1>
      </div>
      <p className="hint">Actions agents stopped before, waiting for a person, oldest first. {canEdit ? '' : 'Editors and admins decide them.'}</p>
      {approvals.isPending ? (
        <Loading what="approvals" />
      ) : !approvals.data ? (
        <ErrorNote error={approvals.error} />
      ) : shown.length === 0 ? (
        <Empty title="Nothing waits for approval.">An action whose approval setting asks a person stops its task here until someone decides.</Empty>
      ) : (
        <>
          {approvals.hasNextPage ? (
            <p className="notice" role="note">
              These are the oldest {shown.length}; more wait after them. “Show more approvals”, at the end of the list, adds the next {api.APPROVALS_PAGE}.
            </p>
          ) : null}
          <ul className="plain-list approvals" aria-label="Pending approvals">
            {shown.map((a) => (
              <li key={a.action_request_id} className="card">
                <p>
                  <Link to={`${href(`/agents/${encodeURIComponent(a.agent_id)}`)}?task=${encodeURIComponent(a.conversation_id)}`}>{a.agent_name}</Link> asks to run <strong>{a.tool_title}</strong>{' '}
                  <span className="muted">
                    since {when(a.requested_at)}, expires {when(a.expires_at)}
                  </span>
                </p>
                <Decision agentId={a.agent_id} conversationId={a.conversation_id} pending={{ action: a.action, actionRequestId: a.action_request_id }} tool={a.tool_title} params={a.params} />
              </li>
            ))}
          </ul>
          <ErrorNote error={approvals.error} />
          {approvals.hasNextPage ? (
            <div className="actions left">
              <Button onClick={() => void approvals.fetchNextPage()} busy={approvals.isFetchingNextPage}>
                Show more approvals
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
