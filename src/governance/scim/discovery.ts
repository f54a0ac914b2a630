// What this service provider supports (RFC 7643 §5–7): ServiceProviderConfig, ResourceTypes and
// Schemas, which identity providers read to learn what to send.
import { MAX_OPERATIONS } from './patch.ts';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE_USER_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const LIST_SCHEMA = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const CONFIG_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig';
const RESOURCE_TYPE_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:ResourceType';
const SCHEMA_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Schema';

export const MAX_RESULTS = 200;

export function serviceProviderConfig(base: string) {
  return {
    schemas: [CONFIG_SCHEMA],
    documentationUri: `${base.replace(/\/scim\/v2$/, '')}/latest/documentation`,
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'OAuth Bearer Token', description: `An organization SCIM token, created by an organization admin: "Authorization: Bearer scim_…". PATCH takes at most ${MAX_OPERATIONS} operations.`, primary: true },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string) {
  return [
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: "A member of the organization; userName is the email they sign in with.",
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_USER_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/User` },
    },
    {
      schemas: [RESOURCE_TYPE_SCHEMA],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: "A group of the organization's directory; group rules turn its displayName into project roles.",
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/Group` },
    },
  ];
}

const attr = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function schemas(base: string) {
  const meta = (id: string) => ({ resourceType: 'Schema', location: `${base}/Schemas/${id}` });
  return [
    {
      schemas: [SCHEMA_SCHEMA],
      id: USER_SCHEMA,
      name: 'User',
      description: 'A member of the organization.',
      attributes: [
        attr('userName', 'string', { required: true, uniqueness: 'server', description: 'The email address the person signs in with.' }),
        attr('externalId', 'string', { caseExact: true }),
        attr('name', 'complex', { subAttributes: [attr('formatted', 'string'), attr('givenName', 'string'), attr('familyName', 'string')] }),
        attr('displayName', 'string'),
        attr('active', 'boolean', { description: 'false deactivates the person at once: sessions end, API keys and OAuth grants stop until active is true again.' }),
        attr('emails', 'complex', {
          multiValued: true,
          mutability: 'readOnly',
          description: 'The userName, as the one work email (change userName to change it).',
          subAttributes: [attr('value', 'string', { mutability: 'readOnly' }), attr('type', 'string', { mutability: 'readOnly' }), attr('primary', 'boolean', { mutability: 'readOnly' })],
        }),
      ],
      meta: meta(USER_SCHEMA),
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: ENTERPRISE_USER_SCHEMA,
      name: 'EnterpriseUser',
      description: 'Accepted so identity providers may send it; its attributes are not stored.',
      attributes: [],
      meta: meta(ENTERPRISE_USER_SCHEMA),
    },
    {
      schemas: [SCHEMA_SCHEMA],
      id: GROUP_SCHEMA,
      name: 'Group',
      description: "A group of the organization's directory.",
      attributes: [
        attr('displayName', 'string', { required: true, uniqueness: 'server' }),
        attr('externalId', 'string', { caseExact: true }),
        attr('members', 'complex', {
          multiValued: true,
          subAttributes: [attr('value', 'string', { mutability: 'immutable' }), attr('display', 'string', { mutability: 'readOnly' }), attr('$ref', 'reference', { mutability: 'immutable', referenceTypes: ['User'] })],
        }),
      ],
      meta: meta(GROUP_SCHEMA),
    },
  ];
}

export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
