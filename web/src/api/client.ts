// Transport: openapi-fetch over the types generated from Hangar's own OpenAPI document
// (sdk/schema.d.ts, `npm run sdk:generate`), so every path, body and answer is checked against
// what the server declares — a changed route breaks `npm run typecheck`, not a page. Same-origin,
// with the session cookie; the CSRF header on state-changing calls; the current project in
// x-project-id (`api`; `account` for account-level calls); every failure an ApiError carrying the
// API's message; a 401 from anything but sign-in ends the session here too.
import createClient, { type Middleware } from 'openapi-fetch';
import type { paths } from '../../../sdk/schema.d.ts';

export type { paths };

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errorType: string,
  ) {
    super(message);
  }
}

let currentProject: string | undefined;
/** The project every project-scoped call acts on (the header the server reads with a session). */
export function setProject(projectId: string | undefined): void {
  currentProject = projectId;
}

/** Called on a 401 from anything but sign-in: the session ended. */
let onSignedOut: () => void = () => {};
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

function csrfToken(): string {
  const match = /(?:^|;\s*)hangar_csrf=([^;]*)/.exec(document.cookie);
  return match ? decodeURIComponent(match[1]) : '';
}

/**
 * Whether this browser holds a session at all: sign-in sets the readable CSRF cookie beside the
 * HTTP-only session cookie and sign-out clears both. Without it, asking the server who we are can
 * only answer 401 (a failed load in the console), so the dashboard goes to sign-in directly.
 */
export const hasSession = (): boolean => csrfToken() !== '';

const common: Middleware = {
  onRequest({ request }) {
    request.headers.set('accept', 'application/json');
    if (request.method !== 'GET') request.headers.set('x-hangar-csrf', csrfToken());
    return request;
  },
};
const project: Middleware = {
  onRequest({ request }) {
    if (currentProject) request.headers.set('x-project-id', currentProject);
    return request;
  },
};

/** Calls made inside the current project. */
export const api = createClient<paths>({ credentials: 'same-origin' });
api.use(common, project);
/** Account-level calls: no project header. */
export const account = createClient<paths>({ credentials: 'same-origin' });
account.use(common);

const NO_SIGN_OUT = ['/latest/auth/login', '/latest/auth/invite/accept'];

/** The answer of a call, or its failure as an ApiError with the API's message. */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch {
    throw new ApiError(0, 'Hangar could not be reached. Check your connection and try again.', 'network_error');
  }
  const { data, error, response } = result;
  if (!response.ok) {
    const body = (error && typeof error === 'object' ? error : {}) as { message?: unknown; error_type?: unknown };
    const message = typeof body.message === 'string' ? body.message : typeof error === 'string' && error ? error : `The call failed with status ${response.status}.`;
    if (response.status === 401 && !NO_SIGN_OUT.includes(new URL(response.url, location.href).pathname)) onSignedOut();
    throw new ApiError(response.status, message, typeof body.error_type === 'string' ? body.error_type : 'error');
  }
  return data as T;
}
