// The dashboard session's cookies, set by every way of signing in (password, single sign-on).
import { serialize as serializeCookie } from 'cookie';
import type { Config } from '../config.ts';
import { CSRF_COOKIE, csrfTokenFor, SESSION_COOKIE } from './auth.ts';

/** An HTTP-only, SameSite=Strict session cookie, and the readable CSRF cookie the dashboard echoes in x-hangar-csrf. */
export function sessionCookies(config: Config, session: { token: string; expires_at: Date }): string[] {
  const secure = config.publicUrl.startsWith('https:');
  return [
    serializeCookie(SESSION_COOKIE, session.token, { httpOnly: true, sameSite: 'strict', secure, path: '/', expires: session.expires_at }),
    // The dashboard reads this one and echoes it in x-hangar-csrf on every state-changing call.
    serializeCookie(CSRF_COOKIE, csrfTokenFor(session.token), { httpOnly: false, sameSite: 'strict', secure, path: '/', expires: session.expires_at }),
  ];
}
