import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as api from '../api/index.ts';
import { approve, authorizationRequest, consentRequest, deny } from '../api/mcp.ts';
import { navigate, useLocation } from '../router.tsx';
import { Button, Empty, ErrorNote, Field, Loading, useAction } from '../ui.tsx';

/**
 * Where /latest/oauth/authorize sends the browser: the signed-in user sees which client asks and
 * where the browser goes back to, picks one of their projects, and approves or denies. Signed out,
 * it goes to sign-in and comes back here with the same request.
 */
export function McpConsent() {
  const signedOut = !api.hasSession();
  useEffect(() => {
    if (signedOut) navigate(`/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [signedOut]);
  if (signedOut) return null;
  return <Consent />;
}

function Consent() {
  const { query, href } = useLocation();
  const request = authorizationRequest(query);
  const info = useQuery({ queryKey: ['mcp-consent', href], queryFn: () => consentRequest(request), staleTime: Infinity });
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.me() });
  const projects = useQuery({ queryKey: ['projects'], queryFn: api.projects, enabled: me.isSuccess });
  const [projectId, setProjectId] = useState('');
  const [leaving, setLeaving] = useState(false);
  const { busy, error, run } = useAction();
  const chosen = projectId || projects.data?.[0]?.projectId || '';

  // The client's redirect URI may be another site, a loopback address or an app's own scheme: a full navigation.
  const decide = (answer: () => Promise<string>) =>
    run(async () => {
      const target = await answer();
      setLeaving(true);
      location.assign(target);
    });

  return (
    <main id="main" className="narrow">
      <h1>Connect an MCP client</h1>
      {info.isPending ? (
        <Loading what="the request" />
      ) : info.isError ? (
        <ErrorNote error={info.error} />
      ) : leaving ? (
        <p role="status">Returning to {info.data.redirectHost}…</p>
      ) : (
        <>
          <p>
            <strong>{info.data.clientName}</strong> asks to use Hangar{me.data ? ` as ${me.data.email}` : ''}: to list and run the tools and agents of one project, with your role
            in it. Once you decide, your browser goes back to <strong className="mono">{info.data.redirectHost}</strong>.
          </p>
          {projects.isPending ? (
            <Loading what="your projects" />
          ) : projects.isError ? (
            <ErrorNote error={projects.error} />
          ) : !projects.data.length ? (
            <Empty title="You are not in any project yet.">Ask an admin to invite you to one, then connect the client again.</Empty>
          ) : (
            <form
              onSubmit={(e) => {
                e.preventDefault();
                void decide(() => approve(request, chosen));
              }}
            >
              <Field label="Project" hint="The client acts in this project only. Revoke it any time on the MCP page.">
                {(id) => (
                  <select id={id} required value={chosen} onChange={(e) => setProjectId(e.target.value)}>
                    {projects.data.map((p) => (
                      <option key={p.projectId} value={p.projectId}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <ErrorNote error={error} />
              <div className="actions">
                <Button busy={busy} onClick={() => void decide(() => deny(request))}>
                  Deny
                </Button>
                <Button type="submit" variant="primary" busy={busy}>
                  Approve
                </Button>
              </div>
            </form>
          )}
        </>
      )}
    </main>
  );
}
