// Transport: same-origin fetch with the session cookie, the CSRF header on state-changing calls,
// the current project in x-project-id, and every failure as an ApiError carrying the API's message.

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

export async function request<T = any>(method: 'GET' | 'POST', path: string, body?: unknown, options: { project?: string | null } = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const project = options.project === null ? undefined : (options.project ?? currentProject);
  if (project) headers['x-project-id'] = project;
  if (method !== 'GET') {
    headers['content-type'] = 'application/json';
    headers['x-hangar-csrf'] = csrfToken();
  }
  let response: Response;
  try {
    response = await fetch(path, { method, headers, credentials: 'same-origin', body: method === 'GET' ? undefined : JSON.stringify(body ?? {}) });
  } catch {
    throw new ApiError(0, 'Hangar could not be reached. Check your connection and try again.', 'network_error');
  }
  const text = await response.text();
  let parsed: any;
  try {
    parsed = text ? JSON.parse(text) : {};
  } catch {
    parsed = { message: text };
  }
  if (!response.ok) {
    const error = new ApiError(response.status, typeof parsed?.message === 'string' ? parsed.message : `The call failed with status ${response.status}.`, parsed?.error_type ?? 'error');
    if (response.status === 401 && path !== '/latest/auth/login' && !path.startsWith('/latest/auth/invite/accept')) onSignedOut();
    throw error;
  }
  return parsed as T;
}

export const get = <T = any>(path: string, options?: { project?: string | null }) => request<T>('GET', path, undefined, options);
export const post = <T = any>(path: string, body?: unknown, options?: { project?: string | null }) => request<T>('POST', path, body, options);
