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
      description: 'A member of the organization; the sign-in email comes from emails (or from userName when it is an address).',
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

/** One attribute definition (RFC 7643 §7), as /Schemas shows it and attributes.ts reads bodies by it. */
export interface AttributeDefinition {
  name: string;
  type: 'string' | 'boolean' | 'decimal' | 'integer' | 'dateTime' | 'reference' | 'binary' | 'complex';
  multiValued: boolean;
  required: boolean;
  caseExact: boolean;
  mutability: 'readOnly' | 'readWrite' | 'immutable' | 'writeOnly';
  returned: 'always' | 'never' | 'default' | 'request';
  uniqueness: 'none' | 'server' | 'global';
  description?: string;
  subAttributes?: AttributeDefinition[];
  referenceTypes?: string[];
}

const attr = (name: string, type: AttributeDefinition['type'], extra: Partial<AttributeDefinition> = {}): AttributeDefinition => ({
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

/** A multi-valued attribute of RFC 7643 §2.4's shape: value, display, type, primary. */
const plural = (name: string, valueType: AttributeDefinition['type'] = 'string', extra: Partial<AttributeDefinition> = {}) =>
  attr(name, 'complex', { multiValued: true, subAttributes: [attr('value', valueType), attr('display', 'string'), attr('type', 'string'), attr('primary', 'boolean')], ...extra });

/** RFC 7643 §4.1: the User attributes Hangar keeps (password, which it never takes from a directory, aside). */
export const USER_ATTRIBUTES: AttributeDefinition[] = [
  attr('userName', 'string', {
    required: true,
    uniqueness: 'server',
    description: "Any non-empty text the directory identifies the person by (an email, a UPN, a login name), unique in the organization whatever its case. The sign-in email is the primary (else the first work, else the first) entry of emails, or userName when it is an address.",
  }),
  attr('name', 'complex', {
    subAttributes: [attr('formatted', 'string'), attr('familyName', 'string'), attr('givenName', 'string'), attr('middleName', 'string'), attr('honorificPrefix', 'string'), attr('honorificSuffix', 'string')],
  }),
  attr('displayName', 'string'),
  attr('nickName', 'string'),
  attr('profileUrl', 'reference', { referenceTypes: ['external'] }),
  attr('title', 'string'),
  attr('userType', 'string'),
  attr('preferredLanguage', 'string'),
  attr('locale', 'string'),
  attr('timezone', 'string'),
  attr('active', 'boolean', { description: 'false deactivates the person at once: sessions end, API keys and OAuth grants stop until active is true again.' }),
  plural('emails', 'string', { description: 'The sign-in email is the primary entry (else the first work one, else the first); changing it changes the address the person signs in with.' }),
  plural('phoneNumbers'),
  plural('ims'),
  plural('photos', 'reference'),
  attr('addresses', 'complex', {
    multiValued: true,
    subAttributes: ['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type'].map((n) => attr(n, 'string')).concat([attr('primary', 'boolean')]),
  }),
  attr('groups', 'complex', {
    multiValued: true,
    mutability: 'readOnly',
    description: "The directory groups the person is in (change a Group's members to change it).",
    subAttributes: [attr('value', 'string', { mutability: 'readOnly' }), attr('$ref', 'reference', { mutability: 'readOnly', referenceTypes: ['Group'] }), attr('display', 'string', { mutability: 'readOnly' }), attr('type', 'string', { mutability: 'readOnly' })],
  }),
  plural('entitlements'),
  plural('roles'),
  plural('x509Certificates', 'binary'),
];

/** RFC 7643 §4.3: the enterprise extension, kept as the directory sends it. */
export const ENTERPRISE_ATTRIBUTES: AttributeDefinition[] = [
  attr('employeeNumber', 'string'),
  attr('costCenter', 'string'),
  attr('organization', 'string'),
  attr('division', 'string'),
  attr('department', 'string'),
  attr('manager', 'complex', { subAttributes: [attr('value', 'string'), attr('$ref', 'reference', { referenceTypes: ['User'] }), attr('displayName', 'string', { mutability: 'readOnly' })] }),
];

export const GROUP_ATTRIBUTES: AttributeDefinition[] = [
  attr('displayName', 'string', { required: true, uniqueness: 'server' }),
  attr('members', 'complex', {
    multiValued: true,
    subAttributes: [
      attr('value', 'string', { mutability: 'immutable' }),
      attr('display', 'string', { mutability: 'readOnly' }),
      attr('$ref', 'reference', { mutability: 'immutable', referenceTypes: ['User'] }),
      attr('type', 'string', { mutability: 'immutable' }),
    ],
  }),
];

/** RFC 7643 §3.1: on every resource, outside its schema's attribute list. */
export const COMMON_ATTRIBUTES: AttributeDefinition[] = [
  attr('id', 'string', { mutability: 'readOnly', returned: 'always', caseExact: true }),
  attr('externalId', 'string', { caseExact: true }),
  attr('meta', 'complex', { mutability: 'readOnly', subAttributes: ['resourceType', 'created', 'lastModified', 'location', 'version'].map((n) => attr(n, 'string', { mutability: 'readOnly' })) }),
];

export function schemas(base: string) {
  const meta = (id: string) => ({ resourceType: 'Schema', location: `${base}/Schemas/${id}` });
  return [
    { schemas: [SCHEMA_SCHEMA], id: USER_SCHEMA, name: 'User', description: 'A member of the organization.', attributes: USER_ATTRIBUTES, meta: meta(USER_SCHEMA) },
    { schemas: [SCHEMA_SCHEMA], id: ENTERPRISE_USER_SCHEMA, name: 'EnterpriseUser', description: 'Enterprise User: kept as the directory sends it.', attributes: ENTERPRISE_ATTRIBUTES, meta: meta(ENTERPRISE_USER_SCHEMA) },
    { schemas: [SCHEMA_SCHEMA], id: GROUP_SCHEMA, name: 'Group', description: "A group of the organization's directory.", attributes: GROUP_ATTRIBUTES, meta: meta(GROUP_SCHEMA) },
  ];
}

export function listResponse<T>(resources: T[], totalResults: number, startIndex: number) {
  return { schemas: [LIST_SCHEMA], totalResults, startIndex, itemsPerPage: resources.length, Resources: resources };
}
