import { importPKCS8, SignJWT } from 'jose';
import type { Env } from '../../env';

/**
 * The sign-in providers the specification names (Google, Apple, Facebook), each switched on by
 * configuration. Google and Apple speak OpenID Connect (discovery, ID tokens); Facebook's web
 * login is plain OAuth 2 with the Graph API's `/me` for the person's id, name and email.
 */
export const OAUTH_PROVIDER_IDS = ['google', 'apple', 'facebook'] as const;
export type OAuthProviderId = (typeof OAUTH_PROVIDER_IDS)[number];

export function isOAuthProviderId(value: string): value is OAuthProviderId {
  return (OAUTH_PROVIDER_IDS as readonly string[]).includes(value);
}

interface ProviderBase {
  id: OAuthProviderId;
  clientId: string;
  /** the client secret of the moment (Apple's is a short-lived signed JWT) */
  clientSecret: () => Promise<string>;
  scope: string;
  /** Apple posts the answer back as a form when name or email is asked for */
  responseMode: 'query' | 'form_post';
}

export interface OidcProvider extends ProviderBase {
  kind: 'oidc';
  issuer: string;
}

export interface GraphProvider extends ProviderBase {
  kind: 'graph';
  authorizationUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
}

export type OAuthProvider = OidcProvider | GraphProvider;

/** Apple's client secret may live up to six months; a fresh one each hour is plenty. */
const APPLE_SECRET_SECONDS = 3600;

/**
 * Apple's client secret: an ES256 JWT signed with the team's private key (iss team id,
 * sub client id, aud the issuer), as Apple's "Sign in with Apple" REST API requires.
 */
export async function createAppleClientSecret(options: {
  teamId: string;
  clientId: string;
  keyId: string;
  privateKeyPem: string;
  audience: string;
  nowSec?: number;
}): Promise<string> {
  const key = await importPKCS8(options.privateKeyPem.replace(/\\n/g, '\n'), 'ES256');
  const issuedAt = options.nowSec ?? Math.floor(Date.now() / 1000);
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: options.keyId })
    .setIssuer(options.teamId)
    .setSubject(options.clientId)
    .setAudience(options.audience)
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + APPLE_SECRET_SECONDS)
    .sign(key);
}

/** The providers this configuration switches on, in the order the login page shows them. */
export function configuredProviders(env: Env): OAuthProvider[] {
  const providers: OAuthProvider[] = [];
  if (env.OAUTH_GOOGLE_CLIENT_ID && env.OAUTH_GOOGLE_CLIENT_SECRET) {
    const secret = env.OAUTH_GOOGLE_CLIENT_SECRET;
    providers.push({
      id: 'google',
      kind: 'oidc',
      issuer: env.OAUTH_GOOGLE_ISSUER,
      clientId: env.OAUTH_GOOGLE_CLIENT_ID,
      clientSecret: async () => secret,
      scope: 'openid email profile',
      responseMode: 'query',
    });
  }
  if (env.OAUTH_APPLE_CLIENT_ID && env.OAUTH_APPLE_TEAM_ID && env.OAUTH_APPLE_KEY_ID && env.OAUTH_APPLE_PRIVATE_KEY) {
    const { OAUTH_APPLE_CLIENT_ID: clientId, OAUTH_APPLE_TEAM_ID: teamId, OAUTH_APPLE_KEY_ID: keyId } = env;
    const privateKeyPem = env.OAUTH_APPLE_PRIVATE_KEY;
    let cached: { secret: string; until: number } | null = null;
    providers.push({
      id: 'apple',
      kind: 'oidc',
      issuer: env.OAUTH_APPLE_ISSUER,
      clientId,
      clientSecret: async () => {
        const nowSec = Math.floor(Date.now() / 1000);
        if (!cached || cached.until <= nowSec + 60) {
          const secret = await createAppleClientSecret({ teamId, clientId, keyId, privateKeyPem, audience: env.OAUTH_APPLE_ISSUER, nowSec });
          cached = { secret, until: nowSec + APPLE_SECRET_SECONDS };
        }
        return cached.secret;
      },
      scope: 'openid name email',
      responseMode: 'form_post',
    });
  }
  if (env.OAUTH_FACEBOOK_CLIENT_ID && env.OAUTH_FACEBOOK_CLIENT_SECRET) {
    const secret = env.OAUTH_FACEBOOK_CLIENT_SECRET;
    providers.push({
      id: 'facebook',
      kind: 'graph',
      authorizationUrl: env.OAUTH_FACEBOOK_AUTHORIZATION_URL,
      tokenUrl: env.OAUTH_FACEBOOK_TOKEN_URL,
      userinfoUrl: env.OAUTH_FACEBOOK_USERINFO_URL,
      clientId: env.OAUTH_FACEBOOK_CLIENT_ID,
      clientSecret: async () => secret,
      scope: 'email public_profile',
      responseMode: 'query',
    });
  }
  return providers;
}
