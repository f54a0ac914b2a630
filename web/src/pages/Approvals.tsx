// The project's pending approvals, oldest first: each action a task stopped before, with its
// parameters (editable before approving) and Approve / Reject.
import { useQuery } from '@tanstack/react-query';
import * as api from '../api/index.ts';
import { Link } from '../router.tsx';
import { useHref, useSession } from '../session.tsx';
import { Empty, ErrorNote, Loading, when } from '../ui.tsx';
import { Decision } from './AgentPage.tsx';

export function Approvals() {
  const { projectId, canEdit } = useSession();
  const href = useHref();
  const approvals = useQuery({ queryKey: ['approvals', projectId], queryFn: api.approvals, refetchInterval: 5000 });
  return (
    <>
      <div className="page-head">
        <h1>Approvals</h1>
      </div>
      <p className="hint">Actions agents stopped before, waiting for a person, oldest first. {canEdit ? '' : 'Editors and admins decide them.'}</p>
      {approvals.isPending ? (
        <Loading what="approvals" />
      ) : approvals.isError ? (
        <ErrorNote error={approvals.error} />
      ) : approvals.data.results.length === 0 ? (
        <Empty title="Nothing waits for approval.">An action whose approval setting asks a person stops its task here until someone decides.</Empty>
      ) : (
        <>
          {approvals.data.more ? (
            <p className="notice" role="note">
              More actions wait than are shown: these are the oldest {api.APPROVALS_SHOWN}; the next appear as these are decided.
            </p>
          ) : null}
          <ul className="plain-list approvals" aria-label="Pending approvals">
            {approvals.data.results.map((a) => (
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
        </>
      )}
    </>
  );
}
