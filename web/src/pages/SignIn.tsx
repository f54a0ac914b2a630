import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import * as api from '../api/index.ts';
import { navigate, useLocation } from '../router.tsx';
import { Button, ErrorNote, Field, useAction } from '../ui.tsx';

const NOWHERE = 'http://h.invalid';

/**
 * Only a path of this dashboard may be the page to return to (never another site). URL parsers drop
 * tabs and newlines and read a backslash as a slash (`/\t/evil.example` is `//evil.example`), so
 * those are refused, and what is kept is the parser's own form, checked after its normalization.
 * The same rule as the server's (src/governance/sso/sign-in.ts).
 */
export function safeNext(next: string | null): string {
  if (!next || next.length > 2000 || !next.startsWith('/')) return '/';
  for (let i = 0; i < next.length; i++) {
    const c = next.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x5c) return '/';
  }
  let url: URL;
  try {
    url = new URL(next, NOWHERE);
  } catch {
    return '/';
  }
  const path = `${url.pathname}${url.search}${url.hash}`;
  return url.origin === NOWHERE && path.startsWith('/') && !path.startsWith('//') ? path : '/';
}

/**
 * What the sign-in page says for each `sso_error` code the server sends (src/governance/sso/refusals.ts).
 * Only these texts are ever shown: the link's own words never are, so nobody can make this page say
 * what they wrote.
 */
const SSO_ERRORS: Record<string, string> = {
  invalid_request: 'The sign-in request was incomplete. Start again below.',
  unknown_sign_in: 'This sign-in was already completed or is unknown. Start again below.',
  expired: 'The sign-in took too long and expired. Start again below.',
  wrong_browser: 'The sign-in was started in another browser, or its cookie was lost. Start again in this browser.',
  unknown_provider: 'That identity provider is not (or no longer) set up in Hangar. Ask your organization admin.',
  no_provider: "No identity provider signs in addresses of your email's domain. Sign in with your password, or check the address.",
  idp_refused: 'Your identity provider did not sign you in. Try again, or ask your organization admin to check its setup.',
  idp_unreachable: 'Your identity provider could not be reached, or did not answer in time. Try again in a moment.',
  token_invalid: "Your identity provider's answer could not be verified, so nobody was signed in. Try again, or ask your organization admin.",
  idp_invalid_claims: 'Your identity provider sent details of your account that Hangar cannot use (such as an email address that is not one), so nobody was signed in. Ask your organization admin to correct them there.',
  email_missing: 'Your identity provider did not share your email address with Hangar. Ask your organization admin.',
  email_unverified: 'Your identity provider did not confirm that your email address is verified. Verify it there, or ask your organization admin.',
  not_allowed: 'Your identity provider may not sign you in to this organization with this account. Ask your organization admin.',
  account_deactivated: 'Your account is deactivated. An organization admin must restore it first.',
  identity_conflict: 'This Hangar account is already linked to another account at your identity provider. Sign in with that one.',
  retry: 'Another sign-in of yours happened at the same moment. Start again below.',
  rate_limited: 'Too many sign-in attempts from your network. Wait a minute and try again.',
  unavailable: 'Hangar is unavailable for a moment. Try again in a minute.',
};
const SSO_ERROR_FALLBACK = 'Something went wrong on our side. Try again in a moment.';
export const ssoErrorMessage = (code: string) => (Object.hasOwn(SSO_ERRORS, code) ? SSO_ERRORS[code] : SSO_ERROR_FALLBACK);

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
  // From an accepted invite whose automatic sign-in failed: the account's email, filled in.
  const [email, setEmail] = useState(() => (EMAIL.test(query.get('email') ?? '') ? query.get('email')! : ''));
  const joined = query.get('joined') === '1';
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
      {joined ? (
        <p className="ok" role="status">
          Your account exists and you joined the project, but signing you in did not work. Sign in with the password you just chose.
        </p>
      ) : query.get('next') ? <p className="muted">You are signed out (or your session ended). Sign in to go back to the page you were on.</p> : null}
      {ssoError ? (
        <p className="error" role="alert">
          Single sign-on did not complete. {ssoErrorMessage(ssoError)}
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
