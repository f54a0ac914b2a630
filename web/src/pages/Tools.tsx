import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as api from '../api/index.ts';
import { Link } from '../router.tsx';
import { useHref, useSession } from '../session.tsx';
import { Button, Confirm, Empty, ErrorNote, Loading, when, Columns } from '../ui.tsx';

export function Tools() {
  const { projectId, canEdit } = useSession();
  const href = useHref();
  const client = useQueryClient();
  const tools = useQuery({ queryKey: ['tools', projectId], queryFn: api.tools });
  const [deleting, setDeleting] = useState<api.Tool | null>(null);
  return (
    <>
      <div className="page-head">
        <h1>Tools</h1>
        {canEdit ? (
          <Link className="btn btn-primary" to={href('/tools/new')}>
            New tool
          </Link>
        ) : null}
      </div>
      <p className="hint">A tool is a list of steps — provider steps, API Calls — run in order with the params you give it. Agents use tools as actions.</p>
      {tools.isPending ? (
        <Loading what="tools" />
      ) : tools.isError ? (
        <ErrorNote error={tools.error} />
      ) : tools.data.length === 0 ? (
        <Empty title="No tools yet.">{canEdit ? 'Create one with “New tool”, then add steps from the tool-step search.' : 'An editor of this project can create one.'}</Empty>
      ) : (
        <table>
          <Columns names={['Tool', 'Steps', 'Updated']} narrow={['Updated']} />
          <tbody>
            {tools.data.map((t) => (
              <tr key={t.studioId}>
                <td>
                  <Link to={href(`/tools/${encodeURIComponent(t.studioId)}`)}>{t.title}</Link>
                  <div className="muted small">{t.description}</div>
                </td>
                <td>{t.steps.map((s) => s.transformation).join(' → ')}</td>
                <td className="hide-narrow">{when(t.updatedAt)}</td>
                <td>
                  {canEdit ? (
                    <Button variant="danger" onClick={() => setDeleting(t)}>
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
        title="Delete tool"
        open={!!deleting}
        onClose={() => setDeleting(null)}
        confirmLabel="Delete tool"
        action={async () => {
          await api.deleteTools([deleting!.studioId]);
          await client.invalidateQueries({ queryKey: ['tools', projectId] });
        }}
      >
        <p>“{deleting?.title}” will be deleted. Agents that use it as an action can no longer run it.</p>
      </Confirm>
    </>
  );
}
