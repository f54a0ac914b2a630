import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as api from '../api/index.ts';
import { Link, navigate } from '../router.tsx';
import { Button, ErrorNote, Field, Loading, useAction } from '../ui.tsx';

/**
 * The invite link: who is invited where, by whom; accepting creates the account (or takes the
 * password of an existing one) for the invited email — never another — and signs in. Should the
 * sign-in fail once the account exists, sign-in takes over with the email filled in.
 */
export function InvitePage({ code }: { code: string }) {
  const invite = useQuery({ queryKey: ['invite', code], queryFn: () => api.lookupInvite(code), retry: false, staleTime: Infinity });
  return (
    <main id="main" className="narrow">
      <h1>Join a Hangar project</h1>
      {invite.isPending ? (
        <Loading what="the invite" />
      ) : invite.isError ? (
        <>
          <ErrorNote error={invite.error} />
          <p>
            Ask the person who invited you for a new link, or <Link to="/sign-in">sign in</Link> if you already joined.
          </p>
        </>
      ) : (
        <Accept code={code} invite={invite.data} />
      )}
    </main>
  );
}

function Accept({ code, invite }: { code: string; invite: api.InviteInfo }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const client = useQueryClient();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const accepted = await api.acceptInvite(code, invite.email, password, name);
      const next = `/p/${encodeURIComponent(accepted.project_id)}/agents`;
      try {
        await api.login(invite.email, password);
      } catch {
        // The account exists and is in the project: only the sign-in is left, and the page for it says so.
        navigate(`/sign-in?${new URLSearchParams({ email: invite.email, joined: '1', next })}`, { replace: true });
        return;
      }
      client.clear();
      navigate(next, { replace: true });
    });
  };
  return (
    <>
      <p>
        {invite.invited_by ? <>{invite.invited_by} invited you</> : <>You are invited</>} to a project as {invite.role === 'viewer' ? 'a' : 'an'} {invite.role}.
      </p>
      <dl className="facts" aria-label="The invite">
        <dt>Organization</dt>
        <dd>{invite.organization_name}</dd>
        <dt>Project</dt>
        <dd>{invite.project_name}</dd>
        {invite.invited_by ? (
          <>
            <dt>Invited by</dt>
            <dd>{invite.invited_by}</dd>
          </>
        ) : null}
        <dt>Role</dt>
        <dd>{invite.role}</dd>
      </dl>
      <form onSubmit={submit}>
        <Field label="Email" hint="The invited address: your account is this one.">
          {(id) => <input id={id} type="email" autoComplete="username" readOnly value={invite.email} />}
        </Field>
        {invite.account_exists ? (
          <>
            <p className="muted">You already have a Hangar account with this email: enter its password to join the project.</p>
            <Field label="Password">
              {(id) => <input id={id} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
          </>
        ) : (
          <>
            <Field label="Your name">{(id) => <input id={id} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />}</Field>
            <Field label="Choose a password" hint="At least 8 characters.">
              {(id) => <input id={id} type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />}
            </Field>
          </>
        )}
        <ErrorNote error={error} />
        <Button type="submit" variant="primary" busy={busy}>
          Accept invite
        </Button>
      </form>
    </>
  );
}
