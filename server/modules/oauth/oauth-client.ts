import * as client from 'openid-client';
import type { OAuthProvider } from './providers';

/**
 * The OAuth 2 / OpenID Connect client side of sign-in, on the maintained `openid-client`
 * library: authorization code flow with PKCE (S256), state, and for OpenID providers a nonce
 * and a verified ID token. Providers are plain data (providers.ts), so a stand-in provider in
 * tests goes through exactly the same code as Google, Apple and Facebook.
 */

/** What must survive the trip to the provider and back (kept in a short-lived HttpOnly cookie). */
export interface OAuthFlow {
  provider: OAuthProvider['id'];
  state: string;
  nonce: string | null;
  codeVerifier: string;
  redirectUri: string;
}

/** Who the provider says signed in. */
export interface OAuthIdentity {
  provider: OAuthProvider['id'];
  subject: string;
  email: string | null;
  emailVerified: boolean;
  name: string | null;
}

/** Plain HTTP is allowed only towards this machine (stand-in providers in tests and development). */
function isLoopback(url: string): boolean {
  const { protocol, hostname } = new URL(url);
  return protocol === 'http:' && (hostname === '127.0.0.1' || hostname === 'localhost' || hostname === '[::1]');
}

const configurations = new Map<string, Promise<client.Configuration>>();

async function configurationOf(provider: OAuthProvider): Promise<client.Configuration> {
  const secret = await provider.clientSecret();
  // Apple's secret changes hourly; the cache key follows it.
  const key = `${provider.id}|${provider.clientId}|${provider.kind === 'oidc' ? provider.issuer : provider.tokenUrl}|${secret}`;
  let pending = configurations.get(key);
  if (!pending) {
    if (provider.kind === 'oidc') {
      pending = client.discovery(new URL(provider.issuer), provider.clientId, secret, client.ClientSecretPost(secret), {
        execute: isLoopback(provider.issuer) ? [client.allowInsecureRequests] : [],
      });
    } else {
      const configuration = new client.Configuration(
        {
          issuer: new URL(provider.authorizationUrl).origin,
          authorization_endpoint: provider.authorizationUrl,
          token_endpoint: provider.tokenUrl,
        },
        provider.clientId,
        secret,
        client.ClientSecretPost(secret),
      );
      if (isLoopback(provider.tokenUrl)) client.allowInsecureRequests(configuration);
      pending = Promise.resolve(configuration);
    }
    // A failed discovery must not stay cached: the next sign-in tries again.
    pending.catch(() => configurations.delete(key));
    configurations.set(key, pending);
  }
  return pending;
}

/** The provider's sign-in address for this visitor, and what to remember until they come back. */
export async function beginOAuth(provider: OAuthProvider, options: { redirectUri: string }): Promise<{ url: URL; flow: OAuthFlow }> {
  const configuration = await configurationOf(provider);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = provider.kind === 'oidc' ? client.randomNonce() : null;
  const parameters: Record<string, string> = {
    redirect_uri: options.redirectUri,
    scope: provider.scope,
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
  };
  if (nonce !== null) parameters.nonce = nonce;
  if (provider.responseMode === 'form_post') parameters.response_mode = 'form_post';
  return {
    url: client.buildAuthorizationUrl(configuration, parameters),
    flow: { provider: provider.id, state, nonce, codeVerifier, redirectUri: options.redirectUri },
  };
}

/**
 * Completes sign-in with the provider's answer (`code`, `state`, …, from the query or the
 * posted form): exchanges the code, checks state, PKCE and — for OpenID providers — the ID
 * token's signature, issuer, audience and nonce, and reads who signed in.
 */
export async function finishOAuth(
  provider: OAuthProvider,
  options: { flow: OAuthFlow; answer: URLSearchParams },
): Promise<OAuthIdentity> {
  const { flow, answer } = options;
  if (flow.provider !== provider.id) throw new Error('the sign-in was started with another provider');
  const configuration = await configurationOf(provider);
  const callbackUrl = new URL(flow.redirectUri);
  for (const [name, value] of answer) if (name !== 'user') callbackUrl.searchParams.set(name, value);

  const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
    pkceCodeVerifier: flow.codeVerifier,
    expectedState: flow.state,
    ...(flow.nonce !== null ? { expectedNonce: flow.nonce, idTokenExpected: true } : {}),
  });

  if (provider.kind === 'oidc') {
    const claims = tokens.claims();
    if (!claims) throw new Error('the provider sent no ID token');
    const email = typeof claims.email === 'string' ? claims.email : null;
    // Apple writes email_verified as the string "true".
    const emailVerified = claims.email_verified === true || claims.email_verified === 'true';
    return {
      provider: provider.id,
      subject: claims.sub,
      email,
      emailVerified,
      name: typeof claims.name === 'string' ? claims.name : appleName(answer.get('user')),
    };
  }

  // Facebook: the Graph API's /me with the access token. Facebook only hands out addresses
  // it has confirmed, so a returned email counts as verified.
  const me = new URL(provider.userinfoUrl);
  me.searchParams.set('fields', 'id,name,email');
  const response = await fetch(me, { headers: { authorization: `Bearer ${tokens.access_token}` } });
  if (!response.ok) throw new Error(`the provider's profile answered ${response.status}`);
  const profile = (await response.json()) as { id?: unknown; name?: unknown; email?: unknown };
  if (typeof profile.id !== 'string' || profile.id === '') throw new Error('the provider sent no user id');
  const email = typeof profile.email === 'string' ? profile.email : null;
  return {
    provider: provider.id,
    subject: profile.id,
    email,
    emailVerified: email !== null,
    name: typeof profile.name === 'string' ? profile.name : null,
  };
}

/** Apple sends the name only once, as JSON in the posted `user` field. */
function appleName(raw: string | null): string | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { name?: { firstName?: unknown; lastName?: unknown } };
    const parts = [parsed.name?.firstName, parsed.name?.lastName].filter((part): part is string => typeof part === 'string');
    return parts.length > 0 ? parts.join(' ') : null;
  } catch {
    return null;
  }
}
