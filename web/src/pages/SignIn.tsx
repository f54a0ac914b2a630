import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import * as api from '../api/index.ts';
import { navigate, useLocation } from '../router.tsx';
import { Button, ErrorNote, Field, useAction } from '../ui.tsx';

/** Only a path of this dashboard may be the page to return to (never another site). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

export function SignIn() {
  const { query } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, run } = useAction();
  const client = useQueryClient();
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await run(async () => {
      await api.login(email, password);
      client.clear();
      navigate(safeNext(query.get('next')), { replace: true });
    });
  };
  return (
    <main id="main" className="narrow">
      <h1>Sign in to Hangar</h1>
      {query.get('next') ? <p className="muted">You are signed out (or your session ended). Sign in to go back to the page you were on.</p> : null}
      <form onSubmit={submit}>
        <Field label="Email">{(id) => <input id={id} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />}</Field>
        <Field label="Password">
          {(id) => <input id={id} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <ErrorNote error={error} />
        <Button type="submit" variant="primary" busy={busy}>
          Sign in
        </Button>
      </form>
    </main>
  );
}
