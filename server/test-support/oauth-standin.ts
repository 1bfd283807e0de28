import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';

/**
 * A local stand-in for Google, Apple or Facebook sign-in, so the OAuth flow is tested end to
 * end without the internet: a real HTTP server speaking OpenID Connect (discovery, authorize,
 * token with PKCE and client authentication, RS256-signed ID tokens, JWKS, userinfo) or, in
 * `graph` mode, Facebook's plain OAuth 2 with a `/me` endpoint. The person "at the provider"
 * consents at once as `identity` (set it per test); `identity = null` makes them refuse.
 */
export interface StandinIdentity {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
}

export interface OAuthStandin {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** who signs in at the next authorization request; null → access_denied */
  identity: StandinIdentity | null;
  /** token requests received, with the client authentication they carried */
  tokenRequests: Array<{ clientId: string | null; grantType: string | null }>;
  close(): Promise<void>;
}

interface PendingCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  scope: string;
  identity: StandinIdentity;
}

export async function startOAuthStandin(options: { mode: 'oidc' | 'graph'; clientId?: string; clientSecret?: string }): Promise<OAuthStandin> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'standin-1', alg: 'RS256', use: 'sig' };
  const codes = new Map<string, PendingCode>();
  const accessTokens = new Map<string, StandinIdentity>();

  const state: OAuthStandin = {
    issuer: '',
    clientId: options.clientId ?? 'standin-client',
    clientSecret: options.clientSecret ?? randomBytes(16).toString('hex'),
    identity: { sub: 'standin-user-1', email: 'standin.fan@example.test', email_verified: true, name: 'Standin Fan' },
    tokenRequests: [],
    close: async () => undefined,
  };

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      response.writeHead(500, { 'content-type': 'text/plain' });
      response.end(String(error));
    });
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const url = new URL(request.url ?? '/', state.issuer);
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store', ...headers });
      response.end(JSON.stringify(body));
    };

    if (url.pathname === '/.well-known/openid-configuration' && options.mode === 'oidc') {
      return json(200, {
        issuer: state.issuer,
        authorization_endpoint: `${state.issuer}/authorize`,
        token_endpoint: `${state.issuer}/token`,
        userinfo_endpoint: `${state.issuer}/userinfo`,
        jwks_uri: `${state.issuer}/jwks`,
        response_types_supported: ['code'],
        response_modes_supported: ['query', 'form_post'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: ['client_secret_post', 'client_secret_basic'],
        scopes_supported: ['openid', 'email', 'profile', 'name'],
      });
    }
    if (url.pathname === '/jwks') return json(200, { keys: [jwk] });

    if (url.pathname === '/authorize' && request.method === 'GET') {
      const params = url.searchParams;
      const clientId = params.get('client_id');
      const redirectUri = params.get('redirect_uri');
      if (clientId !== state.clientId || !redirectUri) return json(400, { error: 'invalid_request' });
      const answer = new URLSearchParams();
      const returnedState = params.get('state');
      if (returnedState !== null) answer.set('state', returnedState);
      if (state.identity === null) {
        answer.set('error', 'access_denied');
      } else {
        const code = randomBytes(16).toString('hex');
        codes.set(code, {
          clientId,
          redirectUri,
          codeChallenge: params.get('code_challenge'),
          nonce: params.get('nonce'),
          scope: params.get('scope') ?? '',
          identity: state.identity,
        });
        answer.set('code', code);
        if (options.mode === 'oidc') answer.set('iss', state.issuer);
      }
      if (params.get('response_mode') === 'form_post') {
        // Apple's way: the browser posts the answer back (an auto-submitting form).
        const inputs = [...answer].map(([name, value]) => `<input type="hidden" name="${name}" value="${value}">`).join('');
        response.writeHead(200, { 'content-type': 'text/html' });
        response.end(`<form method="post" action="${redirectUri}">${inputs}</form><script>document.forms[0].submit()</script>`);
        return;
      }
      response.writeHead(302, { location: `${redirectUri}${redirectUri.includes('?') ? '&' : '?'}${answer}` });
      response.end();
      return;
    }

    if (url.pathname === '/token' && request.method === 'POST') {
      const body = new URLSearchParams(await readBody(request));
      let clientId = body.get('client_id');
      let clientSecret = body.get('client_secret');
      const basic = /^Basic (.+)$/.exec(request.headers.authorization ?? '');
      if (basic) {
        const [id, secret] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':').map((part) => decodeURIComponent(part));
        clientId = id ?? null;
        clientSecret = secret ?? null;
      }
      state.tokenRequests.push({ clientId, grantType: body.get('grant_type') });
      if (clientId !== state.clientId || clientSecret !== state.clientSecret) return json(401, { error: 'invalid_client' });
      const code = body.get('code') ?? '';
      const pending = codes.get(code);
      codes.delete(code);
      if (!pending || body.get('grant_type') !== 'authorization_code' || body.get('redirect_uri') !== pending.redirectUri) {
        return json(400, { error: 'invalid_grant' });
      }
      if (pending.codeChallenge !== null) {
        const verifier = body.get('code_verifier') ?? '';
        const challenge = createHash('sha256').update(verifier).digest('base64url');
        if (challenge !== pending.codeChallenge) return json(400, { error: 'invalid_grant', error_description: 'PKCE' });
      }
      const accessToken = randomBytes(24).toString('hex');
      accessTokens.set(accessToken, pending.identity);
      const answer: Record<string, unknown> = { access_token: accessToken, token_type: 'Bearer', expires_in: 3600 };
      if (options.mode === 'oidc' && pending.scope.split(' ').includes('openid')) {
        const claims: Record<string, unknown> = { ...pending.identity };
        if (pending.nonce !== null) claims.nonce = pending.nonce;
        answer.id_token = await new SignJWT(claims)
          .setProtectedHeader({ alg: 'RS256', kid: jwk.kid! })
          .setIssuer(state.issuer)
          .setAudience(pending.clientId)
          .setSubject(pending.identity.sub)
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(privateKey);
      }
      return json(200, answer);
    }

    const bearer = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1] ?? url.searchParams.get('access_token');
    const identity = bearer ? accessTokens.get(bearer) : undefined;
    if (url.pathname === '/userinfo' && options.mode === 'oidc') {
      return identity ? json(200, identity) : json(401, { error: 'invalid_token' });
    }
    if (url.pathname === '/me' && options.mode === 'graph') {
      if (!identity) return json(401, { error: { message: 'Invalid OAuth access token', type: 'OAuthException' } });
      return json(200, { id: identity.sub, name: identity.name, email: identity.email });
    }
    return json(404, { error: 'not_found' });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  state.issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  state.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return state;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (body += chunk));
    request.on('end', () => resolve(body));
    request.on('error', reject);
  });
}
