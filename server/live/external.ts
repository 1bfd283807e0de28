import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { consoleLiveLogger, type LiveBroker, type LiveLogger } from './broker';
import { liveCredentials, liveUsername, sessionIdOfLiveUsername } from './credentials';
import { createDynsecControl, grantCommands, runDynsec, setUpBroker } from './dynsec';

export interface ExternalBrokerOptions {
  /** the broker's MQTT address for the server, e.g. mqtt://broker:1883 (BROKER_URL) */
  url: string;
  /**
   * The server's account: a dynamic-security administrator of the broker (decision 063). It
   * publishes, and manages the live credentials of signed-in sessions; its password is also the
   * key those credentials are derived with, so every server process derives the same ones.
   */
  username?: string;
  password?: string;
  logger?: LiveLogger;
  /** how long publish waits for a (re)connection before it rejects */
  connectWaitMs?: number;
}

const DEFAULT_CONNECT_WAIT_MS = 5000;
const ACCESS_WAIT_MS = 10_000;
/** dynsec clients listed per command when pruning */
const PRUNE_PAGE = 1000;
const RECONNECT_PERIOD_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The server as a publishing client of an external MQTT broker (Mosquitto with its
 * dynamic-security plugin), for running several server processes behind a load balancer.
 * Browsers connect to the broker's own WebSocket listener (BROKER_WS_URL), so `attach` has
 * nothing to do. On every connect the server brings the broker's dynsec rules to the site's
 * (dynsec.ts); per-session credentials are dynsec clients, deleted when the session is revoked.
 */
export function createExternalBroker(options: ExternalBrokerOptions): LiveBroker {
  const logger = options.logger ?? consoleLiveLogger;
  const connectWaitMs = options.connectWaitMs ?? DEFAULT_CONNECT_WAIT_MS;
  const where = redactUrl(options.url);

  const client = mqtt.connect(options.url, {
    protocolVersion: 4,
    clean: true,
    // Named by its owner, as the broker plugin requires of every id (decision 109).
    clientId: `${options.username ?? 'tribun-server'}/${randomBytes(12).toString('hex')}`,
    username: options.username,
    password: options.password,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A score that could not go out within connectWaitMs is reported to the caller; sending
    // it minutes later, after a reconnect, would show fans a stale score as news.
    queueQoSZero: false,
    // The dynsec response topic is subscribed again by the connect handler below.
    resubscribe: false,
  });
  const control = createDynsecControl(client);
  const dynsecKey = options.password;
  // Resolves (never rejects) once the broker's rules are in place, or setting them failed (a
  // broker without dynamic security still carries the public topics).
  let markSetUp: () => void = () => {};
  const setup = new Promise<void>((resolve) => {
    markSetUp = resolve;
  });

  async function setUpDynsec(): Promise<void> {
    if (!options.username) return markSetUp();
    try {
      await control.subscribe();
      if ((await setUpBroker(control, options.username)) === 'done') markSetUp();
    } catch (error) {
      logger.error({ broker: where, err: (error as Error).message }, 'live: setting up the broker\'s dynamic security failed');
      markSetUp();
    }
  }

  /** Connected, with the broker set up, or an error after `waitMs`. */
  async function ready(waitMs = connectWaitMs): Promise<void> {
    const deadline = Date.now() + waitMs;
    await waitForConnection(deadline);
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`live broker ${where} not set up after ${waitMs} ms`)), Math.max(0, deadline - Date.now()));
    });
    try {
      await Promise.race([setup, late]);
    } finally {
      clearTimeout(timer);
    }
    await waitForConnection(deadline);
  }

  // Log transitions, not every failed retry of an outage (one per second).
  let lastError: string | null = null;
  let wasConnected = false;
  client.on('connect', () => {
    void setUpDynsec();
    if (wasConnected || lastError !== null) logger.warn({ broker: where }, 'live: reconnected to broker');
    wasConnected = true;
    lastError = null;
  });
  client.on('error', (error) => {
    if (error.message !== lastError) logger.error({ broker: where, err: error.message }, 'live: broker connection error');
    lastError = error.message;
  });
  client.on('offline', () => {
    if (wasConnected) logger.warn({ broker: where }, 'live: lost connection to broker, reconnecting');
  });

  let closing: Promise<void> | null = null;

  function waitForConnection(deadline: number): Promise<void> {
    if (client.connected) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const onConnect = (): void => {
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        client.off('connect', onConnect);
        const cause = lastError ? ` (last error: ${lastError})` : '';
        reject(new Error(`live broker ${where} not connected after ${connectWaitMs} ms${cause}`));
      }, Math.max(0, deadline - Date.now()));
      client.once('connect', onConnect);
    });
  }

  async function revokeSessions(sessionIds: readonly number[]): Promise<void> {
    if (sessionIds.length === 0) return;
    if (closing) throw new Error('live broker is closed');
    await ready(Math.max(connectWaitMs, ACCESS_WAIT_MS));
    // Deleting a dynsec client disconnects every connection made with it.
    await runDynsec(
      control,
      sessionIds.map((sessionId) => ({ command: 'deleteClient', username: liveUsername(sessionId) })),
    );
  }

  return {
    kind: 'external',

    async publish(topic, payload) {
      if (closing) throw new Error('live broker is closed');
      await ready();
      await client.publishAsync(topic, payload, { qos: 0, retain: false });
    },

    async grantUserAccess(grant) {
      if (closing) throw new Error('live broker is closed');
      if (!options.username || !dynsecKey) throw new Error('the live broker has no server account (BROKER_USERNAME, BROKER_PASSWORD)');
      const credentials = liveCredentials(dynsecKey, grant.sessionId);
      // A sign-in may wait longer than a score, which is stale after a few seconds.
      await ready(Math.max(connectWaitMs, ACCESS_WAIT_MS));
      await runDynsec(control, grantCommands({ userId: grant.userId, ...credentials }));
      return credentials;
    },

    async pruneSessions(liveOf) {
      if (closing) throw new Error('live broker is closed');
      await ready(Math.max(connectWaitMs, ACCESS_WAIT_MS));
      const sessionIds: number[] = [];
      for (let offset = 0; ; offset += PRUNE_PAGE) {
        const [answer] = await control.send([{ command: 'listClients', verbose: false, count: PRUNE_PAGE, offset }]);
        if (answer?.error) throw new Error(`dynsec listClients failed: ${answer.error}`);
        const data = answer?.data as { clients?: unknown[]; totalCount?: number } | undefined;
        const names = (data?.clients ?? []).map((entry) => (typeof entry === 'string' ? entry : String((entry as { username?: unknown }).username)));
        for (const name of names) {
          const id = sessionIdOfLiveUsername(name);
          if (id !== null) sessionIds.push(id);
        }
        if (names.length < PRUNE_PAGE) break;
      }
      if (sessionIds.length === 0) return 0;
      const live = await liveOf(sessionIds);
      const ended = sessionIds.filter((id) => !live.has(id));
      if (ended.length > 0) await revokeSessions(ended);
      return ended.length;
    },

    revokeSessions,

    attach() {
      // Browsers use the external broker's own WebSocket listener.
    },

    close() {
      closing ??= client.endAsync(true).then(() => undefined);
      return closing;
    },
  };
}

/** The broker address without credentials, for logs and error messages. */
function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    parsed.username = '';
    parsed.password = '';
    return parsed.toString();
  } catch {
    return '(invalid broker url)';
  }
}
