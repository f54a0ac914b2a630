// A real OpenID provider for the single sign-on tests: oidc-provider (panva) on 127.0.0.1, whose
// interaction (login and consent) signs in whichever account the test names, and which the test can
// make misbehave: answer discovery slowly or with garbage, rotate its signing key, or replace the
// ID token of its token answers (re-signed with its own key, or forged with another).
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose';
import Provider from 'oidc-provider';

export interface Account {
  email: string;
  email_verified?: boolean;
  name?: string;
  groups?: string[];
}

export interface Idp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** Who the next interaction signs in (the account id). */
  signInAs: string;
  accounts: Map<string, Account>;
  /** Discovery answers after this many ms (0: at once). */
  discoveryDelayMs: number;
  /** Discovery answers this text instead of the metadata. */
  discoveryBody: string | undefined;
  /** Rewrites the ID token of the next token answers: claims changed, and signed by the IdP's key or a forged one. */
  tamper: ((claims: Record<string, unknown>) => Record<string, unknown>) | undefined;
  tamperKey: 'idp' | 'forged';
  /** A new signing key (new kid); the old one is no longer published. */
  rotateKey(): Promise<void>;
  kid(): string;
  tokenRequests: number;
  close(): Promise<void>;
}

async function newKey(kid: string) {
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const jwk = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' } as JWK;
  return { jwk, privateKey };
}

export async function startIdp(options: { redirectUri: string; clientId?: string; clientSecret?: string }): Promise<Idp> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const accounts = new Map<string, Account>();
  let keyNumber = 1;
  let key = await newKey(`key-${keyNumber}`);
  const forged = await newKey('forged');

  const build = () => {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: idp.clientId,
          client_secret: idp.clientSecret,
          redirect_uris: [options.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
          token_endpoint_auth_method: 'client_secret_basic',
        },
      ],
      jwks: { keys: [key.jwk as never] },
      cookies: { keys: ['test-cookie-key-for-the-sso-idp'] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
      pkce: { required: () => true },
      ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
      async findAccount(_ctx: unknown, id: string) {
        const account = accounts.get(id);
        if (!account) return undefined;
        return { accountId: id, claims: async () => ({ sub: id, email_verified: true, ...account }) };
      },
    } as never);
    provider.proxy = false;
    // oidc-provider logs every refused request on the console by default.
    provider.on('server_error', () => {});
    return provider;
  };

  const idp: Idp = {
    issuer,
    clientId: options.clientId ?? 'hangar-test',
    clientSecret: options.clientSecret ?? 'a-client-secret-of-the-test-idp',
    signInAs: '',
    accounts,
    discoveryDelayMs: 0,
    discoveryBody: undefined,
    tamper: undefined,
    tamperKey: 'idp',
    tokenRequests: 0,
    async rotateKey() {
      keyNumber += 1;
      key = await newKey(`key-${keyNumber}`);
      provider = build();
    },
    kid: () => key.jwk.kid!,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  let provider = build();

  server.on('request', async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', issuer);
      if (url.pathname === '/.well-known/openid-configuration') {
        if (idp.discoveryDelayMs) await new Promise((r) => setTimeout(r, idp.discoveryDelayMs));
        if (idp.discoveryBody !== undefined) {
          res.writeHead(200, { 'content-type': 'application/json' });
          return res.end(idp.discoveryBody);
        }
      }
      if (url.pathname.startsWith('/interaction/')) {
        // The person at the IdP signs in as `signInAs` and consents to what the client asked.
        const details = await provider.interactionDetails(req, res);
        const accountId = idp.signInAs;
        const grant = new provider.Grant({ accountId, clientId: details.params.client_id as string });
        grant.addOIDCScope(String(details.params.scope));
        const grantId = await grant.save();
        return await provider.interactionFinished(req, res, { login: { accountId }, consent: { grantId } }, { mergeWithLastSubmission: false });
      }
      if (url.pathname === '/token' && req.method === 'POST') {
        idp.tokenRequests += 1;
        if (idp.tamper) rewriteIdToken(res, idp.tamper, idp.tamperKey === 'forged' ? { ...forged, jwk: { ...forged.jwk, kid: key.jwk.kid } } : key);
      }
      provider.callback()(req, res);
    } catch (err) {
      res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    }
  });
  return idp;
}

/** Replaces the id_token of the JSON this response is about to send (headers are not yet sent when Koa ends it). */
function rewriteIdToken(res: http.ServerResponse, tamper: (claims: Record<string, unknown>) => Record<string, unknown>, signer: { jwk: JWK; privateKey: CryptoKey }) {
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.end = ((chunk: unknown, ...rest: unknown[]) => {
    const text = chunk ? Buffer.from(chunk as Buffer).toString('utf8') : '';
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(text);
    } catch {
      return end(chunk, ...rest);
    }
    if (typeof body.id_token !== 'string') return end(chunk, ...rest);
    const claims = tamper(decodeJwt(body.id_token) as Record<string, unknown>);
    void new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: signer.jwk.kid, typ: 'JWT' })
      .sign(signer.privateKey)
      .then((token) => {
        const out = JSON.stringify({ ...body, id_token: token });
        res.setHeader('content-length', Buffer.byteLength(out));
        end(out);
      });
    return res;
  }) as typeof res.end;
}
