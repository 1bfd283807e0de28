import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { NotificationKindDefinition } from '../../core/contracts/notifications';
import type { AppOptions } from '../app-options';
import type { Db } from '../db/client';
import type { Env } from '../env';
import type { SiteOrigin } from '../http/site-origin';
import type { JobRunner } from '../jobs/runner';
import type { LiveBroker } from '../live/broker';
import type { LivePublisher } from '../live/publisher';
import type { PageReads } from '../web/ssr';
import type { FileStorage } from '../storage/storage';
import type { RawEnvironment, SettingsShape } from '../settings/module-settings';

/**
 * One module definition per feature (docs/architecture.md): everything a feature plugs into the
 * server — the services it lends other features, its routes, its page reads, its background jobs
 * and event subscribers — declared in one object in its own folder. `server/modules/index.ts`
 * lists them; `buildApp`, `startTribun` and the pages' load context read that one list, so adding
 * a feature is a folder and one line.
 */
export interface TribunModule {
  /** the folder's name */
  name: string;
  /**
   * Services this feature lends the features after it in the list (the odds models, the match
   * centre's reads). Each is declared on {@link ModuleServices} by the feature that provides it.
   */
  provide?(context: ModuleContext): Partial<ModuleServices>;
  /** Registers the feature's HTTP routes, staff endpoints included. */
  routes?(app: FastifyInstance, context: ModuleContext): Promise<void>;
  /** What the feature's page loaders read through the load context. */
  pageReads?(context: ModuleContext): PageReads;
  /** Background jobs and event subscribers, on the leading process only. */
  jobs?(runner: JobRunner, context: JobContext): void;
  /**
   * The kinds of notification the feature sends (each defined in its contract file with
   * `defineNotificationKind`): listed here, a kind gets its switch in the reader's settings.
   */
  notificationKinds?: readonly NotificationKindDefinition[];
  /**
   * The environment variables the feature reads, each a parser with its default
   * (server/settings/module-settings.ts `defineSettings`): checked with the server's own at
   * start-up, read typed with `readSettings(shape, context.environment)`.
   */
  settings?: SettingsShape;
}

/**
 * Services one feature lends others. Empty here: the feature that makes one adds it with
 * `declare module '../definition' { interface ModuleServices { odds: OddsService } }`, so this
 * file never changes for a new feature. Read them with {@link need}.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface ModuleServices {}

/** What a module is built with: the app's options and the services made by the modules before it. */
export interface ModuleContext {
  options: AppOptions;
  db: Db;
  /** the site's own origin for a request (links, the Origin check) */
  siteOrigin: SiteOrigin;
  log: FastifyBaseLogger;
  services: Partial<ModuleServices>;
  /** the variables the server was started with (each feature reads its own `settings` from them); empty in tests: the defaults */
  environment: RawEnvironment;
  /** every module of the list, for a feature that gathers what the others declare (the notification kinds) */
  modules: readonly TribunModule[];
}

/** What background work is built with (server/start.ts). */
export interface JobContext {
  env: Env;
  db: Db;
  broker: LiveBroker;
  publisher: LivePublisher;
  /** where user files live (the upload pipeline's store: the same client) */
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** drops the live connections of revoked sessions; never throws */
  onSessionsRevoked(sessionIds: readonly number[]): Promise<void>;
  /**
   * Whether the match feed has caught up since the start: always with no simulator, and with
   * the simulator once it has played the matches it missed while the server was down.
   */
  isFeedCaughtUp(): boolean;
}

/** A service another module provides; a module listed before its provider is a wiring mistake, named at start. */
export function need<K extends keyof ModuleServices>(context: Pick<ModuleContext, 'services'>, name: K, by: string): ModuleServices[K] {
  const service = context.services[name];
  if (service === undefined) {
    throw new Error(`module ${by} needs the service "${String(name)}": list the module that provides it before ${by} in server/modules/index.ts`);
  }
  return service as ModuleServices[K];
}
