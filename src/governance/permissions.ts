// The permissions object of the source document (§2) and the roles it grants.
import { Type, type Static } from 'typebox';

export const ROLES = ['viewer', 'editor', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const ACTION_OF_ROLE: Record<Role, string> = { admin: 'admin', editor: 'role:editor', viewer: 'role:viewer' };

// additionalProperties: false makes an unknown action name a 400 that names it, as the contract asks.
export const PermissionsSchema = Type.Object(
  {
    items: Type.Object({
      platformDefault: Type.Object({
        actions: Type.Object(
          {
            admin: Type.Optional(Type.Literal(true)),
            'role:editor': Type.Optional(Type.Literal(true)),
            'role:viewer': Type.Optional(Type.Literal(true)),
          },
          { additionalProperties: false, minProperties: 1 },
        ),
      }),
    }),
  },
  {
    description: 'Role granted: `{"items": {"platformDefault": {"actions": {"role:editor": true}}}}`. Actions: admin, role:editor, role:viewer.',
    examples: [{ items: { platformDefault: { actions: { 'role:editor': true } } } }],
  },
);
export type Permissions = Static<typeof PermissionsSchema>;

/** The highest role the object grants: admin > editor > viewer. */
export function roleOf(permissions: Permissions): Role {
  const actions = permissions.items.platformDefault.actions;
  if (actions.admin) return 'admin';
  if (actions['role:editor']) return 'editor';
  return 'viewer';
}

export function permissionsFor(role: Role): Permissions {
  return { items: { platformDefault: { actions: { [ACTION_OF_ROLE[role]]: true } } } } as Permissions;
}

export function atLeast(role: Role, required: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(required);
}

export function actionOf(role: Role): string {
  return ACTION_OF_ROLE[role];
}
