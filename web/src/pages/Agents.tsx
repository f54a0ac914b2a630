import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as api from '../api/index.ts';
import { Link } from '../router.tsx';
import { useHref, useSession } from '../session.tsx';
import { Button, Confirm, Empty, ErrorNote, Loading, when, Columns } from '../ui.tsx';

export function Agents() {
  const { projectId, canEdit } = useSession();
  const href = useHref();
  const client = useQueryClient();
  const agents = useQuery({ queryKey: ['agents', projectId], queryFn: api.agents });
  const [deleting, setDeleting] = useState<api.Agent | null>(null);
  return (
    <>
      <div className="page-head">
        <h1>Agents</h1>
        {canEdit ? (
          <Link className="btn btn-primary" to={href('/agents/new/settings')}>
            New agent
          </Link>
        ) : null}
      </div>
      {agents.isPending ? (
        <Loading what="agents" />
      ) : agents.isError ? (
        <ErrorNote error={agents.error} />
      ) : agents.data.length === 0 ? (
        <Empty title="No agents yet.">{canEdit ? 'Create one with “New agent”: give it a prompt and the tools it may use, then chat with it or wake it with triggers.' : 'An editor of this project can create one.'}</Empty>
      ) : (
        <table>
          <Columns names={['Agent', 'Model', 'Actions', 'Updated']} narrow={['Model', 'Updated']} />
          <tbody>
            {agents.data.map((a) => (
              <tr key={a.agentId}>
                <td>
                  <Link to={href(`/agents/${encodeURIComponent(a.agentId)}`)}>{a.name}</Link>
                </td>
                <td className="hide-narrow">{a.model || <span className="muted">deployment default</span>}</td>
                <td>{a.actions.length}</td>
                <td className="hide-narrow">{when(a.updatedAt)}</td>
                <td>
                  {canEdit ? (
                    <Button variant="danger" onClick={() => setDeleting(a)}>
                      Delete
                    </Button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <Confirm
        title="Delete agent"
        open={!!deleting}
        onClose={() => setDeleting(null)}
        confirmLabel="Delete agent"
        action={async () => {
          await api.deleteAgent(deleting!.agentId);
          await client.invalidateQueries({ queryKey: ['agents', projectId] });
        }}
      >
        <p>“{deleting?.name}” will be deleted with its triggers (and their webhooks at the code host).</p>
      </Confirm>
    </>
  );
}
