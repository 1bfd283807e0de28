import { randomBytes } from 'node:crypto';
import mqtt from 'mqtt';
import { consoleLiveLogger, type LiveBroker, type LiveLogger } from './broker';

export interface ExternalBrokerOptions {
  /** the broker's MQTT address for the server, e.g. mqtt://broker:1883 (BROKER_URL) */
  url: string;
  /** the server's publishing account; the broker's ACL lets only it write */
  username?: string;
  password?: string;
  logger?: LiveLogger;
  /** how long publish waits for a (re)connection before it rejects */
  connectWaitMs?: number;
}

const DEFAULT_CONNECT_WAIT_MS = 5000;
const RECONNECT_PERIOD_MS = 1000;
const CONNECT_TIMEOUT_MS = 5000;

/**
 * The server as a publishing client of an external MQTT broker (Mosquitto, EMQX…), for
 * running several server processes behind a load balancer. Browsers connect to the broker's
 * own WebSocket listener (BROKER_WS_URL), so `attach` has nothing to do.
 */
export function createExternalBroker(options: ExternalBrokerOptions): LiveBroker {
  const logger = options.logger ?? consoleLiveLogger;
  const connectWaitMs = options.connectWaitMs ?? DEFAULT_CONNECT_WAIT_MS;
  const where = redactUrl(options.url);

  const client = mqtt.connect(options.url, {
    protocolVersion: 4,
    clean: true,
    clientId: `tribun-server-${randomBytes(6).toString('hex')}`,
    username: options.username,
    password: options.password,
    reconnectPeriod: RECONNECT_PERIOD_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    // A score that could not go out within connectWaitMs is reported to the caller; sending
    // it minutes later, after a reconnect, would show fans a stale score as news.
    queueQoSZero: false,
  });

  // Log transitions, not every failed retry of an outage (one per second).
  let lastError: string | null = null;
  let wasConnected = false;
  client.on('connect', () => {
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

  return {
    kind: 'external',

    async publish(topic, payload) {
      if (closing) throw new Error('live broker is closed');
      await waitForConnection(Date.now() + connectWaitMs);
      await client.publishAsync(topic, payload, { qos: 0, retain: false });
    },

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
