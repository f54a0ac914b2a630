// A few lines of history-API routing: the dashboard has a handful of routes, and a router package
// would cost more of the first-load budget than it saves.
import { useEffect, useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

/** Pages with unsaved changes: leaving asks first (their question), within the app and off it. */
const guards = new Set<{ message: string }>();
const mayLeave = () => [...guards].every((g) => window.confirm(g.message));
let here = location.pathname + location.search;
window.addEventListener('popstate', () => {
  // Back or forward has already moved the address: put it back if the person stays.
  if (guards.size && !mayLeave()) {
    history.pushState(null, '', here);
    return;
  }
  here = location.pathname + location.search;
  notify();
});
window.addEventListener('beforeunload', (e) => {
  if (guards.size) e.preventDefault();
});

/** While `message` is set, leaving the page (a link, back, reload, closing the tab) asks it first. */
export function useLeaveGuard(message: string | null): void {
  useEffect(() => {
    if (!message) return;
    const guard = { message };
    guards.add(guard);
    return () => void guards.delete(guard);
  }, [message]);
}

/** `force`: leave without asking (the page itself moves on, its changes saved). */
export function navigate(to: string, options: { replace?: boolean; force?: boolean } = {}): void {
  if (to === location.pathname + location.search) return;
  if (!options.force && guards.size && !mayLeave()) return;
  history[options.replace ? 'replaceState' : 'pushState'](null, '', to);
  here = to;
  notify();
  window.scrollTo(0, 0);
}

export function useLocation(): { path: string; query: URLSearchParams; href: string } {
  const href = useSyncExternalStore(
    (l) => (listeners.add(l), () => listeners.delete(l)),
    () => location.pathname + location.search,
  );
  const [path, search = ''] = href.split('?');
  return { path, query: new URLSearchParams(search), href };
}

/** `/p/:project/tools/:id` against a path: the named parts, or null. A trailing `*` matches the rest. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const want = pattern.split('/').filter(Boolean);
  const have = path.split('/').filter(Boolean);
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    if (want[i] === '*') return params;
    if (have[i] === undefined) return null;
    if (want[i].startsWith(':')) params[want[i].slice(1)] = decodeURIComponent(have[i]);
    else if (want[i] !== have[i]) return null;
  }
  return have.length === want.length ? params : null;
}

export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const click = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={click} {...rest} />;
}
