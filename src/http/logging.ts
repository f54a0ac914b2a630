// Log lines carry the request id and never a credential: headers that carry one, and any field
// named like a secret, are redacted before the line is written.
import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-hub-signature-256"]',
  'res.headers["set-cookie"]',
  '*.api_key',
  '*.password',
  '*.token',
  '*.access_token',
  '*.refresh_token',
  '*.client_secret',
  '*.secret',
];

// Query parameters that carry a one-time secret (the OAuth callback's code and state).
const SECRET_QUERY = /([?&](?:code|state|token|access_token|refresh_token|api_key|key)=)[^&#]*/gi;

export function redactUrl(url: string): string {
  return url.replace(SECRET_QUERY, '$1[redacted]');
}

export function loggerOptions(config: Config, stream?: NodeJS.WritableStream): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      req: (req: { method: string; url: string; host?: string; ip?: string; socket?: { remotePort?: number } }) => ({
        method: req.method,
        url: redactUrl(req.url),
        host: req.host,
        remoteAddress: req.ip,
        remotePort: req.socket?.remotePort,
      }),
    },
    ...(stream ? { stream } : {}),
  };
}
