import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance } from 'fastify';
import type { ServerBuild } from 'react-router';
import type { PublicConfig } from '../core/contracts/services';
import { TOPICS } from '../core/live/topics';
import { buildApp } from './app';
import { loadCatalog } from './catalog/catalog';
import { seedCatalog } from './catalog/seed-catalog';
import { importDemoHistory } from './feed/importers/openfootball/demo-history';
import { openDatabase } from './db/client';
import type { Env } from './env';
import { createFeedSink } from './feed/sink';
import { toSimCompetition } from './feed/simulator/competitions';
import { createSimulator } from './feed/simulator/simulator';
import { scheduleAccountClosure } from './jobs/account-closure';
import { electLeader } from './jobs/leader';
import type { LiveBroker } from './live/broker';
import { createEmbeddedBroker } from './live/embedded';
import { createExternalBroker } from './live/external';
import { findSessionUser } from './modules/auth/sessions';
import { createMailer } from './modules/mail/mailer';
import { createMatchCentreService } from './modules/match-centre/match-centre.service';
import { createMatchService } from './modules/matches/matches.service';
import { configuredProviders } from './modules/oauth/providers';

/** Keep-alive on the public topics (docs/decisions/004-keep-alive.md). */
const KEEP_ALIVE_MS = 20_000;

export interface RunningTribun {
  app: FastifyInstance;
  /** the address the HTTP server listens on, e.g. http://127.0.0.1:3000 */
  origin: string;
  /** where browsers connect for live messages */
  liveUrl: string;
  broker: LiveBroker;
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
  let ready = false;
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  await seedCatalog(database.db);

  const broker: LiveBroker = env.BROKER_URL
    ? createExternalBroker({ url: env.BROKER_URL, username: env.BROKER_USERNAME, password: env.BROKER_PASSWORD })
    : await createEmbeddedBroker({
        // A signed-in browser's MQTT password is its session token: it may read users/<own id>.
        authenticate: async (token) => {
          const user = token ? await findSessionUser(database.db, { token }) : null;
          return user ? { userId: String(user.id) } : null;
        },
      });

  const web = await loadWebBuild(path.resolve(options.buildDir ?? 'build'));
  const oauthProviders = configuredProviders(env);
  const publicConfig: PublicConfig = {
    oauthProviders: oauthProviders.map((provider) => provider.id),
    brokerWsUrl: env.BROKER_URL ? (env.BROKER_WS_URL ?? null) : null,
    buildId: web?.build.assets.version ?? 'dev',
    appStore: { enabled: env.APP_STORE_REDIRECT, iosUrl: env.APP_STORE_IOS_URL, androidUrl: env.APP_STORE_ANDROID_URL },
  };

  const matches = createMatchService({ db: database.db });
  const matchCentre = createMatchCentreService({ db: database.db });
  // Every process has a sink: the simulator writes through it on the leading one, and staff
  // replays on whichever process their request reaches (publishing goes through the broker).
  const sink = createFeedSink({ db: database.db, publish: (topic, payload) => broker.publish(topic, payload) });
  const app = await buildApp({
    logger: { level: env.LOG_LEVEL },
    db: database.db,
    matches,
    matchCentre,
    publicConfig,
    web,
    publicUrl: env.PUBLIC_URL,
    oauth: {
      providers: oauthProviders,
      welcomePoints: env.WELCOME_POINTS,
      publicUrl: env.PUBLIC_URL,
      secureCookies: env.NODE_ENV === 'production',
    },
    account: {
      mailer: createMailer({ db: database.db, smtpUrl: env.SMTP_URL, from: env.MAIL_FROM }),
      welcomePoints: env.WELCOME_POINTS,
      secureCookies: env.NODE_ENV === 'production',
      devOutbox: env.NODE_ENV !== 'production',
    },
    isReady: () => ready,
    feedSink: sink,
  });
  if (!web) app.log.warn('no web build found (run `npm run build`): serving the API only');

  broker.attach(app.server);
  await app.listen({ port: env.PORT, host: env.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const origin = `http://${env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST}:${port}`;

  const leadership = electLeader({ databaseUrl: env.DATABASE_URL });
  // Accounts whose cancellation is due close hourly, on the leading process only.
  const accountClosure = scheduleAccountClosure({
    db: database.db,
    whenLeading: leadership.acquired,
    onClosed: (ids) => app.log.info({ count: ids.length }, 'closed accounts whose cancellation was due'),
    onError: (error) => app.log.error({ err: error }, 'account closure failed'),
  });
  const simulator = env.SIM
    ? createSimulator({
        competitions: loadCatalog().competitions.map(toSimCompetition),
        seed: env.SIM_SEED,
        speed: env.SIM_SPEED,
        onError: (error) => app.log.error({ err: error }, 'simulator update failed'),
      })
    : undefined;

  const keepAlive = setInterval(() => {
    const message = JSON.stringify({ type: 'others', data: { match_id: 0, status: 0, a0: 0, b0: 0 }, publish_time: Math.floor(Date.now() / 1000) });
    for (const topic of Object.values(TOPICS)) broker.publish(topic, message).catch(() => {});
  }, KEEP_ALIVE_MS);

  // Real past seasons (openfootball, committed under server/catalog/history) give tables, head to
  // head and form to the site; the leading process imports the ones the database lacks (a few
  // seconds the first time, one query after).
  const importHistory = async () => {
    const result = await importDemoHistory(database.db, { log: (data, message) => app.log.info(data, message) });
    if (result.failed.length > 0) app.log.error({ failed: result.failed }, 'some past seasons could not be imported');
  };
  let simulatorStarted = false;
  if (simulator) {
    // Only the leading process plays the feed; the others serve readers.
    await leadership.acquired;
    await importHistory();
    await simulator.start(sink);
    simulatorStarted = true;
  } else {
    void leadership.acquired.then(importHistory).catch((error: unknown) => app.log.error({ err: error }, 'past seasons import failed'));
  }
  ready = true;
  app.log.info({ url: origin, database: database.kind, broker: broker.kind, simulator: Boolean(simulator) }, 'Tribün is ready');

  let stopping: Promise<void> | undefined;
  return {
    app,
    origin,
    liveUrl: publicConfig.brokerWsUrl ?? `${origin.replace(/^http/, 'ws')}/mqtt`,
    broker,
    stop: () => {
      stopping ??= (async () => {
        clearInterval(keepAlive);
        if (simulatorStarted) await simulator?.stop();
        await accountClosure.stop();
        await leadership.release();
        await broker.close();
        await app.close();
        await database.close();
      })();
      return stopping;
    },
  };
}
