import { useEffect } from 'react';
import { navigate, useLocation } from '../router.tsx';

export const OAUTH_MESSAGE = 'hangar-oauth-done';

/** Where the provider's sign-in pop-up lands: tell the opener, then close. */
export function OAuthDone() {
  const { query } = useLocation();
  useEffect(() => {
    const detail = { type: OAUTH_MESSAGE, connection_id: query.get('connection_id'), provider: query.get('provider') };
    if (window.opener && !window.opener.closed) {
      window.opener.postMessage(detail, location.origin);
      window.close();
    } else {
      // Opened without a pop-up (blocked, or a new tab): go back to the integrations page.
      navigate('/', { replace: true });
    }
  }, []);
  return (
    <main id="main" className="narrow">
      <h1>Connected</h1>
      <p role="status">The account is connected. This window closes by itself.</p>
    </main>
  );
}
