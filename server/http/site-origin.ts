import { isIP } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The site's own origin (scheme, host, port) for a request: what public links (canonical,
 * hreflang, sitemap, robots.txt) are built from and what the Origin check of cookie-borne
 * writes compares with. Never a host the configuration does not allow (decision 071).
 */
export type SiteOrigin = (request: FastifyRequest) => string;

export interface SiteOriginOptions {
  /** PUBLIC_URL: when set, the one origin of the site, whatever a request names */
  publicUrl?: string;
  /** ALLOWED_HOSTS: host[:port] a request may name; an entry without a port allows any port */
  allowedHosts?: readonly string[];
  /** outside production: localhost, 127.0.0.1 and [::1] on any port */
  allowLoopback: boolean;
}

export interface ParsedHost {
  /** lower case; an IPv6 address in brackets */
  hostname: string;
  port: number | null;
}

const NAME = /^[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?(?:\.[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?)*$/;
const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** `host[:port]` as a Host header or ALLOWED_HOSTS names it; null when it is not one. */
export function parseHost(value: string): ParsedHost | null {
  const text = value.trim().toLowerCase();
  const match = /^(\[[^\]]*\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match?.[1]) return null;
  const [, hostname, portText] = match;
  const port = portText === undefined ? null : Number(portText);
  if (port !== null && (port < 1 || port > 65_535)) return null;
  if (hostname.startsWith('[')) {
    if (isIP(hostname.slice(1, -1)) !== 6) return null;
  } else if (!NAME.test(hostname)) {
    return null;
  }
  return { hostname, port };
}

function formatHost(host: ParsedHost): string {
  return host.port === null ? host.hostname : `${host.hostname}:${host.port}`;
}

/** The request's scheme: https or http, nothing else (a forwarded proto counts only from a trusted proxy). */
function schemeOf(request: FastifyRequest): 'http' | 'https' {
  return request.protocol === 'https' ? 'https' : 'http';
}

export function createSiteOrigin(options: SiteOriginOptions): SiteOrigin {
  if (options.publicUrl) {
    const origin = new URL(options.publicUrl).origin;
    return () => origin;
  }
  const allowed = (options.allowedHosts ?? []).map((entry) => {
    const host = parseHost(entry);
    if (!host) throw new Error(`ALLOWED_HOSTS: "${entry}" is not a host name with an optional port`);
    return host;
  });
  const isAllowed = (host: ParsedHost): boolean =>
    (options.allowLoopback && LOOPBACK_HOSTS.has(host.hostname)) ||
    allowed.some((entry) => entry.hostname === host.hostname && (entry.port === null || entry.port === host.port));

  return (request) => {
    const scheme = schemeOf(request);
    // request.host is the Host header, or X-Forwarded-Host from a proxy TRUST_PROXY names.
    const host = parseHost(request.host);
    if (host && isAllowed(host)) return new URL(`${scheme}://${formatHost(host)}`).origin;
    // A foreign or malformed host is never reflected: the first allowed host stands in.
    const [first] = allowed;
    if (first) return new URL(`${scheme}://${formatHost(first)}`).origin;
    const localPort = request.socket?.localPort;
    const port = options.allowLoopback && localPort ? `:${localPort}` : '';
    return new URL(`${scheme}://localhost${port}`).origin;
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** An entry of TRUST_PROXY: an IP address, a CIDR range, or one of proxy-addr's names. */
export function isProxyAddress(entry: string): boolean {
  if (PROXY_NAMES.has(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (version === 4 ? 32 : 128);
}
