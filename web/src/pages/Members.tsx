import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as api from '../api/index.ts';
import { useSession } from '../session.tsx';
import { Button, Confirm, CopyButton, Email, Empty, ErrorNote, Field, Loading, when, Columns } from '../ui.tsx';

/** The link an invitee opens; Hangar sends no mail, so an admin passes it on. */
const inviteLink = (code: string) => `${location.origin}/invite/${code}`;

const ROLES: api.Role[] = ['viewer', 'editor', 'admin'];

function RoleSelect({ id, value, onChange, label, disabled }: { id?: string; value: api.Role | undefined; onChange: (r: api.Role) => void; label: string; disabled?: boolean }) {
  return (
    <select id={id} aria-label={id ? undefined : label} value={value ?? ''} disabled={disabled} onChange={(e) => onChange(e.target.value as api.Role)}>
      {ROLES.map((r) => (
        <option key={r} value={r}>
          {r}
        </option>
      ))}
    </select>
  );
}

export function Members() {
  const { projectId, isAdmin, me } = useSession();
  const client = useQueryClient();
  const members = useQuery({ queryKey: ['members', projectId], queryFn: api.members, enabled: isAdmin });
  const invites = useQuery({ queryKey: ['invites', projectId], queryFn: api.invites, enabled: isAdmin });
  const refresh = () => Promise.all([client.invalidateQueries({ queryKey: ['members', projectId] }), client.invalidateQueries({ queryKey: ['invites', projectId] })]);

  const [email, setEmail] = useState('');
  const [role, setRole] = useState<api.Role>('editor');
  const [sent, setSent] = useState<{ code: string; state?: string; email: string } | null>(null);
  const inviting = useMutation({
    mutationFn: () => api.invite(email, role),
    onSuccess: async (r) => {
      setSent({ code: r.invite_code, state: r.state, email });
      setEmail('');
      await refresh();
    },
  });
  const [pendingRole, setPendingRole] = useState<{ invite: api.Invite; role: api.Role } | null>(null);
  const [deleting, setDeleting] = useState<api.Invite | null>(null);
  const [removing, setRemoving] = useState<api.Member | null>(null);
  const changing = useMutation({ mutationFn: ({ userId, role }: { userId: string; role: api.Role }) => api.changeRole(userId, role), onSettled: refresh });

  if (!isAdmin) return <Empty title="Members are managed by the project's admins.">Ask an admin of this project to invite people or change roles.</Empty>;
  return (
    <>
      <h1>Members</h1>
      <section aria-labelledby="invite-h">
        <h2 id="invite-h">Invite someone</h2>
        <form
          className="row"
          onSubmit={(e) => {
            e.preventDefault();
            inviting.mutate();
          }}
        >
          <Field label="Email">{(id) => <input id={id} type="email" required value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
          <Field label="Role">{(id) => <RoleSelect id={id} label="Role" value={role} onChange={setRole} />}</Field>
          <Button type="submit" variant="primary" busy={inviting.isPending}>
            Invite
          </Button>
        </form>
        <ErrorNote error={inviting.error} />
        {sent ? (
          <p role="status" className="ok">
            {sent.state === 'accepted' ? (
              <>{sent.email} already belongs to the organization and is now a member of this project.</>
            ) : (
              <>
                Invite created for {sent.email}. Hangar does not email it: send them this link.
                <span className="invite-link">
                  <code id="new-invite-link">{inviteLink(sent.code)}</code>
                  <CopyButton text={inviteLink(sent.code)} targetId="new-invite-link" label="Copy link" aria-label={`Copy the invite link for ${sent.email}`} />
                </span>
              </>
            )}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="invites-h">
        <h2 id="invites-h">Pending invites</h2>
        <p className="hint">To change the role of a pending invite, Hangar deletes it and creates a new one with the new role (its link changes).</p>
        {invites.isPending ? (
          <Loading what="invites" />
        ) : invites.isError ? (
          <ErrorNote error={invites.error} />
        ) : invites.data.length === 0 ? (
          <Empty title="No pending invites.">Invite someone above; they appear here until they accept.</Empty>
        ) : (
          <table>
            <Columns names={['Email', 'Role', 'Invited']} narrow={['Invited']} />
            <tbody>
              {invites.data.map((i) => (
                <tr key={i.inviteCode}>
                  <td>
                    <Email address={i.email} />
                    <code id={`invite-link-${i.inviteCode}`} className="sr-only">
                      {inviteLink(i.inviteCode)}
                    </code>
                  </td>
                  <td>
                    <RoleSelect label={`Role of the invite for ${i.email}`} value={i.role} onChange={(r) => setPendingRole({ invite: i, role: r })} />
                  </td>
                  <td className="hide-narrow">{when(i.createdAt)}</td>
                  <td>
                    <div className="actions left">
                      <CopyButton text={inviteLink(i.inviteCode)} targetId={`invite-link-${i.inviteCode}`} label="Copy link" aria-label={`Copy the invite link for ${i.email}`} />
                      <Button variant="danger" onClick={() => setDeleting(i)}>
                        Delete invite
                      </Button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <section aria-labelledby="members-h">
        <h2 id="members-h">Members</h2>
        <ErrorNote error={changing.error} />
        {members.isPending ? (
          <Loading what="members" />
        ) : members.isError ? (
          <ErrorNote error={members.error} />
        ) : (
          <table>
            <Columns names={['Email', 'Name', 'Role']} narrow={['Name']} />
            <tbody>
              {members.data.map((m) => (
                <tr key={m.userId}>
                  <td>
                    <Email address={m.email} />
                    {m.userId === me.userId ? <span className="badge">you</span> : null}
                  </td>
                  <td className="hide-narrow">{m.name}</td>
                  <td>
                    <RoleSelect label={`Role of ${m.email}`} value={m.role} disabled={changing.isPending} onChange={(r) => changing.mutate({ userId: m.userId, role: r })} />
                  </td>
                  <td>
                    {/* Leaving a project is not removing someone: no Remove on your own row. */}
                    {m.userId === me.userId ? null : (
                      <Button variant="danger" onClick={() => setRemoving(m)}>
                        Remove
                      </Button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>

      <Confirm
        title="Change the invite's role"
        open={!!pendingRole}
        onClose={() => setPendingRole(null)}
        confirmLabel="Delete and re-invite"
        action={async () => {
          if (!pendingRole) return;
          await api.deleteInvite(pendingRole.invite.inviteCode);
          try {
            const r = await api.invite(pendingRole.invite.email, pendingRole.role);
            setSent({ code: r.invite_code, state: r.state, email: pendingRole.invite.email });
          } finally {
            await refresh();
          }
        }}
      >
        <p>
          An invite's role cannot be changed in place: the invite for {pendingRole?.invite.email} will be deleted and a new one created as {pendingRole?.role}. The old invite
          link stops working.
        </p>
      </Confirm>
      <Confirm
        title="Delete invite"
        open={!!deleting}
        onClose={() => setDeleting(null)}
        confirmLabel="Delete invite"
        action={async () => {
          await api.deleteInvite(deleting!.inviteCode);
          await refresh();
        }}
      >
        <p>The invite for {deleting?.email} will be deleted; its link stops working.</p>
      </Confirm>
      <Confirm
        title="Remove member"
        open={!!removing}
        onClose={() => setRemoving(null)}
        confirmLabel="Remove from project"
        action={async () => {
          await api.removeMember(removing!.userId);
          await refresh();
        }}
      >
        <p>{removing?.email} will lose access to this project. Their account and other projects are unaffected.</p>
      </Confirm>
    </>
  );
}
