// Google APIs' error shape ({error: {code, message, status}}) and JSON-body field checks that
// answer the way Google's JSON transcoding does (unknown fields are refused, not ignored).
import { isObject, reply, type Reply } from '../base.ts';

const STATUS: Record<number, string> = {
  400: 'INVALID_ARGUMENT',
  401: 'UNAUTHENTICATED',
  403: 'PERMISSION_DENIED',
  404: 'NOT_FOUND',
  409: 'ALREADY_EXISTS',
  429: 'RESOURCE_EXHAUSTED',
  500: 'INTERNAL',
  501: 'UNIMPLEMENTED',
  503: 'UNAVAILABLE',
};

export const googleError = (code: number, message: string, headers?: Record<string, string | number>): Reply =>
  reply(code, { error: { code, message, status: STATUS[code] ?? 'UNKNOWN' } }, headers);

export class GoogleFailure extends Error {
  constructor(public code: number, message: string) {
    super(message);
  }
}

export const fail = (code: number, message: string): never => {
  throw new GoogleFailure(code, message);
};

export const invalid = (message: string): never => fail(400, message);

/** The body as an object whose fields are all among `allowed` (Google refuses unknown names). */
export function fields(body: unknown, allowed: string[], where: string): Record<string, any> {
  if (body === undefined) return {};
  if (!isObject(body)) invalid(`Invalid JSON payload received. Expected an object at '${where}'.`);
  for (const key of Object.keys(body as object)) {
    if (!allowed.includes(key)) invalid(`Invalid JSON payload received. Unknown name "${key}" at '${where}': Cannot find field.`);
  }
  return body as Record<string, any>;
}

export function stringField(value: unknown, path: string, required = false): string | undefined {
  if (value === undefined || value === null) {
    if (required) invalid(`${path} is required.`);
    return undefined;
  }
  if (typeof value !== 'string') invalid(`Invalid value at '${path}' (TYPE_STRING), ${JSON.stringify(value)}`);
  return value as string;
}

/** int64 fields arrive as JSON numbers or as decimal strings; both are accepted, like Google. */
export function intField(value: unknown, path: string): number | undefined {
  if (value === undefined || value === null) return undefined;
  const n = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n)) invalid(`Invalid value at '${path}' (TYPE_INT64), ${JSON.stringify(value)}`);
  return n as number;
}

export function boolField(value: unknown, path: string): boolean | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') invalid(`Invalid value at '${path}' (TYPE_BOOL), ${JSON.stringify(value)}`);
  return value as boolean;
}

export function arrayField(value: unknown, path: string): unknown[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value)) invalid(`Invalid value at '${path}', expected a list.`);
  return value as unknown[];
}
