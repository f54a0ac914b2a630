import { useState } from 'react';
import * as api from '../api/index.ts';
import { navigate } from '../router.tsx';
import { Button, ErrorNote, Field, useAction } from '../ui.tsx';

/** The invite link: accept it, creating the account (or with the password of an existing one), then sign in. */
export function InvitePage({ code }: { code: string }) {
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await run(async () => {
      const accepted = await api.acceptInvite(code, password, name);
      await api.login(email, password);
      navigate(`/p/${encodeURIComponent(accepted.project_id)}/agents`, { replace: true });
    });
  };
  return (
    <main id="main" className="narrow">
      <h1>Join a Hangar project</h1>
      <p className="muted">You were invited to a project. Choose a password to create your account (or enter the password of your existing account), and you are signed in.</p>
      <form onSubmit={submit}>
        <Field label="Your email (the invited address)">{(id) => <input id={id} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
        <Field label="Your name">{(id) => <input id={id} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} />}</Field>
        <Field label="Password" hint="At least 8 characters.">
          {(id) => <input id={id} type="password" autoComplete="new-password" required minLength={8} value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <ErrorNote error={error} />
        <Button type="submit" variant="primary" busy={busy}>
          Accept invite
        </Button>
      </form>
    </main>
  );
}
