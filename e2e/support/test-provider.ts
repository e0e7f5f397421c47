import { createServer, type Server } from 'node:http';
import { exportJWK, generateKeyPair, type JWK, SignJWT, decodeJwt, decodeProtectedHeader } from 'jose';
import Provider from 'oidc-provider';
import { freePort } from './server.ts';

/** How the provider's token endpoint answers: honestly, or with an id_token that must be refused. */
export type Tamper = 'none' | 'bad-signature' | 'wrong-audience' | 'expired' | 'replayed-nonce';

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  tamper: Tamper;
  stop(): Promise<void>;
}

/**
 * A real OpenID provider (oidc-provider) on loopback, with its development login screen: any login
 * name signs in as that account, whose `email` is the login name. Its token endpoint can be told to
 * hand back a forged id_token (re-signed with another key, another audience, already expired, or
 * the previous sign-in's token with its old nonce) to test that the product refuses each one.
 */
export async function startTestProvider(portalBase: string, fixedPort?: number): Promise<TestProvider> {
  // A port chosen beforehand lets the server start with the provider's origin allowed (SSO_TEST_ISSUER_ORIGINS).
  const port = fixedPort ?? (await freePort());
  const issuer = `http://127.0.0.1:${port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signing: JWK = { ...(await exportJWK(privateKey)), kid: 'test-key', alg: 'RS256', use: 'sig' };
  const { privateKey: rogue } = await generateKeyPair('RS256', { extractable: true });
  const clientId = 'humanize-portal';
  const clientSecret = 'a-client-secret-for-tests';
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: [`${portalBase}/sso/callback`],
        post_logout_redirect_uris: [`${portalBase}/login`],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [signing] },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['given_name', 'family_name'] },
    scopes: ['openid', 'email', 'profile'],
    features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
    pkce: { required: () => true },
    async findAccount(_ctx: unknown, id: string) {
      const local = id.split('@')[0] ?? id;
      return {
        accountId: id,
        async claims() {
          return { sub: id, email: id, email_verified: true, given_name: local.charAt(0).toUpperCase() + local.slice(1, 8), family_name: 'Sso' };
        },
      };
    },
  });
  const handler = provider.callback();
  const state: TestProvider = { issuer, clientId, clientSecret, tamper: 'none', stop: async () => undefined };
  let previousIdToken: string | null = null;

  async function forge(idToken: string): Promise<string> {
    const claims = decodeJwt(idToken);
    const header = decodeProtectedHeader(idToken);
    const now = Math.floor(Date.now() / 1000);
    const sign = (payload: Record<string, unknown>, key: CryptoKey) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: header.kid, typ: header.typ as string | undefined }).sign(key);
    const real = privateKey as CryptoKey;
    switch (state.tamper) {
      case 'bad-signature':
        return sign(claims, rogue as CryptoKey);
      case 'wrong-audience':
        return sign({ ...claims, aud: 'someone-else' }, real);
      case 'expired':
        return sign({ ...claims, iat: now - 7200, exp: now - 3600 }, real);
      case 'replayed-nonce':
        if (!previousIdToken) throw new Error('replayed-nonce needs an earlier sign-in');
        return previousIdToken;
      default:
        return idToken;
    }
  }

  const server: Server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url?.startsWith('/token')) return handler(req, res);
    // The token endpoint: capture the provider's JSON reply and, when told to, forge its id_token.
    const chunks: Buffer[] = [];
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    res.write = ((chunk: unknown) => {
      if (chunk) chunks.push(Buffer.from(chunk as string));
      return true;
    }) as typeof res.write;
    res.end = ((chunk?: unknown) => {
      if (chunk && typeof chunk !== 'function') chunks.push(Buffer.from(chunk as string));
      const body = Buffer.concat(chunks).toString('utf8');
      void (async () => {
        let out = body;
        try {
          const json = JSON.parse(body) as { id_token?: string };
          if (json.id_token) {
            const original = json.id_token;
            json.id_token = await forge(original);
            if (state.tamper === 'none') previousIdToken = original;
            out = JSON.stringify(json);
          }
        } catch {
          // not JSON (an error page): pass it through untouched
        }
        if (!res.headersSent) res.setHeader('content-length', Buffer.byteLength(out));
        write(out);
        end();
      })();
      return res;
    }) as typeof res.end;
    handler(req, res);
  });
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  state.stop = () => new Promise<void>((r) => server.close(() => r()));
  return state;
}
