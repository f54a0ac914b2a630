import { createContext, useContext } from 'react';
import type { Me, Project, Role } from './api/index.ts';

export interface Session {
  me: Me;
  projects: Project[];
  projectId: string;
  role: Role | undefined;
  /** May create, change and delete tools, agents, triggers and connections (editor or admin). */
  canEdit: boolean;
  isAdmin: boolean;
}
export const SessionContext = createContext<Session | null>(null);
export function useSession(): Session {
  const s = useContext(SessionContext);
  if (!s) throw new Error('useSession outside a project page');
  return s;
}
/** A project-relative dashboard path. */
export const useHref = () => {
  const { projectId } = useSession();
  return (rest: string) => `/p/${encodeURIComponent(projectId)}${rest}`;
};
