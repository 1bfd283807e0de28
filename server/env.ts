import { z } from 'zod';
import { isProxyAddress, parseHost } from './http/site-origin';
import { integerIn, optional, settingsIssues, withDefault, type RawEnvironment, type SettingsShape } from './settings/module-settings';

/**
 * The only reader of process.env. Parsed once at start-up; a bad value stops the server with
 * one line per bad variable, so an operator fixes everything in one go instead of one restart
 * per mistake.
 */

function urlWithProtocols(protocols: string[], message: string) {
  return z.string().refine((value) => {
    try {
      return protocols.includes(new URL(value).protocol);
    } catch {
      return false;
    }
  }, message);
}

/** An app's store address (https://), or '' when the app is not in that store. */
function storeUrl() {
  return withDefault(z.union([z.literal(''), urlWithProtocols(['https:'], 'must be an https:// URL')]), '');
}

function onOff() {
  return withDefault(
    z.enum(['on', 'off'], { error: 'must be on or off' }).transform((value) => value === 'on'),
    'on',
  );
}

const TRUST_PROXY_MESSAGE =
  'must be off or a comma-separated list of proxy addresses or CIDR ranges (127.0.0.1,10.0.0.0/8; loopback, linklocal, uniquelocal)';

/** TRUST_PROXY: `off` is unset; otherwise the list Fastify's trustProxy takes. */
function trustProxyList() {
  return z.string().transform((value, context) => {
    if (value.trim() === 'off') return undefined;
    if (/^\s*\d+\s*$/.test(value)) {
      context.addIssue({ code: 'custom', message: 'hop counts are not supported: name the proxy addresses or ranges' });
      return z.NEVER;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    if (!entries.every(isProxyAddress)) {
      context.addIssue({ code: 'custom', message: TRUST_PROXY_MESSAGE });
      return z.NEVER;
    }
    return entries;
  });
}

/** ALLOWED_HOSTS: comma-separated host[:port], kept in lower case. */
function hostList() {
  return z.string().transform((value, context) => {
    const entries = value.split(',').map((entry) => entry.trim().toLowerCase()).filter((entry) => entry !== '');
    if (entries.length === 0 || !entries.every((entry) => parseHost(entry) !== null)) {
      context.addIssue({ code: 'custom', message: 'must be a comma-separated list of host names with an optional port (example.com,www.example.com:8443)' });
      return z.NEVER;
    }
    return entries;
  });
}

const EnvSchema = z.object({
  PORT: withDefault(integerIn(1, 65_535, 'must be an integer between 1 and 65535'), '3000'),
  HOST: withDefault(z.string().min(1, 'must not be empty'), '0.0.0.0'),
  DATA_DIR: withDefault(z.string().min(1, 'must not be empty'), './data'),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'must be a postgres:// or postgresql:// URL')),
  BROKER_URL: optional(
    urlWithProtocols(['mqtt:', 'mqtts:', 'ws:', 'wss:'], 'must be an mqtt://, mqtts://, ws:// or wss:// URL'),
  ),
  BROKER_WS_URL: optional(urlWithProtocols(['ws:', 'wss:'], 'must be a ws:// or wss:// URL')),
  BROKER_USERNAME: optional(z.string()),
  BROKER_PASSWORD: optional(z.string()),
  SIM_SPEED: withDefault(
    z
      .string()
      .regex(/^\d+(\.\d+)?$/, 'must be a positive number up to 3600')
      .transform(Number)
      .pipe(z.number().gt(0, 'must be a positive number up to 3600').max(3600, 'must be a positive number up to 3600')),
    '1',
  ),
  SIM: onOff(),
  /**
   * Unset (the default), every simulated match is drawn from a secret made at the first start and
   * kept in the database (decision 099). Set, matches follow from this public number, so anyone
   * with the source can predict every result: for tests and demos only.
   */
  SIM_SEED: optional(integerIn(0, 2_147_483_647, 'must be an integer between 0 and 2147483647')),
  /** believable: each competition on its real days and local slots (decision 091); dense: every hour busy, for tests and demos */
  SIM_CALENDAR: withDefault(z.enum(['believable', 'dense'], { error: 'must be believable or dense' }), 'believable'),
  /** phones and tablets are sent once to the store of their platform, when its address is set */
  APP_STORE_REDIRECT: onOff(),
  // No default (decision 089): there is no Tribün app in any store yet, and a store's front
  // page is not an app. Unset, the site sends nobody away and offers no download; '' is unset.
  APP_STORE_IOS_URL: storeUrl(),
  APP_STORE_ANDROID_URL: storeUrl(),
  LOG_LEVEL: withDefault(
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be one of fatal, error, warn, info, debug, trace, silent',
    }),
    'info',
  ),
  // Accounts: outgoing mail, cookies, points grants (README "Configuration").
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'must be an smtp:// or smtps:// URL')),
  MAIL_FROM: withDefault(z.string().min(3, 'must be an address such as Tribün <no-reply@example.com>'), 'Tribün <no-reply@tribun.local>'),
  /** the site's public address, used in links in mail and as the OAuth redirect base */
  PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL')),
  /**
   * Proxies whose X-Forwarded-For/-Host/-Proto count (decision 071): off (the default), or a
   * comma-separated list of their addresses or CIDR ranges (loopback, linklocal, uniquelocal
   * name proxy-addr's ranges). Fastify 5.12 dropped hop counts: they cannot tell a proxy from
   * a client that talks to the server directly.
   */
  TRUST_PROXY: optional(trustProxyList()),
  /** host[:port] names public links may use when PUBLIC_URL is unset (localhost is allowed outside production) */
  ALLOWED_HOSTS: optional(hostList()),
  WELCOME_POINTS: withDefault(integerIn(0, 1_000_000, 'must be an integer between 0 and 1000000'), '100'),
  // Each feature's own variables (check-in points, the prediction centre, the contest, the odds margin,
  // overdue matches) are declared in its module definition's `settings` and checked with these (parseEnv).
  // Anonymous page cache (decision 085).
  /** milliseconds a signed-out reader's page is kept (0: off); dropped sooner when a match changes */
  PAGE_CACHE_TTL_MS: withDefault(integerIn(0, 60_000, 'must be an integer between 0 and 60000'), '2000'),
  // User files (decision 132).
  /** disk: under DATA_DIR/uploads; s3: an S3-compatible bucket named by the S3_* settings */
  STORAGE: withDefault(z.enum(['disk', 's3'], { error: 'must be disk or s3' }), 'disk'),
  /** the store's address (MinIO, Ceph, R2…); unset with STORAGE=s3, AWS itself */
  S3_ENDPOINT: optional(urlWithProtocols(['http:', 'https:'], 'must be an http:// or https:// URL')),
  S3_BUCKET: optional(
    z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name: 3–63 lower-case letters, digits, dots and hyphens'),
  ),
  S3_REGION: withDefault(z.string().regex(/^[a-z0-9-]{1,64}$/, 'must be a region name such as eu-central-1'), 'us-east-1'),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** on: the bucket in the path (most self-hosted stores); off: in the host name (AWS) */
  S3_FORCE_PATH_STYLE: withDefault(
    z.enum(['on', 'off'], { error: 'must be on or off' }).transform((value) => value === 'on'),
    'off',
  ),
  // Sign-in with Google, Apple, Facebook: a provider is on when its client id (and secret or
  // key) are set. The issuer/endpoint variables exist for stand-in providers in tests.
  OAUTH_GOOGLE_CLIENT_ID: optional(z.string().min(1)),
  OAUTH_GOOGLE_CLIENT_SECRET: optional(z.string().min(1)),
  OAUTH_GOOGLE_ISSUER: withDefault(urlWithProtocols(['https:', 'http:'], 'must be an https:// URL'), 'https://accounts.google.com'),
  OAUTH_APPLE_CLIENT_ID: optional(z.string().min(1)),
  OAUTH_APPLE_TEAM_ID: optional(z.string().min(1)),
  OAUTH_APPLE_KEY_ID: optional(z.string().min(1)),
  /** the .p8 key's PEM text (newlines may be written as \n) */
  OAUTH_APPLE_PRIVATE_KEY: optional(z.string().min(1)),
  OAUTH_APPLE_ISSUER: withDefault(urlWithProtocols(['https:', 'http:'], 'must be an https:// URL'), 'https://appleid.apple.com'),
  OAUTH_FACEBOOK_CLIENT_ID: optional(z.string().min(1)),
  OAUTH_FACEBOOK_CLIENT_SECRET: optional(z.string().min(1)),
  OAUTH_FACEBOOK_AUTHORIZATION_URL: withDefault(
    urlWithProtocols(['https:', 'http:'], 'must be an https:// URL'),
    'https://www.facebook.com/v21.0/dialog/oauth',
  ),
  OAUTH_FACEBOOK_TOKEN_URL: withDefault(
    urlWithProtocols(['https:', 'http:'], 'must be an https:// URL'),
    'https://graph.facebook.com/v21.0/oauth/access_token',
  ),
  OAUTH_FACEBOOK_USERINFO_URL: withDefault(
    urlWithProtocols(['https:', 'http:'], 'must be an https:// URL'),
    'https://graph.facebook.com/v21.0/me',
  ),
  /** the password of `npm run admin:create` when --password is not given (kept out of shell history) */
  ADMIN_PASSWORD: optional(z.string().min(1)),
  /** Swagger UI at /api/docs and its OpenAPI JSON; default on, and off when NODE_ENV=production */
  API_DOCS: optional(z.enum(['on', 'off'], { error: 'must be on or off' }).transform((value) => value === 'on')),
  NODE_ENV: withDefault(
    z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }),
    'development',
  ),
}).superRefine((env, context) => {
  if (env.STORAGE === 's3' && !env.S3_BUCKET) {
    context.addIssue({ code: 'custom', path: ['S3_BUCKET'], message: 'must be set when STORAGE=s3' });
  }
  if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
    context.addIssue({ code: 'custom', path: ['S3_SECRET_ACCESS_KEY'], message: 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together' });
  }
});

type ParsedEnv = z.output<typeof EnvSchema>;

export type Env = Omit<ParsedEnv, 'API_DOCS'> & {
  /** the API documentation is served: API_DOCS, else on outside production (decision 070) */
  API_DOCS: boolean;
  /** the variables as given: each feature reads its own settings from them (server/settings/module-settings.ts) */
  raw: RawEnvironment;
};

/**
 * The server's settings, with every feature's own (`moduleSettings`: each module definition's
 * `settings`) checked in the same pass: one line per bad variable, all at once.
 */
export function parseEnv(source: RawEnvironment, moduleSettings: readonly SettingsShape[] = []): Env {
  const result = EnvSchema.safeParse(source);
  const lines = [
    ...(result.success ? [] : result.error.issues.map((issue) => `${String(issue.path[0] ?? 'environment')}: ${issue.message}`)),
    ...settingsIssues(moduleSettings, source),
  ];
  if (!result.success || lines.length > 0) {
    throw new Error(`Invalid environment:\n  ${[...new Set(lines)].join('\n  ')}`);
  }
  return {
    ...result.data,
    API_DOCS: result.data.API_DOCS ?? result.data.NODE_ENV !== 'production',
    raw: { ...source },
  };
}

/** The process environment with the features' settings (server/main.ts hands in every module's). */
export function loadEnv(moduleSettings: readonly SettingsShape[] = []): Env {
  return parseEnv(process.env, moduleSettings);
}
