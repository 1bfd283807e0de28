import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../errors';

/**
 * Methods a page answers. A page whose route has an action (a form that works before the
 * page's scripts, docs/decisions/100) takes POST as well; every other write goes through the API.
 */
export const PAGE_METHODS = ['GET', 'HEAD'] as const;
const FORM_PAGE_METHODS = [...PAGE_METHODS, 'POST'] as const;

interface KnownRoute {
  pattern: RegExp;
  methods: Set<string>;
}

/**
 * Answers requests that no route of their method takes, in the one error model: an `/api/…` path
 * that another method serves answers 405 METHOD_NOT_ALLOWED with `Allow`, any other `/api/…` path
 * 404 NOT_FOUND in JSON (never the HTML not-found page), and a page called with a method pages do
 * not take (TRACE, OPTIONS, PUT, …) 405 with `Allow: GET, HEAD` (and POST for a page with a form). Fastify keeps its router to
 * itself, so the API's routes are collected as they are added (`onRoute`).
 */
export interface UnmatchedRequests {
  /** throws the AppError an unmatched `/api/…` request gets */
  rejectApi(request: FastifyRequest): never;
  /** throws 405 when a page is asked with a method it does not take (POST only where `acceptsPost`) */
  assertPageMethod(request: FastifyRequest, options?: { acceptsPost?: boolean }): void;
}

export function isApiPath(url: string): boolean {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

/** Must run before any route is registered: it watches them being added. */
export function trackApiRoutes(app: FastifyInstance): UnmatchedRequests {
  const routes = new Map<string, KnownRoute>();
  app.addHook('onRoute', (route) => {
    if (!isApiPath(route.url)) return;
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const known = routes.get(route.url) ?? { pattern: toPattern(route.url), methods: new Set<string>() };
    for (const method of methods) known.methods.add(method.toUpperCase());
    routes.set(route.url, known);
  });

  return {
    rejectApi(request) {
      const path = pathOf(request.url);
      const allowed = new Set<string>();
      for (const route of routes.values()) {
        if (route.pattern.test(path)) for (const method of route.methods) allowed.add(method);
      }
      if (allowed.size === 0 || allowed.has(request.method)) throw new AppError('NOT_FOUND');
      throw new AppError('METHOD_NOT_ALLOWED', { allow: [...allowed].sort().join(', ') });
    },
    assertPageMethod(request, options = {}) {
      const methods: readonly string[] = options.acceptsPost ? FORM_PAGE_METHODS : PAGE_METHODS;
      if (!methods.includes(request.method)) {
        throw new AppError('METHOD_NOT_ALLOWED', { allow: methods.join(', ') });
      }
    },
  };
}

function pathOf(url: string): string {
  const path = url.split('?', 1)[0] ?? '/';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** A Fastify route path (`/api/match/:sport/:id/overview`, `/api/x/*`) as a pattern over concrete paths. */
function toPattern(url: string): RegExp {
  const source = url
    .replace(/\/+$/, '')
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('/');
  return new RegExp(`^${source}$`);
}
