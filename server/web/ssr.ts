import { Readable, Transform } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createRequestHandler, type ServerBuild } from 'react-router';
import type { Sport } from '../../core/contracts/matches';
import type { MatchCentreReadServices, MatchReadServices, PublicConfig, SearchReadServices, ServerLoadContext } from '../../core/contracts/services';
import type { SiteOrigin } from '../http/site-origin';
import { KeptBytes, mergeVary, sendKept } from '../http/compression';
import { isApiPath, type UnmatchedRequests } from '../http/unmatched-requests';
import { AppError } from '../errors';
import { anonymousPageKey, isKeptPage, type PageCache, type RenderedPage } from './page-cache';
import { createPageActions } from './page-actions';

/**
 * How long a shared cache in front (a CDN) may keep serving a kept page while it fetches a new
 * one. The page then catches up over the live channel and its lists' refetch on load.
 */
const STALE_WHILE_REVALIDATE_S = 10;

/**
 * The per-request load context of the web app: the shared read services and public
 * configuration, and the request's signed-in user (resolved by the current-user plugin from
 * the `Token` header or the session cookie). Signed-out requests cost no database read.
 */
export function createLoadContextFactory(options: {
  /**
   * The signed-in reader as the pages show them (the account module's `getUserInfo`, handed in
   * by server/app.ts: the SSR glue knows no feature); throws when the account is gone.
   */
  getUserInfo(userId: number): Promise<NonNullable<ServerLoadContext['currentUser']>>;
  config: PublicConfig;
  /** what each feature adds (its module definition's `pageReads`, server/modules/index.ts) */
  pages: readonly PageReads[];
}): (request: FastifyRequest) => Promise<ServerLoadContext> {
  // The browser sees only the allow-list, with its defaults filled in.
  const config: PublicConfig = { ...options.config, oauthProviders: options.config.oauthProviders ?? [] };
  const reads: Partial<ServerLoadContext> = Object.assign({}, ...options.pages.map((page) => page.reads ?? {}));
  const { matches, matchCentre } = reads;
  if (!matches || !matchCentre) throw new Error('the pages need the reads of the matches and match-centre modules');
  const shared = { ...reads, matches, matchCentre, config };
  const writers = options.pages.flatMap((page) => (page.writes ? [page.writes] : []));
  return async (request) => {
    // Only a form's POST writes; a page read never gets them.
    const writes: Partial<ServerLoadContext> = request.method === 'POST' ? Object.assign({}, ...writers.map((write) => write(request))) : {};
    if (!request.user) return { ...shared, ...writes, currentUser: null };
    let currentUser: ServerLoadContext['currentUser'] = null;
    try {
      currentUser = await options.getUserInfo(request.user.id);
    } catch (error) {
      // The account vanished between the session lookup and now: render the page signed out.
      request.log.warn({ err: error, userId: request.user.id }, 'signed-in user not found for the page');
    }
    return { ...shared, ...writes, currentUser };
  };
}

/** Per-request reads and form writes a feature adds to the pages' load context. */
export interface PageReads {
  /** the same for every request (read services) */
  reads?: Partial<ServerLoadContext>;
  /** a form's writes for one request: asked only for a page POST (docs/decisions/100) */
  writes?: (request: FastifyRequest) => Partial<ServerLoadContext>;
}

/**
 * Serves the React Router app from Fastify: every request no API route claimed becomes a Web
 * Request for React Router's handler, which renders on the server with the load context.
 * Registered in its own encapsulated scope so that its raw-body parser touches nothing else.
 * The load context is built per request: it carries that request's signed-in user.
 */
export async function registerSsr(
  app: FastifyInstance,
  options: {
    build: ServerBuild;
    loadContext: (request: FastifyRequest) => Promise<ServerLoadContext>;
    /** the origin of the Request React Router sees: its canonical and hreflang links name it */
    siteOrigin: SiteOrigin;
    /** what an unknown API address or a page asked with another method answers (405/404 JSON) */
    unmatched: UnmatchedRequests;
    /** the anonymous page cache (decision 085); without it every page is rendered for its reader */
    pageCache?: { cache: PageCache; ttlMs: number };
  },
): Promise<void> {
  const handle = createRequestHandler(options.build, 'production');
  const actions = createPageActions(options.build);

  await app.register(async (scope) => {
    // React Router reads request bodies itself (actions); hand it the raw stream.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, payload, done) => done(null, payload));

    scope.all('/*', async (request, reply) => {
      // The catch-all takes every method: API addresses and odd methods never reach the renderer.
      if (isApiPath(request.url)) options.unmatched.rejectApi(request);
      // A page whose route has an action takes its form's POST too (docs/decisions/100).
      options.unmatched.assertPageMethod(request, { acceptsPost: actions.acceptsPost(request.url) });
      const origin = options.siteOrigin(request);
      if (request.method === 'POST') {
        // A form of another site may not post to ours, signed in or not (a sign-in into the
        // attacker's account included): a browser names the page that posts.
        const from = postingOrigin(request);
        if (from !== null && from !== origin) throw new AppError('CROSS_SITE');
        assertFormBody(request);
        // The answer to a form is for the one who sent it.
        reply.header('cache-control', 'private, no-store');
      }
      // The nonces of this response's Content Security Policy (@fastify/helmet), for its inline scripts.
      const cspNonce = reply.cspNonce ?? undefined;

      // Signed-out readers' pages may come from the cache; a signed-in reader's never does.
      if (options.pageCache && request.method === 'GET' && !request.user && isKeptPage(request.url)) {
        const { cache, ttlMs } = options.pageCache;
        const key = anonymousPageKey(request, origin);
        const { page, outcome } = await cache.serve(key, async () => {
          // Rendered for every reader waiting on it: a reader leaving does not abort it.
          const webRequest = toWebRequest(request, reply, origin, { detached: true });
          const reads = new Set<Sport>();
          const loadContext = recordMatchReads(await options.loadContext(request), reads);
          const response = await handle(webRequest, { ...loadContext, cspNonce } as never);
          return toRenderedPage(response, cspNonce ?? null, reads);
        });
        reply.header('x-page-cache', outcome);
        await sendRenderedPage(request, reply, page, ttlMs);
        cache.noteGrowth(key);
        return reply;
      }

      const webRequest = toWebRequest(request, reply, origin);
      const loadContext = await options.loadContext(request);
      // Pages differ per reader (signed in or not): no shared cache may keep one for another.
      if (request.user) reply.header('cache-control', 'private, no-store');
      const response = await handle(webRequest, { ...loadContext, cspNonce } as never);
      return sendWebResponse(reply, response);
    });
  });
}

/** The most a form may post to a page: the API's body limit (server/app.ts). */
export const FORM_BODY_LIMIT = 64 * 1024;
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data'];

/** A page takes a form's body only: 415 for any other type, 413 when it says it is too large. */
function assertFormBody(request: FastifyRequest): void {
  const type = (request.headers['content-type'] ?? '').split(';', 1)[0]?.trim().toLowerCase() ?? '';
  if (!FORM_TYPES.includes(type)) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const length = Number(request.headers['content-length'] ?? 0);
  if (length > FORM_BODY_LIMIT) throw new AppError('PAYLOAD_TOO_LARGE');
}

/** The body stream cut off with an error past FORM_BODY_LIMIT bytes, whatever the request announced. */
function limitedBody(body: Readable): Readable {
  let seen = 0;
  return body.pipe(
    new Transform({
      transform(chunk: Buffer, _encoding, done) {
        seen += chunk.length;
        if (seen > FORM_BODY_LIMIT) done(new AppError('PAYLOAD_TOO_LARGE'));
        else done(null, chunk);
      },
    }),
  );
}

/**
 * The origin of the page that sent a request (`Origin`, else `Referer`), `'null'` for an opaque
 * or unreadable one, or null when the request names none (not sent by a browser page).
 */
function postingOrigin(request: FastifyRequest): string | null {
  const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
  const named = first(request.headers.origin) ?? first(request.headers.referer);
  if (named === undefined) return null;
  try {
    return new URL(named).origin;
  } catch {
    return 'null';
  }
}

/**
 * The load context with its match reads noted in `reads` by sport: a kept page is dropped when
 * the matches of a sport it read change, and only then. Competition and team pages may show
 * either sport's matches: they count as reading both.
 */
export function recordMatchReads(context: ServerLoadContext, reads: Set<Sport>): ServerLoadContext {
  const { matches, matchCentre } = context;
  const note = <T>(sports: readonly Sport[], result: Promise<T>): Promise<T> => {
    for (const sport of sports) reads.add(sport);
    return result;
  };
  const FOOTBALL = ['football'] as const;
  const BASKETBALL = ['basketball'] as const;
  const BOTH = ['football', 'basketball'] as const;
  const recordedMatches: MatchReadServices = {
    listFootball: (o) => note(FOOTBALL, matches.listFootball(o)),
    listHotFootball: (o) => note(FOOTBALL, matches.listHotFootball(o)),
    listBasketball: (o) => note(BASKETBALL, matches.listBasketball(o)),
    findFootballMatch: (o) => note(FOOTBALL, matches.findFootballMatch(o)),
    findBasketballMatch: (o) => note(BASKETBALL, matches.findBasketballMatch(o)),
    // The next kick-off changes when a match of its sport (or of either, when none is named) starts.
    findNextKickOff: (o) => note(o.sport ? [o.sport] : BOTH, matches.findNextKickOff(o)),
  };
  const recordedCentre: MatchCentreReadServices = {
    footballOverview: (o) => note(FOOTBALL, matchCentre.footballOverview(o)),
    basketballOverview: (o) => note(BASKETBALL, matchCentre.basketballOverview(o)),
    statistics: (o) => note([o.sport], matchCentre.statistics(o)),
    lineups: (o) => note([o.sport], matchCentre.lineups(o)),
    players: (o) => note([o.sport], matchCentre.players(o)),
    h2h: (o) => note([o.sport], matchCentre.h2h(o)),
    matchStandings: (o) => note([o.sport], matchCentre.matchStandings(o)),
    competitionPage: (o) => note(BOTH, matchCentre.competitionPage(o)),
    teamPage: (o) => note(BOTH, matchCentre.teamPage(o)),
  };
  // Search results show scores of both sports.
  const { search } = context;
  const recordedSearch: SearchReadServices | undefined = search && { search: (o) => note(BOTH, search.search(o)) };
  return { ...context, matches: recordedMatches, matchCentre: recordedCentre, search: recordedSearch };
}

/** A page rendered whole, ready to be kept: its body read to the end, its cookies noted. */
async function toRenderedPage(response: Response, nonce: RenderedPage['nonce'], reads: ReadonlySet<Sport>): Promise<RenderedPage> {
  const cookies = response.headers.getSetCookie();
  const headers: Array<[string, string]> = [];
  for (const [name, value] of response.headers) if (name !== 'set-cookie') headers.push([name, value]);
  for (const cookie of cookies) headers.push(['set-cookie', cookie]);
  const body = new KeptBytes(Buffer.from(await response.arrayBuffer()));
  return { status: response.status, headers, body, nonce, private: cookies.length > 0, reads };
}

/**
 * Sends a page from the cache path. A shared page keeps the nonces it was rendered with, so this
 * response's policy names those (decision 085). Kept pages say how long a shared cache in front
 * may keep them, and that they vary by the theme, viewport and zone cookies and the encoding.
 */
async function sendRenderedPage(request: FastifyRequest, reply: FastifyReply, page: RenderedPage, ttlMs: number): Promise<void> {
  reply.status(page.status);
  const cookies: string[] = [];
  for (const [name, value] of page.headers) {
    if (name === 'set-cookie') cookies.push(value);
    else reply.header(name, value);
  }
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  const fresh = reply.cspNonce;
  if (page.nonce && fresh && (page.nonce.script !== fresh.script || page.nonce.style !== fresh.style)) {
    const policy = reply.getHeader('content-security-policy');
    if (typeof policy === 'string') {
      reply.header(
        'content-security-policy',
        policy.replaceAll(`'nonce-${fresh.script}'`, `'nonce-${page.nonce.script}'`).replaceAll(`'nonce-${fresh.style}'`, `'nonce-${page.nonce.style}'`),
      );
    }
  }
  if (page.status === 200 && !page.private && !reply.hasHeader('cache-control')) {
    const seconds = Math.max(1, Math.round(ttlMs / 1000));
    reply.header('cache-control', `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${STALE_WHILE_REVALIDATE_S}`);
    reply.header('vary', mergeVary(reply.getHeader('vary'), 'Cookie'));
  } else if (page.private) {
    reply.header('cache-control', 'private, no-store');
  }
  if (page.body.identity.length === 0) {
    await reply.send();
    return;
  }
  await sendKept(request, reply, page.body);
}

/**
 * The Web Request of a Fastify request. Its origin is the site's own (never a Host or
 * X-Forwarded-Host a client made up), and its path keeps one leading slash: `//host/…` resolved
 * against a base would name another site (GET and HEAD of such paths are redirected before).
 */
function toWebRequest(request: FastifyRequest, reply: FastifyReply, origin: string, options: { detached?: boolean } = {}): Request {
  const url = new URL(`${origin}/${request.url.replace(/^[/\\]+/, '')}`);

  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }

  const init: RequestInit & { duplex?: 'half' } = { method: request.method, headers };
  if (!options.detached) {
    const controller = new AbortController();
    reply.raw.on('close', () => {
      if (!reply.raw.writableFinished) controller.abort();
    });
    init.signal = controller.signal;
  }
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.body) {
    init.body = Readable.toWeb(limitedBody(request.body as Readable)) as unknown as BodyInit;
    init.duplex = 'half';
  }
  return new Request(url, init);
}

function sendWebResponse(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name === 'set-cookie') continue;
    reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header('set-cookie', cookies);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as unknown as NodeReadableStream));
}
