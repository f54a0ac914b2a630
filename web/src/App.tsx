import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import * as api from './api/index.ts';
import { AgentPage } from './pages/AgentPage.tsx';
import { Agents } from './pages/Agents.tsx';
import { Approvals } from './pages/Approvals.tsx';
import { InvitePage } from './pages/Invite.tsx';
import { Members } from './pages/Members.tsx';
import { McpConsent } from './pages/McpConsent.tsx';
import { OAuthDone } from './pages/OAuthDone.tsx';
import { SignIn } from './pages/SignIn.tsx';
import { Tools } from './pages/Tools.tsx';
import { Link, match, navigate, useLocation } from './router.tsx';
import { SessionContext, useSession, type Session } from './session.tsx';
import { Button, Email, Empty, ErrorNote, Field, Loading, Modal, useAction } from './ui.tsx';

// Pages no first load shows, each a chunk of its own fetched when opened (src/dashboard/build.ts), so
// the first load stays small: the tool editor (the largest page), Integrations, the organization
// settings, MCP and Events.
const ToolPage = lazy(() => import('./pages/ToolPage.tsx').then((m) => ({ default: m.ToolPage })));
const Integrations = lazy(() => import('./pages/Integrations.tsx').then((m) => ({ default: m.Integrations })));
const Settings = lazy(() => import('./pages/settings/Settings.tsx').then((m) => ({ default: m.Settings })));
const Mcp = lazy(() => import('./pages/Mcp.tsx').then((m) => ({ default: m.Mcp })));
const Events = lazy(() => import('./pages/Events.tsx').then((m) => ({ default: m.Events })));

export function App() {
  const { path } = useLocation();
  if (path === '/sign-in') return <SignIn />;
  const invite = match('/invite/:code', path);
  if (invite) return <InvitePage code={invite.code} />;
  if (path === '/oauth/done') return <OAuthDone />;
  if (path === '/mcp/authorize') return <McpConsent />;
  return <Shell path={path} />;
}

const SECTIONS = [
  { path: 'agents', label: 'Agents', admin: false },
  { path: 'approvals', label: 'Approvals', admin: false },
  { path: 'tools', label: 'Tools', admin: false },
  { path: 'integrations', label: 'Integrations & API Keys', admin: false },
  { path: 'mcp', label: 'MCP', admin: false },
  { path: 'events', label: 'Events', admin: false },
  { path: 'members', label: 'Members', admin: true },
];

function Shell({ path }: { path: string }) {
  // No session cookie: nobody is signed in here, and asking the server would only answer 401.
  const signedOut = !api.hasSession();
  useEffect(() => {
    if (signedOut) navigate(path === '/' ? '/sign-in' : `/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`, { replace: true });
  }, [signedOut, path]);
  if (signedOut) return null;
  return <SignedIn path={path} />;
}

function SignedIn({ path }: { path: string }) {
  const scoped = match('/p/:project/*', path);
  const projectId = scoped?.project;
  api.setProject(projectId);
  const me = useQuery({ queryKey: ['me'], queryFn: () => api.me() });
  const projects = useQuery({ queryKey: ['projects'], queryFn: api.projects, enabled: me.isSuccess });
  const here = useQuery({ queryKey: ['me', projectId], queryFn: () => api.me(projectId), enabled: !!projectId && me.isSuccess });

  const settings = match('/org/settings', path) ?? match('/org/settings/:section', path);
  const inSettings = settings !== null;
  useEffect(() => {
    if (projectId) rememberProject(projectId);
  }, [projectId]);
  useEffect(() => {
    if (!projectId && !inSettings && projects.data?.length) navigate(`/p/${encodeURIComponent(projects.data[0].projectId)}/agents`, { replace: true });
  }, [projectId, inSettings, projects.data]);

  if (me.isPending) return <Loading what="your account" />;
  if (me.isError) return <ErrorNote error={me.error} />;
  const session: Session | null =
    projectId && here.data
      ? { me: me.data, projects: projects.data ?? [], projectId, role: here.data.role, canEdit: here.data.role === 'admin' || here.data.role === 'editor', isAdmin: here.data.role === 'admin' }
      : null;
  const section = path.split('/')[3] ?? '';
  return (
    <>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <Header me={me.data} projects={projects.data ?? []} projectId={projectId} role={here.data?.role} />
      {projectId ? (
        <nav className="tabs" aria-label="Sections">
          {SECTIONS.filter((s) => !s.admin || here.data?.role === 'admin').map((s) => (
            <Link key={s.path} to={`/p/${encodeURIComponent(projectId)}/${s.path}`} aria-current={section === s.path ? 'page' : undefined}>
              {s.label}
            </Link>
          ))}
        </nav>
      ) : null}
      <main id="main">
        {settings ? (
          <>
            <BackToProject projects={projects.data ?? []} />
            <Suspense fallback={<Loading what="the organization settings" />}>
              <Settings me={me.data} section={settings.section} />
            </Suspense>
          </>
        ) : !projectId ? (
          projects.isPending ? (
            <Loading what="projects" />
          ) : projects.data?.length ? null : (
            <FirstProject organizationId={me.data.organizationId} />
          )
        ) : here.isError ? (
          <ErrorNote error={here.error} />
        ) : !session ? (
          <Loading what="the project" />
        ) : (
          <SessionContext.Provider value={session}>
            {match('/p/:project/agents', path) && session.canEdit ? <Checklist /> : null}
            <Page path={path} />
          </SessionContext.Provider>
        )}
      </main>
    </>
  );
}

function Page({ path }: { path: string }): ReactNode {
  let m: Record<string, string> | null;
  if (match('/p/:project/agents', path)) return <Agents />;
  if ((m = match('/p/:project/agents/:agent', path))) return <AgentPage agentId={m.agent} tab="chat" />;
  if ((m = match('/p/:project/agents/:agent/:tab', path))) return <AgentPage agentId={m.agent} tab={m.tab} />;
  if (match('/p/:project/approvals', path)) return <Approvals />;
  if (match('/p/:project/tools', path)) return <Tools />;
  if ((m = match('/p/:project/tools/:tool', path)))
    return (
      <Suspense fallback={<Loading what="the tool" />}>
        <ToolPage studioId={m.tool} />
      </Suspense>
    );
  if (match('/p/:project/integrations', path))
    return (
      <Suspense fallback={<Loading what="the integrations" />}>
        <Integrations />
      </Suspense>
    );
  if (match('/p/:project/members', path)) return <Members />;
  if (match('/p/:project/mcp', path))
    return (
      <Suspense fallback={<Loading what="the MCP page" />}>
        <Mcp />
      </Suspense>
    );
  if (match('/p/:project/events', path))
    return (
      <Suspense fallback={<Loading what="the events" />}>
        <Events />
      </Suspense>
    );
  return <Empty title="There is no such page.">Pick a section above.</Empty>;
}

function Header({ me, projects, projectId, role }: { me: api.Me; projects: api.Project[]; projectId?: string; role?: api.Role }) {
  const [creating, setCreating] = useState(false);
  const section = location.pathname.split('/')[3] || 'agents';
  return (
    <header className="top">
      <span className="brand">Hangar</span>
      <div className="project-switch">
        <label htmlFor="project-switch">Project</label>
        <select id="project-switch" value={projectId ?? ''} onChange={(e) => navigate(`/p/${encodeURIComponent(e.target.value)}/${section === 'members' ? 'agents' : section}`)}>
          {projectId ? null : <option value="">Choose a project</option>}
          {projects.map((p) => (
            <option key={p.projectId} value={p.projectId}>
              {p.name}
            </option>
          ))}
        </select>
        <Button onClick={() => setCreating(true)}>New project</Button>
      </div>
      <AccountMenu me={me} role={role} />
      <NewProject open={creating} onClose={() => setCreating(false)} organizationId={me.organizationId} />
    </header>
  );
}

/**
 * Who is signed in, where: the email (and the project role) on the button, the organization, region
 * and Sign out behind it. A disclosure, not an ARIA menu: it holds facts as well as one action.
 */
function AccountMenu({ me, role }: { me: api.Me; role?: api.Role }) {
  const [open, setOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const client = useQueryClient();
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', away);
    return () => document.removeEventListener('mousedown', away);
  }, [open]);
  const signOut = async () => {
    setSigningOut(true);
    try {
      await api.logout();
    } finally {
      client.clear();
      navigate('/sign-in', { replace: true });
    }
  };
  return (
    <div
      className="account"
      ref={root}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          setOpen(false);
          root.current?.querySelector<HTMLButtonElement>('button')?.focus();
        }
      }}
    >
      <button type="button" className="account-button" aria-expanded={open} aria-controls={open ? 'account-panel' : undefined} onClick={() => setOpen((o) => !o)}>
        <span className="sr-only">Account: </span>
        <span className="user">{me.email}</span>
        {role ? <span className="badge">{role}</span> : null}
        <span aria-hidden="true"> ▾</span>
      </button>
      {open ? (
      <div id="account-panel" className="account-panel">
        <dl className="who">
          <div>
            <dt>Signed in as</dt>
            <dd>
              <Email address={me.email} />
            </dd>
          </div>
          <div>
            <dt>Organization</dt>
            <dd>{me.organizationName}</dd>
          </div>
          <div>
            <dt>Region</dt>
            <dd>{me.region.toUpperCase()}</dd>
          </div>
          {role ? (
            <div>
              <dt>Role</dt>
              <dd>{role}</dd>
            </div>
          ) : null}
        </dl>
        <div className="actions left">
          {me.organizationRole === 'admin' ? (
            // Not "… settings": an agent page has its own "Settings" tab, and one name must find one link.
            <Link to="/org/settings" className="btn btn-secondary" onClick={() => setOpen(false)} aria-current={location.pathname.startsWith('/org/settings') ? 'page' : undefined}>
              Manage organization
            </Link>
          ) : null}
          <Button busy={signingOut} onClick={signOut}>
            Sign out
          </Button>
        </div>
      </div>
      ) : null}
    </div>
  );
}

const LAST_PROJECT = 'hangar.last-project';
function rememberProject(projectId: string) {
  try {
    localStorage.setItem(LAST_PROJECT, projectId);
  } catch {
    /* storage refused: the first project is offered instead */
  }
}
function lastProject(): string | null {
  try {
    return localStorage.getItem(LAST_PROJECT);
  } catch {
    return null;
  }
}

/** Organization settings lead back to the project one came from (else the first). */
function BackToProject({ projects }: { projects: api.Project[] }) {
  const last = lastProject();
  const project = projects.find((p) => p.projectId === last) ?? projects[0];
  if (!project) return null;
  return (
    <p className="back">
      <Link to={`/p/${encodeURIComponent(project.projectId)}/agents`}>← Back to {project.name}</Link>
    </p>
  );
}

/** Nobody's first sign-in should end at an empty page: the first project is made here. */
function FirstProject({ organizationId }: { organizationId: string }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAction();
  const client = useQueryClient();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const { project_id } = await api.createProject(name, description, organizationId);
      await client.invalidateQueries({ queryKey: ['projects'] });
      navigate(`/p/${encodeURIComponent(project_id)}/agents`);
    });
  };
  return (
    <section aria-labelledby="first-project-h" className="narrow-section">
      <Empty title="You are not in any project yet.">
        <p>A project holds your integrations, tools and agents. Create your first one here, or ask an admin to invite you to theirs.</p>
      </Empty>
      <h1 id="first-project-h">Create your first project</h1>
      <form onSubmit={submit}>
        <Field label="Project name">{(id) => <input id={id} required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} placeholder="e.g. Support bots" />}</Field>
        <Field label="What it is for (optional)">{(id) => <textarea id={id} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
        <ErrorNote error={error} />
        <Button type="submit" variant="primary" busy={busy}>
          Create project
        </Button>
      </form>
    </section>
  );
}

/** The first steps of a new project, in order, until each is done: connect, make a tool, make an agent. */
function Checklist() {
  const { projectId } = useSession();
  const connections = useQuery({ queryKey: ['connections', projectId], queryFn: api.connections });
  const tools = useQuery({ queryKey: ['tools', projectId], queryFn: api.tools });
  const agents = useQuery({ queryKey: ['agents', projectId], queryFn: api.agents });
  if (!connections.data || !tools.data || !agents.data) return null;
  const base = `/p/${encodeURIComponent(projectId)}`;
  const steps = [
    { done: connections.data.length > 0, label: 'Connect an integration', to: `${base}/integrations` },
    { done: tools.data.length > 0, label: 'Create a tool', to: `${base}/tools/new` },
    { done: agents.data.length > 0, label: 'Create an agent', to: `${base}/agents/new` },
  ];
  if (steps.every((s) => s.done)) return null;
  return (
    <section className="card checklist" aria-labelledby="checklist-h">
      <h2 id="checklist-h">Get started</h2>
      <ol>
        {steps.map((s) => (
          <li key={s.label} className={s.done ? 'done' : undefined}>
            {s.done ? (
              <>
                <span aria-hidden="true">✓ </span>
                {s.label} <span className="sr-only">(done)</span>
              </>
            ) : (
              <Link to={s.to}>{s.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

function NewProject({ open, onClose, organizationId }: { open: boolean; onClose: () => void; organizationId: string }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const { busy, error, run } = useAction();
  const client = useQueryClient();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const { project_id } = await api.createProject(name, description, organizationId);
      await client.invalidateQueries({ queryKey: ['projects'] });
      setName('');
      setDescription('');
      onClose();
      navigate(`/p/${encodeURIComponent(project_id)}/agents`);
    });
  };
  return (
    <Modal title="New project" open={open} onClose={onClose}>
      <form onSubmit={submit}>
        <Field label="Name">{(id) => <input id={id} required maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />}</Field>
        <Field label="Description">{(id) => <textarea id={id} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} />}</Field>
        <ErrorNote error={error} />
        <div className="actions">
          <Button onClick={onClose}>Cancel</Button>
          <Button type="submit" variant="primary" busy={busy}>
            Create project
          </Button>
        </div>
      </form>
    </Modal>
  );
}
