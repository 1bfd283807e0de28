import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ServerBuild } from 'react-router';
import type { PublicConfig } from '../core/contracts/services';
import { TOPICS } from '../core/live/topics';
import { buildApp } from './app';
import { loadCatalog } from './catalog/catalog';
import { seedCatalog } from './catalog/seed-catalog';
import { openDatabase } from './db/client';
import { loadEnv, type Env } from './env';
import { createFeedSink } from './feed/sink';
import { toSimCompetition } from './feed/simulator/competitions';
import { createSimulator } from './feed/simulator/simulator';
import { electLeader } from './jobs/leader';
import type { LiveBroker } from './live/broker';
import { createEmbeddedBroker } from './live/embedded';
import { createExternalBroker } from './live/external';
import { createMatchService } from './modules/matches/matches.service';

/** Keep-alive on the public topics (docs/decisions/004-keep-alive.md). */
const KEEP_ALIVE_MS = 20_000;
const BUILD_DIR = path.resolve('build');

async function loadWebBuild(): Promise<{ build: ServerBuild; clientDir: string } | undefined> {
  const serverEntry = path.join(BUILD_DIR, 'server', 'index.js');
  if (!existsSync(serverEntry)) return undefined;
  const build = (await import(pathToFileURL(serverEntry).href)) as ServerBuild;
  return { build, clientDir: path.join(BUILD_DIR, 'client') };
}

async function main(env: Env): Promise<void> {
  let ready = false;
  const database = await openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  await seedCatalog(database.db);

  const broker: LiveBroker = env.BROKER_URL
    ? createExternalBroker({ url: env.BROKER_URL, username: env.BROKER_USERNAME, password: env.BROKER_PASSWORD })
    : await createEmbeddedBroker();

  const web = await loadWebBuild();
  const publicConfig: PublicConfig = {
    brokerWsUrl: env.BROKER_URL ? (env.BROKER_WS_URL ?? null) : null,
    buildId: web?.build.assets.version ?? 'dev',
    appStore: { enabled: env.APP_STORE_REDIRECT, iosUrl: env.APP_STORE_IOS_URL, androidUrl: env.APP_STORE_ANDROID_URL },
  };

  const matches = createMatchService({ db: database.db });
  const app = await buildApp({
    logger: { level: env.LOG_LEVEL },
    db: database.db,
    matches,
    publicConfig,
    web,
    isReady: () => ready,
  });
  if (!web) app.log.warn('no web build found (run `npm run build`): serving the API only');

  broker.attach(app.server);
  await app.listen({ port: env.PORT, host: env.HOST });

  const sink = createFeedSink({ db: database.db, publish: (topic, payload) => broker.publish(topic, payload) });
  const leadership = electLeader({ databaseUrl: env.DATABASE_URL });
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

  if (simulator) {
    // Only the leading process plays the feed; the others serve readers.
    await leadership.acquired;
    await simulator.start(sink);
  }
  ready = true;
  app.log.info({ url: `http://localhost:${env.PORT}`, database: database.kind, broker: broker.kind, simulator: Boolean(simulator) }, 'Tribün is ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(keepAlive);
    await simulator?.stop();
    await leadership.release();
    await broker.close();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
main(env).catch((error: unknown) => {
  console.error('Tribün failed to start:', error);
  process.exit(1);
});
