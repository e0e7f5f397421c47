import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';

/**
 * An OpenID provider on loopback for the API tests: discovery, JWKS, an authorization endpoint that
 * signs in at once as `login` (or the login_hint), a token endpoint that checks the client secret and
 * the PKCE verifier and signs an RS256 ID Token, and userinfo. What it says about the person is up to
 * the test (`claims`), as it is up to whoever runs a real provider: that is the point of these tests.
 * The browser tests use a full provider (oidc-provider, e2e/support/test-provider.ts).
 */
export interface TestIdp {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** The account the next authorization signs in as (the login_hint when null). */
  login: string | null;
  /** The ID Token's claims for a login (sub, email, …); `iss`, `aud`, `nonce`, `iat`, `exp` are added. */
  claims: (login: string) => Record<string, unknown>;
  /** Fields that replace the discovery document's (to point jwks_uri or token_endpoint elsewhere). */
  metadata: Record<string, unknown>;
  /** Every request's method and path. */
  requests: string[];
  stop(): Promise<void>;
}

const body = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let s = '';
    req.on('data', (c) => (s += c));
    req.on('end', () => resolve(s));
  });

export async function startTestIdp(): Promise<TestIdp> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, { login: string; nonce: string; challenge: string; redirectUri: string }>();
  const tokens = new Map<string, string>();
  const idp: TestIdp = {
    issuer: '',
    clientId: 'hh-portal',
    clientSecret: randomBytes(16).toString('hex'),
    login: null,
    claims: (login) => ({ sub: `sub-${login}`, email: login, email_verified: true }),
    metadata: {},
    requests: [],
    stop: async () => undefined,
  };
  const json = (res: import('node:http').ServerResponse, status: number, data: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(JSON.stringify(data));
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', idp.issuer);
    idp.requests.push(`${req.method} ${url.pathname}`);
    if (url.pathname === '/.well-known/openid-configuration') {
      return json(res, 200, {
        issuer: idp.issuer,
        authorization_endpoint: `${idp.issuer}/auth`,
        token_endpoint: `${idp.issuer}/token`,
        jwks_uri: `${idp.issuer}/jwks`,
        userinfo_endpoint: `${idp.issuer}/userinfo`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        token_endpoint_auth_methods_supported: ['client_secret_basic'],
        code_challenge_methods_supported: ['S256'],
        ...idp.metadata,
      });
    }
    if (url.pathname === '/jwks') return json(res, 200, { keys: [jwk] });
    if (url.pathname === '/auth') {
      const login = idp.login ?? url.searchParams.get('login_hint') ?? 'nobody@example.test';
      const code = randomBytes(16).toString('hex');
      const redirectUri = url.searchParams.get('redirect_uri') ?? '';
      codes.set(code, { login, nonce: url.searchParams.get('nonce') ?? '', challenge: url.searchParams.get('code_challenge') ?? '', redirectUri });
      const back = new URL(redirectUri);
      back.searchParams.set('code', code);
      back.searchParams.set('state', url.searchParams.get('state') ?? '');
      return res.writeHead(302, { location: back.href }).end();
    }
    if (url.pathname === '/token' && req.method === 'POST') {
      const form = new URLSearchParams(await body(req));
      // client_secret_basic: both parts form-encoded (RFC 6749 §2.3.1), then base64.
      const [id, secret] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':')
        .map((p) => decodeURIComponent(p.replace(/\+/g, ' ')));
      if (id !== idp.clientId || secret !== idp.clientSecret) return json(res, 401, { error: 'invalid_client' });
      const grant = codes.get(form.get('code') ?? '');
      codes.delete(form.get('code') ?? '');
      const verifier = form.get('code_verifier') ?? '';
      if (!grant || createHash('sha256').update(verifier).digest('base64url') !== grant.challenge || form.get('redirect_uri') !== grant.redirectUri)
        return json(res, 400, { error: 'invalid_grant' });
      const claims = idp.claims(grant.login);
      const idToken = await new SignJWT({ ...claims, nonce: grant.nonce })
        .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
        .setIssuer(idp.issuer)
        .setAudience(idp.clientId)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, grant.login);
      return json(res, 200, { access_token: accessToken, token_type: 'Bearer', expires_in: 300, id_token: idToken });
    }
    if (url.pathname === '/userinfo') {
      const login = tokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
      if (!login) return json(res, 401, { error: 'invalid_token' });
      return json(res, 200, idp.claims(login));
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  idp.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  idp.stop = () => new Promise<void>((r) => server.close(() => r()));
  return idp;
}
