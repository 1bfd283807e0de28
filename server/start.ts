import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import { UPCOMING_DAYS } from '../core/contracts/match-dates';
import type { PublicConfig } from '../core/contracts/services';
import { buildApp } from './app';
import { loadCatalog } from './catalog/catalog';
import { seedCatalog } from './catalog/seed-catalog';
import { openDatabase, type Database, type Db } from './db/client';
import type { Env } from './env';
import { toSimCompetition } from './feed/simulator/competitions';
import type { SecretSeed } from './feed/simulator/random';
import { loadSimulatorSecret } from './feed/simulator/secret';
import { createStorage } from './storage/create-storage';
import { loadFileLinkSecret } from './storage/file-links';
import { findVideoTools } from './storage/videos';
import { createSimulator, DEFAULT_CALENDAR_SEED } from './feed/simulator/simulator';
import { dataRetentionJob } from './jobs/data-retention';
import { feedProviderJob, historyImportJob } from './jobs/feed-jobs';
import { keepAliveJob } from './jobs/keep-alive';
import { electLeader } from './jobs/leader';
import { createJobRunner } from './jobs/runner';
import type { LiveBroker } from './live/broker';
import { createEmbeddedBroker } from './live/embedded';
import { createExternalBroker } from './live/external';
import { createLivePublisher, type LivePublisher } from './live/publisher';
import { findLiveSession } from './modules/auth/sessions';
import { createMailer, smtpHostOf } from './modules/mail/mailer';
import { createMatchCentreService } from './modules/match-centre/match-centre.service';
import { createMatchWrites } from './modules/matches/match-writes';
import { createMatchService } from './modules/matches/matches.service';
import type { JobContext } from './modules/definition';
import { MODULES } from './modules/index';
import { configuredProviders } from './modules/oauth/providers';

export interface RunningTribun {
  app: FastifyInstance;
  /** the open database (tests read it, e.g. the development outbox) */
  db: Db;
  /** the address the HTTP server listens on, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** where browsers connect for live messages */
  liveUrl: string;
  broker: LiveBroker;
  /** match and per-user live messages (publishToUser) */
  publisher: LivePublisher;
  /** stops the feed, the broker, the HTTP server and the database, in that order */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** directory of the built web app (build/ by default); without a build only the API is served */
  buildDir?: string;
}

async function loadWebBuild(buildDir: string): Promise<{ build: ServerBuild; clientDir: string } | undefined> {
  const serverEntry = path.join(buildDir, 'server', 'index.js');
  if (!existsSync(serverEntry)) return undefined;
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { build, clientDir: path.join(buildDir, 'client') };
}

/**
 * The whole server, wired from the environment: database, catalogue, live broker, HTTP app,
 * and — on the leading process only — the simulated feed. `npm start` (server/main.ts) and the
 * full-stack tests start it the same way.
 */
export async function startTribun(env: Env, options: StartOptions = {}): Promise<RunningTribun> {
  // On PGlite this takes the data directory's lock: a second server on the same DATA_DIR stops
  // here with DatabaseInUseError instead of losing writes (decision 070).
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    return await startOn(database, env, options);
  } catch (error) {
    await database.close().catch(() => undefined);
    throw error;
  }
}

async function startOn(database: Database, env: Env, options: StartOptions): Promise<RunningTribun> {
  let ready = false;
  await seedCatalog(database.db);

  const broker: LiveBroker = env.BROKER_URL
    ? createExternalBroker({ url: env.BROKER_URL, username: env.BROKER_USERNAME, password: env.BROKER_PASSWORD })
    : await createEmbeddedBroker({
        // A signed-in browser connects with its session's live credentials (POST /api/live/token).
        resolveSession: (sessionId) => findLiveSession(database.db, { sessionId }),
      });
  const publisher = createLivePublisher({ broker });
  // Every session revocation (logout, password change, account closure) drops the session's
  // live connections. Never fails the revocation itself: it is committed already.
  const onSessionsRevoked = async (sessionIds: readonly number[]): Promise<void> => {
    await broker.revokeSessions(sessionIds).catch((error: unknown) => {
      app.log.error({ err: error, sessionIds }, 'live: revoking sessions on the broker failed');
    });
  };

  const web = await loadWebBuild(path.resolve(options.buildDir ?? 'build'));
  const oauthProviders = configuredProviders(env);
  const publicConfig: PublicConfig = {
    oauthProviders: oauthProviders.map((provider) => provider.id),
    brokerWsUrl: env.BROKER_URL ? (env.BROKER_WS_URL ?? null) : null,
    buildId: web?.build.assets.version ?? 'dev',
    appStore: { enabled: env.APP_STORE_REDIRECT, iosUrl: env.APP_STORE_IOS_URL, androidUrl: env.APP_STORE_ANDROID_URL },
  };

  const mailer = createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM });
  const matches = createMatchService({ db: database.db });
  const matchCentre = createMatchCentreService({ db: database.db });
  // Every process has the match write service: the simulator writes through it on the leading
  // one, and staff replays on whichever process their request reaches (publishing goes through
  // the broker).
  const matchWrites = createMatchWrites({ db: database.db, publish: (topic, payload) => publisher.publishEncoded(topic, payload) });
  // User files (decision 132): the store STORAGE names, the key of private links, and the video
  // tools; without ffprobe the server still starts and refuses videos with a clear message.
  const videoTools = await findVideoTools();
  const files = { uploads: { storage: createStorage(env), video: videoTools, db: database.db }, linkSecret: await loadFileLinkSecret(database.db) };
  const app = await buildApp({
    logger: { level: env.LOG_LEVEL },
    db: database.db,
    matches,
    matchCentre,
    publicConfig,
    web,
    publicUrl: env.PUBLIC_URL,
    trustProxy: env.TRUST_PROXY,
    allowedHosts: env.ALLOWED_HOSTS,
    allowLoopbackHosts: env.NODE_ENV !== 'production',
    oauth: {
      providers: oauthProviders,
      welcomePoints: env.WELCOME_POINTS,
      publicUrl: env.PUBLIC_URL,
      secureCookies: env.NODE_ENV === 'production',
    },
    live: broker,
    account: {
      onSessionsRevoked,
      mailer,
      welcomePoints: env.WELCOME_POINTS,
      secureCookies: env.NODE_ENV === 'production',
      devOutbox: env.NODE_ENV !== 'production',
    },
    isReady: () => ready,
    warmOdds: true,
    pageCacheTtlMs: env.PAGE_CACHE_TTL_MS,
    feedSink: matchWrites,
    apiDocs: env.API_DOCS,
    environment: env.raw,
    publisher,
    staffStatus: { simulator: { on: env.SIM, predictable: env.SIM && env.SIM_SEED !== undefined } },
    files,
  });
  if (!videoTools) app.log.warn('uploads: ffprobe or ffmpeg is missing: video uploads are refused until Debian\'s ffmpeg is installed (node scripts/ensure-ffmpeg.mjs)');
  if (env.SIM && env.SIM_SEED !== undefined) {
    app.log.warn(
      { simSeed: env.SIM_SEED },
      'SIM_SEED is set: every simulated result follows from this public number and anyone with the source can predict it; unset SIM_SEED on a site people use (decision 099)',
    );
  }
  if (!web) app.log.warn('no web build found (run `npm run build`): serving the API only');
  if (env.NODE_ENV === 'production' && !env.PUBLIC_URL && !env.ALLOWED_HOSTS) {
    app.log.warn('neither PUBLIC_URL nor ALLOWED_HOSTS is set: public links name localhost and browsers cannot write with their cookie');
  }
  // Where mail goes, without the SMTP credentials. Production without SMTP reaches no one.
  if (mailer.kind === 'smtp') app.log.info({ smtp: smtpHostOf(env.SMTP_URL) }, `mail: sent through SMTP at ${smtpHostOf(env.SMTP_URL)}`);
  else app.log[env.NODE_ENV === 'production' ? 'warn' : 'info']('mail: development outbox (SMTP_URL is not set): read it with npm run mail:outbox');

  broker.attach(app.server);
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const origin = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST}:${port}`;

  // Background work runs on the job runner, on the leading process only (server/jobs/runner.ts,
  // docs/decisions/061): this only registers it. Order matters within the first pass: the past
  // seasons come in before the simulator starts.
  const leadership = electLeader({ databaseUrl: env.DATABASE_URL });
  const jobs = createJobRunner({
    db: database.db,
    leadership,
    onError: (name, error, attempt) => app.log.error({ err: error, job: name, attempt }, 'background job failed'),
  });
  jobs.register(
    dataRetentionJob({
      db: database.db,
      onDeleted: (counts) => app.log.info(counts, 'deleted sign-in records, codes, outbox mail and contact messages past their keeping time'),
    }),
  );
  jobs.register(keepAliveJob({ publish: (topic, payload) => publisher.publishEncoded(topic, payload) }));
  jobs.register(
    historyImportJob({
      target: { db: database.db, matchWrites },
      log: (data, message) => app.log.info(data, message),
      onFailed: (failed) => app.log.error({ failed }, 'some past seasons could not be imported'),
    }),
  );
  // Every feature's jobs and event subscribers (server/modules/index.ts).
  // With the simulator on, the feed has caught up once it has played what it missed (below).
  let isFeedCaughtUp = !env.SIM;
  const jobContext: JobContext = {
    env,
    db: database.db,
    broker,
    publisher,
    storage: files.uploads.storage,
    log: app.log,
    onSessionsRevoked,
    isFeedCaughtUp: () => isFeedCaughtUp,
  };
  for (const module of MODULES) module.jobs?.(jobs, jobContext);
  if (env.SIM) {
    // Without SIM_SEED every match is drawn from the database's secret (decision 099); the
    // calendar (who plays whom, when) stays the public default.
    const secret: SecretSeed | undefined = env.SIM_SEED === undefined ? await loadSimulatorSecret(database.db) : undefined;
    const simulator = createSimulator({
      competitions: loadCatalog().competitions.map(toSimCompetition),
      seed: env.SIM_SEED ?? DEFAULT_CALENDAR_SEED,
      ...(secret ? { secret } : {}),
      speed: env.SIM_SPEED,
      calendar: env.SIM_CALENDAR,
      // The lists' date picker reaches UPCOMING_DAYS ahead: those days show their fixtures.
      daysAhead: UPCOMING_DAYS,
      onError: (error) => app.log.error({ err: error }, 'simulator update failed'),
    });
    jobs.register(feedProviderJob({ provider: simulator, sink: matchWrites }));
  }
  jobs.start();
  // With the simulator on, "ready" means it plays (the full-stack tests and e2e wait for live
  // matches): only the leading process becomes ready, as before.
  if (env.SIM) {
    await jobs.completed('simulator');
    isFeedCaughtUp = true;
  }
  ready = true;
  app.log.info({ url: origin, database: database.kind, broker: broker.kind, simulator: env.SIM }, 'Tribün is ready');

  let stopping: Promise<void> | undefined;
  return {
    app,
    db: database.db,
    origin,
    liveUrl: publicConfig.brokerWsUrl ?? `${origin.replace(/^http/, 'ws')}/mqtt`,
    broker,
    publisher,
    stop: () => {
      stopping ??= (async () => {
        await jobs.stop();
        await leadership.release();
        await broker.close();
        await app.close();
        await database.close();
      })();
      return stopping;
    },
  };
}
