import { REQUEST_RETRY_DELAY_MS, REQUEST_TIMEOUT_MS, RETRY_STATUSES } from '../../core/constants';
import { requestLanguage, splitLocalePath, type Locale } from '../../core/locale';
import { dispatchAppState, getAppState } from './app-state';
import { removeCookie, TOKEN_COOKIE } from './cookies';
import { getDeviceId } from './device-id';
import { accountPagePath } from './login-redirect';

/**
 * The HTTP client of section 7. Every call carries Token (when logged in), Uni-Cid, Language
 * and X-App-Plat: PC; object bodies go as JSON, FormData as multipart; a call times out after
 * 10 s; body-less methods are retried once, 300 ms later, on the statuses of section 7; any
 * status 400–599 rejects with an ApiError (section 8); 401 also ends the session.
 */

export interface ApiRequestInfo {
  method: string;
  url: string;
}

export class ApiError extends Error {
  /** the HTTP status; 0 when no answer arrived (network failure or timeout) */
  readonly code: number;
  /** the parsed JSON body of the answer, or null */
  readonly data: unknown;
  readonly request: ApiRequestInfo;
  /** seconds from the answer's Retry-After header (429, 503), or null */
  readonly retryAfterSec: number | null;

  constructor(options: { code: number; message: string; data: unknown; request: ApiRequestInfo; retryAfterSec?: number | null }) {
    super(options.message);
    this.name = 'ApiError';
    this.code = options.code;
    this.data = options.data;
    this.request = options.request;
    this.retryAfterSec = options.retryAfterSec ?? null;
  }
}

export function isApiError(x: unknown): x is ApiError {
  return x instanceof ApiError;
}

export interface ApiFetchOptions {
  method?: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

export interface ApiClientConfig {
  /** origin the paths are resolved against */
  baseUrl: () => string;
  /** the section 7 headers of the moment */
  headers: () => Record<string, string>;
  /** what a 401 answer does besides rejecting */
  onUnauthorized?: (request: ApiRequestInfo) => void;
  timeoutMs?: number;
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

export type ApiFetch = <T>(path: string, options?: ApiFetchOptions) => Promise<T>;

/** Methods that carry no body and may be repeated without changing anything. */
const RETRYABLE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const RETRY_STATUS_SET: ReadonlySet<number> = new Set(RETRY_STATUSES);

/** The headers of section 7 for a given moment of the page. */
export function buildApiHeaders(options: {
  token: string | null;
  deviceId: string;
  pathname: string;
  documentLang: string | null;
}): Record<string, string> {
  const headers: Record<string, string> = {
    'Uni-Cid': options.deviceId,
    Language: requestLanguage({ pathname: options.pathname, documentLang: options.documentLang }),
    'X-App-Plat': 'PC',
  };
  if (options.token) headers.Token = options.token;
  return headers;
}

function buildUrl(base: string, path: string, query: ApiFetchOptions['query']): string {
  const url = new URL(path, base);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.set(key, String(value));
  }
  return url.toString();
}

// AbortSignal.any is missing from browsers older than 2023; this does the same for two signals.
function anySignal(a: AbortSignal, b: AbortSignal): AbortSignal {
  if (typeof AbortSignal.any === 'function') return AbortSignal.any([a, b]);
  const controller = new AbortController();
  const forward = (source: AbortSignal) => () => controller.abort(source.reason);
  if (a.aborted) controller.abort(a.reason);
  else if (b.aborted) controller.abort(b.reason);
  else {
    a.addEventListener('abort', forward(a), { once: true });
    b.addEventListener('abort', forward(b), { once: true });
  }
  return controller.signal;
}

function isRawBody(body: unknown): body is BodyInit {
  return (
    typeof body === 'string' ||
    body instanceof FormData ||
    body instanceof URLSearchParams ||
    body instanceof Blob ||
    body instanceof ArrayBuffer ||
    ArrayBuffer.isView(body) ||
    (typeof ReadableStream !== 'undefined' && body instanceof ReadableStream)
  );
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204 || response.status === 205) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (type.includes('json')) return response.json();
  return response.text();
}

// Section 8: the error carries the parsed JSON body; anything unparsable is ignored (null).
async function readErrorData(response: Response): Promise<unknown> {
  try {
    const text = await response.text();
    return text === '' ? null : (JSON.parse(text) as unknown);
  } catch {
    return null;
  }
}

function readRetryAfter(response: Response): number | null {
  const value = response.headers.get('retry-after');
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  return Number(value.trim());
}

function wait(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal?.reason);
    }
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export function createApiClient(config: ApiClientConfig): ApiFetch {
  const timeoutMs = config.timeoutMs ?? REQUEST_TIMEOUT_MS;
  const retryDelayMs = config.retryDelayMs ?? REQUEST_RETRY_DELAY_MS;
  const doFetch = config.fetch ?? ((input, init) => fetch(input, init));

  return async function apiFetch<T>(path: string, options: ApiFetchOptions = {}): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const url = buildUrl(config.baseUrl(), path, options.query);
    const request: ApiRequestInfo = { method, url };

    const headers = new Headers({ Accept: 'application/json', ...config.headers(), ...options.headers });
    let body: BodyInit | undefined;
    if (options.body !== undefined && options.body !== null) {
      if (isRawBody(options.body)) {
        // FormData and friends set their own Content-Type (with the multipart boundary).
        body = options.body;
      } else {
        body = JSON.stringify(options.body);
        headers.set('Content-Type', 'application/json');
      }
    }
    const canRetry = RETRYABLE_METHODS.has(method) && body === undefined;

    for (let attempt = 0; ; attempt++) {
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = options.signal ? anySignal(options.signal, timeout) : timeout;
      let response: Response;
      try {
        response = await doFetch(url, { method, headers, body, signal });
      } catch (error) {
        if (options.signal?.aborted) throw options.signal.reason ?? error;
        if (timeout.aborted) throw new ApiError({ code: 0, message: 'Request Timeout', data: null, request });
        // A dropped connection fails fast, so a body-less call gets its one retry here too.
        if (canRetry && attempt === 0) {
          await wait(retryDelayMs, options.signal);
          continue;
        }
        throw new ApiError({ code: 0, message: 'Network Error', data: null, request });
      }

      if (response.ok) return (await readBody(response)) as T;

      if (canRetry && attempt === 0 && RETRY_STATUS_SET.has(response.status)) {
        await response.body?.cancel();
        await wait(retryDelayMs, options.signal);
        continue;
      }
      const data = await readErrorData(response);
      if (response.status === 401) config.onUnauthorized?.(request);
      throw new ApiError({ code: response.status, message: response.statusText, data, request, retryAfterSec: readRetryAfter(response) });
    }
  };
}

let navigateTo: (path: string) => void = (path) => window.location.assign(path);

/** Lets the app hand the client its router navigation, so a 401 moves to /login without a reload. */
export function setApiNavigation(navigate: (path: string) => void): void {
  navigateTo = navigate;
}

function currentLocale(): Locale {
  return requestLanguage({ pathname: window.location.pathname, documentLang: null });
}

/**
 * The app's client (browser only: loaders use the server's load context instead). The session
 * rides on the HttpOnly cookie, which the browser sends by itself. A 401 ends the session here
 * too (the server has already cleared the cookie) and goes to the login page of the reader's
 * language, which brings them back afterwards.
 */
export const apiFetch: ApiFetch = createApiClient({
  baseUrl: () => window.location.origin,
  headers: () => {
    const state = getAppState();
    return buildApiHeaders({
      token: state.isLoggedIn && state.token !== '' ? state.token : null,
      deviceId: getDeviceId(),
      pathname: window.location.pathname,
      documentLang: document.documentElement.lang || null,
    });
  },
  onUnauthorized: () => {
    // A script-readable token cookie of older versions of the site, if any.
    removeCookie(TOKEN_COOKIE);
    dispatchAppState({ type: 'logout' });
    const { pathname, search } = window.location;
    if (splitLocalePath(pathname).path === '/login') return;
    navigateTo(accountPagePath('/login', currentLocale(), `${pathname}${search}`));
  },
});
