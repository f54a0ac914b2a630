// The organization's settings: one tab per section of sections.ts, for organization admins.
import type { Me } from '../../api/index.ts';
import { Link } from '../../router.tsx';
import { Empty } from '../../ui.tsx';
import { SETTINGS_SECTIONS } from './sections.ts';

export function Settings({ me, section }: { me: Me; section?: string }) {
  if (me.organizationRole !== 'admin') {
    return <Empty title="Organization settings are for organization admins.">Ask an admin of {me.organizationName} to change them.</Empty>;
  }
  const current = SETTINGS_SECTIONS.find((s) => s.path === section) ?? SETTINGS_SECTIONS[0];
  if (!current) return <Empty title="There are no organization settings yet." />;
  const Section = current.component;
  return (
    <>
      <h1>Organization settings</h1>
      <nav className="tabs" aria-label="Settings">
        {SETTINGS_SECTIONS.map((s) => (
          <Link key={s.path} to={`/org/settings/${s.path}`} aria-current={s === current ? 'page' : undefined}>
            {s.label}
          </Link>
        ))}
      </nav>
      <Section organizationId={me.organizationId} />
    </>
  );
}
