import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as api from '../api/index.ts';
import { navigate, useLocation } from '../router.tsx';
import { Button, ErrorNote, Field, useAction } from '../ui.tsx';

/** Only a path of this dashboard may be the page to return to (never another site). */
export function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.startsWith('/\\') ? next : '/';
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address as typed, once the person has paused typing (the provider lookup is per domain). */
function useSettled(value: string, ms = 350): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export function SignIn() {
  const { query } = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { busy, error, setError, run } = useAction();
  const client = useQueryClient();
  const next = safeNext(query.get('next'));
  const ssoError = query.get('sso_error');
  // Email first: a company address finds its organization's identity provider.
  const typed = useSettled(email.trim());
  const domain = EMAIL.test(typed) ? typed.slice(typed.lastIndexOf('@') + 1).toLowerCase() : '';
  const providers = useQuery({ queryKey: ['sso-providers', domain], queryFn: () => api.ssoProvidersFor(typed), enabled: domain !== '', staleTime: 60_000 });
  const offered = domain ? (providers.data ?? []) : [];
  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    await run(async () => {
      await api.login(email, password);
      client.clear();
      navigate(next, { replace: true });
    });
  };
  return (
    <main id="main" className="narrow">
      <h1>Sign in to Hangar</h1>
      {query.get('next') ? <p className="muted">You are signed out (or your session ended). Sign in to go back to the page you were on.</p> : null}
      {ssoError ? (
        <p className="error" role="alert">
          Single sign-on did not complete: {ssoError}
        </p>
      ) : null}
      <form onSubmit={submit}>
        <Field label="Email" hint="Enter your work email: if your organization signs in with an identity provider, it is offered here.">
          {(id) => <input id={id} type="email" autoComplete="username" required value={email} onChange={(e) => setEmail(e.target.value)} />}
        </Field>
        {offered.length ? (
          <section aria-label="Single sign-on" className="sso-offer">
            {offered.map((p) => (
              <a key={p.provider_id} className="btn btn-primary" href={api.ssoStartUrl({ providerId: p.provider_id }, next)}>
                Sign in with {p.name}
              </a>
            ))}
            <p className="hint">Or sign in with your password below, if your organization allows it.</p>
          </section>
        ) : null}
        <Field label="Password">
          {(id) => <input id={id} type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />}
        </Field>
        <ErrorNote error={error} />
        <div className="row">
          <Button type="submit" variant={offered.length ? 'secondary' : 'primary'} busy={busy}>
            Sign in
          </Button>
          <Button
            variant="link"
            onClick={() => {
              // The server routes the address to its provider, or comes back here saying there is none.
              if (EMAIL.test(email.trim())) location.assign(api.ssoStartUrl({ email: email.trim() }, next));
              else setError(new Error('Enter your email address first: single sign-on finds your organization by it.'));
            }}
          >
            Use single sign-on
          </Button>
        </div>
      </form>
    </main>
  );
}
