// Client commands over the HTTP API. They read HANGAR_API_KEY and HANGAR_PROJECT, and pick the
// region's base address from the key's prefix (sk-<region>-…), as the SDK does.
import type { Command } from 'commander';
import { loadConfig } from '../config.ts';
import { permissionsFor, ROLES, type Role } from '../governance/permissions.ts';
import { parseApiKey } from '../governance/secrets.ts';

async function call(method: 'GET' | 'POST', path: string, body: unknown, projectScoped: boolean): Promise<void> {
  const key = process.env.HANGAR_API_KEY;
  if (!key) throw new Error('set HANGAR_API_KEY to your API key');
  const project = projectScoped ? process.env.HANGAR_PROJECT : '';
  if (projectScoped && !project) throw new Error('set HANGAR_PROJECT to the project id');
  const { region } = parseApiKey(key);
  if (!region) throw new Error('HANGAR_API_KEY is not a Hangar key (sk-<region>-…)');
  const base = process.env.HANGAR_URL ?? loadConfig().baseUrls[region];
  const response = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${project}:${key}`, 'content-type': 'application/json' },
    body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined,
  });
  const text = await response.text();
  // The API's JSON as it is, on stdout or (for an error) stderr, so scripts can parse either.
  (response.ok ? process.stdout : process.stderr).write(`${text}\n`);
  if (!response.ok) process.exitCode = 1;
}

function role(value: string): Role {
  if (!ROLES.includes(value as Role)) throw new Error(`role must be one of ${ROLES.join(', ')}`);
  return value as Role;
}

export function apiCommands(program: Command): void {
  const projects = program.command('projects').description('projects of your organization');
  projects
    .command('create')
    .requiredOption('--name <name>')
    .option('--description <text>', '', '')
    .requiredOption('--org <organization_id>')
    .action((o) => call('POST', '/latest/projects/create', { name: o.name, description: o.description, organization_id: o.org }, false));
  projects.command('list').action(() => call('GET', '/latest/projects/list', undefined, false));

  const invite = program.command('invite').description('invites to HANGAR_PROJECT');
  invite
    .command('create')
    .requiredOption('--email <email>')
    .option('--role <role>', 'admin, editor or viewer', 'viewer')
    .action((o) => call('POST', '/latest/auth/invite/create', { email: o.email, permissions: permissionsFor(role(o.role)) }, true));
  invite.command('delete').requiredOption('--code <invite_code>').action((o) => call('POST', '/latest/auth/invite/delete', { invite_code: o.code }, true));
  invite.command('list').action(() => call('POST', '/latest/auth/invite/list', {}, true));

  const users = program.command('users').description('members of HANGAR_PROJECT');
  users.command('list').action(() => call('POST', '/latest/auth/users/list', {}, true));
  users
    .command('update <user_id>')
    .requiredOption('--role <role>')
    .action((id: string, o) => call('POST', `/latest/auth/users/${encodeURIComponent(id)}/update`, { permissions: permissionsFor(role(o.role)) }, true));
  users.command('remove <user_id>').action((id: string) => call('POST', `/latest/auth/users/${encodeURIComponent(id)}/delete`, {}, true));

  program.command('whoami').description('who HANGAR_API_KEY belongs to').action(() => call('GET', '/latest/auth/info', undefined, false));
}
