import fastifyHelmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/** Swagger UI (registered under this prefix) injects `<style>` elements it cannot nonce. */
const API_DOCS_PREFIX = '/api/docs';

/**
 * Registers the security headers on every response of the app, redirects and errors included.
 * Call it before any route: the API documentation's routes get their own policy as they are added.
 */
export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeadersOptions): Promise<void> {
  const helmetOptions = securityHeaders(options);
  app.addHook('onRoute', (route) => {
    if (route.url !== API_DOCS_PREFIX && !route.url.startsWith(`${API_DOCS_PREFIX}/`)) return;
    route.config = { ...route.config, helmet: apiDocsHelmet(helmetOptions) } as typeof route.config;
  });
  await app.register(fastifyHelmet, helmetOptions);
  // Helmet has no Permissions-Policy; set beside its headers, on every response, errors included.
  app.addHook('onRequest', async (_request, reply) => {
    reply.header('permissions-policy', PERMISSIONS_POLICY);
  });
}

/**
 * The powerful browser features the site may use (docs/decisions/105-permissions-policy.md).
 * It uses only three, for itself and never for a frame: `autoplay` (the goal sound, an
 * AudioContext started from the page), `fullscreen` (kept for the site's own pages, nothing
 * embedded gets it) and `clipboard-write` (copying a plan's fingerprint, the invitation text).
 * Everything else is denied to the page and to anything it might frame. Only features Chromium
 * recognises are named: an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  'autoplay=(self)',
  'browsing-topics=()',
  'camera=()',
  'captured-surface-control=()',
  'clipboard-read=()',
  'clipboard-write=(self)',
  'display-capture=()',
  'encrypted-media=()',
  'fullscreen=(self)',
  'gamepad=()',
  'geolocation=()',
  'gyroscope=()',
  'hid=()',
  'identity-credentials-get=()',
  'idle-detection=()',
  'local-fonts=()',
  'magnetometer=()',
  'microphone=()',
  'midi=()',
  'otp-credentials=()',
  'payment=()',
  'picture-in-picture=()',
  'publickey-credentials-create=()',
  'publickey-credentials-get=()',
  'screen-wake-lock=()',
  'serial=()',
  'usb=()',
  'window-management=()',
  'xr-spatial-tracking=()',
].join(', ');

export interface SecurityHeadersOptions {
  /** the site's public address; an https one switches on HSTS and upgrade-insecure-requests */
  publicUrl?: string;
  /** the external broker's WebSocket URL (BROKER_WS_URL), another origin the pages connect to */
  brokerWsUrl?: string | null;
}

/**
 * The security headers of every response (docs/decisions/072-content-security-policy.md), for
 * @fastify/helmet with `enableCSPNonces`: helmet adds a fresh `'nonce-…'` to `script-src` and
 * `style-src` per response and hands the values to the page renderer as `reply.cspNonce`.
 *
 * - Scripts: our own files and the nonced inline scripts of React Router and React; never
 *   `'unsafe-inline'`, no event-handler attributes.
 * - Styles: the stylesheet, and nonced `<style>` elements (Radix's scroll lock adds one);
 *   `style` attributes are allowed (`style-src-attr 'unsafe-inline'`): server-rendered React
 *   `style={…}` props (crest sizes, statistic bars, list padding) become attributes.
 * - Connections: the same origin (CSP 3 `'self'` covers its ws:/wss:), the public address's
 *   WebSocket origin and the external broker's.
 */
export function securityHeaders(options: SecurityHeadersOptions): FastifyHelmetOptions {
  const isHttps = options.publicUrl !== undefined && new URL(options.publicUrl).protocol === 'https:';
  const connectSrc = new Set(["'self'"]);
  if (options.publicUrl) connectSrc.add(webSocketOrigin(options.publicUrl));
  if (options.brokerWsUrl) connectSrc.add(new URL(options.brokerWsUrl).origin);

  return {
    enableCSPNonces: true,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        'default-src': ["'self'"],
        'script-src': ["'self'"],
        'script-src-attr': ["'none'"],
        'style-src': ["'self'"],
        'style-src-attr': ["'unsafe-inline'"],
        'img-src': ["'self'", 'data:'],
        'font-src': ["'self'"],
        // mqtt.js keeps its timers in a worker made from a blob: (throttled background tabs).
        'worker-src': ["'self'", 'blob:'],
        'connect-src': [...connectSrc],
        'object-src': ["'none'"],
        'base-uri': ["'self'"],
        'form-action': ["'self'"],
        'frame-ancestors': ["'none'"],
        ...(isHttps ? { 'upgrade-insecure-requests': [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // On plain http a browser ignores it anyway, and a site reached by address must not pin https.
    strictTransportSecurity: isHttps ? { maxAge: 31_536_000, includeSubDomains: false } : false,
  };
}

/**
 * The API documentation's policy: the site's, but Swagger UI's own `<style>` elements are
 * allowed without a nonce (a nonce in style-src would switch 'unsafe-inline' off). Its scripts
 * are files: script-src stays as strict.
 */
function apiDocsHelmet(site: FastifyHelmetOptions): FastifyHelmetOptions {
  const policy = site.contentSecurityPolicy;
  if (typeof policy !== 'object') return site;
  return {
    ...site,
    enableCSPNonces: false,
    contentSecurityPolicy: {
      ...policy,
      directives: { ...policy.directives, 'style-src': ["'self'", "'unsafe-inline'"] },
    },
  };
}

function webSocketOrigin(url: string): string {
  const { protocol, host } = new URL(url);
  return `${protocol === 'https:' ? 'wss:' : 'ws:'}//${host}`;
}
