import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { localizePath, splitLocalePath, type Locale } from '../../../core/locale';
import type { Db } from '../../db/client';
import { isAppError } from '../../errors';
import { readCookie, sessionCookie } from '../../http/current-user';
import { createSession } from '../auth/public';
import { beginOAuth, finishOAuth, type OAuthFlow } from './oauth-client';
import { signInWithIdentity } from './oauth-account';
import { isOAuthProviderId, type OAuthProvider } from './providers';
import { apiLinks } from '../../../core/contracts/links';

/**
 * Sign-in with Google, Apple and Facebook (section 2 "Login methods"):
 *   GET  /api/oauth/providers              which ones this site has switched on
 *   GET  /api/oauth/:provider/start        → the provider's sign-in page
 *   GET  /api/oauth/:provider/callback     ← the provider's answer (Apple: POST, a form)
 * Success sets the session cookie and goes back to the page the visitor came from; any
 * failure goes to the login page with `?oauth=failed&provider=…`, where the specification's
 * message ("… login failed — Please register and log in with email") is shown.
 */
export interface OAuthRoutesOptions {
  db: Db;
  providers: OAuthProvider[];
  welcomePoints: number;
  /** the site's public address; without it, the address the request came in on */
  publicUrl?: string;
  secureCookies: boolean;
  now?: () => Date;
}

const FLOW_COOKIE = 'tribun_oauth';
const FLOW_COOKIE_PATH = '/api/oauth';
const FLOW_SECONDS = 600;
const DEFAULT_AFTER_SIGN_IN = '/personal-center/personal-center';

const ProviderParamsSchema = z.object({ provider: z.string().max(20) });
const StartQuerySchema = z.object({ redirect: z.string().max(500).optional() });

interface StoredFlow {
  flow: OAuthFlow;
  /** the local path to go back to, already in the visitor's language */
  back: string;
  locale: Locale;
}

/** Only paths of this site: a leading single slash, no scheme-relative `//` or backslash tricks. */
export function safeLocalPath(candidate: string | undefined): string | null {
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return null;
  // Control characters are dropped by URL parsers and could smuggle a host in.
  if ([...candidate].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) return null;
  return candidate;
}

function readFlow(request: FastifyRequest): StoredFlow | null {
  const raw = readCookie(request.headers.cookie, FLOW_COOKIE);
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as StoredFlow;
    return parsed && typeof parsed.flow?.state === 'string' ? parsed : null;
  } catch {
    return null;
  }
}

export const oauthRoutes: FastifyPluginAsyncZod<OAuthRoutesOptions> = async (app, options) => {
  const byId = new Map(options.providers.map((provider) => [provider.id, provider]));
  const now = options.now ?? (() => new Date());
  const secure = options.secureCookies ? '; Secure' : '';

  // Apple answers with a form post; only this scope reads form bodies.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 16 * 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  function publicOrigin(request: FastifyRequest): string {
    if (options.publicUrl) return options.publicUrl.replace(/\/+$/, '');
    return `${request.protocol}://${request.host}`;
  }

  function providerOf(id: string): OAuthProvider | undefined {
    return isOAuthProviderId(id) ? byId.get(id) : undefined;
  }

  function unknownProvider(reply: FastifyReply): FastifyReply {
    reply.callNotFound();
    return reply;
  }

  function failed(reply: FastifyReply, locale: Locale, providerId: string): FastifyReply {
    const query = new URLSearchParams({ oauth: 'failed', provider: providerId });
    return reply
      .header('set-cookie', `${FLOW_COOKIE}=; Path=${FLOW_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`)
      .redirect(`${localizePath('/login', locale)}?${query}`, 302);
  }

  app.get('/api/oauth/providers', { schema: { tags: ['account'] } }, async () => ({
    code: 0,
    msg: 'success',
    data: { providers: options.providers.map((provider) => provider.id) },
  }));

  app.get(
    apiLinks.oauthStart,
    { schema: { tags: ['account'], params: ProviderParamsSchema, querystring: StartQuerySchema } },
    async (request, reply) => {
      const provider = providerOf(request.params.provider);
      const back = safeLocalPath(request.query.redirect) ?? DEFAULT_AFTER_SIGN_IN;
      const locale = splitLocalePath(back).locale;
      if (!provider) return unknownProvider(reply);
      const redirectUri = `${publicOrigin(request)}/api/oauth/${provider.id}/callback`;
      let started: Awaited<ReturnType<typeof beginOAuth>>;
      try {
        started = await beginOAuth(provider, { redirectUri });
      } catch (error) {
        request.log.warn({ err: error, provider: provider.id }, 'oauth: provider unreachable');
        return failed(reply, locale, provider.id);
      }
      const stored: StoredFlow = { flow: started.flow, back, locale };
      const value = Buffer.from(JSON.stringify(stored), 'utf8').toString('base64url');
      // Apple's answer is a cross-site POST: only SameSite=None cookies travel with it.
      const sameSite = provider.responseMode === 'form_post' && options.secureCookies ? 'None' : 'Lax';
      return reply
        .header('set-cookie', `${FLOW_COOKIE}=${value}; Path=${FLOW_COOKIE_PATH}; Max-Age=${FLOW_SECONDS}; HttpOnly; SameSite=${sameSite}${secure}`)
        .redirect(started.url.href, 302);
    },
  );

  const callback = async (
    request: FastifyRequest,
    reply: FastifyReply,
    providerId: string,
    answer: URLSearchParams,
  ): Promise<FastifyReply> => {
    const stored = readFlow(request);
    const locale = stored?.locale ?? 'tr';
    const provider = providerOf(providerId);
    if (!provider) return unknownProvider(reply);
    if (!stored || answer.has('error')) return failed(reply, locale, provider.id);
    try {
      const identity = await finishOAuth(provider, { flow: stored.flow, answer });
      const { userId } = await signInWithIdentity(options.db, { identity, welcomePoints: options.welcomePoints, now: now() });
      const session = await createSession(options.db, {
        userId,
        now: now(),
        userAgent: request.headers['user-agent'] ?? null,
        ip: request.ip,
      });
      return reply
        .header('set-cookie', [
          `${FLOW_COOKIE}=; Path=${FLOW_COOKIE_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
          sessionCookie(session.token, { secure: options.secureCookies }),
        ])
        .redirect(stored.back, 302);
    } catch (error) {
      if (!isAppError(error)) request.log.warn({ err: error, provider: provider.id }, 'oauth: sign-in failed');
      return failed(reply, locale, provider.id);
    }
  };

  app.get(
    '/api/oauth/:provider/callback',
    { schema: { tags: ['account'], params: ProviderParamsSchema, querystring: z.record(z.string(), z.string()) } },
    async (request, reply) => callback(request, reply, request.params.provider, new URLSearchParams(request.query)),
  );

  app.post(
    '/api/oauth/:provider/callback',
    { schema: { tags: ['account'], params: ProviderParamsSchema, body: z.record(z.string(), z.string()) } },
    async (request, reply) => callback(request, reply, request.params.provider, new URLSearchParams(request.body)),
  );
};
